import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";

declare const server: Server;

export async function confirmTool(extra: RequestHandlerExtra<ServerRequest, ServerNotification>): Promise<string> {
  if (extra.signal.aborted) return "cancelled";
  // Ask, then report what the person said.
  const answer = await server.elicitInput({
    message: "Proceed?",
    requestedSchema: { type: "object", properties: {} },
  }, { signal: extra.signal, timeout: 300_000 });
  return answer.action;
}
