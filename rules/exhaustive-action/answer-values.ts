/** Questions about answer values, over the answer vocabulary in protocol/answers.ts. */
import { ACP_OUTCOMES, DISCRIMINANT_FIELD, ELICIT_ACTIONS, REJECTION_WORDS } from "../../protocol/answers.ts";
import type { HumanWaitApi } from "../../protocol/apis.ts";

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

/**
 * The field of the answer that carries the person's decision for a row of the API table (or a user's
 * `humanWaitFunctions` entry, compiled into a row): the row's own `answerField` when it gives one (a framework that
 * answers `{ status }` with accept, decline or cancel), else the protocol's field for the row's answer shape.
 */
export function answerFieldOf(api: HumanWaitApi): string {
  return api.answerField ?? DISCRIMINANT_FIELD[api.result];
}
