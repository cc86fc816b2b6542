/**
 * The fix the seed prefers: no store at all. Each tool call awaits its own question inline, so its pending state
 * is its own locals and the SDK correlates each answer by the request id it allocated.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { TOOL_NAME, priorityQuestion, ticketInput, ticketResult } from "./ticket-tool.ts";

export function createInlineAwaitServer(options: { answerTimeoutMs: number }) {
  const server = new McpServer({ name: "inline-await-tickets", version: "1.0.0" });
  server.registerTool(TOOL_NAME, { inputSchema: ticketInput }, async ({ title }) => {
    const answer = await server.server.elicitInput(priorityQuestion(title), { timeout: options.answerTimeoutMs });
    return ticketResult(title, answer);
  });
  return { server };
}
