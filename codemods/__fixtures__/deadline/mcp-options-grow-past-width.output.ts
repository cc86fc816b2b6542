// A one-line options object that the new properties would push past the file's width is spread over lines.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;

export async function confirm(extra: { signal: AbortSignal }): Promise<string> {
  const params = { message: "Proceed?", requestedSchema: schema() };
  const answer = await server.elicitInput(params, {
    resetTimeoutOnProgress: true,
    signal: extra.signal,
    timeout: 300_000,
  });
  return answer.action;
}

function schema() {
  return { type: "object" as const, properties: {} };
}
