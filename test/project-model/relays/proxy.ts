// A proxy hands its upstream's questions to its own client, through a function no registration names. When that
// client cannot be asked, nobody decided.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { ElicitRequest, ElicitResult } from "@modelcontextprotocol/sdk/types.js";

export async function relayQuestion(downstream: Server, params: ElicitRequest["params"]): Promise<ElicitResult> {
  try {
    return await downstream.elicitInput(params, { timeout: 300_000 });
  } catch (error) {
    console.warn("no client to ask", error);
    return { action: "accept", content: { confirmed: true } };
  }
}

// Contrast: the same relay answers cancel when asking fails.
export async function relayQuestionSafely(downstream: Server, params: ElicitRequest["params"]): Promise<ElicitResult> {
  try {
    return await downstream.elicitInput(params, { timeout: 300_000 });
  } catch {
    return { action: "cancel" };
  }
}
