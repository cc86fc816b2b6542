/**
 * The edits `require-deadline` suggests when its `deadlineMs` option says how long a person gets to answer (the
 * `deadline` codemod applies them, `migrate --deadline-ms` through it), chosen by the report's message id from the
 * edits of edits/deadline-edits.ts; and the parked promise a hand-rolled wait keeps, handed to the race helper.
 */
import type { TSESTree } from "@typescript-eslint/utils";
import type { HumanWaitCall } from "../../analysis/asks.ts";
import { provesPackage } from "../../analysis/calls.ts";
import { canCarryDeadline } from "../../analysis/deadline.ts";
import { isUnknownOrigin } from "../../analysis/human-wait.ts";
import { findCallerSignals } from "../../analysis/signals.ts";
import {
  addDeadline,
  addSignalCompanion,
  editContext,
  NO_REASON,
  raceWithHelper,
  unknownApiSkip,
  unprovenApiSkip,
  type EditContext,
  type Edits,
} from "../../edits/deadline-edits.ts";
import { propertyText } from "../../edits/object-edit.ts";
import { findExistingHelper, HELPER_OPTIONS, raceThroughHelper } from "../../edits/race-helper-text.ts";
import { parkedAnswerShape } from "./parked.ts";
import { rewriteOrReason, type Rewrite } from "../../edits/rewrite-or-reason.ts";
import type { DeadlineCheck, MessageIds } from "./options.ts";

/**
 * The rewrite of a report when the `deadlineMs` option is set: its suggestion, or why it has none (none without the
 * option: each edit writes the deadline or belongs with one).
 */
export function deadlineRewrite(
  check: DeadlineCheck,
  messageId: "giveDeadline" | "stopOnTimeout",
  build: (context: EditContext) => Edits,
): Rewrite<MessageIds> {
  const { context, sourceCode, options } = check;
  if (typeof options.deadlineMs !== "number") return { suggest: [], data: {} };
  const made = build(editContext(sourceCode, context, options.deadlineMs));
  const data = { seconds: String(options.deadlineMs / 1000) };
  return rewriteOrReason(made, sourceCode.text, options.deadlineMs, () => messageId, data);
}

/**
 * The edit for a report of `messageId` on the recognised wait `wait` (see each case). Each writes the API's options or
 * answer: none is made for a look-alike of unknown origin, nor where the file does not prove the API's package.
 */
export function deadlineEdits(context: EditContext, messageId: MessageIds, wait: HumanWaitCall): Edits {
  if (!EDITED.has(messageId)) return NO_REASON;
  if (isUnknownOrigin(wait.api)) return unknownApiSkip(wait.api, "deadline");
  if (!provesPackage(wait)) return unprovenApiSkip(wait.api);
  switch (messageId) {
    // An ACP permission prompt only the turn's cancel ends is reported only when asked (`strict`): it gets one too.
    case "cancelOnlyBound":
    case "missingDeadline":
      // An API that takes no deadline option gets one from the race helper.
      if (!canCarryDeadline(wait.api)) return raceWithHelper(context, wait);
      return addDeadline(context, wait);
    // A deadline on the call itself ends the question when it fires; the race around it can stay.
    case "raceLeavesRequestOpen":
      return addDeadline(context, wait);
    default:
      return addSignalCompanion(context, wait);
  }
}

/** The reports on a recognised wait that have an edit. */
const EDITED: ReadonlySet<MessageIds> = new Set<MessageIds>([
  "cancelOnlyBound",
  "missingDeadline",
  "raceLeavesRequestOpen",
  "deadlineKeepsWaiting",
]);

/**
 * `handRolledWait`: a hand-rolled parked promise (`new Promise((resolve) => pending.set(id, resolve))`) awaited for a
 * person's answer is handed to `askWithin` with the caller's signal and the deadline, and settles as "no decision"
 * (the answer's own, protocol/answers.ts) when either fires; the helper clears its timer and removes its listener
 * whichever side wins. Only where the code shows both a caller's signal in reach and which answer it settles with.
 */
export function settleParkedPromise(context: EditContext, promise: TSESTree.NewExpression): Edits {
  const { sourceCode, deadlineMs, deadlineText, style } = context;
  const signal = findCallerSignals(promise, sourceCode)[0];
  const shape = parkedAnswerShape(promise, sourceCode);
  if (!signal || !shape) {
    const why = !signal
      ? "no caller's abort signal is in reach here, so this promise is left as is: hand its function the caller's signal"
      : "the code does not show which answer this promise settles with, so it is left as is: type it (`new Promise<ElicitResult>`)";
    return { skip: `${why}, or settle it from a timer of ${deadlineMs} ms by hand` };
  }
  const existing = findExistingHelper(sourceCode);
  if (existing?.kind === "signal") return NO_REASON;
  const options = [propertyText(HELPER_OPTIONS.signal, signal.text), `${HELPER_OPTIONS.ms}: ${deadlineText}`];
  const parked = { node: promise, api: { result: shape } };
  return { edits: raceThroughHelper(sourceCode, parked, existing, options, context.typescript, style) };
}
