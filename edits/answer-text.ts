/** Answers written as source text, from the answer vocabulary in protocol/answers.ts. */
import { NO_DECISION_ANSWER, type ResultShape } from "../protocol/answers.ts";

/**
 * The answer the API itself gives when no decision was made, as source text: what a wait that stops waiting (its
 * deadline passed, its caller gave up) resolves with, so the code after it takes the path it already has for a
 * dismissed question. `quote` is the file's string quote; `asConst` keeps the literal's type in TypeScript.
 */
export function noDecisionAnswerText(
  shape: ResultShape,
  { quote = '"', asConst = false }: { quote?: string; asConst?: boolean } = {},
): string {
  return objectText(NO_DECISION_ANSWER[shape], (value) => `${quote}${value}${quote}${asConst ? " as const" : ""}`);
}

function objectText(value: object, literal: (value: string) => string): string {
  const entries = Object.entries(value).map(
    ([key, field]) =>
      `${key}: ${typeof field === "string" ? literal(field) : typeof field === "boolean" ? String(field) : objectText(field as object, literal)}`,
  );
  return `{ ${entries.join(", ")} }`;
}
