// Each downstream session registers the shared client's question handler again: the newest receives every question.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { upstream } from "./upstream.js";

export function onSessionInitialized(session: McpServer) {
  upstream.setRequestHandler(ElicitRequestSchema, async (request) =>
    session.server.elicitInput(request.params, { timeout: 120_000 }),
  );
}
