// The same parked promise in a function that is handed no signal: nothing says when the caller gives up, so the
// codemod leaves it for a person to bound (and says so).
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";

declare function showQuestion(id: string, text: string): void;

const pendingAnswers = new Map<string, (answer: ElicitResult) => void>();

export async function askDeploy(id: string): Promise<string> {
  showQuestion(id, "Deploy?");
  const answer = await new Promise<ElicitResult>((resolve) => pendingAnswers.set(id, resolve));
  return answer.action === "accept" ? "deployed" : "not deployed";
}
