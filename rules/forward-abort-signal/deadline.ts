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
  fixOrKeptReason,
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
  if (wait && isUnknownOrigin(wait.api) && !offersOwn)
    return asSuggestions(check, at, unknownApiSkip(wait.api, "signal"), messageId, data);
  const edits = editContext(sourceCode, context.filename, deadlineMs);
  if (messageId === "notRaced")
    return wait ? asSuggestions(check, at, raceWithHelper(edits, wait), messageId, data) : [];
  const forwarded = wait && forwardWithDeadline(edits, wait);
  return forwarded ? asSuggestions(check, at, forwarded, messageId, data) : null;
}

/** The suggestion's message: the deadline named where the edit writes it. */
const SUGGESTION_IDS = {
  notRaced: { bounded: "raceSignalWithin", signalOnly: "raceSignal" },
  notForwarded: { bounded: "addSignalWithin", signalOnly: "addSignal" },
} as const satisfies Record<string, Record<string, MessageIds>>;

function asSuggestions(
  check: Check,
  at: TSESTree.Node,
  made: Edits,
  reported: "notRaced" | "notForwarded",
  data: Record<string, string>,
): Suggestions {
  const { sourceCode, deadlineMs } = check;
  const fix = fixOrKeptReason(made, sourceCode, "forward-abort-signal", at.range[0]);
  if (!fix || "skip" in made) return [];
  const bounded = writesDeadline(sourceCode.text, made.edits, deadlineMs!);
  const messageId = SUGGESTION_IDS[reported][bounded ? "bounded" : "signalOnly"];
  return [{ messageId, data: { ...data, seconds: String(deadlineMs! / 1000) }, fix }];
}
