import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;
declare const deployLock: { acquire(): Promise<void>; release(): void };
declare function record(service: string, action: string): Promise<void>;

export async function deploy(service: string): Promise<string> {
  await deployLock.acquire();
  const answer = await server.elicitInput({
    message: `Deploy ${service}?`,
    requestedSchema: { type: "object", properties: {} },
  });
  await record(service, answer.action); // keep an audit line
  deployLock.release();
  return "done";
}
