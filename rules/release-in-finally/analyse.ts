/**
 * The release-in-finally analysis: for each acquisition, its releases in the same function, whether a wait on a
 * person lies between, and which of Error Prone's LockNotBeforeTry shapes it has.
 */
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import {
  findVariable,
  getCalleeName,
  getEnclosingFunction,
  getStaticPropertyName,
  isFunctionNode,
  someOwnNode,
  unwrapExpression,
  type VisitorKeys,
} from "../../analysis/ast.ts";
import {
  describeAcquisition,
  isReleaseOf,
  isRepeatingTimer,
  releasesByRetaking,
  type Acquisition,
} from "./lock-pairs.ts";
import type { MessageIds, Options } from "./options.ts";
import { suggestAcquireBeforeTry, suggestMoveIntoTry, suggestWrap, type Suggestions } from "./fix.ts";
import {
  awaitedExecutorStatement,
  containsJump,
  findAcquisitionSite,
  findEnclosingTryBlock,
  findEscapeIn,
  isGuarded,
  isInertDeclaration,
  isReleaseStatement,
  isStatementListOwner,
  mayThrowOrJump,
  statementOf,
  type AcquisitionSite,
} from "./sites.ts";
import { findTimerEscape, firesHarmlessly, isOwnTimer, isUnrefd, timerAliases } from "./timers.ts";

/** What the rule gathered from one file, and what it reports through. */
export interface Held {
  readonly context: Readonly<TSESLint.RuleContext<MessageIds, Options>>;
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly options: Options[0];
  readonly anyAwait: boolean;
  readonly textOf: (node: TSESTree.Node) => string;
  readonly calls: readonly TSESTree.CallExpression[];
  readonly fieldWrites: readonly TSESTree.AssignmentExpression[];
  readonly awaits: readonly TSESTree.Node[];
  readonly acquisitions: readonly Acquisition[];
}

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

export function check(held: Held, acquisition: Acquisition, waits: readonly TSESTree.Node[]): void {
  const { context, options, sourceCode } = held;
  const site = findAcquisitionSite(acquisition);
  if (!site) return;
  const owner = site.owner;
  const aliases = acquisition.pair.kind === "timer" ? timerAliases(sourceCode, site, owner) : [];
  const releases = findReleases(held, acquisition, site, owner, aliases);
  if (!releases) return;
  const lastRelease = releases[releases.length - 1]!;
  const span: [number, number] = [acquisition.node.range[1], lastRelease.range[0]];
  const uncaught = waits.filter((wait) => !isCaughtBeforeRelease(held, wait, owner, releases));
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
function reportTimer(held: Held, finding: TimerFinding): void {
  const { context, sourceCode, calls } = held;
  const { acquisition, site, owner, aliases, verdict, waits } = finding;
  const repeats = isRepeatingTimer(acquisition);
  if (!isOwnTimer(sourceCode, site, owner) || findTimerEscape(sourceCode, site, owner)) return;
  if (firesHarmlessly(acquisition, sourceCode)) return;
  if (!repeats && isUnrefd(calls, new Set([acquisition.path, ...aliases]), owner)) return;
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
  held: Held,
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
  held: Held,
  span: [number, number],
  owner: TSESTree.Node | null,
  waits: readonly TSESTree.Node[],
): boolean {
  const { awaits, anyAwait } = held;
  const inside = (node: TSESTree.Node) => node.range[0] > span[0] && node.range[0] < span[1];
  const awaitsInside = awaits.some((node) => inside(node) && getEnclosingFunction(node) === owner);
  if (!awaitsInside) return false;
  return anyAwait || waits.some(inside);
}

/**
 * Whether an error from `wait` cannot skip the one release: the wait's promise is given a `.catch(fn)` that does not
 * throw, or the wait sits in the block of a `try` of this function whose `catch` swallows the error (no `throw`,
 * `await`, `return`, `break` or `continue` in it or in its `finally`); and the release is an unconditional statement
 * after the statement that waits (or that `try`) in the same block, with no jump between them. Calls in the `catch`
 * (logging) are taken not to throw.
 */
function isCaughtBeforeRelease(
  held: Held,
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
function findReleases(
  held: Held,
  acquisition: Acquisition,
  site: AcquisitionSite,
  owner: TSESTree.Node | null,
  aliases: readonly string[],
): TSESTree.Node[] | null {
  const { textOf, calls, fieldWrites, acquisitions } = held;
  const handles = new Set([...site.handleNames, ...aliases]);
  const candidates: readonly TSESTree.Node[] = acquisition.pair.kind === "field" ? fieldWrites : calls;
  const nextTake = acquisitions.find(
    (other) =>
      other !== acquisition &&
      other.node.range[0] > acquisition.node.range[1] &&
      other.pair === acquisition.pair &&
      other.path === acquisition.path &&
      other.key === acquisition.key &&
      other.pair.kind !== "field" &&
      // Timers pushed into one collection add up; a status set again is this release.
      !acquisition.collected &&
      !releasesByRetaking(acquisition),
  );
  const limit = nextTake ? nextTake.node.range[0] : Infinity;
  const bodyEnd = owner ? owner.range[1] : Infinity;
  const releases: TSESTree.Node[] = [];
  for (const candidate of candidates) {
    if (candidate.range[0] <= acquisition.node.range[1] || candidate.range[0] >= limit) continue;
    if (candidate.range[0] >= bodyEnd) continue;
    if (owner && candidate.range[0] < owner.range[0]) continue;
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

function judge(
  held: Held,
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
