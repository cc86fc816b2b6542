/**
 * Copying an `if`'s or a `switch`'s code into new switch clauses with the file's own indentation, quotes and
 * semicolons: what the exhaustive-action suggestions print.
 */
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { isFunctionNode } from "../../core/ast.ts";
import { branchStatements, childNodes } from "../../core/branches.ts";

export interface CodeStyle {
  readonly semi: string;
  quote(value: string): string;
  indentUnit(near: TSESTree.Node): string;
  neverLine(read: string): string;
}

export function codeStyle(sourceCode: Readonly<TSESLint.SourceCode>, filename: string): CodeStyle {
  const isTypeScript = /\.[cm]?tsx?$/i.test(filename);
  let semi: string | null = null;
  let quoteChar: string | null = null;
  return {
    get semi() {
      semi ??= usesSemicolons(sourceCode) ? ";" : "";
      return semi;
    },
    quote(value) {
      quoteChar ??= preferredQuote(sourceCode);
      return `${quoteChar}${value}${quoteChar}`;
    },
    indentUnit(near) {
      return indentUnitNear(sourceCode, near);
    },
    neverLine(read) {
      const semicolon = this.semi;
      return isTypeScript ? `${read} satisfies never${semicolon}` : `void /** @type {never} */ (${read})${semicolon}`;
    },
  };
}

function usesSemicolons(sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  let withSemicolon = 0;
  let without = 0;
  // Breadth-first over at most 2,000 statements; an index instead of shift() and a loop instead of push(...spread),
  // because a generated file's Program may hold hundreds of thousands of statements (spreading them overflows the stack).
  const pending: TSESTree.Node[] = [sourceCode.ast];
  for (let next = 0; next < pending.length && next < 2000; next++) {
    const node = pending[next]!;
    if (
      node.type === AST_NODE_TYPES.ExpressionStatement ||
      node.type === AST_NODE_TYPES.ReturnStatement ||
      node.type === AST_NODE_TYPES.ThrowStatement ||
      (node.type === AST_NODE_TYPES.VariableDeclaration && node.parent.type !== AST_NODE_TYPES.ForStatement && !node.parent.type.startsWith("ForIn") && !node.parent.type.startsWith("ForOf"))
    ) {
      if (sourceCode.getLastToken(node)?.value === ";") withSemicolon++;
      else without++;
    }
    if (isFunctionNode(node) || node.type === AST_NODE_TYPES.Program || node.type.endsWith("Statement") || node.type === AST_NODE_TYPES.SwitchCase) {
      for (const child of childNodes(node)) {
        if (pending.length >= 2000) break;
        pending.push(child);
      }
    }
  }
  return withSemicolon >= without;
}

/** Without semicolons, a line that starts with one of these would continue the line before it. */
const ASI_HAZARD = /^[([`+\-/]/;

/** Adds the semicolon a semicolon-free file needs after `line` when `next` would otherwise continue it. */
export function guardAsi(lines: string[], index: number): void {
  const next = lines[index + 1]?.trimStart();
  if (next !== undefined && ASI_HAZARD.test(next) && !lines[index]!.endsWith(";")) lines[index] += ";";
}

function preferredQuote(sourceCode: Readonly<TSESLint.SourceCode>): string {
  let single = 0;
  let double = 0;
  for (const token of sourceCode.ast.tokens) {
    if (token.type !== "String") continue;
    if (token.value.startsWith("'")) single++;
    else if (token.value.startsWith('"')) double++;
  }
  return single > double ? "'" : '"';
}

export function lineIndent(sourceCode: Readonly<TSESLint.SourceCode>, offset: number): string {
  const text = sourceCode.text;
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const match = /^[ \t]*/.exec(text.slice(lineStart, offset));
  return match ? match[0] : "";
}

/** One level of indentation as the file writes it: from a nested line near `node`, else from the file. */
function indentUnitNear(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node): string {
  const outer = lineIndent(sourceCode, node.range[0]);
  const lines = sourceCode.lines.slice(node.loc.start.line, node.loc.end.line);
  for (const line of lines) {
    const indent = /^[ \t]*/.exec(line)![0];
    if (line.trim() !== "" && indent.length > outer.length && indent.startsWith(outer)) return indent.slice(outer.length);
  }
  for (const line of sourceCode.lines) {
    const indent = /^[ \t]*/.exec(line)![0];
    if (line.trim() !== "" && indent.length > 0) return indent.startsWith("\t") ? "\t" : indent.length <= 8 ? indent : "  ";
  }
  return "  ";
}

/** Ranges of multi-line template literals, whose inner lines must not be re-indented. */
function templateRanges(nodes: readonly TSESTree.Node[]): [number, number][] {
  const ranges: [number, number][] = [];
  const visit = (node: TSESTree.Node) => {
    if (node.type === AST_NODE_TYPES.TemplateLiteral) ranges.push(node.range);
    for (const child of childNodes(node)) visit(child);
  };
  nodes.forEach(visit);
  return ranges;
}

/** The statements of a branch (block body or single statement), comments inside included, at `indent`. */
export function renderBranchBody(sourceCode: Readonly<TSESLint.SourceCode>, branch: TSESTree.Node, indent: string): string {
  const statements = branchStatements(branch);
  return renderStatements(sourceCode, statements, branch, indent);
}

export function renderStatements(
  sourceCode: Readonly<TSESLint.SourceCode>,
  statements: readonly TSESTree.Node[],
  container: TSESTree.Node,
  indent: string,
): string {
  let start = statements[0]!.range[0];
  let end = statements[statements.length - 1]!.range[1];
  if (container.type === AST_NODE_TYPES.BlockStatement || container.type === AST_NODE_TYPES.SwitchCase) {
    const innerStart = container.type === AST_NODE_TYPES.BlockStatement ? container.range[0] + 1 : sourceCode.getTokenBefore(statements[0]!)!.range[1];
    const innerEnd = container.type === AST_NODE_TYPES.BlockStatement ? container.range[1] - 1 : container.range[1];
    for (const comment of sourceCode.getAllComments()) {
      if (comment.range[0] >= innerStart && comment.range[1] <= innerEnd) {
        start = Math.min(start, comment.range[0]);
        end = Math.max(end, comment.range[1]);
      }
    }
  }
  return reindent(sourceCode, start, end, indent, templateRanges(statements));
}

function reindent(sourceCode: Readonly<TSESLint.SourceCode>, start: number, end: number, indent: string, templates: [number, number][]): string {
  const text = sourceCode.text;
  const firstLineIndent = lineIndent(sourceCode, start);
  const startsLine = text.slice(text.lastIndexOf("\n", start - 1) + 1, start).trim() === "";
  const base = startsLine ? firstLineIndent : null;
  const pieces = text.slice(start, end).split("\n");
  let offset = start;
  const out: string[] = [];
  pieces.forEach((piece, index) => {
    if (index === 0) {
      out.push(indent + piece);
    } else if (templates.some(([from, to]) => offset > from && offset < to)) {
      out.push(piece);
    } else if (piece.trim() === "") {
      out.push("");
    } else {
      const own = /^[ \t]*/.exec(piece)![0];
      const strip = base === null ? own.length - minIndentAfterFirst(pieces) : Math.min(base.length, own.length);
      out.push(indent + piece.slice(Math.max(0, Math.min(strip, own.length))));
    }
    offset += piece.length + 1;
  });
  return out.map((line) => line.replace(/[ \t]+$/, "")).join("\n");
}

function minIndentAfterFirst(pieces: readonly string[]): number {
  let min = Infinity;
  for (const piece of pieces.slice(1)) {
    if (piece.trim() === "") continue;
    min = Math.min(min, /^[ \t]*/.exec(piece)![0].length);
  }
  return Number.isFinite(min) ? min : 0;
}

/** `{ … }` holding a branch's statements, opened on the current line and closed at `indent`. */
export function renderBlock(sourceCode: Readonly<TSESLint.SourceCode>, branch: TSESTree.Node, indent: string, unit: string): string {
  const statements = branchStatements(branch);
  if (statements.length === 0) return "{}";
  return `{\n${renderBranchBody(sourceCode, branch, indent + unit)}\n${indent}}`;
}

/** Comments inside `node` that none of the copied branches or reads carry along: kept above the switch. */
export function leftoverComments(
  sourceCode: Readonly<TSESLint.SourceCode>,
  node: TSESTree.Node,
  copied: readonly TSESTree.Node[],
  reads: readonly TSESTree.Node[],
): TSESTree.Comment[] {
  return sourceCode
    .getCommentsInside(node)
    .filter(
      (comment) =>
        ![...copied, ...reads].some((inner) => comment.range[0] >= inner.range[0] && comment.range[1] <= inner.range[1]),
    );
}
