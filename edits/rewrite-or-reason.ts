/**
 * One report's rewrite, carried in the report itself: the suggestion that makes a rule's edits, or, where no edit can
 * be written, why not (ESLint drops a suggestion without a fix, so the reason goes in the report's data under
 * `NO_EDIT_KEY`, where the codemods read it). The suggestion's data says under `WRITES_KEY` whether its edit writes
 * the deadline or only forwards the caller's signal, which `migrate` counts apart. See docs/architecture.md
 * ("How a rule's rewrite reaches the codemods").
 */
import type { TSESLint } from "@typescript-eslint/utils";
import type { Edits } from "./deadline-edits.ts";
import type { TextEdit } from "./layout.ts";
import { countNumberLiterals } from "./number-literal.ts";

/** The report data key that holds why a report offers no edit. */
export const NO_EDIT_KEY = "noEdit";
/** The suggestion data key that says what its edit writes: `WRITES_DEADLINE` or `WRITES_SIGNAL`. */
export const WRITES_KEY = "writes";
export const WRITES_DEADLINE = "deadline";
const WRITES_SIGNAL = "signal";

export interface Rewrite<MessageId extends string> {
  /** The report's suggestions: one that makes the edits, or none. */
  readonly suggest: TSESLint.SuggestionReportDescriptor<MessageId>[];
  /** Data to merge into the report's: `NO_EDIT_KEY` when there is no edit and a reason is known. */
  readonly data: Readonly<Record<string, string>>;
}

/**
 * The suggestion of a report whose edits are `made` (its message chosen by whether the edits write the deadline
 * `deadlineMs`), or, where `made` is a skip, no suggestion and the skip's reason in the report's data.
 */
export function rewriteOrReason<MessageId extends string>(
  made: Edits,
  text: string,
  deadlineMs: number,
  messageIdFor: (writesDeadline: boolean) => MessageId,
  data: Readonly<Record<string, string>>,
): Rewrite<MessageId> {
  if ("skip" in made) return withoutEdit(made.skip);
  const bounded = writesDeadline(text, made.edits, deadlineMs);
  const fix: TSESLint.ReportFixFunction = (fixer) =>
    made.edits.map((edit) => fixer.replaceTextRange([edit.range[0], edit.range[1]], edit.text));
  const suggestionData = { ...data, [WRITES_KEY]: bounded ? WRITES_DEADLINE : WRITES_SIGNAL };
  return { suggest: [{ messageId: messageIdFor(bounded), data: suggestionData, fix }], data: {} };
}

/** A report with no suggestion, and why not in its data where a reason is known (null: the report's message says it). */
export function withoutEdit(reason: string | null): Rewrite<never> {
  return { suggest: [], data: reason === null ? {} : { [NO_EDIT_KEY]: reason } };
}

/**
 * Whether edits write the deadline: their text holds `deadlineMs` (in whichever grouping, `300000` or `300_000`) more
 * often than the text they replace (a signal forwarded into options that already bound the wait writes none).
 */
export function writesDeadline(text: string, edits: readonly TextEdit[], deadlineMs: number): boolean {
  const count = (value: string) => countNumberLiterals(value, deadlineMs);
  let added = 0;
  for (const edit of edits) added += count(edit.text) - count(text.slice(edit.range[0], edit.range[1]));
  return added > 0;
}
