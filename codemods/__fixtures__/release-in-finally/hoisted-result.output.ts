import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;
declare const mutex: { acquire(): Promise<() => void> };

export async function askWhileHolding(): Promise<string> {
  const release = await mutex.acquire();
  let verdict: string;
  try {
    const answer = await server.elicitInput({
      message: "Name?",
      requestedSchema: { type: "object", properties: { name: { type: "string" } } },
    });
    verdict = `answered ${answer.action}`;
  } finally {
    release();
  }
  return verdict;
}
