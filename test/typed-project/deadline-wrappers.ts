// Wrappers declared in another file of the typed project, for require-deadline's typed cases: a caller in file.ts
// awaits them; whether the wait has a deadline is decided here, where it can be given.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ElicitResultSchema, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";

declare const server: Server;

/** The JSON-RPC method, named once for the project. */
export const ELICIT = "elicitation/create" as const;

/** Asks through the SDK's lower-level request with no deadline: the finding is here, not at its callers. */
export async function askUser(message: string): Promise<ElicitResult> {
  return server.request(
    { method: ELICIT, params: { message, requestedSchema: { type: "object", properties: {} } } },
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

/** Named like the SDK's method, but the project's own: its deadline is inside. */
export class Asker {
  async elicitInput(params: Parameters<Server["elicitInput"]>[0]): Promise<ElicitResult> {
    return server.elicitInput(params, { timeout: 300_000 });
  }
}

const pending = new Map<string, (answer: ElicitResult) => void>();

/** Parks the question until an answer is delivered (a hand-rolled wait, judged here). */
export function waitForAnswer(questionId: string): Promise<ElicitResult> {
  return new Promise((resolve) => {
    pending.set(questionId, resolve);
  });
}
