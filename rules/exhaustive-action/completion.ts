/**
 * Whether a list of statements can run to its end, read from ESLint's code path analysis rather than from the
 * statements' shapes: a `switch` whose every case returns, a `while (true)` left only by `return`, a labelled
 * `break` and `try`/`finally` all end a path as the language says they do.
 *
 * A rule adds `completionVisitors()` to its listeners and asks `canCompleteNormally` at `Program:exit` (by then every
 * statement of the file has been left and its end recorded). The pattern is the one ESLint documents for tracking
 * the current code path segments (onCodePathSegmentStart/End and their unreachable twins).
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import type { VisitorKeys } from "../../analysis/ast.ts";
import { Fact, configurationFacts } from "../../analysis/cached-facts.ts";

/**
 * For each statement of the file being linted left so far: whether any path reaches its end. A plain map started
 * afresh by each file's `completionVisitors()` (ESLint lints one file at a time, and the answers are asked before it
 * moves on) and dropped once the file's analyses have run: a module-wide WeakMap entry for every statement of every
 * file was the garbage collector's to trace.
 */
let reachableAtEnd: Map<TSESTree.Node, boolean> | null = null;

interface Segment {
  readonly reachable: boolean;
}

/**
 * Statements that end the path they are on. ESLint moves to the unreachable segment they leave behind only when the
 * next node starts, so at their own exit the current segment still looks reachable: their answer is known already.
 */
const JUMPS: ReadonlySet<string> = new Set([
  AST_NODE_TYPES.ReturnStatement,
  AST_NODE_TYPES.ThrowStatement,
  AST_NODE_TYPES.BreakStatement,
  AST_NODE_TYPES.ContinueStatement,
]);

/** Declarations the code path of the enclosing function does not run through where they stand. */
const HOISTED: ReadonlySet<string> = new Set([AST_NODE_TYPES.FunctionDeclaration, AST_NODE_TYPES.TSDeclareFunction]);

/**
 * esquery's `:statement` class (a type ending in `Statement` or `Declaration`) spelled as a list of the parser's node
 * types: ESLint tests a class selector against every node it leaves, but dispatches a list of types by type.
 */
const STATEMENT_EXIT_SELECTOR = new Fact<null, string>(
  "the statement types' `:exit` selector, per set of visitor keys",
);

function statementExitSelector(keys: VisitorKeys): string {
  return configurationFacts(keys).remember(STATEMENT_EXIT_SELECTOR, null, () => {
    const types = Object.keys(keys).filter((type) => /(?:Statement|Declaration)$/.test(type));
    return `${types.join(", ")}:exit`;
  });
}

export function completionVisitors(keys: VisitorKeys): TSESLint.RuleListener {
  const atEnd = (reachableAtEnd = new Map<TSESTree.Node, boolean>());
  // How many of the current code path's segments are reachable, and the same for the paths it is nested in: a
  // statement's end is reachable when any current segment is (a count, not the set of segments, is all that asks).
  const outer: number[] = [];
  let reachable = 0;
  const add = (segment: Segment) => void (segment.reachable && (reachable += 1));
  const remove = (segment: Segment) => void (segment.reachable && (reachable -= 1));
  const listeners = {
    onCodePathStart() {
      outer.push(reachable);
      reachable = 0;
    },
    onCodePathEnd() {
      reachable = outer.pop() ?? 0;
    },
    onCodePathSegmentStart: add,
    onCodePathSegmentEnd: remove,
    onUnreachableCodePathSegmentStart: add,
    onUnreachableCodePathSegmentEnd: remove,
    [statementExitSelector(keys)](node: TSESTree.Node) {
      if (HOISTED.has(node.type)) return;
      atEnd.set(node, !JUMPS.has(node.type) && reachable > 0);
    },
  };
  return listeners as unknown as TSESLint.RuleListener;
}

/**
 * Whether running `statements` in order can reach the end (rather than always return, throw, break or continue).
 * The last statement whose end was recorded decides; a list with none (empty, or only hoisted declarations) completes.
 */
export function canCompleteNormally(statements: readonly TSESTree.Node[]): boolean {
  for (let index = statements.length - 1; index >= 0; index--) {
    const recorded = reachableAtEnd?.get(statements[index]!);
    if (recorded !== undefined) return recorded;
  }
  return true;
}

/**
 * Runs analyses that ask `canCompleteNormally` once the whole file has been walked: `later(analyse)` is a listener
 * that queues `analyse(node)`; `run` (the rule's `Program:exit`) runs the queue in the order the nodes were entered.
 */
export function deferredUntilProgramExit(): {
  later: <N>(analyse: (node: N) => unknown) => (node: N) => void;
  run: () => void;
} {
  const queue: (() => unknown)[] = [];
  return {
    later: (analyse) => (node) => void queue.push(() => analyse(node)),
    run: () => {
      for (const analyse of queue) analyse();
      // Nothing asks after the file's last analysis: the statements' map (and through their parents, the whole file)
      // is let go now rather than when the next file starts, so ESLint's garbage is not kept alive by ours.
      reachableAtEnd = null;
    },
  };
}
