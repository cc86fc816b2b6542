/**
 * Text edits on object literals and argument lists that keep the user's layout: a property added to a
 * one-line object stays on that line, one added to a multi-line object gets its own line at the same indent,
 * a trailing comma stays, and new keys are quoted the way the object already quotes its keys.
 * Nothing here knows MCP or ACP.
 */
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";

/** The key as the object would spell it: `signal`, or `"signal"` when the object quotes its keys. */
export function spellKey(object: TSESTree.ObjectExpression, key: string, sourceCode: Readonly<TSESLint.SourceCode>): string {
  for (const property of object.properties) {
    if (property.type === AST_NODE_TYPES.Property && property.key.type === AST_NODE_TYPES.Literal && !property.computed) {
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

/** Adds `properties` (already spelled, e.g. `signal: extra.signal`) at the end of an object literal. */
export function insertProperties(
  fixer: TSESLint.RuleFixer,
  sourceCode: Readonly<TSESLint.SourceCode>,
  object: TSESTree.ObjectExpression,
  properties: readonly string[],
): TSESLint.RuleFix {
  const last = object.properties.at(-1);
  if (!last) return fixer.replaceText(object, `{ ${properties.join(", ")} }`);
  const after = sourceCode.getTokenAfter(last);
  const trailingComma = after !== null && after.value === ",";
  const multiline = last.loc.start.line > object.loc.start.line;
  if (multiline) {
    const indent = /^\s*/.exec(sourceCode.lines[last.loc.start.line - 1]!)![0];
    if (trailingComma) return fixer.insertTextAfter(after, properties.map((text) => `\n${indent}${text},`).join(""));
    return fixer.insertTextAfter(last, `,${properties.map((text) => `\n${indent}${text}`).join(",")}`);
  }
  if (trailingComma) return fixer.insertTextAfter(after, ` ${properties.join(", ")},`);
  return fixer.insertTextAfter(last, `, ${properties.join(", ")}`);
}

/** Appends an argument after the call's last one (`f(a)` → `f(a, { … })`). */
export function appendArgument(
  fixer: TSESLint.RuleFixer,
  call: TSESTree.CallExpression,
  argumentText: string,
): TSESLint.RuleFix | null {
  const last = call.arguments.at(-1);
  return last ? fixer.insertTextAfter(last, `, ${argumentText}`) : null;
}
