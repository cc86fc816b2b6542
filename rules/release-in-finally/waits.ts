/** Waits on a person in one file: the recognised human-wait calls, and calls of same-file functions that make one. */
import type { TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { getCalleeName, getEnclosingFunction, getStaticPropertyName } from "../../analysis/ast.ts";

/** Human-wait calls, plus calls of same-file functions that (transitively) make one. */
export function collectWaitsOnPeople(
  direct: readonly TSESTree.CallExpression[],
  allCalls: readonly TSESTree.CallExpression[],
): TSESTree.Node[] {
  const waits: TSESTree.Node[] = [...direct];
  const askingFunctions = new Set<TSESTree.Node>();
  const askingNames = new Set<string>();
  const markEnclosing = (node: TSESTree.Node) => {
    const fn = getEnclosingFunction(node);
    if (!fn || askingFunctions.has(fn)) return false;
    askingFunctions.add(fn);
    const name = functionName(fn);
    if (name === null || askingNames.has(name)) return false;
    askingNames.add(name);
    return true;
  };
  let grew = direct.map(markEnclosing).some(Boolean);
  const counted = new Set<TSESTree.Node>(direct);
  while (grew) {
    grew = false;
    for (const call of allCalls) {
      const name = getCalleeName(call);
      if (name === null || counted.has(call) || !askingNames.has(name)) continue;
      counted.add(call);
      waits.push(call);
      if (markEnclosing(call)) grew = true;
    }
  }
  return waits;
}

/** The name a function is called by in this file: declaration id, variable, method or property key. */
function functionName(fn: TSESTree.FunctionLike): string | null {
  if ((fn.type === AST_NODE_TYPES.FunctionDeclaration || fn.type === AST_NODE_TYPES.FunctionExpression) && fn.id) {
    return fn.id.name;
  }
  const parent = fn.parent;
  if (!parent) return null;
  if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.id.type === AST_NODE_TYPES.Identifier) {
    return parent.id.name;
  }
  if (
    parent.type === AST_NODE_TYPES.MethodDefinition ||
    parent.type === AST_NODE_TYPES.Property ||
    parent.type === AST_NODE_TYPES.PropertyDefinition
  ) {
    return getStaticPropertyName(parent);
  }
  if (parent.type === AST_NODE_TYPES.AssignmentExpression && parent.left.type === AST_NODE_TYPES.MemberExpression) {
    return getStaticPropertyName(parent.left);
  }
  return null;
}
