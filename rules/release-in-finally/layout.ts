/** Where the release-in-finally suggestions write: the statement's indentation, one level near it, the line ending. */
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { indentAt, indentUnitNear, layoutOf } from "../../edits/layout.ts";

export interface Layout {
  indent: string;
  unit: string;
  eol: string;
}

export function layoutAround(sourceCode: Readonly<TSESLint.SourceCode>, statement: TSESTree.Node): Layout {
  const owner = statement.parent;
  const unit =
    owner && owner.type !== AST_NODE_TYPES.Program
      ? indentUnitNear(sourceCode, owner)
      : layoutOf(sourceCode).indentUnit;
  return { indent: indentAt(sourceCode.text, statement.range[0]), unit, eol: layoutOf(sourceCode).eol };
}
