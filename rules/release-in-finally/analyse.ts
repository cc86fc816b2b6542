/**
 * The release-in-finally analysis: for each acquisition, its releases in the same function (./releases.ts), whether
 * a wait on a person lies between, and which of Error Prone's LockNotBeforeTry shapes it has.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import {
  findVariable,
  getCalleeName,
  getEnclosingFunction,
  isFunctionNode,
  unwrapExpression,
  type VisitorKeys,
} from "../../analysis/ast.ts";
import { startingIn } from "../../analysis/node-index.ts";
import { describeAcquisition, isRepeatingTimer, type Acquisition } from "./acquisitions.ts";
import { suggestAcquireBeforeTry, suggestMoveIntoTry, suggestWrap, type Suggestions } from "./fix.ts";
import {
  containsJump,
  findAcquisitionSite,
  findEnclosingTryBlock,
  findEscapeIn,
  isGuarded,
  isInertDeclaration,
  isReleaseStatement,
  mayThrowOrJump,
  type AcquisitionSite,
} from "./sites.ts";
import { findTimerEscape, firesHarmlessly, isOwnTimer, isUnrefd, timerAliases } from "./timers.ts";
import type { ReleaseCheck } from "./file-state.ts";
import { findReleases, isCaughtBeforeRelease } from "./releases.ts";

interface Verdict {
  messageId: "releaseNotInFinally" | "statementsBeforeTry" | "acquireInsideTry";
  suggest: Suggestions;
  /** Where the `try` whose `finally` gives it back starts, when statements run between the acquisition and it. */
  protectedFrom?: number;
}

/** Whether `call` is a callback scope (`runExclusive(fn)`, `withLock(fn)`): it holds only while `fn` runs. */
export function isCallbackScope(
  call: TSESTree.CallExpression,
  callbackScopes: ReadonlySet<string>,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  const name = getCalleeName(call);
  if (name === null || !callbackScopes.has(name)) return false;
  return call.arguments.some((argument) => isFunctionNode(argument) || namesFunction(argument, sourceCode));
}

function namesFunction(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  if (node.type !== AST_NODE_TYPES.Identifier) return false;
  const variable = findVariable(sourceCode.getScope(node), node.name);
  return !!variable?.defs.some(
    (def) =>
      def.type === "FunctionName" ||
      (def.type === "Variable" && !!def.node.init && isFunctionNode(unwrapExpression(def.node.init))),
  );
}

export function check(held: ReleaseCheck, acquisition: Acquisition, waits: readonly TSESTree.Node[]): void {
  const { context, options, sourceCode } = held;
  const site = findAcquisitionSite(acquisition);
  if (!site) return;
  const owner = site.owner;
  const aliases = acquisition.pair.kind === "timer" ? timerAliases(sourceCode, site, owner) : [];
  const releases = findReleases(held, acquisition, site, owner, aliases);
  if (!releases) return;
  const lastRelease = releases[releases.length - 1]!;
  const span: [number, number] = [acquisition.node.range[1], lastRelease.range[0]];
  // Only the waits in the span can hold it across a person's answer (the timer's unprotected part is within it too).
  const uncaught = startingIn(waits, span[0] + 1, span[1]).filter(
    (wait) => !isCaughtBeforeRelease(held, wait, owner, releases),
  );
  if (!spanWaits(held, span, owner, uncaught)) return;

  const verdict = judge(held, acquisition, site, releases);
  if (verdict === null) return;
  if (acquisition.pair.kind === "timer") {
    reportTimer(held, { acquisition, site, owner, aliases, verdict, waits: uncaught });
    return;
  }
  const escape = findEscape(held, site.handles, releases);
  if (escape) {
    if (options.reportEscapingHandles) {
      context.report({ node: escape, messageId: "handleEscapes", data: { name: escape.name } });
    }
    return;
  }
  const what = describeAcquisition(acquisition);
  context.report({
    node: acquisition.node,
    messageId: verdict.messageId,
    data: { what },
    suggest: verdict.suggest.map((suggestion) => ({ ...suggestion, data: { what, ...suggestion.data } })),
  });
}

interface TimerFinding {
  acquisition: Acquisition;
  site: AcquisitionSite;
  owner: TSESTree.Node | null;
  aliases: readonly string[];
  verdict: Verdict;
  waits: readonly TSESTree.Node[];
}

/**
 * A timer cleared outside a `finally`, reported only when firing late does harm: not the wait's own deadline or a
 * console line, named by this function (not a debounce handle of an enclosing scope), not handed on (then someone
 * else may clear it), not an unref'd `setTimeout`, and with the wait on a person before the clear's protection
 * starts. Its handle is never a "release handle": it escapes silently.
 */
function reportTimer(held: ReleaseCheck, finding: TimerFinding): void {
  const { context, sourceCode, calls } = held;
  const { acquisition, site, owner, aliases, verdict, waits } = finding;
  const repeats = isRepeatingTimer(acquisition);
  if (!isOwnTimer(sourceCode, site, owner) || findTimerEscape(sourceCode, site, owner)) return;
  if (firesHarmlessly(acquisition, sourceCode)) return;
  const ownCalls = owner ? startingIn(calls, owner.range[0], owner.range[1]) : calls;
  if (!repeats && isUnrefd(ownCalls, new Set([acquisition.path, ...aliases]), owner)) return;
  const unprotected: [number, number] = [acquisition.node.range[1], verdict.protectedFrom ?? Infinity];
  if (verdict.protectedFrom !== undefined && !spanWaits(held, unprotected, owner, waits)) return;
  const what = describeAcquisition(acquisition);
  const fate = repeats ? "fires on forever" : "still fires";
  context.report({
    node: acquisition.node,
    messageId: "timerNotCleared",
    data: { what, fate },
    suggest: verdict.suggest.map((suggestion) => ({
      ...suggestion,
      messageId: suggestion.messageId === "wrapInTryFinally" ? "clearInFinally" : suggestion.messageId,
      data: { what, ...suggestion.data },
    })),
  });
}

function findEscape(
  held: ReleaseCheck,
  handles: readonly TSESTree.Identifier[],
  releases: readonly TSESTree.Node[],
): TSESTree.Identifier | null {
  const { sourceCode } = held;
  // `seats.free(ticket)`: handing the handle to its own release gives it back, it does not hand it on.
  const passedToRelease = (identifier: TSESTree.Identifier) =>
    identifier.parent.type === AST_NODE_TYPES.CallExpression &&
    identifier.parent.arguments.includes(identifier) &&
    releases.includes(identifier.parent);
  for (const handle of handles) {
    const variable = findVariable(sourceCode.getScope(handle), handle.name);
    const escape = variable ? findEscapeIn(variable, handle, passedToRelease) : null;
    if (escape) return escape;
  }
  return null;
}

function spanWaits(
  held: ReleaseCheck,
  span: [number, number],
  owner: TSESTree.Node | null,
  waits: readonly TSESTree.Node[],
): boolean {
  const { awaits, anyAwait } = held;
  const awaitsInside = startingIn(awaits, span[0] + 1, span[1]).some((node) => getEnclosingFunction(node) === owner);
  if (!awaitsInside) return false;
  return anyAwait || startingIn(waits, span[0] + 1, span[1]).length > 0;
}

function judge(
  held: ReleaseCheck,
  acquisition: Acquisition,
  site: AcquisitionSite,
  releases: readonly TSESTree.Node[],
): Verdict | null {
  const { sourceCode } = held;
  const { statement, list } = site;
  const index = list.indexOf(statement);
  const within = (node: TSESTree.Node | null | undefined) => (release: TSESTree.Node) =>
    !!node && release.range[0] >= node.range[0] && release.range[1] <= node.range[1];

  // Taken inside the try whose finally gives it back.
  const enclosingTry = findEnclosingTryBlock(statement);
  if (enclosingTry && releases.some(within(enclosingTry.finalizer))) {
    const strictOrder = acquisition.pair.kind === "method" && acquisition.pair.strictOrder;
    const guarded = site.handles.length > 0 && releases.filter(within(enclosingTry.finalizer)).every(isGuarded);
    if (!strictOrder || guarded) return null;
    return { messageId: "acquireInsideTry", suggest: suggestAcquireBeforeTry(sourceCode, statement, enclosingTry) };
  }

  // `let x;` cannot throw: a declaration hoisted in front of the `try` does not separate it from the acquisition.
  let nextIndex = index + 1;
  while (list[nextIndex] && isInertDeclaration(list[nextIndex]!)) nextIndex++;
  const next = list[nextIndex];
  if (next?.type === AST_NODE_TYPES.TryStatement && releases.some(within(next.finalizer))) return null;
  if (
    next?.type === AST_NODE_TYPES.TryStatement &&
    releasedInCatchAndAfter(next, list[nextIndex + 1], releases, sourceCode.visitorKeys)
  ) {
    return null;
  }

  const laterTry = list
    .slice(nextIndex + 1)
    .find((node): node is TSESTree.TryStatement => node.type === AST_NODE_TYPES.TryStatement);
  if (laterTry && releases.some(within(laterTry.finalizer))) {
    return {
      messageId: "statementsBeforeTry",
      suggest: suggestMoveIntoTry(sourceCode, list, index, laterTry),
      protectedFrom: laterTry.range[0],
    };
  }
  return { messageId: "releaseNotInFinally", suggest: suggestWrap(sourceCode, site, releases) };
}

/**
 * `try { …; release(); } catch { release(); … }` or `try { … } catch { release(); … } release();`: the `catch`
 * gives it back unconditionally, and the release on the normal path cannot be jumped over.
 */
function releasedInCatchAndAfter(
  tryStatement: TSESTree.TryStatement,
  after: TSESTree.Node | undefined,
  releases: readonly TSESTree.Node[],
  keys: VisitorKeys,
): boolean {
  const handler = tryStatement.handler;
  if (!handler || (tryStatement.finalizer && containsJump(tryStatement.finalizer, keys))) return false;
  const catchBody = handler.body.body;
  const catchRelease = catchBody.findIndex((node) => isReleaseStatement(node, releases));
  if (catchRelease < 0 || catchBody.slice(0, catchRelease).some((node) => mayThrowOrJump(node, keys))) return false;
  const block = tryStatement.block.body;
  const tryRelease = block.findIndex((node) => isReleaseStatement(node, releases));
  if (tryRelease >= 0) return !block.slice(0, tryRelease).some((node) => containsJump(node, keys));
  return !!after && isReleaseStatement(after, releases) && !containsJump(tryStatement.block, keys);
}
