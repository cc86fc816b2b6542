// The framework's server hands each tool call's signal to the tool before running it (tool-base.ts keeps it).
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { BaseTool } from "./tool-base.js";

export function serveTools(server: Server, tools: Map<string, BaseTool>) {
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = tools.get(request.params.name);
    if (!tool) throw new Error(`unknown tool ${request.params.name}`);
    tool.server = server;
    tool.setAbortSignal(extra.signal);
    try {
      return {
        content: [{ type: "text" as const, text: JSON.stringify(await tool.execute(request.params.arguments)) }],
      };
    } finally {
      tool.setAbortSignal(undefined);
    }
  });
}
