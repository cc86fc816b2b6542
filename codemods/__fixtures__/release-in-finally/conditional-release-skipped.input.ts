import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;
declare const deployLock: { acquire(): Promise<void>; release(): void };

export async function maybeDeploy(): Promise<boolean> {
  await deployLock.acquire();
  const answer = await server.elicitInput({
    message: "Deploy now?",
    requestedSchema: { type: "object", properties: {} },
  });
  if (answer.action === "accept") {
    deployLock.release();
    return true;
  }
  // Otherwise the lock stays held for a later step: not ours to move.
  return false;
}
