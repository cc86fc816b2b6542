/** The statement a cancel call is part of, in the block of the function around it: where the settling lines go. */
import type { TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";

export function outermostStatement(node: TSESTree.Node): TSESTree.Statement | null {
  for (let current: TSESTree.Node = node; current.parent; current = current.parent) {
    const parent = current.parent;
    if (parent.type === AST_NODE_TYPES.BlockStatement || parent.type === AST_NODE_TYPES.Program) {
      return current as TSESTree.Statement;
    }
    if (parent.type === AST_NODE_TYPES.ArrowFunctionExpression) return null;
  }
  return null;
}
