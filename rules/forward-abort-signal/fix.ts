/**
 * The forward-abort-signal suggestions: pass the caller's signal (a new options argument, a property, or merged
 * into the signal already passed with `AbortSignal.any`), set ACP's `stopWaitingOnCancel: true`, race a call that
 * takes no signal against it, or take the handler's own signal parameter.
 */
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { findProperty } from "../../core/ast.ts";
import type { HumanWaitCall } from "../../core/calls.ts";
import { propertyValue, stopsWaiting } from "../../core/deadline.ts";
import { indentAt, indentDeeper, layoutOf } from "../../core/layout.ts";
import { insertProperties, newObjectArgumentEdit, propertyText, spellKey } from "../../core/object-edit.ts";
import type { CallerSignal } from "../../core/signals.ts";
import { isAbortSignalStaticCall } from "../../core/walk.ts";
import type { Check } from "./analyse.ts";

/** Adds `name` as the handler's parameter at `index` (`async () =>` → `async (extra) =>`, `({ t }) =>` → `({ t }, extra) =>`). */
export function addParameterFix(
  check: Check,
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
 * `Promise.race([ask, aborted])`, where `aborted` rejects with the signal's reason when it aborts (at once if it
 * already has). In TypeScript the contender is `Promise<never>`, so the race keeps the ask's type.
 */
export function raceText(check: Check, ask: TSESTree.CallExpression, signal: CallerSignal): string {
  const { context, sourceCode } = check;
  const s = signal.text;
  const never = /\.[cm]?tsx?$/.test(context.filename) ? "<never>" : "";
  const ifAborted = `if (${s}.aborted) reject(${s}.reason);`;
  const onAbort = `else ${s}.addEventListener("abort", () => reject(${s}.reason), { once: true });`;
  if (ask.loc.start.line === ask.loc.end.line) {
    return `Promise.race([${sourceCode.getText(ask)}, new Promise${never}((_, reject) => { ${ifAborted} ${onAbort} })])`;
  }
  // A call spread over lines gets a race spread over lines, one contender per line, in the file's indentation.
  const { eol, indentUnit: unit, trailingCommas } = layoutOf(sourceCode);
  const base = indentAt(sourceCode.text, ask.range[0]);
  const inner = base + unit;
  const comma = trailingCommas ? "," : "";
  return [
    "Promise.race([",
    `${inner}${indentDeeper(sourceCode, ask.range[0], ask.range[1], unit)},`,
    `${inner}new Promise${never}((_, reject) => {`,
    `${inner}${unit}${ifAborted}`,
    `${inner}${unit}${onAbort}`,
    `${inner}})${comma}`,
    `${base}])`,
  ].join(eol);
}

/** A new options argument holding the signal, laid out like the call. */
export function appendOptions(
  check: Check,
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
  check: Check,
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
  check: Check,
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

export function mergeSignal(
  check: Check,
  fixer: TSESLint.RuleFixer,
  call: HumanWaitCall,
  object: TSESTree.ObjectExpression,
  passed: TSESTree.Node,
  signal: CallerSignal,
): TSESLint.RuleFix[] {
  const { sourceCode } = check;
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

export function setStopWaiting(
  check: Check,
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
