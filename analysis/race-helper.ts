/**
 * Same-file helpers that race a promise against an abort signal, and often a timer too:
 * `raceWithSignal(ask, signal)`, `askWithin(ask, { signal, ms, noAnswer })`. A wait handed to one ends when the
 * signal aborts, as a wait given the signal itself does, so the rules count a call through it as raced.
 * Nothing here knows MCP or ACP.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "./node-types.ts";
import { findProperty, getMemberPath, getStringValue, hasSpread, unwrapExpression } from "./ast.ts";
import { isAbortSignalStaticCall, isSetTimeoutCall, localFunctionOf, walkSubtree } from "./walk.ts";
import { Fact, fileFacts } from "./cached-facts.ts";

interface RaceHelper {
  /** The helper's own declaration in the file. */
  readonly fn: TSESTree.FunctionLike;
  /** Whether its body also sets a timer (`setTimeout`, `AbortSignal.timeout`): the race is a deadline too. */
  readonly setsTimer: boolean;
  /**
   * The destructured option (`{ ms }`, no default) that a guarded timer takes its delay from, when the body arms the
   * timer only if the option is given (`ms === undefined ? undefined : setTimeout(stop, ms)`): a call that leaves it
   * out sets no timer. Null otherwise.
   */
  readonly optionalTimer: string | null;
}

const RACE_HELPERS = new Fact<TSESTree.FunctionLike, RaceHelper | null>("the race helper a function is, per function");

/**
 * The helper `call` goes through, when its callee is a function of this file that takes the promise and something
 * more, and listens to `abort` (`x.addEventListener("abort", …)`, `x.onabort = …`) in its body. Null otherwise.
 */
export function raceHelperOf(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): RaceHelper | null {
  if (call.arguments.length < 2) return null;
  const fn = localFunctionOf(call.callee, sourceCode);
  if (!fn) return null;
  const helper = describeHelper(fn, sourceCode);
  if (!helper?.optionalTimer) return helper;
  // `askWithin(ask, { signal, noAnswer })`: the call gives no delay, so this race has no timer.
  const options = unwrapExpression(call.arguments[1]!);
  const leftOut =
    options.type === AST_NODE_TYPES.ObjectExpression &&
    !hasSpread(options) &&
    findProperty(options, helper.optionalTimer) === null;
  return leftOut ? { ...helper, setsTimer: false } : helper;
}

/** The helper a function is, read once per function. */
export function describeHelper(
  fn: TSESTree.FunctionLike,
  sourceCode: Readonly<TSESLint.SourceCode>,
): RaceHelper | null {
  return fileFacts(sourceCode).remember(RACE_HELPERS, fn, () => {
    const body = fn.body;
    return fn.params.length >= 2 && body && listensToAbort(body, sourceCode)
      ? { fn, setsTimer: setsTimer(body, sourceCode), optionalTimer: optionalTimerOf(fn, body, sourceCode) }
      : null;
  });
}

function listensToAbort(body: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return walkSubtree(body, sourceCode.visitorKeys, (node) => {
    if (
      node.type === AST_NODE_TYPES.CallExpression &&
      getMemberPath(unwrapExpression(node.callee))?.at(-1) === "addEventListener"
    ) {
      return getStringValue(node.arguments[0]) === "abort";
    }
    return (
      node.type === AST_NODE_TYPES.AssignmentExpression &&
      node.left.type === AST_NODE_TYPES.MemberExpression &&
      getMemberPath(node.left)?.at(-1) === "onabort"
    );
  });
}

function setsTimer(body: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return walkSubtree(
    body,
    sourceCode.visitorKeys,
    (node) => isSetTimeoutCall(node) || isAbortSignalStaticCall(node, "timeout"),
  );
}

/**
 * The option a helper's timer waits for, when the timer is armed only if that option is given: `setTimeout(f, ms)`
 * whose delay is a destructured option without a default, under a condition (`?:`, `if`, `&&`) that reads it.
 */
function optionalTimerOf(
  fn: TSESTree.FunctionLike,
  body: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): string | null {
  let options = fn.params[1];
  if (options?.type === AST_NODE_TYPES.AssignmentPattern) options = options.left;
  if (options?.type !== AST_NODE_TYPES.ObjectPattern) return null;
  const withoutDefault = new Set(
    options.properties.flatMap((property) =>
      property.type === AST_NODE_TYPES.Property && property.value.type === AST_NODE_TYPES.Identifier
        ? [property.value.name]
        : [],
    ),
  );
  let found: string | null = null;
  walkSubtree(body, sourceCode.visitorKeys, (node) => {
    if (!isSetTimeoutCall(node)) return false;
    const delay = (node as TSESTree.CallExpression).arguments[1];
    if (delay?.type !== AST_NODE_TYPES.Identifier || !withoutDefault.has(delay.name)) return false;
    if (isGuardedBy(node, delay.name, body, sourceCode)) found = delay.name;
    return true;
  });
  return found;
}

/** Whether `node` runs only on one branch of a condition, inside `body`, that reads `name`. */
function isGuardedBy(
  node: TSESTree.Node,
  name: string,
  body: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  const reads = (test: TSESTree.Node) =>
    walkSubtree(
      test,
      sourceCode.visitorKeys,
      (inner) => inner.type === AST_NODE_TYPES.Identifier && inner.name === name,
    );
  for (let child = node, parent = node.parent; parent && child !== body; child = parent, parent = parent.parent) {
    if (
      (parent.type === AST_NODE_TYPES.ConditionalExpression || parent.type === AST_NODE_TYPES.IfStatement) &&
      child !== parent.test &&
      reads(parent.test)
    )
      return true;
    if (parent.type === AST_NODE_TYPES.LogicalExpression && child === parent.right && reads(parent.left)) return true;
  }
  return false;
}

/**
 * The parameter names of a helper whose options are destructured (`(ask, { signal, ms, noAnswer })`), or null when
 * its second parameter is not an object pattern.
 */
export function destructuredOptionNames(fn: TSESTree.FunctionLike): string[] | null {
  let second = fn.params[1];
  if (second?.type === AST_NODE_TYPES.AssignmentPattern) second = second.left;
  if (second?.type !== AST_NODE_TYPES.ObjectPattern) return null;
  return second.properties.flatMap((property) =>
    property.type === AST_NODE_TYPES.Property && property.key.type === AST_NODE_TYPES.Identifier && !property.computed
      ? [property.key.name]
      : [],
  );
}
