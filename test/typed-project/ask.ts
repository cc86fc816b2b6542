// A wrapper declared in another file of the typed project: typed rules see through it by its result type.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";

declare const server: Server;

export async function askUser(message: string): Promise<ElicitResult> {
  return server.elicitInput({ message, requestedSchema: { type: "object", properties: {} } }, { timeout: 120_000 });
}

/** Looks like an answer by name only: its `action` is any string. */
export async function fetchAction(): Promise<{ action: string }> {
  return { action: "accept" };
}
