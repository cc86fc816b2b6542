/**
 * Whether a value a pending-answer store holds waits for an answer (docs/rules/no-session-keyed-pending.md): a
 * resolver, a deferred, a future, `{ resolve, reject }` or an object carrying one; visibly something else; or a value
 * the rule cannot see into.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { getCalleeName, getMemberPath, getStaticPropertyName, unwrapExpression } from "../../analysis/ast.ts";
import { findVariable } from "../../analysis/flow.ts";
import { toSnakeName } from "./pending-names.ts";
import { MAX_TRACE_DEPTH } from "./pending-keys.ts";

export type WaiterVerdict =
  /** Settles a pending answer: a resolver, a deferred, a future, `{ resolve, reject }`, or an object carrying one. */
  | "waiter"
  /** Visibly something else: a flag, a number, a string, a settled value, a cache entry. */
  | "not-waiter"
  /** Cannot be seen into: a parameter, an untraced name. */
  | "opaque";

/** Words in a variable or property name that name a waiter: `resolve`, `resolveAnswer`, `deferred`, `future`. */
const WAITER_NAME_WORDS = new Set([
  "resolve",
  "resolver",
  "resolvers",
  "reject",
  "rejecter",
  "deferred",
  "future",
  "waiter",
  "settle",
  "settler",
  "fulfil",
  "fulfill",
  "completer",
]);

/** Words in a constructor or factory name that make a waiter: `new Deferred()`, `createDeferred()`, `pDefer()`. */
const WAITER_FACTORY_WORDS = new Set(["deferred", "defer", "future", "resolver", "resolvers", "waiter", "completer"]);

function hasWord(name: string, words: ReadonlySet<string>): boolean {
  return toSnakeName(name)
    .split("_")
    .some((word) => words.has(word));
}

/** `Deferred`, `createFuture`, `Completer`: a name that makes something that settles a pending answer. */
export function hasWaiterFactoryName(name: string): boolean {
  return hasWord(name, WAITER_FACTORY_WORDS);
}

function isWaiterName(name: string): boolean {
  return hasWord(name, WAITER_NAME_WORDS);
}

/** Whether a stored value waits for an answer. */
export function classifyStoredValue(
  value: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  depth = 0,
): WaiterVerdict {
  if (depth > MAX_TRACE_DEPTH) return "opaque";
  const node = unwrapExpression(value);
  const recurse = (next: TSESTree.Node) => classifyStoredValue(next, sourceCode, depth + 1);
  switch (node.type) {
    case AST_NODE_TYPES.Identifier:
      if (node.name === "undefined") return "not-waiter";
      return isWaiterName(node.name) ? "waiter" : traceValueIdentifier(node, sourceCode, recurse);
    case AST_NODE_TYPES.MemberExpression: {
      const path = getMemberPath(node);
      return path && isWaiterName(path[path.length - 1]!) ? "waiter" : "opaque";
    }
    case AST_NODE_TYPES.ObjectExpression:
      return node.properties.some((property) => propertyCarriesWaiter(property, recurse)) ? "waiter" : "not-waiter";
    case AST_NODE_TYPES.ArrayExpression:
      return node.elements.some((element) => element !== null && recurse(element) === "waiter")
        ? "waiter"
        : "not-waiter";
    case AST_NODE_TYPES.ArrowFunctionExpression:
    case AST_NODE_TYPES.FunctionExpression:
      // `(answer) => resolve(answer)`: a continuation that settles a waiter.
      return functionCallsWaiter(node, sourceCode) ? "waiter" : "opaque";
    case AST_NODE_TYPES.NewExpression:
      // A stored promise is what a caller awaits, not what settles it; its executor's `resolve` is the waiter.
      if (constructorName(node) === "Promise") return "not-waiter";
      if (node.arguments.some((argument) => recurse(argument) === "waiter")) return "waiter";
      return constructorName(node) !== null && hasWord(constructorName(node)!, WAITER_FACTORY_WORDS)
        ? "waiter"
        : "not-waiter";
    case AST_NODE_TYPES.CallExpression:
      return classifyValueCall(node, recurse);
    case AST_NODE_TYPES.ConditionalExpression:
      return [node.consequent, node.alternate].map(recurse).includes("waiter") ? "waiter" : "not-waiter";
    default:
      // Literals, templates, arithmetic, `await`ed results, `Date.now()`-like expressions: settled values.
      return "not-waiter";
  }
}

function propertyCarriesWaiter(
  property: TSESTree.ObjectLiteralElement,
  recurse: (next: TSESTree.Node) => WaiterVerdict,
): boolean {
  if (property.type === AST_NODE_TYPES.SpreadElement) return recurse(property.argument) === "waiter";
  const name = getStaticPropertyName(property);
  const value = unwrapExpression(property.value);
  if (name !== null && isWaiterName(name) && value.type !== AST_NODE_TYPES.Literal) return true;
  return recurse(property.value) === "waiter";
}

function constructorName(node: TSESTree.NewExpression): string | null {
  const path = getMemberPath(node.callee);
  return path ? path[path.length - 1]! : null;
}

function classifyValueCall(
  call: TSESTree.CallExpression,
  recurse: (next: TSESTree.Node) => WaiterVerdict,
): WaiterVerdict {
  const name = getCalleeName(call);
  if (name === "withResolvers") return "waiter"; // Promise.withResolvers()
  // `resolve.bind(null)`
  if (name === "bind" && call.callee.type === AST_NODE_TYPES.MemberExpression) return recurse(call.callee.object);
  if (name !== null && hasWord(name, WAITER_FACTORY_WORDS)) return "waiter";
  // `makeEntry(resolve, reject)` carries the resolver it was given.
  return call.arguments.some((argument) => recurse(argument) === "waiter") ? "waiter" : "not-waiter";
}

function traceValueIdentifier(
  identifier: TSESTree.Identifier,
  sourceCode: Readonly<TSESLint.SourceCode>,
  recurse: (next: TSESTree.Node) => WaiterVerdict,
): WaiterVerdict {
  const variable = findVariable(sourceCode.getScope(identifier), identifier.name);
  if (!variable || variable.defs.length === 0) return "opaque";
  const definition = variable.defs[0]!;
  if (definition.type === "Parameter") return isPromiseExecutor(definition.node) ? "waiter" : "opaque";
  if (definition.type !== "Variable") return "opaque";
  const declarator = definition.node;
  if (declarator.id === definition.name) {
    const writes = variable.references
      .map((reference) => reference.writeExpr)
      .filter((write): write is TSESTree.Expression => !!write);
    const sources = declarator.init
      ? [declarator.init, ...writes.filter((write) => write !== declarator.init)]
      : writes;
    if (sources.length === 0) return "opaque";
    const verdicts = sources.map(recurse);
    if (verdicts.includes("waiter")) return "waiter";
    return verdicts.includes("opaque") ? "opaque" : "not-waiter";
  }
  // `const { resolve: done } = Promise.withResolvers()`
  const patternProperty = definition.name.parent;
  if (
    patternProperty?.type === AST_NODE_TYPES.Property &&
    patternProperty.parent.type === AST_NODE_TYPES.ObjectPattern
  ) {
    const propertyName = getStaticPropertyName(patternProperty);
    if (propertyName !== null && isWaiterName(propertyName)) return "waiter";
  }
  return "opaque";
}

/** The executor of `new Promise((resolve, reject) => …)`: both its parameters settle the promise. */
function isPromiseExecutor(fn: TSESTree.Node): boolean {
  const parent = fn.parent;
  return (
    parent?.type === AST_NODE_TYPES.NewExpression &&
    parent.arguments[0] === fn &&
    parent.callee.type === AST_NODE_TYPES.Identifier &&
    parent.callee.name === "Promise"
  );
}

/** Whether a function's body calls something that settles a waiter (bounded walk, nested functions skipped). */
function functionCallsWaiter(fn: TSESTree.FunctionLike, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const keys = sourceCode.visitorKeys;
  let budget = 200;
  const visit = (node: TSESTree.Node): boolean => {
    if (--budget < 0) return false;
    if (node.type === AST_NODE_TYPES.CallExpression) {
      const callee = unwrapExpression(node.callee);
      const path = getMemberPath(callee);
      if (path && isWaiterName(path[path.length - 1]!)) return true;
      if (
        callee.type === AST_NODE_TYPES.Identifier &&
        classifyStoredValue(callee, sourceCode, MAX_TRACE_DEPTH - 1) === "waiter"
      ) {
        return true;
      }
    }
    for (const key of keys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      const children = Array.isArray(child) ? child : [child];
      for (const item of children) {
        if (item && typeof item === "object" && "type" in item && visit(item as TSESTree.Node)) return true;
      }
    }
    return false;
  };
  return fn.body ? visit(fn.body) : false;
}
