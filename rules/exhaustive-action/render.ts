/**
 * Copying an `if`'s or a `switch`'s code into new switch clauses in the file's own layout (edits/layout.ts): what
 * the exhaustive-action suggestions print.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { branchStatements } from "./values-reaching.ts";
import { indentTo, indentUnitNear, layoutOf, quoted, semicolon } from "../../edits/layout.ts";

export interface CodeStyle {
  readonly eol: string;
  readonly semi: string;
  quote(value: string): string;
  indentUnit(near: TSESTree.Node): string;
  neverLine(read: string): string;
}

export function codeStyle(sourceCode: Readonly<TSESLint.SourceCode>, filename: string): CodeStyle {
  const isTypeScript = /\.[cm]?tsx?$/i.test(filename);
  return {
    get eol() {
      return layoutOf(sourceCode).eol;
    },
    get semi() {
      return semicolon(sourceCode);
    },
    quote: (value) => quoted(sourceCode, value),
    indentUnit: (near) => indentUnitNear(sourceCode, near),
    neverLine(read) {
      return isTypeScript ? `${read} satisfies never${this.semi}` : `void /** @type {never} */ (${read})${this.semi}`;
    },
  };
}

/** The statements of a branch (block body or single statement), comments inside included, at `indent`. */
export function renderBranchBody(
  sourceCode: Readonly<TSESLint.SourceCode>,
  branch: TSESTree.Node,
  indent: string,
): string {
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
    const innerStart =
      container.type === AST_NODE_TYPES.BlockStatement
        ? container.range[0] + 1
        : sourceCode.getTokenBefore(statements[0]!)!.range[1];
    const innerEnd = container.type === AST_NODE_TYPES.BlockStatement ? container.range[1] - 1 : container.range[1];
    for (const comment of sourceCode.getAllComments()) {
      if (comment.range[0] >= innerStart && comment.range[1] <= innerEnd) {
        start = Math.min(start, comment.range[0]);
        end = Math.max(end, comment.range[1]);
      }
    }
  }
  return indentTo(sourceCode, start, end, indent);
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
        ![...copied, ...reads].some(
          (inner) => comment.range[0] >= inner.range[0] && comment.range[1] <= inner.range[1],
        ),
    );
}
