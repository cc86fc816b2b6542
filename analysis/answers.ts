/** Questions about answer values, over the answer vocabulary in protocol/answers.ts. */
import { ACP_OUTCOMES, ELICIT_ACTIONS, REJECTION_WORDS } from "../protocol/answers.ts";

/** Whether an option id, as the code writes it (`rejectOption.optionId`, a `deny-once` literal), names a refusal. */
export function namesRejection(optionText: string): boolean {
  return REJECTION_WORDS.test(optionText);
}

/** Whether a set of string literals is exactly one of the known answer unions (typed mode). */
export function isAnswerUnion(literals: ReadonlySet<string>): "mcp" | "acp" | null {
  const has = (values: readonly string[]) => values.every((value) => literals.has(value));
  if (literals.size === ELICIT_ACTIONS.length && has(ELICIT_ACTIONS)) return "mcp";
  if (literals.size === ACP_OUTCOMES.length && has(ACP_OUTCOMES)) return "acp";
  return null;
}
