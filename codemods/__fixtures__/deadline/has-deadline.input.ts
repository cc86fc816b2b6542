import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;

/** Already bounded for a person: the file must come back byte for byte. */
export async function askBounded(): Promise<string> {
  const answer = await server.elicitInput(
    { message: "Ok?", requestedSchema: { type: "object", properties: {} } },
    { timeout: 120_000 },
  );
  return answer.action;
}
