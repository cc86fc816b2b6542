/**
 * What an operation may hold while it waits on a person, as data: acquire/release method pairs (locks,
 * semaphores, transactions, pooled connections), state written before the wait and undone after it
 * (`set.add(t)` … `set.delete(t)`, `map.set(k, v)` … `map.delete(k)`), fields set to a waiting state
 * (`job.status = "awaiting"` … `job.status = …`), and timers armed and stored before the wait and cleared after it
 * (`const t = setTimeout(…)` … `clearTimeout(t)`). Plus the matching: which call or assignment takes such a
 * thing, and which later one gives it back.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import type { JSONSchema4 } from "@typescript-eslint/utils/json-schema";
import { getStaticPropertyName, unwrapExpression } from "../../analysis/ast.ts";

/** A resource taken by one method call on a receiver and given back by another on the same receiver. */
interface MethodLockPair {
  readonly kind: "method";
  /** Method that takes it: `mutex.acquire()`. */
  readonly acquire: string;
  /** Methods that give it back, on the same receiver or on the handle the acquire returned. */
  readonly release: readonly string[];
  /** The release must name the same first argument as the acquire (`set.add(t)` … `set.delete(t)`). */
  readonly sameKey: boolean;
  /**
   * Whether releasing what was never taken does harm (unlocking an unheld mutex throws or frees another
   * caller's lock; committing a transaction that never began fails). False for state writes, where
   * `set.delete(t)` of an absent `t` is a no-op.
   */
  readonly strictOrder: boolean;
  /** What a person calls it, for messages: "lock", "transaction". */
  readonly noun: string;
  /**
   * The release that undoes the work on failure (`rollback`), when it differs from the one that keeps it
   * (`commit`): such a resource is given back by `commit` at the end of the `try` and `rollback` in its `catch`,
   * never by a `commit` in a `finally`.
   */
  readonly rollback: string | null;
  /**
   * The release must pass the handle the acquire returned (`const ticket = await seats.hold(zone)` …
   * `seats.free(ticket)`): for names too common to pair on their own.
   */
  readonly passesHandle?: boolean;
}

/** A field set to a waiting state before the wait and set again after it. */
interface FieldLockPair {
  readonly kind: "field";
  readonly field: string;
  readonly noun: string;
}

/**
 * A timer armed with `setTimeout` / `setInterval` whose handle is stored, stopped by `clearTimeout` / `clearInterval`
 * of that handle (either clear stops either kind, in Node and in browsers). Clearing a timer that never ran, or
 * `clearTimeout(undefined)`, is a no-op, so the order against a `try` does not matter.
 */
interface TimerPair {
  readonly kind: "timer";
  /** `setInterval`: it fires again and again until cleared, and keeps the process alive. */
  readonly repeats: boolean;
  readonly noun: string;
}

type LockPair = MethodLockPair | FieldLockPair | TimerPair;

const TIMER_PAIRS: ReadonlyMap<string, TimerPair> = new Map([
  ["setTimeout", { kind: "timer", repeats: false, noun: "timer" }],
  ["setInterval", { kind: "timer", repeats: true, noun: "interval" }],
]);

const TIMER_CLEARS: ReadonlySet<string> = new Set(["clearTimeout", "clearInterval"]);

/** Receivers that hold the global timer functions: `globalThis.setTimeout(…)`, `window.clearTimeout(…)`. */
const GLOBAL_OBJECTS: ReadonlySet<string> = new Set(["globalThis", "window", "self", "global"]);

const lockLike = (
  acquire: string,
  release: readonly string[],
  noun: string,
  rollback: string | null = null,
): MethodLockPair => ({
  kind: "method",
  acquire,
  release,
  sameKey: false,
  strictOrder: true,
  noun,
  rollback,
});

const stateEntry = (acquire: string, release: readonly string[], noun: string): MethodLockPair => ({
  kind: "method",
  acquire,
  release,
  sameKey: true,
  strictOrder: false,
  noun,
  rollback: null,
});

const stateField = (field: string): FieldLockPair => ({ kind: "field", field, noun: "state" });

const DEFAULT_LOCK_PAIRS: readonly LockPair[] = [
  // async-mutex Mutex/Semaphore, redlock, p-limit style semaphores: `acquire()` … `release()` (or the returned releaser).
  lockLike("acquire", ["release"], "lock"),
  lockLike("lock", ["unlock"], "lock"),
  lockLike("acquireLock", ["releaseLock"], "lock"),
  lockLike("begin", ["commit", "rollback"], "transaction", "rollback"),
  lockLike("beginTransaction", ["commit", "rollback"], "transaction", "rollback"),
  lockLike("startTransaction", ["commitTransaction", "abortTransaction"], "transaction", "abortTransaction"),
  // pg / mysql2 pools: `const client = await pool.connect()` … `client.release()`.
  lockLike("connect", ["release"], "pooled connection"),
  lockLike("getConnection", ["release"], "pooled connection"),
  // A server opened for the question's callback (an OAuth redirect, a local answer page): `listen()` … `close()`.
  lockLike("listen", ["close"], "listening server"),
  // Seats, slots, quotas held for a person's answer: \`const ticket = await seats.hold(zone)\` … \`seats.free(ticket)\`.
  { ...lockLike("hold", ["free", "release"], "reservation"), passesHandle: true },
  { ...lockLike("reserve", ["free", "release"], "reservation"), passesHandle: true },
  stateEntry("add", ["delete"], "entry"),
  // Storage that marks a pending question: `storage.put(key, …)` … `storage.delete(key)` (Durable Objects, KV).
  stateEntry("put", ["delete"], "stored entry"),
  stateEntry("set", ["delete"], "entry"),
  // A status set through a method: \`jobs.setStatus(id, waiting)\` … \`jobs.setStatus(id, running)\`, the same key again.
  stateEntry("setStatus", ["setStatus"], "status"),
  stateField("status"),
  stateField("state"),
  stateField("busy"),
  stateField("locked"),
  stateField("awaiting"),
  stateField("inProgress"),
];

/**
 * Calls that hold a resource only while the callback they are given runs, and release it themselves:
 * async-mutex `runExclusive(fn)`, async-lock `lock.acquire(key, fn)`, `withLock(fn)`, postgres.js
 * `sql.begin(fn)`, knex/sequelize `transaction(fn)`, prisma `$transaction(fn)`, callback-style
 * `pool.connect(fn)`. Given a callback, they are never an acquisition.
 */
export const DEFAULT_CALLBACK_SCOPES: readonly string[] = [
  "runExclusive",
  "withLock",
  "acquire",
  "lock",
  "begin",
  "connect",
  "getConnection",
  "transaction",
  "$transaction",
  "withTransaction",
];

/** The `pairs` rule option: extra method pairs or state fields, added to the defaults. */
export type LockPairOption =
  | { acquire: string; release: string | string[]; sameKey?: boolean; rollback?: string; noun?: string }
  | { field: string };

export const lockPairOptionSchema: JSONSchema4 = {
  type: "array",
  description:
    "Extra things that are taken before a wait and must be given back after it, added to the built-in pairs: " +
    "`{ acquire, release }` method names (release on the same receiver or on the handle the acquire returned), " +
    "`sameKey: true` when the release must name the same first argument, or `{ field }` for a state field.",
  items: {
    oneOf: [
      {
        type: "object",
        additionalProperties: false,
        required: ["acquire", "release"],
        properties: {
          acquire: { type: "string", description: "Method that takes the resource." },
          release: {
            description: "Method(s) that give it back.",
            oneOf: [{ type: "string" }, { type: "array", items: { type: "string" }, minItems: 1 }],
          },
          sameKey: { type: "boolean", description: "The release must pass the same first argument." },
          rollback: {
            type: "string",
            description: "The release that undoes the work on failure, given back in a `catch` (`rollback`).",
          },
          noun: { type: "string", description: "What to call it in messages (default: `resource`)." },
        },
      },
      {
        type: "object",
        additionalProperties: false,
        required: ["field"],
        properties: { field: { type: "string", description: "Field set before the wait and reset after it." } },
      },
    ],
  },
};

export interface CompiledLockPairs {
  readonly methodPairsByAcquire: ReadonlyMap<string, readonly MethodLockPair[]>;
  readonly fieldPairs: ReadonlyMap<string, FieldLockPair>;
  /** Cheap pre-filter: a file whose text does not match cannot take anything. */
  readonly textHint: RegExp;
}

let compiledDefaults: CompiledLockPairs | null = null;

/** The pair tables for the defaults plus `extra`; the defaults alone are compiled once, not once per file. */
const compiledExtras = new WeakMap<readonly LockPairOption[], CompiledLockPairs>();

export function compileLockPairs(extra: readonly LockPairOption[] = []): CompiledLockPairs {
  if (extra.length > 0) {
    // createRule hands every file of a config the same options object, so they are compiled once.
    let compiled = compiledExtras.get(extra);
    if (!compiled) {
      compiled = buildLockPairs(extra);
      compiledExtras.set(extra, compiled);
    }
    return compiled;
  }
  compiledDefaults ??= buildLockPairs([]);
  return compiledDefaults;
}

function buildLockPairs(extra: readonly LockPairOption[]): CompiledLockPairs {
  const pairs: LockPair[] = [...DEFAULT_LOCK_PAIRS];
  for (const option of extra) {
    if ("field" in option) pairs.push(stateField(option.field));
    else {
      const release = Array.isArray(option.release) ? option.release : [option.release];
      pairs.push({
        kind: "method",
        acquire: option.acquire,
        release: option.rollback && !release.includes(option.rollback) ? [...release, option.rollback] : release,
        sameKey: option.sameKey ?? false,
        strictOrder: !(option.sameKey ?? false),
        noun: option.noun ?? "resource",
        rollback: option.rollback ?? null,
      });
    }
  }
  const methodPairsByAcquire = new Map<string, MethodLockPair[]>();
  const fieldPairs = new Map<string, FieldLockPair>();
  for (const pair of pairs) {
    if (pair.kind === "field") fieldPairs.set(pair.field, pair);
    else if (pair.kind === "method")
      methodPairsByAcquire.set(pair.acquire, [...(methodPairsByAcquire.get(pair.acquire) ?? []), pair]);
  }
  // A user's own pair for a name the defaults pair only on a passed handle (\`hold\`) is theirs to define.
  for (const [name, list] of methodPairsByAcquire) {
    methodPairsByAcquire.set(name, [
      ...list.filter((pair) => !pair.passesHandle),
      ...list.filter((pair) => pair.passesHandle),
    ]);
  }
  const names = [...methodPairsByAcquire.keys(), ...fieldPairs.keys(), ...TIMER_PAIRS.keys()].map(escapeRegExp);
  return { methodPairsByAcquire, fieldPairs, textHint: new RegExp(`(?:${names.join("|")})`) };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

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
