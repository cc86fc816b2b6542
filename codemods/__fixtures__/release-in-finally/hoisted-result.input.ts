import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;
declare const mutex: { acquire(): Promise<() => void> };

export async function askWhileHolding(): Promise<string> {
  const release = await mutex.acquire();
  const answer = await server.elicitInput({
    message: "Name?",
    requestedSchema: { type: "object", properties: { name: { type: "string" } } },
  });
  const verdict: string = `answered ${answer.action}`;
  release();
  return verdict;
}
