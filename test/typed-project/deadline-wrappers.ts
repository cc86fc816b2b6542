// Wrappers declared in another file of the typed project, for require-deadline's typed cases: a caller in file.ts
// awaits them; the deadline, or its absence, is theirs.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ElicitResultSchema, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";

declare const server: Server;

/** Asks through the SDK's lower-level request, with no deadline: the finding belongs here, not at its callers. */
export async function askUser(message: string): Promise<ElicitResult> {
  return server.request(
    { method: "elicitation/create", params: { message, requestedSchema: { type: "object", properties: {} } } },
    ElicitResultSchema,
  );
}

/** Asks with a deadline chosen for a person. */
export async function askUserInTime(message: string): Promise<ElicitResult> {
  return server.elicitInput({ message, requestedSchema: { type: "object", properties: {} } }, { timeout: 300_000 });
}

/** Answers without asking anybody. */
export async function rememberedAnswer(): Promise<ElicitResult> {
  return { action: "cancel" };
}
