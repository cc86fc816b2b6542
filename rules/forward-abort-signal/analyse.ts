/**
 * The forward-abort-signal analysis of a call that waits on a person: does the caller's signal reach it (passed,
 * merged, raced, or handed to the code that waits), and, on ACP 2.x, does aborting it also stop the wait?
 */
import type { TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { containsNode, getEnclosingFunction, narrowCallLocation, unwrapExpression } from "../../analysis/ast.ts";
import type { HumanWaitCall } from "../../analysis/asks.ts";
import type { Delegation, PersonWaitCall } from "../../analysis/asks.ts";
import { isUnknownOrigin } from "../../analysis/human-wait.ts";
import { parameterTakesField } from "../../analysis/types.ts";
import { callAsInstalled } from "../../analysis/versions.ts";
import {
  findUserLandRaces,
  propertyValue,
  readOptions,
  signalDeadline,
  stopsWaiting,
} from "../../analysis/deadline.ts";
import {
  carriesCallerSignal,
  findCallerSignals,
  handsSignalBeyondArity,
  isSignalLinked,
  referencesAnySignal,
  referencesSignal,
  type CallerSignal,
} from "../../analysis/signals.ts";
import { walkSubtree } from "../../analysis/walk.ts";
import { hasNoCallerSignal } from "../../analysis/wrappers.ts";
import type { SignalCheck } from "./options.ts";
import { addSignal, appendOptions, mergeSignal, raceFix, setStopWaiting } from "./fix.ts";
import { checkHandlerWithoutSignal } from "./handler.ts";
import { rewriteWithDeadline, unprovenForCodemod, type Suggestions } from "./deadline.ts";
import { checkRelayWithoutSignal } from "./relay.ts";
import { checkKeptSignal } from "./kept-signal.ts";
import { checkHandedOutAsk } from "./handed-out.ts";

export function checkCall(check: SignalCheck, matched: PersonWaitCall): void {
  const { context, sourceCode } = check;
  const call = callAsInstalled(matched, context.filename);
  // The installed version has no such wait (@mastra/mcp 2.x's `elicitation.sendRequest` rejects): nothing to end.
  if (!call) return;
  // The user's entry says its framework's handlers get no signal: whatever the names say, there is none to forward.
  if (hasNoCallerSignal(call.wrapper)) return;
  const signals = findCallerSignals(call.node, sourceCode, call);
  if (signals.length === 0) {
    if (checkHandlerWithoutSignal(check, call)) return;
    if (checkKeptSignal(check, call)) return;
    if (checkHandedOutAsk(check, call)) return;
    checkRelayWithoutSignal(check, call);
    return;
  }
  if (isRacedAgainst(check, call, signals) || handsSignalBeyondArity(call, signals, sourceCode)) return;
  if (call.delegation && !delegationDropsSignal(check, call, call.delegation, signals)) return;
  const api = call.api;
  // A look-alike from no package the file imports: its options and answers are unknown, so no edit writes any.
  // Typed, the callee's declared options say whether it takes the signal option.
  const editable =
    !isUnknownOrigin(api) ||
    (api.signalField !== null &&
      api.optionsArgIndex !== null &&
      parameterTakesField(call.node, api.optionsArgIndex, api.signalField, sourceCode));
  const signal = signals[0]!;
  const at = narrowCallLocation(call.node);
  const data = { signal: signal.text, label: api.label, companion: api.signalCompanionField ?? "" };
  if (call.wrapper || call.delegation) {
    if (call.node.arguments.some((argument) => passesSignalOrItsOwner(check, argument, signals))) return;
  }
  // Given `deadlineMs`, the edit that forwards the signal gives the wait that deadline too (./deadline.ts); without
  // it, or where that edit is not written, the rule's own suggestion (`own`) stands where it offers one.
  const report = (messageId: "notRaced" | "notForwarded", own: Suggestions | null) => {
    const rewrite = rewriteWithDeadline(check, call, messageId, own !== null, data);
    const suggest = rewrite ? rewrite.suggest : (own ?? []);
    context.report({ node: at, messageId, data: { ...data, ...rewrite?.data }, suggest });
  };
  if (api.signalField === null || api.optionsArgIndex === null) {
    report(
      "notRaced",
      editable ? [{ messageId: "raceSignal", data, fix: (fixer) => raceFix(check, fixer, call, signal) }] : null,
    );
    return;
  }
  const reading = readOptions(call, sourceCode);
  if (reading.kind === "opaque") {
    // `elicit: (p, options) => server.elicitInput(p, options)` inside a handler: the caller's signal is never merged.
    if (passesOptionsThrough(check, call, reading.node, signals)) {
      report("notForwarded", null);
    }
    return;
  }
  if (reading.kind === "absent") {
    const index = api.optionsArgIndex;
    const canAppend = editable && call.node.arguments.length === index;
    report(
      "notForwarded",
      canAppend ? [{ messageId: "addSignal", data, fix: (fixer) => appendOptions(check, fixer, call, signal) }] : null,
    );
    return;
  }
  const object = reading.object;
  const passed = propertyValue(object, api.signalField);
  if (!passed) {
    if (object.properties.some((property) => property.type === AST_NODE_TYPES.SpreadElement)) return;
    report(
      "notForwarded",
      reading.atCall && editable
        ? [{ messageId: "addSignal", data, fix: (fixer) => addSignal(check, fixer, call, object, signal) }]
        : null,
    );
    return;
  }
  if (referencesAnySignal(passed, signals, sourceCode)) {
    if (stopsWaiting(api, object)) return;
    const unproven = reading.atCall ? unprovenForCodemod(check, call) : null;
    context.report({
      node: at,
      messageId: "missingStopWaiting",
      data: { ...data, ...unproven?.data },
      suggest:
        reading.atCall && !unproven
          ? [{ messageId: "addStopWaiting", data, fix: (fixer) => setStopWaiting(check, fixer, call, object) }]
          : [],
    });
    return;
  }
  // A signal of unknown origin may well be derived from the caller's; one the file ties to it is.
  if (
    !isOwnSignal(check, passed) ||
    signals.some((candidate) => isSignalLinked(scopeBlockOf(candidate), candidate, sourceCode))
  ) {
    return;
  }
  report(
    "notForwarded",
    reading.atCall && editable
      ? [{ messageId: "addSignal", data, fix: (fixer) => mergeSignal(check, fixer, call, object, passed, signal) }]
      : null,
  );
}

/**
 * Whether a call that waits through the file's own code (or, typed, through a callee whose result is an answer)
 * leaves the caller's signal behind. Not when the callee is a closure that sees the signal itself (its own call is
 * judged where it is), nor when the wait inside is a hand-rolled promise (a client's queue; its handler is judged).
 */
function delegationDropsSignal(
  check: SignalCheck,
  call: PersonWaitCall,
  delegation: Delegation,
  signals: readonly CallerSignal[],
): boolean {
  const { sourceCode } = check;
  if (delegation.via !== "type" && delegation.facts.inner === null && delegation.fn !== null) return false;
  const fn = delegation.fn;
  // Another module's function cannot see this file's signals: only what the call hands it counts.
  if (fn?.body && delegation.via === "local") {
    const enclosed = signals.some((signal) => containsNode(scopeBlockOf(signal), fn));
    if (enclosed || referencesAnySignal(fn.body, signals, sourceCode)) return false;
  }
  return !call.node.arguments.some((argument) => passesSignalOrItsOwner(check, argument, signals));
}

/**
 * `(p, options) => server.elicitInput(p, options)`: the options are the enclosing function's own parameter, passed
 * straight through, while a signal of an outer handler is in scope and never read in that function.
 */
function passesOptionsThrough(
  check: SignalCheck,
  call: PersonWaitCall,
  options: TSESTree.Node,
  signals: readonly CallerSignal[],
): boolean {
  const { sourceCode } = check;
  if (call.delegation || call.wrapper) return false;
  const passed = unwrapExpression(options);
  if (passed.type !== AST_NODE_TYPES.Identifier) return false;
  const fn = getEnclosingFunction(call.node);
  if (
    !fn?.body ||
    !fn.params.some((parameter) => parameter.type === AST_NODE_TYPES.Identifier && parameter.name === passed.name)
  ) {
    return false;
  }
  const outer = signals.filter((signal) => scopeBlockOf(signal) !== fn && containsNode(scopeBlockOf(signal), fn));
  return outer.length > 0 && !outer.some((signal) => referencesSignal(fn.body!, signal, sourceCode));
}

/** Whether a user-land race (or timeout helper) of the ask has a contender built from the caller's signal. */
function isRacedAgainst(check: SignalCheck, call: HumanWaitCall, signals: readonly CallerSignal[]): boolean {
  const { sourceCode } = check;
  return findUserLandRaces(call.node, sourceCode).some((race) =>
    race.others.some((other) => carriesCallerSignal(other, signals, sourceCode)),
  );
}

/** A wrapper forwards when it is handed the signal, or the handler context that carries it (`askUser(extra, …)`). */
function passesSignalOrItsOwner(
  check: SignalCheck,
  argument: TSESTree.Node,
  signals: readonly CallerSignal[],
): boolean {
  const { sourceCode } = check;
  if (carriesCallerSignal(argument, signals, sourceCode)) return true;
  return signals.some(
    (signal) =>
      signal.kind === "path" &&
      walkSubtree(
        argument,
        sourceCode.visitorKeys,
        (node) => node.type === AST_NODE_TYPES.Identifier && node.name === signal.root.name,
      ),
  );
}

/** A signal made here, from `AbortSignal.timeout`/`any` or a local controller: certainly not the caller's. */
function isOwnSignal(check: SignalCheck, passed: TSESTree.Node): boolean {
  return signalDeadline(passed, check.sourceCode) !== "unknown";
}

/** The block a signal's name lives in: where something could tie it to another signal. */
function scopeBlockOf(signal: CallerSignal): TSESTree.Node {
  const variable = signal.kind === "variable" ? signal.variable : signal.root;
  return variable.scope.block;
}
