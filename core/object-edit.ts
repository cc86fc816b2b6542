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

/**
 * Adds `properties` (already spelled, e.g. `signal: extra.signal`) at the end of an object literal. A comment on the
 * same line right after the last property (`timeout: 600_000, // ten minutes`) is that property's note: the new
 * properties go after it, never between the value and its note.
 */
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
  const end = trailingComma ? after : last;
  const noteEnd = endOfSameLineNote(sourceCode, end);
  const multiline = last.loc.start.line > object.loc.start.line;
  if (multiline) {
    const indent = /^\s*/.exec(sourceCode.lines[last.loc.start.line - 1]!)![0];
    if (trailingComma) {
      return fixer.insertTextAfterRange([noteEnd, noteEnd], properties.map((text) => `\n${indent}${text},`).join(""));
    }
    // The comma belongs right after the value, before its note; the new lines after the note.
    const note = sourceCode.text.slice(last.range[1], noteEnd);
    return fixer.replaceTextRange(
      [last.range[1], noteEnd],
      `,${note}${properties.map((text) => `\n${indent}${text}`).join(",")}`,
    );
  }
  if (trailingComma) return fixer.insertTextAfterRange([noteEnd, noteEnd], ` ${properties.join(", ")},`);
  return fixer.insertTextAfterRange([noteEnd, noteEnd], `, ${properties.join(", ")}`);
}

/** Where the comments that follow `token` on its own line end (the token's end when there are none). */
function endOfSameLineNote(sourceCode: Readonly<TSESLint.SourceCode>, token: TSESTree.Node | TSESTree.Token): number {
  let end = token.range[1];
  let line = token.loc.end.line;
  for (const comment of sourceCode.getCommentsAfter(token)) {
    if (comment.loc.start.line !== line) break;
    end = comment.range[1];
    line = comment.loc.end.line;
  }
  return end;
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
