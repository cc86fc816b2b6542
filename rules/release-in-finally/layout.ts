/** The file's own indentation and line ending, for the release-in-finally suggestions. */
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";

export interface Layout {
  indent: string;
  unit: string;
  eol: string;
}

export function layoutOf(sourceCode: Readonly<TSESLint.SourceCode>, statement: TSESTree.Node): Layout {
  const text = sourceCode.text;
  const indent = lineIndent(sourceCode, statement.range[0]);
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const owner = statement.parent;
  const ownerIndent = owner && owner.type !== AST_NODE_TYPES.Program ? lineIndent(sourceCode, owner.range[0]) : null;
  if (ownerIndent !== null && indent.length > ownerIndent.length && indent.startsWith(ownerIndent)) {
    return { indent, unit: indent.slice(ownerIndent.length), eol };
  }
  return { indent, unit: fileIndentUnit(sourceCode), eol };
}

function lineIndent(sourceCode: Readonly<TSESLint.SourceCode>, offset: number): string {
  const text = sourceCode.text;
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

function fileIndentUnit(sourceCode: Readonly<TSESLint.SourceCode>): string {
  const text = sourceCode.text;
  const match = /^([ \t]+)[^\s*]/m.exec(text);
  if (!match) return "  ";
  return match[1]!.startsWith("\t") ? "\t" : match[1]!;
}

/** Source text of [start, end) with `unit` added after every line break, except inside template literals. */
export function reindent(sourceCode: Readonly<TSESLint.SourceCode>, start: number, end: number, unit: string): string {
  return shiftLines(sourceCode, start, end, (line, offset) => (isBlankLine(sourceCode, offset) ? line : unit + line));
}

export function dedent(sourceCode: Readonly<TSESLint.SourceCode>, start: number, end: number, unit: string): string {
  return shiftLines(sourceCode, start, end, (line) => (line.startsWith(unit) ? line.slice(unit.length) : line));
}

/** Whether the source line starting at `offset` holds nothing but whitespace. */
function isBlankLine(sourceCode: Readonly<TSESLint.SourceCode>, offset: number): boolean {
  const text = sourceCode.text;
  const lineEnd = text.indexOf("\n", offset);
  return text.slice(offset, lineEnd === -1 ? text.length : lineEnd).trim() === "";
}

function shiftLines(sourceCode: Readonly<TSESLint.SourceCode>, start: number, end: number, shift: (line: string, offset: number) => string): string {
  const text = sourceCode.text;
  const slice = text.slice(start, end);
  const lines = slice.split("\n");
  let offset = start + lines[0]!.length + 1;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!insideMultilineToken(sourceCode, offset)) lines[i] = shift(line, offset);
    offset += line.length + 1;
  }
  return lines.join("\n");
}

function insideMultilineToken(sourceCode: Readonly<TSESLint.SourceCode>, offset: number): boolean {
  const token = sourceCode.getTokenByRangeStart(offset, { includeComments: false }) ?? null;
  if (token) return false;
  const node = sourceCode.getNodeByRangeIndex(offset);
  return (
    !!node &&
    (node.type === AST_NODE_TYPES.TemplateElement ||
      (node.type === AST_NODE_TYPES.Literal && typeof node.value === "string") ||
      node.type === AST_NODE_TYPES.JSXText)
  );
}
