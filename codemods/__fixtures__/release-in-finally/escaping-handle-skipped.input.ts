import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;
declare const mutex: { acquire(): Promise<() => void> };
declare function releaseLater(release: () => void): void;

export async function handOff(): Promise<void> {
  const release = await mutex.acquire();
  const answer = await server.elicitInput({
    message: "Continue?",
    requestedSchema: { type: "object", properties: {} },
  });
  if (answer.action === "accept") releaseLater(release);
  else release();
}
