// An 80-column file: new options that would run past 80 go on lines of their own.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;

export async function confirm(extra: { signal: AbortSignal }): Promise<string> {
  const params = { message: "Proceed?", requestedSchema: schema() };
  const answer = await server.elicitInput(params, {
    signal: extra.signal,
    timeout: 300_000,
  });
  return answer.action;
}

function schema() {
  return { type: "object" as const, properties: {} };
}
