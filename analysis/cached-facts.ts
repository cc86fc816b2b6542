/**
 * The one owner of cached facts (docs/architecture.md, "Who keeps what"). Every fact the analysis works out once and
 * reads many times lives in one of three stores, each tied to the object whose lifetime it shares:
 *
 * - **a file**: what the rules of one linted file share (its imports, node index, answers per call), keyed by the
 *   file's AST (`sourceCode.ast`); dropped when ESLint drops the file.
 * - **a TypeScript program** (typed linting): what the whole project's types say, keyed by the `ts.Program`; dropped
 *   when typescript-eslint replaces the program.
 * - **a configuration**: what is compiled from a rule's options or derived from a table row, keyed by that object;
 *   dropped with it.
 * - **a place on disk**: what a folder or file of the project holds (an installed SDK's version, an imported module
 *   parsed), keyed by its absolute path, for the whole process; a fact that can go stale says how it checks.
 *
 * A module names what it keeps as a `Fact` (the description says what it keys on) and reads it with `remember`.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";

/** One kind of fact a store keeps, per key of type `Key`. Identity matters: declare each once, at module level. */
export class Fact<Key, Value> {
  /** `description`: what the fact is and what it is keyed on, for whoever reads a heap snapshot or this code. */
  constructor(readonly description: string) {}
  // Brands the types, so a fact's key and value types are checked where it is read.
  declare readonly types: (key: Key) => Value;
}

/** The facts kept for one owner (a file, a program, a configuration). */
export class FactStore {
  readonly #facts = new Map<Fact<never, unknown>, Map<unknown, unknown>>();

  /**
   * The value of `fact` for `key`, worked out by `compute(key, a, b)` on first ask and kept for the owner's lifetime.
   * Where it is asked of nearly every node, pass a function declared once and what it needs as `a` and `b`: a function
   * written at the call is made at every call, though most calls find the value kept.
   */
  remember<Key, Value, A = undefined, B = undefined>(
    fact: Fact<Key, Value>,
    key: Key,
    compute: (key: Key, a: A, b: B) => Value,
    a?: A,
    b?: B,
  ): Value {
    let values = this.#facts.get(fact as Fact<never, unknown>);
    if (!values) this.#facts.set(fact as Fact<never, unknown>, (values = new Map()));
    const known = values.get(key);
    // One lookup for a value kept (rules ask a file's facts for nearly every node they visit); `has` only tells a
    // kept `undefined` from none.
    if (known !== undefined || values.has(key)) return known as Value;
    const value = compute(key, a as A, b as B);
    values.set(key, value);
    return value;
  }

  /** Keeps `value` for `key`, replacing what was kept (for a fact that can go stale). */
  keep<Key, Value>(fact: Fact<Key, Value>, key: Key, value: Value): Value {
    let values = this.#facts.get(fact as Fact<never, unknown>);
    if (!values) this.#facts.set(fact as Fact<never, unknown>, (values = new Map()));
    values.set(key, value);
    return value;
  }

  /** The value kept for `key`, if any (for a caller that computes it in several steps). */
  recall<Key, Value>(fact: Fact<Key, Value>, key: Key): Value | undefined {
    return this.#facts.get(fact as Fact<never, unknown>)?.get(key) as Value | undefined;
  }
}

/** Per linted file, keyed by its AST's `Program` node (ESLint's `SourceCode#ast`, reachable from every node). */
const fileStores = new WeakMap<TSESTree.Program, FactStore>();
/** Per TypeScript program (`ts.Program`), for as long as typescript-eslint keeps it. */
const programStores = new WeakMap<object, FactStore>();
/** Per configuration object: a rule's options (or a part of them), a row of the API table. */
const configurationStores = new WeakMap<object, FactStore>();
/** Per absolute path of a folder or file, for the process (what is on disk changes rarely; stale facts say so). */
const diskStores = new Map<string, FactStore>();

function storeOf<Owner extends object | string>(
  stores: { get(owner: Owner): FactStore | undefined; set(owner: Owner, store: FactStore): unknown },
  owner: Owner,
): FactStore {
  let store = stores.get(owner);
  if (!store) stores.set(owner, (store = new FactStore()));
  return store;
}

/** The facts of the file `source` is (its `SourceCode`) or belongs to (any of its nodes). */
export function fileFacts(source: Readonly<TSESLint.SourceCode> | TSESTree.Node): FactStore {
  return storeOf(fileStores, "ast" in source ? source.ast : programOf(source));
}

/** The facts of a TypeScript program (typed linting). */
export function programFacts(program: object): FactStore {
  return storeOf(programStores, program);
}

/** The facts compiled from a configuration object (options, a table row). */
export function configurationFacts(configuration: object): FactStore {
  return storeOf(configurationStores, configuration);
}

/** The facts of a folder or file on disk, by its absolute path. */
export function diskFacts(absolutePath: string): FactStore {
  return storeOf(diskStores, absolutePath);
}

function programOf(node: TSESTree.Node): TSESTree.Program {
  let current = node;
  while (current.parent) current = current.parent;
  return current as TSESTree.Program;
}
