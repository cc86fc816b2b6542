/**
 * The house style of a file as the codemods' new code follows it: line ending, indent unit, string quote,
 * semicolons, and a line width read from the lines the file already has. (When core/layout.ts lands, these read
 * through it.)
 */
import { indentUnitOf, lineEndingOf } from "../core/object-edit.ts";

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

const styles = new Map<string, FileStyle>();

export function fileStyle(text: string): FileStyle {
  const known = styles.get(text);
  if (known) return known;
  const style = { eol: lineEndingOf(text), indentUnit: indentUnitOf(text), quote: quoteOf(text), semicolons: usesSemicolons(text), trailingComma: usesTrailingCommas(text), width: lineWidthOf(text) };
  if (styles.size > 64) styles.clear();
  styles.set(text, style);
  return style;
}

/** The quote most string literals use (code lines only, a rough count that ignores comments). */
export function quoteOf(text: string): '"' | "'" {
  let double = 0;
  let single = 0;
  for (const line of text.split(/\r?\n/)) {
    const code = line.trimStart();
    if (code.startsWith("//") || code.startsWith("*") || code.startsWith("/*")) continue;
    double += (code.match(/"[^"\n]*"/g) ?? []).length;
    single += (code.match(/'[^'\n]*'/g) ?? []).length;
  }
  return single > double ? "'" : '"';
}

/** Whether statements end with `;`: most lines that end a statement-like line do. */
export function usesSemicolons(text: string): boolean {
  let withSemicolon = 0;
  let without = 0;
  for (const line of text.split(/\r?\n/)) {
    const code = line.trim();
    if (code === "" || code.startsWith("//") || code.startsWith("*") || code.startsWith("/*")) continue;
    if (/^(?:import|export|const|let|var|return|throw)\b/.test(code) || /\)$|\);$/.test(code)) {
      if (code.endsWith(";")) withSemicolon += 1;
      else if (!/[{([,=>:?|&+\-*/]$/.test(code)) without += 1;
    }
  }
  return withSemicolon >= without;
}

/**
 * Whether lists spread over lines end with a comma (`a,⏎]`): the file's habit where it shows one, else yes (Prettier's
 * default).
 */
export function usesTrailingCommas(text: string): boolean {
  const withComma = (text.match(/,[ \t]*\r?\n[ \t]*[\]})]/g) ?? []).length;
  const without = (text.match(/[\w"'`)\]}][ \t]*\r?\n[ \t]*[\])]/g) ?? []).length;
  return withComma >= without;
}

/** Widths a project's formatter is usually set to; a file's long lines are read as the next of these. */
const WIDTHS = [80, 100, 120, 140, 160];

/**
 * The line width the file keeps to: its longest lines (the 98th percentile, so one stray long string does not
 * count) rounded up to the next usual setting, at least 80.
 */
export function lineWidthOf(text: string): number {
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
