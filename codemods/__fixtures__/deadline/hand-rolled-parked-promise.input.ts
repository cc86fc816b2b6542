// A tool parks its question until the web page posts the answer: nothing ended the wait, not the caller's signal
// and no timer. The handler's `extra` carries the caller's signal, and the answer is an ElicitResult.
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";

type Extra = { readonly signal: AbortSignal };
declare function onTool(name: string, handler: (args: unknown, extra: Extra) => Promise<string>): void;
declare function showQuestion(id: string, text: string): void;

const pendingAnswers = new Map<string, (answer: ElicitResult) => void>();

onTool("deploy", async (_args, extra) => {
  const id = crypto.randomUUID();
  showQuestion(id, "Deploy?");
  const answer = await new Promise<ElicitResult>((resolve) => pendingAnswers.set(id, resolve));
  return answer.action === "accept" ? "deployed" : "not deployed";
});
