/**
 * Which call or assignment takes something of the lock pairs (./lock-pairs.ts), and which later one gives it back:
 * `mutex.acquire()` … `mutex.release()`, `set.add(t)` … `set.delete(t)`, `job.status = …` set again, a stored
 * `setTimeout` … `clearTimeout(t)`; and how a message names what was taken.
 */
import type { TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { getStaticPropertyName, unwrapExpression } from "../../analysis/ast.ts";
import { GLOBAL_OBJECTS, TIMER_CLEARS, TIMER_PAIRS, type CompiledLockPairs, type LockPair } from "./lock-pairs.ts";

/** What one call or assignment took. */
export interface Acquisition {
  /**
   * The acquiring call (`mutex.acquire()`, `setInterval(beat, ms)`, or `setInterval(beat, ms).unref()` as a whole) or
   * assignment (`job.status = "awaiting"`).
   */
  readonly node: TSESTree.CallExpression | TSESTree.AssignmentExpression;
  readonly pair: LockPair;
  /** `mutex`, `this.#pool`, `job.status`, `this.timer`: the dotted path the release must name again. */
  readonly path: string;
  /** Source text of the key for `sameKey` pairs (`token` in `set.add(token)`), else null. */
  readonly key: string | null;
  /** A timer pushed into a collection (`timers.push(setTimeout(…))`): `path` names the collection. */
  readonly collected?: boolean;
}

/** Whether a pair's release is its acquire again (`setStatus` … `setStatus`): the next take is the release. */
export function releasesByRetaking(acquisition: Acquisition): boolean {
  const pair = acquisition.pair;
  return pair.kind === "method" && pair.release.includes(pair.acquire);
}

/**
 * The collection whose timers `node` clears: `timers.forEach(clearTimeout)`, `timers.forEach((t) => clearTimeout(t))`.
 * Null for anything else.
 */
function clearedCollection(node: TSESTree.Node): string | null {
  if (node.type !== AST_NODE_TYPES.CallExpression) return null;
  const parts = calleeParts(node);
  const callback = node.arguments[0] && unwrapExpression(node.arguments[0]);
  if (!parts || parts.method !== "forEach" || !callback) return null;
  const clears =
    (callback.type === AST_NODE_TYPES.Identifier && TIMER_CLEARS.has(callback.name)) ||
    (callback.type === AST_NODE_TYPES.ArrowFunctionExpression &&
      callback.params[0]?.type === AST_NODE_TYPES.Identifier &&
      clearsParam(callback.body, callback.params[0].name));
  return clears ? resourcePath(parts.receiver) : null;
}

function clearsParam(body: TSESTree.Node, name: string): boolean {
  const statement = body.type === AST_NODE_TYPES.BlockStatement && body.body.length === 1 ? body.body[0]! : body;
  const expression = statement.type === AST_NODE_TYPES.ExpressionStatement ? statement.expression : statement;
  const handle = timerClearArgument(expression);
  return handle?.type === AST_NODE_TYPES.Identifier && handle.name === name;
}

/**
 * The dotted path of a receiver, accepting `this`, `#private` members and string keys; null when any link
 * is computed from a value (`locks[id]` cannot be compared by name).
 */
export function resourcePath(node: TSESTree.Node): string | null {
  const target = unwrapExpression(node);
  if (target.type === AST_NODE_TYPES.Identifier) return target.name;
  if (target.type === AST_NODE_TYPES.ThisExpression) return "this";
  if (target.type === AST_NODE_TYPES.MemberExpression) {
    const property =
      target.property.type === AST_NODE_TYPES.PrivateIdentifier
        ? `#${target.property.name}`
        : getStaticPropertyName(target);
    const object = resourcePath(target.object);
    return property !== null && object !== null ? `${object}.${property}` : null;
  }
  return null;
}

function calleeParts(call: TSESTree.CallExpression): { receiver: TSESTree.Node; method: string } | null {
  const callee = unwrapExpression(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return null;
  const method = callee.property.type === AST_NODE_TYPES.PrivateIdentifier ? null : getStaticPropertyName(callee);
  return method === null ? null : { receiver: callee.object, method };
}

/**
 * Whether `node` takes something of `pairs`: `x.acquire(…)`, `set.add(key)`, `map.set(key, v)`, `job.status = …`.
 * `textOf` gives a node's source text (keys are compared by text).
 */
export function matchAcquisition(
  node: TSESTree.Node,
  pairs: CompiledLockPairs,
  textOf: (node: TSESTree.Node) => string,
): Acquisition | null {
  if (node.type === AST_NODE_TYPES.AssignmentExpression) {
    if (node.operator !== "=" || node.left.type !== AST_NODE_TYPES.MemberExpression) return null;
    const field =
      node.left.property.type === AST_NODE_TYPES.PrivateIdentifier ? null : getStaticPropertyName(node.left);
    const pair = field === null ? undefined : pairs.fieldPairs.get(field);
    const path = resourcePath(node.left);
    return pair && path !== null ? { node, pair, path, key: null } : null;
  }
  if (node.type !== AST_NODE_TYPES.CallExpression) return null;
  const timer = matchTimer(node);
  if (timer) return timer;
  const parts = calleeParts(node);
  if (!parts) return null;
  const candidates = pairs.methodPairsByAcquire.get(parts.method);
  const path = resourcePath(parts.receiver);
  if (!candidates || path === null) return null;
  for (const pair of candidates) {
    if (!pair.sameKey) return { node, pair, path, key: null };
    const key = node.arguments[0];
    if (key && key.type !== AST_NODE_TYPES.SpreadElement) return { node, pair, path, key: textOf(key) };
  }
  return null;
}

/**
 * Whether `node` gives back what `acquisition` took: the same receiver's release method (with the same key),
 * a release method on one of `handles` (the names the acquire's result was bound to), a call of a handle itself
 * (async-mutex's releaser), or a new assignment to the same state field.
 */
export function isReleaseOf(
  acquisition: Acquisition,
  node: TSESTree.Node,
  handles: ReadonlySet<string>,
  textOf: (node: TSESTree.Node) => string,
): boolean {
  const pair = acquisition.pair;
  if (pair.kind === "timer") {
    if (acquisition.collected) return clearedCollection(node) === acquisition.path;
    const cleared = timerClearArgument(node);
    const path = cleared ? resourcePath(cleared) : null;
    return path !== null && (path === acquisition.path || handles.has(path));
  }
  if (pair.kind === "field") {
    return (
      node.type === AST_NODE_TYPES.AssignmentExpression &&
      node.operator === "=" &&
      node !== acquisition.node &&
      resourcePath(node.left) === acquisition.path
    );
  }
  if (node.type !== AST_NODE_TYPES.CallExpression || node === acquisition.node) return false;
  const callee = unwrapExpression(node.callee);
  if (callee.type === AST_NODE_TYPES.Identifier) return handles.has(callee.name);
  const parts = calleeParts(node);
  if (!parts || !pair.release.includes(parts.method)) return false;
  const receiver = resourcePath(parts.receiver);
  if (receiver === null) return false;
  if (handles.has(receiver)) return true;
  if (receiver !== acquisition.path) return false;
  if (pair.passesHandle) {
    return node.arguments.some((argument) => argument.type === AST_NODE_TYPES.Identifier && handles.has(argument.name));
  }
  if (!pair.sameKey) return true;
  const key = node.arguments[0];
  return !!key && key.type !== AST_NODE_TYPES.SpreadElement && textOf(key) === acquisition.key;
}

/** `setTimeout` / `setInterval` (or `globalThis.`…) when `call` arms a timer, else null. */
function timerFunction(call: TSESTree.CallExpression | TSESTree.NewExpression): string | null {
  const callee = unwrapExpression(call.callee);
  if (callee.type === AST_NODE_TYPES.Identifier) return callee.name;
  if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.object.type !== AST_NODE_TYPES.Identifier) return null;
  return GLOBAL_OBJECTS.has(callee.object.name) ? getStaticPropertyName(callee) : null;
}

/** The handle `clearTimeout(handle)` / `clearInterval(handle)` stops, or null when `node` is no such call. */
export function timerClearArgument(node: TSESTree.Node): TSESTree.Node | null {
  if (node.type !== AST_NODE_TYPES.CallExpression) return null;
  const name = timerFunction(node);
  const handle = node.arguments[0];
  return name !== null && TIMER_CLEARS.has(name) && handle && handle.type !== AST_NODE_TYPES.SpreadElement
    ? handle
    : null;
}

/**
 * A stored timer: `const t = setTimeout(…)`, `t = setInterval(…)`, `this.timer = setTimeout(…)`, also through
 * `.unref()` (which returns the timer). A timer whose handle is not stored (fire-and-forget) cannot be cleared, and is
 * not an acquisition. An unref'd `setTimeout` is not one either: its author chose how long it may outlive its work,
 * and it fires at most once, while an unref'd `setInterval` still fires for ever.
 */
function matchTimer(call: TSESTree.CallExpression): Acquisition | null {
  const name = timerFunction(call);
  const pair = name === null ? undefined : TIMER_PAIRS.get(name);
  if (!pair) return null;
  let node: TSESTree.CallExpression = call;
  let current: TSESTree.Node = call;
  for (;;) {
    const parent: TSESTree.Node | undefined = current.parent;
    if (!parent) return null;
    if (
      parent.type === AST_NODE_TYPES.TSAsExpression ||
      parent.type === AST_NODE_TYPES.TSNonNullExpression ||
      parent.type === AST_NODE_TYPES.TSSatisfiesExpression
    ) {
      current = parent;
      continue;
    }
    if (
      parent.type === AST_NODE_TYPES.MemberExpression &&
      parent.object === current &&
      getStaticPropertyName(parent) === "unref" &&
      parent.parent.type === AST_NODE_TYPES.CallExpression &&
      parent.parent.callee === parent
    ) {
      if (!pair.repeats) return null;
      node = parent.parent;
      current = parent.parent;
      continue;
    }
    let path: string | null = null;
    // `timers.push(setTimeout(…))`: the collection holds it.
    if (
      parent.type === AST_NODE_TYPES.CallExpression &&
      parent.arguments.length === 1 &&
      parent.arguments[0] === current &&
      calleeParts(parent)?.method === "push"
    ) {
      const collection = resourcePath(calleeParts(parent)!.receiver);
      return collection === null ? null : { node, pair, path: collection, key: null, collected: true };
    }
    if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.init === current) {
      path = parent.id.type === AST_NODE_TYPES.Identifier ? parent.id.name : null;
    } else if (parent.type === AST_NODE_TYPES.AssignmentExpression && parent.right === current) {
      path = parent.operator === "=" ? resourcePath(parent.left) : null;
    }
    return path === null ? null : { node, pair, path, key: null };
  }
}

/** Whether a timer acquisition fires again and again (`setInterval`). */
export function isRepeatingTimer(acquisition: Acquisition): boolean {
  return acquisition.pair.kind === "timer" && acquisition.pair.repeats;
}

/** Describes what was taken, for messages: "the lock `mutex`", "the entry `token` in `pending`", "the state `job.status`". */
export function describeAcquisition(acquisition: Acquisition): string {
  if (acquisition.key !== null) return `the ${acquisition.pair.noun} \`${acquisition.key}\` in \`${acquisition.path}\``;
  return `the ${acquisition.pair.noun} \`${acquisition.path}\``;
}
