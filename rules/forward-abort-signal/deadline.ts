/**
 * With the `deadlineMs` option: the suggestion of a `notRaced` or `notForwarded` report that forwards the caller's
 * signal and gives the wait that deadline in one edit (edits/deadline-edits.ts), the edit `migrate --deadline-ms`
 * writes through the `deadline` codemod. A call through the file's own function (no row of the table) has none.
 */
import type { TSESLint } from "@typescript-eslint/utils";
import { askOf, type HumanWaitCall } from "../../analysis/asks.ts";
import { provesPackage } from "../../analysis/calls.ts";
import { isUnknownOrigin } from "../../analysis/human-wait.ts";
import {
  editContext,
  forwardWithDeadline,
  raceWithHelper,
  unknownApiSkip,
  unprovenApiSkip,
  type Edits,
} from "../../edits/deadline-edits.ts";
import { rewriteOrReason, withoutEdit, type Rewrite } from "../../edits/rewrite-or-reason.ts";
import type { SignalCheck, MessageIds } from "./options.ts";

export type Suggestions = TSESLint.SuggestionReportDescriptor<MessageIds>[];

/**
 * The report's rewrite when `deadlineMs` is set: the suggestion that forwards the signal with the deadline, or none
 * and its reason where that edit cannot be written. Null where the option is unset, or where a `notForwarded`
 * report's options take no such edit and its own suggestion stands.
 */
export function rewriteWithDeadline(
  check: SignalCheck,
  call: HumanWaitCall,
  messageId: "notRaced" | "notForwarded",
  offersOwn: boolean,
  data: Record<string, string>,
): Rewrite<MessageIds> | null {
  const { context, sourceCode, deadlineMs, wrappers } = check;
  if (deadlineMs === null) return null;
  // The wait as the table knows it, the row its options are written by.
  const wait = askOf(call.node, sourceCode, wrappers).tabled;
  const unproven = wait && unprovenForCodemod(check, wait);
  if (unproven) return unproven;
  if (wait && isUnknownOrigin(wait.api) && !offersOwn)
    return asRewrite(check, unknownApiSkip(wait.api, "signal"), messageId, data);
  const edits = editContext(sourceCode, context, deadlineMs);
  if (messageId === "notRaced")
    return wait ? asRewrite(check, raceWithHelper(edits, wait), messageId, data) : { suggest: [], data: {} };
  const forwarded = wait && forwardWithDeadline(edits, wait);
  return forwarded ? asRewrite(check, forwarded, messageId, data) : null;
}

/**
 * With `deadlineMs` set (the edits the `deadline` codemod writes), where a known API's name stands in a file that
 * imports none of its packages, its options and answers are not known to be the API's: the report offers no edit, and
 * its data says why (for the codemod). Null where the edit may be written; without `deadlineMs` (an editor), a person
 * applies a suggestion or not.
 */
export function unprovenForCodemod(
  check: SignalCheck,
  wait: Pick<HumanWaitCall, "node" | "api" | "wrapper">,
): Rewrite<never> | null {
  if (check.deadlineMs === null || isUnknownOrigin(wait.api) || provesPackage(wait)) return null;
  return withoutEdit(unprovenApiSkip(wait.api).skip);
}

/** The suggestion's message: the deadline named where the edit writes it. */
const SUGGESTION_IDS = {
  notRaced: { bounded: "raceSignalWithin", signalOnly: "raceSignal" },
  notForwarded: { bounded: "addSignalWithin", signalOnly: "addSignal" },
} as const satisfies Record<string, Record<string, MessageIds>>;

function asRewrite(
  check: SignalCheck,
  made: Edits,
  reported: "notRaced" | "notForwarded",
  data: Record<string, string>,
): Rewrite<MessageIds> {
  const deadlineMs = check.deadlineMs!;
  const withSeconds = { ...data, seconds: String(deadlineMs / 1000) };
  return rewriteOrReason(
    made,
    check.sourceCode.text,
    deadlineMs,
    (bounded) => SUGGESTION_IDS[reported][bounded ? "bounded" : "signalOnly"],
    withSeconds,
  );
}
