/**
 * Subtree walking and local value tracing shared by the deadline and signal readers.
 * Nothing here knows MCP or ACP.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "./node-types.ts";
import {
  containsNode,
  findVariable,
  getCalleeName,
  getMemberPath,
  memberName,
  unwrapExpression,
  walkSubtree,
} from "./ast.ts";
import { nodesWithin } from "./node-index.ts";

export { walkSubtree } from "./ast.ts";

/** The variable an identifier refers to, looked up from the identifier's own scope outwards. */
export function resolveIdentifier(
  identifier: TSESTree.Identifier,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESLint.Scope.Variable | null {
  return findVariable(sourceCode.getScope(identifier), identifier.name);
}

/** The calls `this.<name>(…)` in a class body; a private member's name is written with its `#` (`#context`). */
export function thisCallsIn(
  body: TSESTree.ClassBody,
  name: string,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.CallExpression[] {
  return nodesWithin(sourceCode, body, AST_NODE_TYPES.CallExpression).filter((call) => {
    const callee = unwrapExpression(call.callee);
    return (
      callee.type === AST_NODE_TYPES.MemberExpression &&
      unwrapExpression(callee.object).type === AST_NODE_TYPES.ThisExpression &&
      memberName(callee) === name
    );
  });
}

/** The calls of what a variable names: `name(…)` wherever the variable is referenced. */
export function callsOfVariable(variable: TSESLint.Scope.Variable): TSESTree.CallExpression[] {
  return variable.references.flatMap(({ identifier }) => {
    const parent = identifier.parent;
    return parent?.type === AST_NODE_TYPES.CallExpression && parent.callee === identifier ? [parent] : [];
  });
}

/**
 * The definition of the parameter `identifier` names (its variable's only definition), or null: a local, an import,
 * a global.
 */
export function parameterDefinitionOf(
  identifier: TSESTree.Identifier,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESLint.Scope.Definition | null {
  const variable = resolveIdentifier(identifier, sourceCode);
  const definition = variable?.defs.length === 1 ? variable.defs[0]! : null;
  return definition?.type === "Parameter" ? definition : null;
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

/** An identifier that reads a value (not a property key or a non-computed member name). */
export function isValueIdentifier(identifier: TSESTree.Identifier): boolean {
  const parent = identifier.parent;
  if (parent?.type === AST_NODE_TYPES.MemberExpression && parent.property === identifier && !parent.computed)
    return false;
  if (parent?.type === AST_NODE_TYPES.Property && parent.key === identifier && !parent.computed && !parent.shorthand) {
    return false;
  }
  return true;
}

/** How many `const`s deep `readsThroughConstants` follows a name to its initializer. */
const MAX_CONSTANT_DEPTH = 3;

/**
 * Whether `expression`, or the initializer of a `const` it reads (through `const`s, a few deep), holds a node `found`
 * says is the one: `found(node, variable)` answers true (it is), false (not this node; its children are still read),
 * or undefined for a value identifier (`variable` its resolved variable) whose initializer the walk should read.
 */
export function readsThroughConstants(
  expression: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  found: (node: TSESTree.Node, variable: TSESLint.Scope.Variable | null) => boolean | undefined,
  depth = 0,
): boolean {
  if (depth > MAX_CONSTANT_DEPTH) return false;
  return walkSubtree(expression, sourceCode.visitorKeys, (node) => {
    if (node.type !== AST_NODE_TYPES.Identifier) return found(node, null) ?? false;
    if (!isValueIdentifier(node)) return false;
    const variable = resolveIdentifier(node, sourceCode);
    const verdict = found(node, variable);
    if (verdict !== undefined) return verdict;
    const init = variable ? singleInitializer(variable) : null;
    return (
      init !== null && !containsNode(init, expression) && readsThroughConstants(init, sourceCode, found, depth + 1)
    );
  });
}
