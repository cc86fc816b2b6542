/**
 * Subtree walking and local value tracing shared by the deadline and signal readers.
 * Nothing here knows MCP or ACP.
 */
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { findVariable, getCalleeName, getMemberPath, unwrapExpression } from "./ast.ts";

export { walkSubtree } from "./ast.ts";

/** The variable an identifier refers to, looked up from the identifier's own scope outwards. */
export function resolveIdentifier(
  identifier: TSESTree.Identifier,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESLint.Scope.Variable | null {
  return findVariable(sourceCode.getScope(identifier), identifier.name);
}

/**
 * The single value a variable holds: the initialiser of a `const` (or of a `let`/`var` never written again).
 * Null for parameters, imports, reassigned variables and destructuring.
 */
export function singleInitializer(variable: TSESLint.Scope.Variable): TSESTree.Expression | null {
  if (variable.defs.length !== 1) return null;
  const definition = variable.defs[0]!;
  if (definition.type !== "Variable" || definition.node.id.type !== AST_NODE_TYPES.Identifier) return null;
  const init = definition.node.init;
  if (!init) return null;
  const written = variable.references.some((reference) => reference.isWrite() && reference.writeExpr !== init);
  return written ? null : init;
}

/** The initialiser behind an identifier, when the identifier names a single-valued local; otherwise the node itself. */
export function followConstant(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.Node {
  const unwrapped = unwrapExpression(node);
  if (unwrapped.type !== AST_NODE_TYPES.Identifier) return unwrapped;
  const variable = resolveIdentifier(unwrapped, sourceCode);
  const init = variable ? singleInitializer(variable) : null;
  return init ? unwrapExpression(init) : unwrapped;
}

/** Whether `node` is a call to `AbortSignal.<method>(…)`. */
export function isAbortSignalStaticCall(node: TSESTree.Node, method: "timeout" | "any"): boolean {
  if (node.type !== AST_NODE_TYPES.CallExpression) return false;
  const path = getMemberPath(node.callee);
  return path !== null && path.length === 2 && path[0] === "AbortSignal" && path[1] === method;
}

/** `setTimeout(…)`, `timers.setTimeout(…)`, `timersPromises.setTimeout(…)`. */
export function isSetTimeoutCall(node: TSESTree.Node): node is TSESTree.CallExpression {
  return node.type === AST_NODE_TYPES.CallExpression && getCalleeName(node) === "setTimeout";
}

/** The function a callee identifier names in this file (a declaration or a `const f = () => …`), or null. */
export function localFunctionOf(
  callee: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.FunctionLike | null {
  const target = unwrapExpression(callee);
  if (target.type !== AST_NODE_TYPES.Identifier) return null;
  const variable = resolveIdentifier(target, sourceCode);
  const definition = variable?.defs[0];
  if (!definition) return null;
  if (definition.type === "FunctionName") return definition.node as TSESTree.FunctionLike;
  if (definition.type === "Variable" && definition.node.init) {
    const init = unwrapExpression(definition.node.init);
    if (init.type === AST_NODE_TYPES.ArrowFunctionExpression || init.type === AST_NODE_TYPES.FunctionExpression) {
      return init;
    }
  }
  return null;
}
