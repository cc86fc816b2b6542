import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;
/** The permit disposes itself: with --await-using and type information, it is held with `await using`. */
interface Permit extends AsyncDisposable {
  readonly id: string;
  release(): Promise<void>;
}
declare const pool: { acquire(): Promise<Permit> };
declare function record(action: string, permit: string): Promise<void>;

export async function askWithPermit(): Promise<void> {
  await using permit = await pool.acquire();
  const answer = await server.elicitInput({
    message: "Continue?",
    requestedSchema: { type: "object", properties: {} },
  });
  await record(answer.action, permit.id);
}
