/**
 * The forward-abort-signal suggestions: pass the caller's signal (a new options argument, a property, or combined
 * with the signal already passed: `AbortSignal.any`, or the file's `withinDeadline` helper when that signal is a
 * timer), set ACP's `stopWaitingOnCancel: true`, hand a call that takes no signal to the file's `askWithin` race
 * helper, or take the handler's own signal parameter. The helpers are the deadline codemod's (edits/race-helper-text.ts).
 */
import { ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { findProperty, findVariable } from "../../analysis/ast.ts";
import type { HumanWaitCall } from "../../analysis/asks.ts";
import { propertyValue, stopsWaiting } from "../../analysis/deadline.ts";
import { layoutOf, type TextEdit } from "../../edits/layout.ts";
import { insertProperties, newObjectArgumentEdit, propertyText, spellKey } from "../../edits/object-edit.ts";
import {
  DEADLINE_PARAMETER,
  deadlineHelperEdits,
  findExistingHelper,
  HELPER_OPTIONS,
  raceThroughHelper,
} from "../../edits/race-helper-text.ts";
import type { CallerSignal } from "../../analysis/signals.ts";
import { followConstant, isAbortSignalStaticCall, resolveIdentifier } from "../../analysis/walk.ts";
import type { SignalCheck } from "./options.ts";

/** Adds `name` as the handler's parameter at `index` (`async () =>` → `async (extra) =>`, `({ t }) =>` → `({ t }, extra) =>`). */
export function addParameterFix(
  check: SignalCheck,
  fixer: TSESLint.RuleFixer,
  handler: TSESTree.FunctionLike,
  index: number,
  name: string,
): TSESLint.RuleFix | null {
  const { sourceCode } = check;
  const params = handler.params;
  const filler = Array.from({ length: index - params.length }, (_, position) =>
    params.length + position === 0 ? "_args" : `_arg${params.length + position}`,
  );
  const added = [...filler, name].join(", ");
  if (params.length === 0) {
    const open = sourceCode.getTokens(handler).find((token) => token.value === "(");
    return open ? fixer.insertTextAfter(open, added) : null;
  }
  const last = params.at(-1)!;
  const before = sourceCode.getTokenBefore(params[0]!);
  if (before?.value !== "(") return fixer.replaceText(last, `(${sourceCode.getText(last)}, ${added})`);
  return fixer.insertTextAfter(last, `, ${added}`);
}

/**
 * Hands a call that takes no signal to the file's race helper: `askWithin(ask, { signal, noAnswer })`, added once
 * beside the imports (the helper the deadline codemod adds, edits/race-helper-text.ts), or the file's own
 * `raceWithSignal(ask, signal)`. When the signal aborts, the helper stops waiting and resolves with the API's own "no
 * decision" answer, and whichever side wins it removes its abort listener. Null when the file's `askWithin` needs an
 * `ms` (it would time out at once without one).
 */
export function raceFix(
  check: SignalCheck,
  fixer: TSESLint.RuleFixer,
  call: HumanWaitCall,
  signal: CallerSignal,
): TSESLint.RuleFix[] | null {
  const { context, sourceCode } = check;
  const style = layoutOf(sourceCode);
  const existing = findExistingHelper(sourceCode);
  if (existing?.kind === "signal") {
    return [fixer.replaceText(call.node, `${existing.name}(${sourceCode.getText(call.node)}, ${signal.text})`)];
  }
  if (existing && !existing.msOptional) return null;
  const typescript = /\.[cm]?tsx?$/i.test(context.filename);
  const options = [propertyText(HELPER_OPTIONS.signal, signal.text)];
  return raceThroughHelper(sourceCode, call, existing, options, typescript, style).map((edit) =>
    fixer.replaceTextRange(edit.range, edit.text),
  );
}

/** A new options argument holding the signal, laid out like the call. */
export function appendOptions(
  check: SignalCheck,
  fixer: TSESLint.RuleFixer,
  call: HumanWaitCall,
  signal: CallerSignal,
): TSESLint.RuleFix | null {
  const { sourceCode } = check;
  const edit = newObjectArgumentEdit(sourceCode, call.node, newSignalProperties(check, call, signal, null));
  return edit ? fixer.replaceTextRange(edit.range, edit.text) : null;
}

/** The properties that pass `signal` (ACP 2.x: with `stopWaitingOnCancel: true` unless the object has that field). */
function newSignalProperties(
  check: SignalCheck,
  call: HumanWaitCall,
  signal: CallerSignal,
  object: TSESTree.ObjectExpression | null,
): string[] {
  const { sourceCode } = check;
  const api = call.api;
  const spell = (key: string) => (object ? spellKey(object, key, sourceCode) : key);
  const properties = [propertyText(spell(api.signalField!), signal.text)];
  const companion = api.signalCompanionField;
  if (companion !== null && !(object && findProperty(object, companion))) properties.push(`${spell(companion)}: true`);
  return properties;
}

/** Adds the signal to an options object, and turns an existing `stopWaitingOnCancel: false` into `true`. */
export function addSignal(
  check: SignalCheck,
  fixer: TSESLint.RuleFixer,
  call: HumanWaitCall,
  object: TSESTree.ObjectExpression,
  signal: CallerSignal,
): TSESLint.RuleFix[] {
  const { sourceCode } = check;
  const fixes = [insertProperties(fixer, sourceCode, object, newSignalProperties(check, call, signal, object))];
  const companion = call.api.signalCompanionField;
  if (companion !== null && findProperty(object, companion) && !stopsWaiting(call.api, object)) {
    fixes.push(setStopWaiting(check, fixer, call, object));
  }
  return fixes;
}

/**
 * Passes the caller's signal where the call already passes a signal of its own. A timer signal
 * (`AbortSignal.timeout(ms)`, at the call or in a `const`, alone or in an `AbortSignal.any`) is not combined with
 * `AbortSignal.any`, whose composite alone would hold it and, on Node 20, lets it be collected before it fires
 * (nodejs/node#57736): the call goes through `withinDeadline(signal, ms, (cancellationSignal) => …)`, which holds the
 * timer. Any other signal is combined with `AbortSignal.any([passed, signal])`.
 */
export function mergeSignal(
  check: SignalCheck,
  fixer: TSESLint.RuleFixer,
  call: HumanWaitCall,
  object: TSESTree.ObjectExpression,
  passed: TSESTree.Node,
  signal: CallerSignal,
): TSESLint.RuleFix[] | null {
  const { sourceCode } = check;
  const timer = timerSignalOf(check, call, passed);
  if (timer === "unnamed") return null;
  if (timer) return mergeThroughDeadlineHelper(check, fixer, call, object, timer, signal);
  const fixes: TSESLint.RuleFix[] = [];
  const property = passed.parent;
  const list = passed.type === AST_NODE_TYPES.CallExpression ? passed.arguments[0] : undefined;
  if (list?.type === AST_NODE_TYPES.ArrayExpression && isAbortSignalStaticCall(passed, "any")) {
    const last = list.elements.at(-1);
    fixes.push(last ? fixer.insertTextAfter(last, `, ${signal.text}`) : fixer.replaceText(list, `[${signal.text}]`));
  } else if (property?.type === AST_NODE_TYPES.Property && property.shorthand) {
    fixes.push(
      fixer.replaceText(
        property,
        `${sourceCode.getText(property.key)}: AbortSignal.any([${sourceCode.getText(passed)}, ${signal.text}])`,
      ),
    );
  } else {
    fixes.push(fixer.replaceText(passed, `AbortSignal.any([${sourceCode.getText(passed)}, ${signal.text}])`));
  }
  if (!stopsWaiting(call.api, object)) fixes.push(setStopWaiting(check, fixer, call, object));
  return fixes;
}

/** A timer among the signals passed: its delay as the call site can spell it, and the other signals passed with it. */
interface TimerSignal {
  readonly ms: string;
  readonly others: readonly TSESTree.Node[];
}

/**
 * The timer signal passed (`AbortSignal.timeout(ms)` itself, a const holding one, or one element of an
 * `AbortSignal.any([…])`), null when none is, "unnamed" when its delay cannot be written at the call.
 */
function timerSignalOf(check: SignalCheck, call: HumanWaitCall, passed: TSESTree.Node): TimerSignal | "unnamed" | null {
  const { sourceCode } = check;
  const timeoutCall = (node: TSESTree.Node) => {
    const value = followConstant(node, sourceCode);
    return isAbortSignalStaticCall(value, "timeout") ? (value as TSESTree.CallExpression) : null;
  };
  const direct = timeoutCall(passed);
  let found: { timer: TSESTree.CallExpression; others: TSESTree.Node[] } | null = direct
    ? { timer: direct, others: [] }
    : null;
  const list = passed.type === AST_NODE_TYPES.CallExpression ? passed.arguments[0] : undefined;
  if (!found && isAbortSignalStaticCall(passed, "any") && list?.type === AST_NODE_TYPES.ArrayExpression) {
    const elements = list.elements.filter((element) => element !== null);
    const timers = elements.filter((element) => element.type !== AST_NODE_TYPES.SpreadElement && timeoutCall(element));
    if (timers.length === 1) {
      // A hole or a spread among the others cannot be passed on as written: no suggestion then.
      if (elements.length !== list.elements.length || elements.some((e) => e.type === AST_NODE_TYPES.SpreadElement))
        return "unnamed";
      found = { timer: timeoutCall(timers[0]!)!, others: elements.filter((element) => element !== timers[0]) };
    }
  }
  if (!found) return null;
  const ms = msText(check, call, found.timer.arguments[0]);
  if (ms === null) return "unnamed";
  return { ms, others: found.others };
}

/** The delay of `AbortSignal.timeout(delay)` as text that means the same at the call: a literal, or a name it sees. */
function msText(check: SignalCheck, call: HumanWaitCall, delay: TSESTree.Node | undefined): string | null {
  const { sourceCode } = check;
  if (!delay || delay.type === AST_NODE_TYPES.SpreadElement) return null;
  if (delay.type === AST_NODE_TYPES.Literal && typeof delay.value === "number") return sourceCode.getText(delay);
  if (delay.type === AST_NODE_TYPES.Identifier) {
    const there = resolveIdentifier(delay, sourceCode);
    if (there && findVariable(sourceCode.getScope(call.node), delay.name) === there) return delay.name;
  }
  const value = ASTUtils.getStaticValue(delay, sourceCode.getScope(delay));
  return typeof value?.value === "number" && Number.isFinite(value.value) ? String(value.value) : null;
}

/**
 * `withinDeadline(signal, ms, (cancellationSignal) => call(…, { <field>: cancellationSignal }))`, with the helper
 * added once when the file has none, and the companion (`stopWaitingOnCancel: true`) where the API has one.
 */
function mergeThroughDeadlineHelper(
  check: SignalCheck,
  fixer: TSESLint.RuleFixer,
  call: HumanWaitCall,
  object: TSESTree.ObjectExpression,
  timer: TimerSignal,
  signal: CallerSignal,
): TSESLint.RuleFix[] {
  const { context, sourceCode } = check;
  const field = call.api.signalField!;
  const property = findProperty(object, field)!;
  const inner: TextEdit[] = [
    { range: property.range, text: propertyText(spellKey(object, field, sourceCode), DEADLINE_PARAMETER) },
  ];
  if (!stopsWaiting(call.api, object)) inner.push(setStopWaiting(check, fixer, call, object));
  const combined =
    timer.others.length === 0
      ? signal.text
      : `AbortSignal.any([${[...timer.others.map((other) => sourceCode.getText(other)), signal.text].join(", ")}])`;
  const typescript = /\.[cm]?tsx?$/i.test(context.filename);
  return deadlineHelperEdits(sourceCode, call.node, inner, combined, timer.ms, layoutOf(sourceCode), typescript).map(
    (edit) => fixer.replaceTextRange(edit.range, edit.text),
  );
}

export function setStopWaiting(
  check: SignalCheck,
  fixer: TSESLint.RuleFixer,
  call: HumanWaitCall,
  object: TSESTree.ObjectExpression,
): TSESLint.RuleFix {
  const { sourceCode } = check;
  const companion = call.api.signalCompanionField!;
  const existing = propertyValue(object, companion);
  if (existing) return fixer.replaceText(existing, "true");
  return insertProperties(fixer, sourceCode, object, [`${spellKey(object, companion, sourceCode)}: true`]);
}
