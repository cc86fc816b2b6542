/**
 * What an operation may hold while it waits on a person, as data: acquire/release method pairs (locks,
 * semaphores, transactions, pooled connections), state written before the wait and undone after it
 * (`set.add(t)` … `set.delete(t)`, `map.set(k, v)` … `map.delete(k)`), fields set to a waiting state
 * (`job.status = "awaiting"` … `job.status = …`), and timers armed and stored before the wait and cleared after it
 * (`const t = setTimeout(…)` … `clearTimeout(t)`); the `pairs` option that adds to them, and their compiled tables.
 * Which call or assignment takes such a thing, and which later one gives it back: ./acquisitions.ts.
 */
import type { JSONSchema4 } from "@typescript-eslint/utils/json-schema";
import { Fact, configurationFacts } from "../../analysis/cached-facts.ts";

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

export type LockPair = MethodLockPair | FieldLockPair | TimerPair;

export const TIMER_PAIRS: ReadonlyMap<string, TimerPair> = new Map([
  ["setTimeout", { kind: "timer", repeats: false, noun: "timer" }],
  ["setInterval", { kind: "timer", repeats: true, noun: "interval" }],
]);

export const TIMER_CLEARS: ReadonlySet<string> = new Set(["clearTimeout", "clearInterval"]);

/** Receivers that hold the global timer functions: `globalThis.setTimeout(…)`, `window.clearTimeout(…)`. */
export const GLOBAL_OBJECTS: ReadonlySet<string> = new Set(["globalThis", "window", "self", "global"]);

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
const COMPILED_LOCK_PAIRS = new Fact<null, CompiledLockPairs>("the lock-pair tables with a `pairs` option, per option");

export function compileLockPairs(extra: readonly LockPairOption[] = []): CompiledLockPairs {
  if (extra.length > 0) {
    // createRule hands every file of a config the same options object, so they are compiled once.
    return configurationFacts(extra).remember(COMPILED_LOCK_PAIRS, null, () => buildLockPairs(extra));
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
