/**
 * A file's layout, the one place that knows it: how the file ends its lines, how deep one level of indentation is,
 * which quote it prefers, whether it ends statements with semicolons and closes multi-line lists with a comma, and
 * how wide its lines run. Every suggestion and codemod edit writes new code through these functions, so a CRLF,
 * tab-indented, semicolon-free file gets code that looks like the rest of it. Nothing here knows MCP or ACP.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../analysis/node-types.ts";
import { nodesOfType } from "../analysis/node-index.ts";
import { lazyRecord } from "../analysis/lazy.ts";
import { Fact, fileFacts } from "../analysis/cached-facts.ts";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** A text replacement: `range` of the original text becomes `text`. */
export interface TextEdit {
  readonly range: readonly [number, number];
  readonly text: string;
}

export interface FileLayout {
  /** `"\r\n"` when the file uses it anywhere (a mixed file is written out as CRLF), else `"\n"`. */
  readonly eol: string;
  /** One level of indentation across the file: a tab, or the most common step between consecutive lines. */
  readonly indentUnit: string;
  /** The quote most of the file's string literals use. */
  readonly quote: '"' | "'";
  /** Whether most statements end with `;`. */
  readonly semicolons: boolean;
  /**
   * Whether a list spread over lines (`a,⏎]`: objects, arrays, call and `new` arguments whose closer has a line of its
   * own) ends with a comma: the file's habit where it shows one, else yes (Prettier's default).
   */
  readonly trailingCommas: boolean;
  /** The longest line new code may write: the file's long lines (98th percentile) rounded up to a usual setting. */
  readonly width: number;
}

const LAYOUT = new Fact<null, FileLayout>("how a file is written, per file");

/** The layout of `sourceCode`'s file, worked out once per file and each part only when first asked for. */
export function layoutOf(sourceCode: SourceCode): FileLayout {
  return fileFacts(sourceCode).remember(LAYOUT, null, () => lazyLayout(sourceCode));
}

function lazyLayout(sourceCode: SourceCode): FileLayout {
  const text = sourceCode.text;
  return lazyRecord<FileLayout>({
    eol: () => lineEndingOf(text),
    // ESLint has split the file into lines already.
    indentUnit: () => indentUnitOf(sourceCode.lines),
    quote: () => preferredQuote(sourceCode),
    semicolons: () => usesSemicolons(sourceCode),
    trailingCommas: () => usesTrailingCommas(sourceCode),
    width: () => lineWidthOf(sourceCode.lines),
  });
}

function lineEndingOf(text: string): string {
  return text.includes("\r\n") ? "\r\n" : "\n";
}

/** The whitespace that starts the line holding `offset`. */
export function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/** One level of indentation as the file writes it: a tab, or the most common step between consecutive lines. */
function indentUnitOf(lines: readonly string[]): string {
  const steps = new Map<number, number>();
  let previous: number | null = null;
  for (const line of lines) {
    if (line.trim() === "") continue;
    const indent = /^[ \t]*/.exec(line)![0];
    if (indent.startsWith("\t")) return "\t";
    // A JSDoc body (` * …`) is one space in from its `/**`: not a level of indentation.
    if (line.slice(indent.length).startsWith("*")) continue;
    if (previous !== null && indent.length > previous)
      steps.set(indent.length - previous, (steps.get(indent.length - previous) ?? 0) + 1);
    previous = indent.length;
  }
  let unit = 2;
  let count = 0;
  for (const [step, seen] of steps)
    if (step <= 8 && (seen > count || (seen === count && step < unit))) [unit, count] = [step, seen];
  return " ".repeat(unit);
}

/**
 * One level of indentation near `node`: the step from the line `node` starts on to the first deeper line inside it
 * (what the code around an edit actually uses), else the file's unit.
 */
export function indentUnitNear(sourceCode: SourceCode, node: TSESTree.Node): string {
  const outer = indentAt(sourceCode.text, node.range[0]);
  for (const line of sourceCode.lines.slice(node.loc.start.line, node.loc.end.line)) {
    const indent = /^[ \t]*/.exec(line)![0];
    if (line.trim() !== "" && indent.length > outer.length && indent.startsWith(outer))
      return indent.slice(outer.length);
  }
  return layoutOf(sourceCode).indentUnit;
}

function preferredQuote(sourceCode: SourceCode): '"' | "'" {
  let single = 0;
  let double = 0;
  for (const token of sourceCode.ast.tokens) {
    if (token.type !== "String") continue;
    if (token.value.startsWith("'")) single++;
    else if (token.value.startsWith('"')) double++;
  }
  return single > double ? "'" : '"';
}

/** Whether most of the first 2,000 statements (breadth-first) end with a semicolon. */
function usesSemicolons(sourceCode: SourceCode): boolean {
  let withSemicolon = 0;
  let without = 0;
  // An index instead of shift(), and no push(...spread): a generated file's Program may hold hundreds of thousands of
  // statements (spreading them overflows the stack).
  const pending: TSESTree.Node[] = [sourceCode.ast];
  const keys = sourceCode.visitorKeys;
  for (let next = 0; next < pending.length && next < 2000; next++) {
    const node = pending[next]!;
    if (endsWithSemicolonOrNot(node)) {
      if (sourceCode.getLastToken(node)?.value === ";") withSemicolon++;
      else without++;
    }
    if (!holdsStatements(node)) continue;
    for (const key of keys[node.type] ?? []) {
      const value = (node as unknown as Record<string, unknown>)[key];
      for (const child of Array.isArray(value) ? value : [value]) {
        if (pending.length >= 2000) break;
        if (child && typeof (child as TSESTree.Node).type === "string") pending.push(child as TSESTree.Node);
      }
    }
  }
  return withSemicolon >= without;
}

function endsWithSemicolonOrNot(node: TSESTree.Node): boolean {
  if (node.type === AST_NODE_TYPES.VariableDeclaration) {
    const parent = node.parent.type;
    return parent !== AST_NODE_TYPES.ForStatement && !parent.startsWith("ForIn") && !parent.startsWith("ForOf");
  }
  return (
    node.type === AST_NODE_TYPES.ExpressionStatement ||
    node.type === AST_NODE_TYPES.ReturnStatement ||
    node.type === AST_NODE_TYPES.ThrowStatement
  );
}

function holdsStatements(node: TSESTree.Node): boolean {
  return (
    node.type === AST_NODE_TYPES.Program ||
    // `export function f() {…}` and methods of classes hold statements too.
    node.type === AST_NODE_TYPES.ExportNamedDeclaration ||
    node.type === AST_NODE_TYPES.ExportDefaultDeclaration ||
    node.type === AST_NODE_TYPES.ClassDeclaration ||
    node.type === AST_NODE_TYPES.ClassBody ||
    node.type === AST_NODE_TYPES.MethodDefinition ||
    node.type === AST_NODE_TYPES.SwitchCase ||
    node.type.endsWith("Statement") ||
    node.type === AST_NODE_TYPES.FunctionDeclaration ||
    node.type === AST_NODE_TYPES.FunctionExpression ||
    node.type === AST_NODE_TYPES.ArrowFunctionExpression
  );
}

/** The nodes whose lists `usesTrailingCommas` reads. */
const LIST_TYPES = [
  AST_NODE_TYPES.ObjectExpression,
  AST_NODE_TYPES.ArrayExpression,
  AST_NODE_TYPES.CallExpression,
  AST_NODE_TYPES.NewExpression,
] as const;

/**
 * Whether lists spread over lines (objects, arrays, call and `new` arguments whose closer has a line of its own) end
 * with a comma: the file's habit where it shows one (a tie counts as yes), else yes (Prettier's default).
 */
function usesTrailingCommas(sourceCode: SourceCode): boolean {
  let withComma = 0;
  let without = 0;
  for (const type of LIST_TYPES) {
    for (const node of nodesOfType(sourceCode, type)) {
      const items =
        node.type === AST_NODE_TYPES.ObjectExpression
          ? node.properties
          : node.type === AST_NODE_TYPES.ArrayExpression
            ? node.elements
            : node.arguments;
      const last = items.at(-1);
      if (!last) continue;
      const closer = sourceCode.getLastToken(node);
      if (!closer || closer.loc.start.line <= last.loc.end.line) continue;
      if (sourceCode.getTokenAfter(last)?.value === ",") withComma += 1;
      else without += 1;
    }
  }
  return withComma >= without;
}

/** Widths a project's formatter is usually set to; a file's long lines are read as the next of these. */
const WIDTHS = [80, 100, 120, 140, 160] as const;

/**
 * The line width the file keeps to: its long code lines (the 98th percentile, so one stray long string does not
 * count; a tab counts two) rounded up to the next usual setting, at least 80 and at most 160.
 */
function lineWidthOf(lines: readonly string[]): number {
  const lengths = lines
    // Comments say nothing about where the code wraps.
    .filter((line) => line.trim() !== "" && !/^\s*(?:\/\/|\*|\/\*)/.test(line))
    .map((line) => line.replace(/\t/g, "  ").length)
    .sort((a, b) => a - b);
  if (lengths.length === 0) return WIDTHS[0];
  const longest = lengths[Math.min(lengths.length - 1, Math.floor(lengths.length * 0.98))]!;
  return WIDTHS.find((width) => longest <= width) ?? WIDTHS.at(-1)!;
}

/**
 * The length of the line `offset` is on once `inserted` replaces [offset, replacedUpTo): from the line's start to its
 * end, or to the end of `inserted`'s first line when `inserted` spans lines.
 */
export function lineLengthWith(text: string, offset: number, inserted: string, replacedUpTo = offset): number {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const nextBreak = text.indexOf("\n", replacedUpTo);
  const lineEnd = nextBreak === -1 ? text.length : text[nextBreak - 1] === "\r" ? nextBreak - 1 : nextBreak;
  const firstInsertedLine = inserted.split(/\r?\n/)[0]!;
  const multiline = /\r?\n/.test(inserted);
  return offset - lineStart + firstInsertedLine.length + (multiline ? 0 : lineEnd - replacedUpTo);
}

/** Without semicolons, a line that starts with one of these would continue the line before it. */
const ASI_HAZARD = /^[([`+\-/]/;

/** Adds the semicolon a semicolon-free file needs after `lines[index]` when the next line would otherwise continue it. */
export function guardAsi(lines: string[], index: number): void {
  const next = lines[index + 1]?.trimStart();
  if (next !== undefined && ASI_HAZARD.test(next) && !lines[index]!.endsWith(";")) lines[index] += ";";
}

/** `;` or nothing, as the file ends its statements. */
export function semicolon(sourceCode: SourceCode): string {
  return layoutOf(sourceCode).semicolons ? ";" : "";
}

/** `value` as a string literal in the file's preferred quote. */
export function quoted(sourceCode: SourceCode, value: string): string {
  const quote = layoutOf(sourceCode).quote;
  return `${quote}${value}${quote}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Moving code: its lines get a new indentation, except lines that start inside a string or template literal, whose
// leading whitespace is part of the value.

/**
 * The ranges of tokens in [start, end) that span lines and whose text is a value: template and string literals, JSX text.
 * Read off the tokens of that stretch alone (found by bisection): a file's suggestions move a few stretches of it.
 */
function multilineValueRanges(sourceCode: SourceCode, start: number, end: number): (readonly [number, number])[] {
  const tokens = sourceCode.ast.tokens;
  // Tokens do not overlap, so their ends are in source order too: the first that ends after `start`.
  let low = 0;
  let high = tokens.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (tokens[middle]!.range[1] <= start) low = middle + 1;
    else high = middle;
  }
  const ranges: (readonly [number, number])[] = [];
  for (let index = low; index < tokens.length && tokens[index]!.range[0] < end; index++) {
    const token = tokens[index]!;
    if (
      (token.type === "Template" || token.type === "String" || token.type === "JSXText") &&
      token.loc.start.line !== token.loc.end.line
    )
      ranges.push(token.range);
  }
  return ranges;
}

/**
 * The source text of [start, end) with each line after the first passed through `shift` (the line without its line
 * break), lines that start inside a multi-line string or template literal kept as they are; joined with the file's
 * line ending.
 */
function mapLines(
  sourceCode: SourceCode,
  start: number,
  end: number,
  shift: (line: string, lineStart: number) => string,
): string[] {
  const text = sourceCode.text;
  const values = multilineValueRanges(sourceCode, start, end);
  const lines = text.slice(start, end).split(/\r?\n/);
  let offset = start + lines[0]!.length;
  // The lines go forward, and so do the ranges: the first range that does not end before this line.
  let value = 0;
  for (let index = 1; index < lines.length; index++) {
    offset += text[offset] === "\r" ? 2 : 1;
    const line = lines[index]!;
    while (value < values.length && values[value]![1] <= offset) value++;
    const inValue = value < values.length && offset > values[value]![0] && offset < values[value]![1];
    if (!inValue) lines[index] = shift(line, offset);
    offset += line.length;
  }
  return lines;
}

/** The text of [start, end) one level deeper: `unit` before every line after the first, unless its source line is blank. */
export function indentDeeper(sourceCode: SourceCode, start: number, end: number, unit: string): string {
  const text = sourceCode.text;
  const isBlank = (lineStart: number) => {
    const lineEnd = text.indexOf("\n", lineStart);
    return text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd).trim() === "";
  };
  return mapLines(sourceCode, start, end, (line, lineStart) => (isBlank(lineStart) ? line : unit + line)).join(
    layoutOf(sourceCode).eol,
  );
}

/** The text of [start, end) one level shallower: `unit` taken from every line after the first that starts with it. */
export function indentShallower(sourceCode: SourceCode, start: number, end: number, unit: string): string {
  return mapLines(sourceCode, start, end, (line) => (line.startsWith(unit) ? line.slice(unit.length) : line)).join(
    layoutOf(sourceCode).eol,
  );
}

/**
 * The text of [start, end) moved to `indent`: the first line gets `indent`; the others keep their depth relative to
 * the line [start, end) starts on (or, when it does not start a line, to the shallowest of them). Blank lines come
 * out empty and trailing whitespace goes (outside string and template literals).
 */
export function indentTo(sourceCode: SourceCode, start: number, end: number, indent: string): string {
  const text = sourceCode.text;
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const before = text.slice(lineStart, start);
  const base = before.trim() === "" ? before.length : null;
  const all = text.slice(start, end).split(/\r?\n/);
  const shallowest = base === null ? minIndentAfterFirst(all) : 0;
  const lines = mapLines(sourceCode, start, end, (line) => {
    if (line.trim() === "") return "";
    const own = /^[ \t]*/.exec(line)![0].length;
    const strip = base === null ? own - shallowest : Math.min(base, own);
    return (indent + line.slice(Math.max(0, Math.min(strip, own)))).replace(/[ \t]+$/, "");
  });
  lines[0] = (indent + lines[0]!).replace(/[ \t]+$/, "");
  return lines.join(layoutOf(sourceCode).eol);
}

function minIndentAfterFirst(lines: readonly string[]): number {
  let min = Infinity;
  for (const line of lines.slice(1)) {
    if (line.trim() === "") continue;
    min = Math.min(min, /^[ \t]*/.exec(line)![0].length);
  }
  return Number.isFinite(min) ? min : 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Lists

/**
 * Appends `added` to a comma-separated list (object properties or call arguments) that ends at `closer`, in the
 * list's own layout: on one line `a, b, c`; a list with one item per line gets one more line for each new item, at
 * the last item's indentation and with the file's trailing-comma habit. A comment on the last item's line stays
 * with that item; comments after it stay where they are. A string is one item, written as given.
 */
export function insertIntoList(
  sourceCode: SourceCode,
  items: readonly TSESTree.Node[],
  closer: TSESTree.Token,
  added: string | readonly string[],
): TextEdit {
  const text = sourceCode.text;
  const { eol } = layoutOf(sourceCode);
  const newItems = typeof added === "string" ? [added] : added;
  const last = items[items.length - 1];
  if (!last) {
    const opener = sourceCode.getTokenBefore(closer, { includeComments: false })!;
    const inner = text.slice(opener.range[1], closer.range[0]);
    const joined = newItems.join(", ");
    // `{}` → `{ item }`; `()` → `(item)`.
    if (closer.value === "}") {
      return inner.trim() === ""
        ? { range: [opener.range[1], closer.range[0]], text: ` ${joined} ` }
        : { range: [closer.range[0], closer.range[0]], text: `${joined} ` };
    }
    return { range: [closer.range[0], closer.range[0]], text: joined };
  }
  const tokenAfterLast = sourceCode.getTokenAfter(last)!;
  const hasTrailingComma = tokenAfterLast.value === ",";
  const closerLineStart = text.lastIndexOf("\n", closer.range[0] - 1) + 1;
  const closerStartsLine = /^[ \t]*$/.test(text.slice(closerLineStart, closer.range[0]));
  if (closerStartsLine && last.loc.end.line < closer.loc.start.line) {
    const indent = indentAt(text, last.range[0]);
    const between = text.slice(last.range[1], closerLineStart);
    const lines = newItems.map((item) => `${indent}${item}`).join(`,${eol}`);
    return {
      range: [last.range[1], closerLineStart],
      text: `${hasTrailingComma ? "" : ","}${between}${lines}${hasTrailingComma ? "," : ""}${eol}`,
    };
  }
  // On one line, a comment right after the last item (`1000 /* ten minutes */`) is its note: the new items follow it.
  const noteEnd = endOfSameLineNote(sourceCode, hasTrailingComma ? tokenAfterLast : last, closer);
  if (hasTrailingComma) return { range: [noteEnd, noteEnd], text: ` ${newItems.join(", ")},` };
  return { range: [noteEnd, noteEnd], text: `, ${newItems.join(", ")}` };
}

/** Where the comments that follow `after` on its own line, before `closer`, end (`after`'s end when there are none). */
function endOfSameLineNote(
  sourceCode: SourceCode,
  after: TSESTree.Node | TSESTree.Token,
  closer: TSESTree.Token,
): number {
  let end = after.range[1];
  let line = after.loc.end.line;
  for (const comment of sourceCode.getCommentsAfter(after)) {
    if (comment.loc.start.line !== line || comment.range[1] > closer.range[0]) break;
    end = comment.range[1];
    line = comment.loc.end.line;
  }
  return end;
}

/** Where a statement-level rewrite writes: the statement's indentation, one indent level near it, the line ending. */
export interface StatementLayout {
  indent: string;
  unit: string;
  eol: string;
}

export function layoutAround(sourceCode: SourceCode, statement: TSESTree.Node): StatementLayout {
  const owner = statement.parent;
  const unit =
    owner && owner.type !== AST_NODE_TYPES.Program
      ? indentUnitNear(sourceCode, owner)
      : layoutOf(sourceCode).indentUnit;
  return { indent: indentAt(sourceCode.text, statement.range[0]), unit, eol: layoutOf(sourceCode).eol };
}
