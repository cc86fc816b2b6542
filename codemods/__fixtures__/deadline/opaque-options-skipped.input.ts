import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";

declare const server: Server;

export async function askWith(options: RequestOptions): Promise<string> {
  // The options come from the caller: the deadline belongs where they are built.
  const answer = await server.elicitInput({ message: "Ok?", requestedSchema: { type: "object", properties: {} } }, options);
  return answer.action;
}
