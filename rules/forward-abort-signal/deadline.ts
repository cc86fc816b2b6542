/**
 * With the `deadlineMs` option: the suggestion of a `notRaced` or `notForwarded` report that forwards the caller's
 * signal and gives the wait that deadline in one edit (edits/deadline-edits.ts), the edit `migrate --deadline-ms`
 * writes through the `deadline` codemod. A call through the file's own function (no row of the table) has none.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { matchHumanWaitCall, type HumanWaitCall } from "../../analysis/calls.ts";
import { isUnknownOrigin } from "../../analysis/human-wait.ts";
import {
  editContext,
  forwardWithDeadline,
  keepNoEditReason,
  raceWithHelper,
  unknownApiSkip,
  writesDeadline,
  type Edits,
} from "../../edits/deadline-edits.ts";
import type { Check, MessageIds } from "./options.ts";

type Suggestions = TSESLint.SuggestionReportDescriptor<MessageIds>[];

/**
 * The report's suggestions when `deadlineMs` is set: the edit that forwards the signal with the deadline, or none
 * (the reason kept for the codemod) where that edit cannot be written. Null where the option is unset, or where a
 * `notForwarded` report's options take no such edit and its own suggestion stands.
 */
export function suggestionsWithDeadline(
  check: Check,
  call: HumanWaitCall,
  at: TSESTree.Node,
  messageId: "notRaced" | "notForwarded",
  offersOwn: boolean,
  data: Record<string, string>,
): Suggestions | null {
  const { context, sourceCode, deadlineMs, wrappers } = check;
  if (deadlineMs === null) return null;
  // The wait as the table knows it, the row its options are written by.
  const wait = matchHumanWaitCall(call.node, sourceCode, wrappers);
  if (wait && isUnknownOrigin(wait.api) && !offersOwn) return noEdit(check, at, unknownApiSkip(wait.api, "signal"));
  const edits = editContext(sourceCode, context.filename, deadlineMs);
  if (messageId === "notRaced")
    return wait ? asSuggestions(check, at, raceWithHelper(edits, wait), messageId, data) : [];
  const forwarded = wait && forwardWithDeadline(edits, wait);
  return forwarded ? asSuggestions(check, at, forwarded, messageId, data) : null;
}

function asSuggestions(
  check: Check,
  at: TSESTree.Node,
  made: Edits,
  reported: "notRaced" | "notForwarded",
  data: Record<string, string>,
): Suggestions {
  if ("skip" in made) return noEdit(check, at, made);
  const deadlineMs = check.deadlineMs!;
  const bounded = writesDeadline(check.sourceCode.text, made.edits, deadlineMs);
  const race = reported === "notRaced";
  const messageId: MessageIds = bounded
    ? race
      ? "raceSignalWithin"
      : "addSignalWithin"
    : race
      ? "raceSignal"
      : "addSignal";
  return [
    {
      messageId,
      data: { ...data, seconds: String(deadlineMs / 1000) },
      fix: (fixer) => made.edits.map((edit) => fixer.replaceTextRange([edit.range[0], edit.range[1]], edit.text)),
    },
  ];
}

/** No suggestion; the reason, when the edit gave one, kept for the codemod to report. */
function noEdit(check: Check, at: TSESTree.Node, made: Edits): Suggestions {
  if ("skip" in made && made.skip !== null)
    keepNoEditReason(check.sourceCode, "forward-abort-signal", at.range[0], made.skip);
  return [];
}
