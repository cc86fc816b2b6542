/**
 * Where release-in-finally finds an acquisition given back: its releases after it in the same function, up to the
 * next acquisition of the same thing, and whether an error from a wait on a person can skip the one release.
 */
import type { TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import {
  getEnclosingFunction,
  getStaticPropertyName,
  isFunctionNode,
  someOwnNode,
  unwrapExpression,
  type VisitorKeys,
} from "../../analysis/ast.ts";
import { startingIn } from "../../analysis/node-index.ts";
import { isReleaseOf, releasesByRetaking, type Acquisition } from "./acquisitions.ts";
import {
  awaitedExecutorStatement,
  containsJump,
  isReleaseStatement,
  isStatementListOwner,
  statementOf,
  type AcquisitionSite,
} from "./sites.ts";
import type { ReleaseCheck } from "./file-state.ts";

/**
 * Whether an error from `wait` cannot skip the one release: the wait's promise is given a `.catch(fn)` that does not
 * throw, or the wait sits in the block of a `try` of this function whose `catch` swallows the error (no `throw`,
 * `await`, `return`, `break` or `continue` in it or in its `finally`); and the release is an unconditional statement
 * after the statement that waits (or that `try`) in the same block, with no jump between them. Calls in the `catch`
 * (logging) are taken not to throw.
 */
export function isCaughtBeforeRelease(
  held: ReleaseCheck,
  wait: TSESTree.Node,
  owner: TSESTree.Node | null,
  releases: readonly TSESTree.Node[],
): boolean {
  const keys = held.sourceCode.visitorKeys;
  if (releases.length !== 1) return false;
  for (let current: TSESTree.Node = wait; current.parent && current !== owner; current = current.parent) {
    const parent: TSESTree.Node = current.parent;
    if (
      parent.type === AST_NODE_TYPES.MemberExpression &&
      parent.object === current &&
      getStaticPropertyName(parent) === "catch" &&
      parent.parent.type === AST_NODE_TYPES.CallExpression &&
      parent.parent.callee === parent
    ) {
      const handler = parent.parent.arguments[0];
      if (!handler || !isFunctionNode(handler) || someOwnNode(handler.body, keys, isThrowOrLeave)) return false;
      const statement = statementOf(parent.parent);
      return !!statement && releaseFollows(statement, releases, keys);
    }
    if (parent.type === AST_NODE_TYPES.TryStatement && parent.block === current) {
      if (getEnclosingFunction(parent) !== owner || !parent.handler) return false;
      if (someOwnNode(parent.handler.body, keys, isThrowOrLeave)) return false;
      if (parent.finalizer && someOwnNode(parent.finalizer, keys, isThrowOrLeave)) return false;
      return releaseFollows(parent, releases, keys);
    }
  }
  return false;
}

const LEAVES: ReadonlySet<string> = new Set([
  AST_NODE_TYPES.ThrowStatement,
  AST_NODE_TYPES.AwaitExpression,
  AST_NODE_TYPES.ReturnStatement,
  AST_NODE_TYPES.BreakStatement,
  AST_NODE_TYPES.ContinueStatement,
]);

function isThrowOrLeave(node: TSESTree.Node): boolean {
  return LEAVES.has(node.type);
}

/** The release is a statement after `statement` in its block, and nothing between them can jump past it. */
function releaseFollows(statement: TSESTree.Node, releases: readonly TSESTree.Node[], keys: VisitorKeys): boolean {
  const owner = statement.parent;
  if (!isStatementListOwner(owner)) return false;
  const list: readonly TSESTree.Node[] = owner.type === AST_NODE_TYPES.SwitchCase ? owner.consequent : owner.body;
  const from = list.indexOf(statement);
  const to = list.findIndex((node) => isReleaseStatement(node, releases));
  return to > from && !list.slice(from + 1, to).some((node) => containsJump(node, keys));
}

/** The statement `node` is the expression of (`server.close(resolve);`), or `node` itself (an arrow's body). */
function statementOrSelf(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (current.parent?.type === AST_NODE_TYPES.AwaitExpression) current = current.parent;
  return current;
}

/**
 * Releases after the acquisition in the same function, up to the next acquisition of the same thing. `aliases` are
 * the other paths a timer's handle was copied to (`this.timer = t`).
 */
export function findReleases(
  held: ReleaseCheck,
  acquisition: Acquisition,
  site: AcquisitionSite,
  owner: TSESTree.Node | null,
  aliases: readonly string[],
): TSESTree.Node[] | null {
  const { textOf, calls, fieldWrites } = held;
  const handles = new Set([...site.handleNames, ...aliases]);
  const candidates: readonly TSESTree.Node[] = acquisition.pair.kind === "field" ? fieldWrites : calls;
  const nextTake =
    acquisition.pair.kind !== "field" &&
    // Timers pushed into one collection add up; a status set again is this release.
    !acquisition.collected &&
    !releasesByRetaking(acquisition)
      ? startingIn(held.sameTakes(acquisition), acquisition.node.range[1] + 1, Infinity)[0]
      : undefined;
  const limit = nextTake ? nextTake.range[0] : Infinity;
  const bodyEnd = owner ? owner.range[1] : Infinity;
  const releases: TSESTree.Node[] = [];
  const from = Math.max(acquisition.node.range[1] + 1, owner ? owner.range[0] : 0);
  for (const candidate of startingIn(candidates, from, Math.min(limit, bodyEnd))) {
    if (!isReleaseOf(acquisition, candidate, handles, textOf)) continue;
    // `await new Promise((resolve) => server.close(resolve))` gives it back in the awaiting statement.
    const awaited =
      getEnclosingFunction(candidate) === owner ? null : awaitedExecutorStatement(statementOrSelf(candidate));
    const release =
      awaited && getEnclosingFunction(awaited) === owner ? unwrapExpression(awaited.expression) : candidate;
    // Given back inside a callback: a hand-off this function does not control.
    if (getEnclosingFunction(release) !== owner) return null;
    releases.push(release);
    // A field is reset once on the straight path; later writes are a new state, not this release.
    if (acquisition.pair.kind === "field" && statementOf(candidate)?.parent === site.statement.parent) break;
  }
  return releases.length > 0 ? releases.sort((a, b) => a.range[0] - b.range[0]) : null;
}
