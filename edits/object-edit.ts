/**
 * Text edits on object literals and argument lists that keep the user's layout: a property added to a
 * one-line object stays on that line, one added to a multi-line object gets its own line at the same indent,
 * a trailing comma stays, and new keys are quoted the way the object already quotes its keys.
 * Nothing here knows MCP or ACP.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../analysis/node-types.ts";
import { indentAt, insertIntoList, layoutOf } from "./layout.ts";

/** The key as the object would spell it: `signal`, or `"signal"` when the object quotes its keys. */
export function spellKey(
  object: TSESTree.ObjectExpression,
  key: string,
  sourceCode: Readonly<TSESLint.SourceCode>,
): string {
  for (const property of object.properties) {
    if (
      property.type === AST_NODE_TYPES.Property &&
      property.key.type === AST_NODE_TYPES.Literal &&
      !property.computed
    ) {
      const quote = sourceCode.getText(property.key)[0];
      if (quote === '"' || quote === "'") return `${quote}${key}${quote}`;
    }
  }
  return key;
}

/** `key: value`, or the shorthand `key` when the value is the same name and the key is not quoted. */
export function propertyText(spelledKey: string, valueText: string): string {
  return spelledKey === valueText ? spelledKey : `${spelledKey}: ${valueText}`;
}

/**
 * Adds `properties` (already spelled, e.g. `signal: extra.signal`) at the end of an object literal, in its layout
 * (edits/layout.ts insertIntoList). A comment on the same line right after the last property
 * (`timeout: 600_000, // ten minutes`) is that property's note: the new properties go after it.
 */
export function insertProperties(
  fixer: TSESLint.RuleFixer,
  sourceCode: Readonly<TSESLint.SourceCode>,
  object: TSESTree.ObjectExpression,
  properties: readonly string[],
): TSESLint.RuleFix {
  const edit = insertIntoList(sourceCode, object.properties, sourceCode.getLastToken(object)!, properties);
  return fixer.replaceTextRange([edit.range[0], edit.range[1]], edit.text);
}

// ---------------------------------------------------------------------------------------------------------------
// Layout of new code beside a call: a call written on one line gets one-line additions; a call spread over several
// lines gets additions spread the same way, indented with the file's own unit.

/**
 * Where and how to write `{ …properties }` as a new last argument of `call`, in the call's layout:
 * `f(a)` → `f(a, { p })`; `f(a, {⏎ …⏎})` → `f(a, {⏎ …⏎}, {⏎  p,⏎})`; one argument per line → a new line holding
 * the object, spread over lines the same way. Null when the call has no argument to follow.
 */
export function newObjectArgumentEdit(
  sourceCode: Readonly<TSESLint.SourceCode>,
  call: TSESTree.CallExpression,
  properties: readonly string[],
): { range: [number, number]; text: string } | null {
  const last = call.arguments.at(-1);
  if (!last) return null;
  const text = sourceCode.text;
  if (call.loc.start.line === call.loc.end.line) {
    return { range: [last.range[1], last.range[1]], text: `, { ${properties.join(", ")} }` };
  }
  const { eol, indentUnit: unit, trailingCommas } = layoutOf(sourceCode);
  const comma = trailingCommas ? "," : "";
  const closingParen = sourceCode.getLastToken(call)!;
  const afterLast = sourceCode.getTokenAfter(last)!;
  const lastHasComma = afterLast.value === "," && afterLast !== closingParen;
  if (closingParen.loc.start.line > last.loc.end.line) {
    // One argument per line: the object gets a line of its own at the arguments' indent.
    const indent = indentAt(text, last.range[0]);
    const anchor = lastHasComma ? afterLast.range[1] : last.range[1];
    const body = properties.map((property) => `${indent}${unit}${property}`).join(`,${eol}`);
    return {
      range: [anchor, anchor],
      text: `${lastHasComma ? "" : ","}${eol}${indent}{${eol}${body}${comma}${eol}${indent}}${lastHasComma ? "," : ""}`,
    };
  }
  // `f(a, {⏎ …⏎})`: the new object hugs the same way, its closing brace at the indent of the line it starts on.
  const indent = indentAt(text, last.range[1]);
  const body = properties.map((property) => `${indent}${unit}${property}`).join(`,${eol}`);
  return { range: [last.range[1], last.range[1]], text: `, {${eol}${body}${comma}${eol}${indent}}` };
}
