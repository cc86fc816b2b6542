/**
 * A question that does not get the signal the rest of its code is ended with: the caller's signal kept in the
 * application's own context (`ctx.abortSignal`, `this.signal`, `als.getStore()?.signal`, `currentSignal()`;
 * analysis/kept-signals.ts), handed to the code's other waits but not to this one.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { getEnclosingFunction, hasSpread, narrowCallLocation, unwrapExpression } from "../../analysis/ast.ts";
import type { PersonWaitCall } from "../../analysis/asks.ts";
import { findUserLandRaces, propertyValue, readOptions } from "../../analysis/deadline.ts";
import { carriesKeptSignal, keptSignalsInReach, type KeptSignal } from "../../analysis/kept-signals.ts";
import type { CallerSignal } from "../../analysis/signals.ts";
import { provesPackage } from "../../analysis/calls.ts";
import { addSignal, appendOptions } from "./fix.ts";
import type { SignalCheck } from "./options.ts";

/** Reports `call` when a kept signal is in reach and the call neither gets it nor is raced against it. */
export function checkKeptSignal(check: SignalCheck, call: PersonWaitCall): boolean {
  const { context, sourceCode } = check;
  const kept = keptSignalsInReach(call.node, sourceCode);
  if (kept.length === 0 || kept.some((signal) => reachesCall(check, call, signal))) return false;
  const signal = kept[0]!;
  const api = call.api;
  const data = { signal: signal.text, label: api.label, companion: api.signalCompanionField ?? "" };
  const at = narrowCallLocation(call.node);
  if (api.signalField === null || api.optionsArgIndex === null) {
    context.report({ node: at, messageId: "notRaced", data });
    return true;
  }
  const reading = readOptions(call, sourceCode);
  if (reading.kind === "opaque") {
    // Options built elsewhere hold what is not known here, unless they are the asking method's own parameter, passed
    // straight on while the signal its class stores from its caller never joins them.
    const stored = kept.find((candidate) => candidate.stored);
    if (!stored || !passesOwnOptions(check, call, reading.node, stored)) return false;
    context.report({ node: at, messageId: "notForwarded", data: { ...data, signal: stored.text } });
    return true;
  }
  if (reading.kind === "literal" && (propertyValue(reading.object, api.signalField) || hasSpread(reading.object)))
    return false;
  const asCaller = { kind: "variable", text: signal.text } as unknown as CallerSignal;
  const editable = !call.delegation && !call.wrapper && provesPackage(call);
  const fix = (fixer: TSESLint.RuleFixer) =>
    reading.kind === "absent"
      ? appendOptions(check, fixer, call, asCaller)
      : addSignal(check, fixer, call, reading.object, asCaller);
  const writable =
    editable && (reading.kind === "absent" ? call.node.arguments.length === api.optionsArgIndex : reading.atCall);
  context.report({
    node: at,
    messageId: "notForwarded",
    data,
    suggest: writable ? [{ messageId: "addSignal", data, fix }] : [],
  });
  return true;
}

/** `ask(message, options) { return server.elicitInput(…, options) }`, in a method that never reads the signal. */
function passesOwnOptions(check: SignalCheck, call: PersonWaitCall, options: TSESTree.Node, signal: KeptSignal) {
  const passed = unwrapExpression(options);
  const fn = getEnclosingFunction(call.node);
  if (call.delegation || call.wrapper || passed.type !== AST_NODE_TYPES.Identifier || !fn?.body) return false;
  const own = fn.params.some(
    (parameter) => parameter.type === AST_NODE_TYPES.Identifier && parameter.name === passed.name,
  );
  return own && !carriesKeptSignal(fn.body, signal, check.sourceCode);
}

/** The call gets the signal (in any argument: its options, or a wrapper's), or is raced against it. */
function reachesCall(check: SignalCheck, call: PersonWaitCall, signal: KeptSignal): boolean {
  const { sourceCode } = check;
  if (call.node.arguments.some((argument) => carriesKeptSignal(argument, signal, sourceCode))) return true;
  // A function of this file that the call reaches and that reads the signal itself.
  const fn = call.delegation?.via === "local" ? call.delegation.fn : null;
  if (fn?.body && carriesKeptSignal(fn.body, signal, sourceCode)) return true;
  return findUserLandRaces(call.node, sourceCode).some((race) =>
    race.others.some((other) => carriesKeptSignal(other, signal, sourceCode)),
  );
}
