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

// ---------------------------------------------------------------------------------------------------------------
// Layout of new code beside a call: a call written on one line gets one-line additions; a call spread over several
// lines gets additions spread the same way, indented with the file's own unit.

/** The whitespace that starts the line holding `offset`. */
export function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/** One level of indentation as the file writes it: a tab, or the most common step between consecutive lines. */
export function indentUnitOf(text: string): string {
  const steps = new Map<number, number>();
  let previous: number | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "") continue;
    const indent = /^[ \t]*/.exec(line)![0];
    if (indent.startsWith("\t")) return "\t";
    if (previous !== null && indent.length > previous) steps.set(indent.length - previous, (steps.get(indent.length - previous) ?? 0) + 1);
    previous = indent.length;
  }
  let unit = 2;
  let count = 0;
  for (const [step, seen] of steps) if (step <= 8 && (seen > count || (seen === count && step < unit))) [unit, count] = [step, seen];
  return " ".repeat(unit);
}

/** Whether the file ends multi-line lists with a comma (`a,\n]`), as Prettier's default does. */
export function usesTrailingCommas(text: string): boolean {
  return /,[ \t]*\r?\n[ \t]*[\]})]/.test(text);
}

export function lineEndingOf(text: string): string {
  return text.includes("\r\n") ? "\r\n" : "\n";
}

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
  const eol = lineEndingOf(text);
  const unit = indentUnitOf(text);
  const comma = usesTrailingCommas(text) ? "," : "";
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

/**
 * `text` (the source of `node`) moved one indentation level deeper: every line after the first gets `unit` more,
 * except lines that start inside a template literal, whose whitespace is part of the string.
 */
export function indentDeeper(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node, unit: string): string {
  const start = node.range[0];
  const source = sourceCode.getText(node);
  const templates = sourceCode
    .getTokens(node)
    .filter((token) => token.type === "Template")
    .map((token) => token.range);
  return source.replace(/\n(?![\r\n])/g, (newline, index: number) => {
    const lineStart = start + index + 1;
    const insideTemplate = templates.some(([from, to]) => lineStart > from && lineStart < to);
    return insideTemplate ? newline : `${newline}${unit}`;
  });
}
