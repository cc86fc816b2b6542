/**
 * The house style of a file as the deadline codemod's new code follows it: line ending, indent unit, string quote and
 * semicolons from core/layout.ts; a line width and the trailing-comma habit read here.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import type { SourceCode } from "eslint";
import { layoutOf } from "../core/layout.ts";
import { walkSubtree } from "../core/walk.ts";

export interface FileStyle {
  readonly eol: string;
  readonly indentUnit: string;
  readonly quote: '"' | "'";
  readonly semicolons: boolean;
  /** Whether a list spread over lines ends with a comma. */
  readonly trailingComma: boolean;
  /** The longest line new code may write. */
  readonly width: number;
}

const styles = new WeakMap<SourceCode, FileStyle>();

export function fileStyle(sourceCode: SourceCode): FileStyle {
  const known = styles.get(sourceCode);
  if (known) return known;
  // Line ending, indent unit, quote and semicolons as core/layout.ts reads them. The width and the trailing-comma habit
  // are read here: the width from the 98th percentile of line lengths (one long line does not lift it), the habit
  // from the lists themselves, with Prettier's default where the file shows none.
  const layout = layoutOf(sourceCode as never);
  const style = {
    eol: layout.eol,
    indentUnit: layout.indentUnit,
    quote: layout.quote,
    semicolons: layout.semicolons,
    trailingComma: usesTrailingCommas(sourceCode),
    width: lineWidthOf(sourceCode.text),
  };
  styles.set(sourceCode, style);
  return style;
}

/**
 * Whether lists spread over lines (objects, arrays, arguments, parameters whose closer has a line of its own) end with
 * a comma: the file's habit where it shows one, else yes (Prettier's default).
 */
function usesTrailingCommas(sourceCode: SourceCode): boolean {
  let withComma = 0;
  let without = 0;
  const program = sourceCode.ast as unknown as TSESTree.Program;
  walkSubtree(program, sourceCode.visitorKeys as never, (node) => {
    const items =
      node.type === AST_NODE_TYPES.ObjectExpression
        ? node.properties
        : node.type === AST_NODE_TYPES.ArrayExpression
          ? node.elements
          : node.type === AST_NODE_TYPES.CallExpression || node.type === AST_NODE_TYPES.NewExpression
            ? node.arguments
            : null;
    const last = items?.at(-1);
    if (!last) return;
    const closer = sourceCode.getLastToken(node as never);
    if (!closer || closer.loc.start.line <= last.loc.end.line) return;
    if (sourceCode.getTokenAfter(last as never)?.value === ",") withComma += 1;
    else without += 1;
  });
  return withComma >= without;
}

/** Widths a project's formatter is usually set to; a file's long lines are read as the next of these. */
const WIDTHS = [80, 100, 120, 140, 160];

/**
 * The line width the file keeps to: its longest lines (the 98th percentile, so one stray long string does not
 * count) rounded up to the next usual setting, at least 80.
 */
function lineWidthOf(text: string): number {
  const lengths = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "" && !/^\s*(?:\/\/|\*|\/\*)/.test(line))
    .map((line) => line.replace(/\t/g, "  ").length)
    .sort((a, b) => a - b);
  if (lengths.length === 0) return 80;
  const longest = lengths[Math.min(lengths.length - 1, Math.floor(lengths.length * 0.98))]!;
  return WIDTHS.find((width) => longest <= width) ?? WIDTHS.at(-1)!;
}

/** The length of the line `offset` is on, counted from its start to its end, with `inserted` put at `offset`. */
export function lineLengthWith(text: string, offset: number, inserted: string, replacedUpTo = offset): number {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const nextBreak = text.indexOf("\n", replacedUpTo);
  const lineEnd = nextBreak === -1 ? text.length : text[nextBreak - 1] === "\r" ? nextBreak - 1 : nextBreak;
  const firstInsertedLine = inserted.split(/\r?\n/)[0]!;
  const multiline = /\r?\n/.test(inserted);
  return offset - lineStart + firstInsertedLine.length + (multiline ? 0 : lineEnd - replacedUpTo);
}
