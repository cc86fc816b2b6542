/**
 * Reads what a human-wait call says about its own end: the options it passes, whether they set a deadline,
 * and whether the call sits in a user-land race against a timer. Used by `require-deadline`,
 * `forward-abort-signal` and the codemods that add a deadline.
 */
import { ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "./node-types.ts";
import {
  findProperty,
  getCalleeName,
  getEnclosingFunction,
  getMemberPath,
  getStaticPropertyName,
  hasSpread,
  isFunctionNode,
  unwrapExpression,
} from "./ast.ts";
import type { HumanWaitCall } from "./calls.ts";
import type { HumanWaitApi } from "../protocol/apis.ts";
import { describeHelper, raceHelperOf } from "./race-helper.ts";
import { findCallerSignals, isSignal, type CallerSignal } from "./signals.ts";
import { SIGNAL_NAME } from "./signal-names.ts";
import { HUMAN_ANSWER_HINT } from "../protocol/words.ts";
import { ELICITATION_CREATE_METHOD, MCP_CANCELLED_NOTIFICATION } from "../protocol/methods.ts";
import { isSettledOnlyWithSignals } from "./settlers.ts";
import { fieldPresence } from "./types.ts";
import {
  followConstant,
  isAbortSignalStaticCall,
  isSetTimeoutCall,
  localFunctionOf,
  resolveIdentifier,
  singleInitializer,
  walkSubtree,
} from "./walk.ts";
import { Fact, fileFacts } from "./cached-facts.ts";
import { nodesWithin } from "./node-index.ts";

export type OptionsReading =
  /** The call passes no options (or `undefined`). */
  | { readonly kind: "absent" }
  /** An object literal, written at the call (`atCall`) or behind a `const` the call names. */
  | { readonly kind: "literal"; readonly object: TSESTree.ObjectExpression; readonly atCall: boolean }
  /** Anything else: a parameter, a call's result, a reassigned variable. */
  | { readonly kind: "opaque"; readonly node: TSESTree.Node };

export function readOptions(call: HumanWaitCall, sourceCode: Readonly<TSESLint.SourceCode>): OptionsReading {
  const argument = call.optionsArgument;
  if (!argument) return { kind: "absent" };
  if (argument.type === AST_NODE_TYPES.SpreadElement) return { kind: "opaque", node: argument };
  const direct = unwrapExpression(argument);
  if (direct.type === AST_NODE_TYPES.ObjectExpression) return { kind: "literal", object: direct, atCall: true };
  if (direct.type === AST_NODE_TYPES.Identifier && direct.name === "undefined") return { kind: "absent" };
  const value = followConstant(direct, sourceCode);
  if (value.type === AST_NODE_TYPES.ObjectExpression) return { kind: "literal", object: value, atCall: false };
  return { kind: "opaque", node: argument };
}

/** A property's value, unless it is missing or spelled `undefined`. */
export function propertyValue(object: TSESTree.ObjectExpression, name: string): TSESTree.Node | null {
  const property = findProperty(object, name);
  if (!property) return null;
  const value = unwrapExpression(property.value);
  return value.type === AST_NODE_TYPES.Identifier && value.name === "undefined" ? null : value;
}

/** Whether the API lets the call itself carry a deadline (a deadline field, or a signal a timeout can abort). */
export function canCarryDeadline(api: HumanWaitApi): boolean {
  return api.optionsArgIndex !== null && (api.deadlineFields.length > 0 || api.signalField !== null);
}

export type DeadlineReading =
  | { readonly kind: "deadline" }
  /** ACP 2.x: a timeout signal without `stopWaitingOnCancel: true` only asks the client to stop. */
  | { readonly kind: "deadline-keeps-waiting"; readonly object: TSESTree.ObjectExpression }
  | { readonly kind: "none"; readonly options: OptionsReading }
  /** A deadline field is set, but to a value that never fires on some path (`Infinity`, 2^31−1, `t ?? Infinity`). */
  | { readonly kind: "never-fires"; readonly value: TSESTree.Node }
  /** The options may or may not set one (a variable, a spread, a signal of unknown origin). */
  | { readonly kind: "opaque"; readonly node: TSESTree.Node };

/** Whether the options of a human-wait call set a deadline of the call's own. */
export function readDeadline(call: HumanWaitCall, sourceCode: Readonly<TSESLint.SourceCode>): DeadlineReading {
  const api = call.api;
  const options = readOptions(call, sourceCode);
  if (options.kind === "absent") return { kind: "none", options };
  if (options.kind === "opaque") {
    const presence = fieldPresence(options.node, deadlineCarryingFields(api), sourceCode);
    if (presence === "present") return { kind: "deadline" };
    if (presence === "absent") return { kind: "none", options };
    return { kind: "opaque", node: options.node };
  }
  const object = options.object;
  const values = api.deadlineFields.map((field) => propertyValue(object, field)).filter((value) => value !== null);
  if (values.some((value) => !yieldsNoDeadline(value, sourceCode))) return { kind: "deadline" };
  const signal = api.signalField === null ? null : propertyValue(object, api.signalField);
  if (signal) {
    const verdict = signalDeadline(signal, sourceCode, findCallerSignals(call.node, sourceCode, call));
    if (verdict === "deadline") {
      return stopsWaiting(api, object) ? { kind: "deadline" } : { kind: "deadline-keeps-waiting", object };
    }
    if (verdict === "unknown") return { kind: "opaque", node: signal };
  }
  if (hasSpread(object)) return { kind: "opaque", node: object };
  if (values[0]) return { kind: "never-fires", value: values[0] };
  return { kind: "none", options };
}

/** The largest delay a timer takes (2^31−1 ms, ~24.8 days): at or above it, a "timeout" means "no timeout". */
const LARGEST_TIMER_DELAY_MS = 2_147_483_647;

/**
 * Whether a deadline value gives no deadline on some path: a constant at or above the largest timer delay
 * (`2_147_483_647`, `Infinity`, `Number.MAX_SAFE_INTEGER`), directly, through `const`s of the file, or as one branch
 * of `t && t !== Infinity ? t : 2_147_483_647`, `t ?? Infinity`, `t || Number.MAX_VALUE`.
 */
function yieldsNoDeadline(value: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>, depth = 0): boolean {
  if (depth > 4) return false;
  const node = unwrapExpression(value);
  if (node.type === AST_NODE_TYPES.ConditionalExpression) {
    return (
      yieldsNoDeadline(node.consequent, sourceCode, depth + 1) ||
      yieldsNoDeadline(node.alternate, sourceCode, depth + 1)
    );
  }
  if (node.type === AST_NODE_TYPES.LogicalExpression && (node.operator === "??" || node.operator === "||")) {
    return yieldsNoDeadline(node.left, sourceCode, depth + 1) || yieldsNoDeadline(node.right, sourceCode, depth + 1);
  }
  if (node.type === AST_NODE_TYPES.Identifier) {
    const followed = followConstant(node, sourceCode);
    if (followed !== node) return yieldsNoDeadline(followed, sourceCode, depth + 1);
  }
  const known = ASTUtils.getStaticValue(node, sourceCode.getScope(node));
  return known !== null && typeof known.value === "number" && known.value >= LARGEST_TIMER_DELAY_MS;
}

/** The fields whose presence would give the call a deadline (for type-based proofs). */
function deadlineCarryingFields(api: HumanWaitApi): string[] {
  return api.signalField === null ? [...api.deadlineFields] : [...api.deadlineFields, api.signalField];
}

/** ACP 2.x: whether the options say `stopWaitingOnCancel: true` (always true for APIs without such a field). */
export function stopsWaiting(api: HumanWaitApi, object: TSESTree.ObjectExpression): boolean {
  if (api.signalCompanionField === null) return true;
  const value = propertyValue(object, api.signalCompanionField);
  return value?.type === AST_NODE_TYPES.Literal && value.value === true;
}

/**
 * Whether a signal expression fires on a timer: `AbortSignal.timeout(ms)`, an `AbortSignal.any([...])` with one,
 * a `const` holding either, or `controller.signal` of a controller some `setTimeout` aborts.
 * "unknown" for a signal whose origin the file does not show (a parameter, a call's result).
 */
export function signalDeadline(
  expression: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  callerSignals: readonly CallerSignal[] = [],
  depth = 0,
): "deadline" | "no-deadline" | "unknown" {
  if (depth > 4) return "unknown";
  const verdict = signalShapeDeadline(expression, sourceCode, callerSignals, depth);
  if (verdict !== "unknown") return verdict;
  // The caller's cancellation fires when the caller gives up, not when a person has had long enough. A signal the
  // enclosing function takes as a parameter of its own (an adapter's `signal`) is its caller's to bound: unknown here.
  const matched = callerSignals.find((signal) => isSignal(expression, signal, sourceCode));
  if (!matched) return "unknown";
  return isOwnSignalParameter(matched) ? "unknown" : "no-deadline";
}

function signalShapeDeadline(
  expression: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  callerSignals: readonly CallerSignal[],
  depth: number,
): "deadline" | "no-deadline" | "unknown" {
  const node = followConstant(expression, sourceCode);
  if (isAbortSignalStaticCall(node, "timeout")) return "deadline";
  if (node.type === AST_NODE_TYPES.CallExpression && isAbortSignalStaticCall(node, "any")) {
    const list = node.arguments[0] && unwrapExpression(node.arguments[0]);
    if (list?.type !== AST_NODE_TYPES.ArrayExpression) return "unknown";
    let verdict: "no-deadline" | "unknown" = "no-deadline";
    for (const element of list.elements) {
      if (!element || element.type === AST_NODE_TYPES.SpreadElement) {
        verdict = "unknown";
        continue;
      }
      const inner = signalDeadline(element, sourceCode, callerSignals, depth + 1);
      if (inner === "deadline") return "deadline";
      if (inner === "unknown") verdict = "unknown";
    }
    return verdict;
  }
  if (node.type === AST_NODE_TYPES.MemberExpression) {
    const controller = controllerOf(node, sourceCode);
    if (controller) return isAbortedByTimer(controller) ? "deadline" : "no-deadline";
  }
  if (node.type === AST_NODE_TYPES.Identifier && isHandedByTimedHelper(node, sourceCode)) return "deadline";
  return "unknown";
}

/**
 * `withinDeadline(signal, ms, (cancellationSignal) => ctx.request(…, { cancellationSignal }))`: the signal is the
 * parameter of a callback handed to a helper of this file that listens to `abort` and sets a timer.
 */
function isHandedByTimedHelper(identifier: TSESTree.Identifier, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const definition = resolveIdentifier(identifier, sourceCode)?.defs[0];
  if (definition?.type !== "Parameter") return false;
  const callback = definition.node;
  if (callback.params[0] !== definition.name) return false;
  const call = callback.parent;
  if (call?.type !== AST_NODE_TYPES.CallExpression || !call.arguments.includes(callback as TSESTree.Expression))
    return false;
  const helper = localFunctionOf(call.callee, sourceCode);
  return helper !== null && describeHelper(helper, sourceCode)?.setsTimer === true;
}

/** `function ask(params, signal)`: a signal parameter taken whole, not a handler context's `{ signal }` or `extra.signal`. */
function isOwnSignalParameter(signal: CallerSignal): boolean {
  if (signal.kind !== "variable") return false;
  const definition = signal.variable.defs[0];
  if (definition?.type !== "Parameter") return false;
  const name = definition.name;
  const parent = name.parent;
  const whole =
    parent?.type === AST_NODE_TYPES.AssignmentPattern ? parent.parent === definition.node : parent === definition.node;
  return whole && isClassMember(definition.node as TSESTree.Node);
}

/**
 * An adapter's method (`class AcpClient { requestPermission(params, signal) { … } }`): its signal parameter is the
 * caller's to bound. A free function that takes a signal (`askToRun(sessionId, signal)`) still owes its wait a
 * deadline: the codemods add one there.
 */
function isClassMember(fn: TSESTree.Node): boolean {
  const parent = fn.parent;
  return (
    (parent?.type === AST_NODE_TYPES.MethodDefinition || parent?.type === AST_NODE_TYPES.PropertyDefinition) &&
    parent.value === fn
  );
}

/** For `controller.signal` with `const controller = new AbortController()`, the controller's variable. */
function controllerOf(
  member: TSESTree.MemberExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESLint.Scope.Variable | null {
  const path = getMemberPath(member);
  if (path?.length !== 2 || path[1] !== "signal" || member.object.type !== AST_NODE_TYPES.Identifier) return null;
  const variable = resolveIdentifier(member.object, sourceCode);
  const init = variable ? singleInitializer(variable) : null;
  const created = init && unwrapExpression(init);
  return created?.type === AST_NODE_TYPES.NewExpression && getCalleeName(created) === "AbortController"
    ? variable
    : null;
}

/** Whether some `controller.abort()` runs inside a `setTimeout` callback. */
function isAbortedByTimer(controller: TSESLint.Scope.Variable): boolean {
  return controller.references.some((reference) => {
    const member = reference.identifier.parent;
    if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== reference.identifier) return false;
    if (getMemberPath(member)?.[1] !== "abort") return false;
    for (let current: TSESTree.Node | undefined = member.parent; current; current = current.parent) {
      if (isSetTimeoutCall(current)) return true;
    }
    return false;
  });
}

/** Names of helpers that, by convention, settle after a delay: `sleep(ms)`, `delay(ms)`, `timeout(ms)`. */
const TIMER_HELPER_NAME = /^(?:sleep|delay|wait|timeout|timer|rejectAfter|timeoutAfter|deadline)$/i;

/**
 * Whether an expression settles on a timer: it calls `setTimeout`, `AbortSignal.timeout`, a `sleep`/`delay`-style
 * helper, or a local function that does; followed through `const`s.
 */
function isTimerExpression(expression: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>, depth = 0): boolean {
  if (depth > 3) return false;
  const node = followConstant(expression, sourceCode);
  if (node.type === AST_NODE_TYPES.Identifier && isHandedByTimedHelper(node, sourceCode)) return true;
  return walkSubtree(node, sourceCode.visitorKeys, (current) => {
    if (current.type !== AST_NODE_TYPES.CallExpression && current.type !== AST_NODE_TYPES.NewExpression) return false;
    if (current.type === AST_NODE_TYPES.CallExpression) {
      if (isSetTimeoutCall(current) || isAbortSignalStaticCall(current, "timeout")) return true;
      const name = getCalleeName(current);
      if (name !== null && TIMER_HELPER_NAME.test(name)) return true;
    }
    const helper = localFunctionOf(current.callee, sourceCode);
    return !!helper?.body && helper !== node && isTimerExpression(helper.body, sourceCode, depth + 1);
  });
}

/** Calls through which a promise keeps standing for the ask: `ask.then(…)`, `.catch(…)`, `.finally(…)`. */
const CHAIN_METHODS = new Set(["then", "catch", "finally"]);

/**
 * The expressions that stand for the ask's promise: the call itself, its `.then/.catch/.finally` chain, and a
 * `const` that holds either (through its references).
 */
function promiseStandIns(call: TSESTree.CallExpression, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.Node[] {
  let top: TSESTree.Node = call;
  for (;;) {
    const parent: TSESTree.Node | undefined = top.parent;
    if (!parent) break;
    if (
      parent.type === AST_NODE_TYPES.TSAsExpression ||
      parent.type === AST_NODE_TYPES.TSNonNullExpression ||
      parent.type === AST_NODE_TYPES.ChainExpression
    ) {
      top = parent;
      continue;
    }
    if (
      parent.type === AST_NODE_TYPES.MemberExpression &&
      parent.object === top &&
      parent.parent?.type === AST_NODE_TYPES.CallExpression &&
      parent.parent.callee === parent &&
      CHAIN_METHODS.has(getStaticPropertyName(parent) ?? "")
    ) {
      top = parent.parent;
      continue;
    }
    break;
  }
  const standIns: TSESTree.Node[] = [top];
  const declarator = top.parent;
  if (
    declarator?.type === AST_NODE_TYPES.VariableDeclarator &&
    declarator.init === top &&
    declarator.id.type === AST_NODE_TYPES.Identifier
  ) {
    const variable = resolveIdentifier(declarator.id, sourceCode);
    for (const reference of variable?.references ?? []) {
      if (reference.identifier !== declarator.id) standIns.push(reference.identifier);
    }
  }
  return standIns;
}

export interface UserLandRace {
  /** `Promise.race([...])`, or a `withTimeout(ask, ms)`-style helper call. */
  readonly node: TSESTree.CallExpression;
  /** `Promise.race`, a helper named for a timeout, or a helper of this file that listens to a signal's `abort`. */
  readonly kind: "promise-race" | "timeout-helper" | "signal-helper";
  /** The other contenders (for a helper: its other arguments). */
  readonly others: readonly TSESTree.Node[];
}

/** Helpers that by their name race a promise against a timer: `withTimeout(p, ms)`, `pTimeout(p, ms)`. */
const TIMEOUT_WRAPPER_NAME = /timeout/i;

/** The user-land races the ask takes part in: `Promise.race([ask, …])` and `withTimeout(ask, ms)`. */
export function findUserLandRaces(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): UserLandRace[] {
  const races: UserLandRace[] = [];
  for (const standIn of promiseStandIns(call, sourceCode)) {
    let node: TSESTree.Node = standIn;
    while (
      node.parent?.type === AST_NODE_TYPES.AwaitExpression ||
      node.parent?.type === AST_NODE_TYPES.TSAsExpression
    ) {
      node = node.parent;
    }
    const parent = node.parent;
    if (parent?.type === AST_NODE_TYPES.ArrayExpression) {
      const race = parent.parent;
      if (race?.type === AST_NODE_TYPES.CallExpression && race.arguments[0] === parent && isPromiseRace(race)) {
        const others = parent.elements.filter(
          (element): element is TSESTree.Expression => !!element && element !== node,
        );
        races.push({ node: race, others, kind: "promise-race" });
      }
    } else if (
      parent?.type === AST_NODE_TYPES.CallExpression &&
      parent.arguments.includes(node as TSESTree.Expression)
    ) {
      const name = getCalleeName(parent);
      const others = parent.arguments.filter((argument) => argument !== node);
      if (name !== null && TIMEOUT_WRAPPER_NAME.test(name)) {
        races.push({ node: parent, others, kind: "timeout-helper" });
      } else {
        // A helper of the file that listens to `abort` (`raceWithSignal(ask, signal)`): one recogniser, shared with
        // the codemods, which must not add a second race.
        if (raceHelperOf(parent, sourceCode)) races.push({ node: parent, others, kind: "signal-helper" });
      }
    }
  }
  return races;
}

function isPromiseRace(call: TSESTree.CallExpression): boolean {
  const path = getMemberPath(call.callee);
  return path !== null && path.length === 2 && path[0] === "Promise" && path[1] === "race";
}

/** The first user-land race of the ask that has a timer among its contenders, or null. */
export function findTimerRace(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): UserLandRace | null {
  return (
    findUserLandRaces(call, sourceCode).find(
      (race) =>
        race.kind === "timeout-helper" ||
        race.others.some((other) => isTimerExpression(other, sourceCode)) ||
        (race.kind === "signal-helper" && isTimerHelper(race.node, sourceCode)),
    ) ?? null
  );
}

/**
 * A same-file helper that arms its timer only when given a delay (`askWithin(ask, { signal, ms, noAnswer })`), around
 * the ask, called without that delay: the race ends on the signal alone. `option` is the helper's name for the delay
 * (`ms`), `options` the object literal written at the call, where it belongs. Null when no such race holds the ask.
 */
export function findUntimedHelperRace(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): { readonly race: UserLandRace; readonly option: string; readonly options: TSESTree.ObjectExpression } | null {
  for (const race of findUserLandRaces(call, sourceCode)) {
    if (race.kind !== "signal-helper") continue;
    const helper = raceHelperOf(race.node, sourceCode);
    const options = unwrapExpression(race.node.arguments[1]!);
    // raceHelperOf drops the timer only for an option left out of an object literal written at the call.
    if (helper?.optionalTimer && !helper.setsTimer && options.type === AST_NODE_TYPES.ObjectExpression)
      return { race, option: helper.optionalTimer, options };
  }
  return null;
}

/** A `withTimeout`-style helper by its name, or a same-file race helper whose body sets a timer. */
function isTimerHelper(call: TSESTree.CallExpression, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const name = getCalleeName(call);
  return (name !== null && TIMEOUT_WRAPPER_NAME.test(name)) || raceHelperOf(call, sourceCode)?.setsTimer === true;
}

/** How to give this API's call a deadline of its own, in a person's words (for messages). */
export function describeDeadlineFix(api: HumanWaitApi): string {
  if (!canCarryDeadline(api)) {
    return "this API takes no deadline, so race it against a timer (`Promise.race([ask, timer])`) and treat the timeout as a cancel";
  }
  if (api.deadlineFields.length === 0 && api.signalField !== null) {
    const companion = api.signalCompanionField === null ? "" : ` with \`${api.signalCompanionField}: true\``;
    return `pass \`${api.signalField}: AbortSignal.timeout(ms)\`${companion}`;
  }
  const signal = api.signalField === null ? "" : ` or \`${api.signalField}: AbortSignal.timeout(ms)\``;
  return `pass \`${api.deadlineFields[0]}\`${signal} in its options`;
}

interface HandRolledWait {
  readonly promise: TSESTree.NewExpression;
  /** Where the resolver is kept (`pending.set(id, resolve)`, `this.waiters[id] = resolve`). */
  readonly store: TSESTree.Node;
  /** The function that builds the promise (the promise itself at the top level). */
  readonly owner: TSESTree.Node;
}

/**
 * `new Promise(resolve => pending.set(id, resolve))` that waits on a person's answer and that nothing ends:
 * no timer and no abort signal in the function that builds it (`owner`). Null when the promise is not such a wait.
 */
export function findHandRolledWait(
  promise: TSESTree.NewExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): HandRolledWait | null {
  const wait = findHandRolledWaitIgnoringSignals(promise, sourceCode);
  return wait && !setsTimer(wait.owner, sourceCode) ? wait : null;
}

/**
 * A hand-rolled wait on a person (as `findHandRolledWait`) whose building function touches no abort signal, timer
 * or not, with that function. For waits whose bound is someone else's (a client answering a server's request, which
 * the server's timeout bounds), only listening to the request's signal matters.
 */
export function findHandRolledWaitIgnoringSignals(
  promise: TSESTree.NewExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): HandRolledWait | null {
  // Asked of each `new Promise` by require-deadline (twice: with and without a timer) and by the local waits.
  return fileFacts(sourceCode).remember(HAND_ROLLED_WAITS, promise, () => handRolledWaitUncached(promise, sourceCode));
}

const HAND_ROLLED_WAITS = new Fact<TSESTree.NewExpression, HandRolledWait | null>(
  "the hand-rolled wait on a person a `new Promise` builds, if any, per promise",
);

function handRolledWaitUncached(
  promise: TSESTree.NewExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): HandRolledWait | null {
  const found = promiseExecutor(promise);
  if (!found || found.settlers.length === 0) return null;
  const store = findStoredSettler(found.executor, found.settlers, sourceCode);
  if (!store) return null;
  // A queue whose entries are only ever settled with `true`/`false`/nothing waits for a turn, not for an answer.
  const held = storeHolding(store);
  if (held && isSettledOnlyWithSignals(held, sourceCode)) return null;
  const owner = getEnclosingFunction(promise) ?? promise;
  if (!HUMAN_ANSWER_HINT.test(sourceCode.getText(owner))) return null;
  return touchesSignal(owner, sourceCode) ? null : { promise, store, owner };
}

/** The store a settler is kept in: `pending` of `pending.set(id, resolve)` or `pending[id] = resolve`; null for a field. */
function storeHolding(write: TSESTree.Node): TSESTree.Node | null {
  if (write.type === AST_NODE_TYPES.CallExpression && write.callee.type === AST_NODE_TYPES.MemberExpression)
    return write.callee.object;
  if (write.type === AST_NODE_TYPES.AssignmentExpression && write.left.type === AST_NODE_TYPES.MemberExpression)
    return write.left.computed ? write.left.object : null;
  return null;
}

/** Whether `fn` calls one of `settlers` (by name, not shadowed by its own parameters). */
function callsSettler(
  fn: TSESTree.FunctionLike,
  settlers: readonly string[],
  sourceCode: Readonly<TSESLint.SourceCode>,
) {
  const own = new Set(fn.params.flatMap((param) => (param.type === AST_NODE_TYPES.Identifier ? [param.name] : [])));
  const outer = settlers.filter((name) => !own.has(name));
  if (!fn.body || outer.length === 0) return false;
  return walkSubtree(
    fn.body,
    sourceCode.visitorKeys,
    (node) =>
      node.type === AST_NODE_TYPES.CallExpression &&
      node.callee.type === AST_NODE_TYPES.Identifier &&
      outer.includes(node.callee.name),
  );
}

/** `new Promise(executor)` with a function written in place: that function and the names it gives `resolve`/`reject`. */
function promiseExecutor(
  node: TSESTree.Node,
): { executor: TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression; settlers: string[] } | null {
  if (node.type !== AST_NODE_TYPES.NewExpression) return null;
  if (node.callee.type !== AST_NODE_TYPES.Identifier || node.callee.name !== "Promise") return null;
  const executor = node.arguments[0];
  if (
    executor?.type !== AST_NODE_TYPES.ArrowFunctionExpression &&
    executor?.type !== AST_NODE_TYPES.FunctionExpression
  ) {
    return null;
  }
  const settlers = executor.params
    .slice(0, 2)
    .filter((param): param is TSESTree.Identifier => param.type === AST_NODE_TYPES.Identifier)
    .map((param) => param.name);
  return { executor, settlers };
}

/**
 * The timer that gives up on a question this code sends itself (a question's method written into the request whose
 * answer it parks, as `findHandRolledWaitIgnoringSignals` finds), where nothing in the function
 * withdraws the question: no cancel notification written, no call of a cancel. The SDK's own `request()` sends one
 * when its timeout fires (protocol/methods.ts); a hand-rolled wait that only rejects leaves the question on the
 * client's screen, and the person's answer, when it comes, finds nobody waiting. Null otherwise.
 */
export function findTimerLeavingQuestionOpen(
  promise: TSESTree.NewExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.CallExpression | null {
  const wait = findHandRolledWaitIgnoringSignals(promise, sourceCode);
  if (!wait || !writesQuestionMethod(wait.owner, sourceCode)) return null;
  let timer: TSESTree.CallExpression | null = null;
  walkSubtree(promise, sourceCode.visitorKeys, (node) => {
    if (isSetTimeoutCall(node)) timer = node;
    return timer !== null;
  });
  if (!timer) return null;
  const withdraws = walkSubtree(wait.owner, sourceCode.visitorKeys, (node) => {
    if (node.type === AST_NODE_TYPES.Literal) return node.value === MCP_CANCELLED_NOTIFICATION;
    if (node.type !== AST_NODE_TYPES.CallExpression) return false;
    const name = getCalleeName(node);
    return name !== null && WITHDRAW_NAME.test(name);
  });
  return withdraws ? null : timer;
}

/** A call that may withdraw a request (`cancel(id)`, `this.cancelRequest(…)`, `controller.abort()`). */
const WITHDRAW_NAME = /cancel|withdraw|abort/i;

/** Whether `owner` writes a question's method into a request it builds (`{ method: <the method>, … }`). */
function writesQuestionMethod(owner: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return walkSubtree(
    owner,
    sourceCode.visitorKeys,
    (node) =>
      node.type === AST_NODE_TYPES.Property &&
      getStaticPropertyName(node) === "method" &&
      node.value.type === AST_NODE_TYPES.Literal &&
      node.value.value === ELICITATION_CREATE_METHOD,
  );
}

/** Where the executor keeps `resolve`/`reject` for someone else to call later (a keyed store or a queue), or null. */
function findStoredSettler(
  executor: TSESTree.FunctionLike,
  settlers: readonly string[],
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.Node | null {
  const isSettler = (node: TSESTree.Node | null | undefined): boolean => {
    if (!node) return false;
    const value = unwrapExpression(node);
    if (value.type === AST_NODE_TYPES.Identifier) return settlers.includes(value.name);
    if (value.type === AST_NODE_TYPES.ObjectExpression) {
      return value.properties.some(
        (property) => property.type === AST_NODE_TYPES.Property && isSettler(property.value),
      );
    }
    // `resolve: (result) => { clearTimeout(timer); resolve(result); }`: a settler wrapped with its clean-up.
    if (isFunctionNode(value)) return callsSettler(value, settlers, sourceCode);
    return false;
  };
  let store: TSESTree.Node | null = null;
  if (!executor.body) return null;
  walkSubtree(executor.body, sourceCode.visitorKeys, (node) => {
    if (node.type === AST_NODE_TYPES.CallExpression && node.callee.type === AST_NODE_TYPES.MemberExpression) {
      const method = getMemberPath(node.callee)?.at(-1);
      if ((method === "set" || method === "push") && node.arguments.some((argument) => isSettler(argument))) {
        store = node;
        return true;
      }
    }
    // `waiters[id] = resolve`: a keyed slot. A plain `next = resolve` is a one-slot signal (a work queue's wake-up),
    // not a store of answers.
    if (
      node.type === AST_NODE_TYPES.AssignmentExpression &&
      node.left.type === AST_NODE_TYPES.MemberExpression &&
      node.left.computed &&
      isSettler(node.right)
    ) {
      store = node;
      return true;
    }
    // `this._resolve = resolve` in a class whose other methods settle it (`this._resolve?.(answer)`): a waiter object
    // that a caller awaits (`await resolver.wait()`); the answer words checked below tie it to a person.
    if (
      node.type === AST_NODE_TYPES.AssignmentExpression &&
      node.left.type === AST_NODE_TYPES.MemberExpression &&
      !node.left.computed &&
      node.left.object.type === AST_NODE_TYPES.ThisExpression &&
      isSettler(node.right) &&
      isSettledByAnotherMethod(node.left, sourceCode)
    ) {
      store = node;
      return true;
    }
    return false;
  });
  return store;
}

/**
 * `await resolver.wait()` where `const resolver = new Resolver()` and `Resolver` is a class of this file that keeps
 * its promise's settlers in fields (`this._resolve = resolve`) that its other methods call: a waiter object, awaited
 * here. With `findHandRolledWait`'s test: a wait on a person's answer (words in the awaiting function) that no timer
 * and no signal ends. Null otherwise.
 */
export function findWaiterObjectWait(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): { readonly call: TSESTree.CallExpression; readonly owner: TSESTree.Node } | null {
  const callee = unwrapExpression(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || call.parent?.type !== AST_NODE_TYPES.AwaitExpression)
    return null;
  const receiver = unwrapExpression(callee.object);
  if (receiver.type !== AST_NODE_TYPES.Identifier) return null;
  const variable = resolveIdentifier(receiver, sourceCode);
  const init = variable ? singleInitializer(variable) : null;
  const created = init && unwrapExpression(init);
  if (created?.type !== AST_NODE_TYPES.NewExpression || created.callee.type !== AST_NODE_TYPES.Identifier) return null;
  const classVariable = resolveIdentifier(created.callee, sourceCode);
  const definition = classVariable?.defs[0];
  if (definition?.type !== "ClassName") return null;
  const classBody = (definition.node as TSESTree.ClassDeclaration).body;
  if (!isWaiterClass(classBody, sourceCode)) return null;
  const owner = getEnclosingFunction(call);
  if (!owner || !HUMAN_ANSWER_HINT.test(sourceCode.getText(owner))) return null;
  if (setsTimer(owner, sourceCode) || touchesSignal(owner, sourceCode)) return null;
  return { call, owner };
}

const WAITER_CLASSES = new Fact<TSESTree.ClassBody, boolean>("whether a class is a waiter object, per class body");

/** A class whose `new Promise` executor keeps `resolve` in a field that another of its methods calls. */
function isWaiterClass(classBody: TSESTree.ClassBody, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return fileFacts(sourceCode).remember(WAITER_CLASSES, classBody, () => findsWaiterField(classBody, sourceCode));
}

/** A class's `new Promise` executors, read off the file's node index rather than a walk of the class. */
function findsWaiterField(classBody: TSESTree.ClassBody, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return nodesWithin(sourceCode, classBody, AST_NODE_TYPES.NewExpression).some((node) => {
    const promise = promiseExecutor(node);
    if (!promise) return false;
    const { settlers } = promise;
    return nodesWithin(sourceCode, promise.executor.body, AST_NODE_TYPES.AssignmentExpression).some((inner) => {
      if (inner.left.type !== AST_NODE_TYPES.MemberExpression) return false;
      const value = unwrapExpression(inner.right);
      return (
        inner.left.object.type === AST_NODE_TYPES.ThisExpression &&
        value.type === AST_NODE_TYPES.Identifier &&
        settlers.includes(value.name) &&
        isSettledByAnotherMethod(inner.left, sourceCode)
      );
    });
  });
}

/** Whether a method of the class other than the one assigning `this.<field>` calls `this.<field>(…)`. */
function isSettledByAnotherMethod(
  field: TSESTree.MemberExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  const name = getStaticPropertyName(field);
  let method: TSESTree.Node | undefined = field.parent;
  while (method && method.type !== AST_NODE_TYPES.MethodDefinition && method.type !== AST_NODE_TYPES.PropertyDefinition)
    method = method.parent;
  const classBody = method?.parent;
  if (name === null || !method || classBody?.type !== AST_NODE_TYPES.ClassBody) return false;
  return classBody.body.some(
    (member) =>
      member !== method &&
      walkSubtree(member, sourceCode.visitorKeys, (node) => {
        if (node.type !== AST_NODE_TYPES.CallExpression) return false;
        const callee = unwrapExpression(node.callee);
        return (
          callee.type === AST_NODE_TYPES.MemberExpression &&
          callee.object.type === AST_NODE_TYPES.ThisExpression &&
          getStaticPropertyName(callee) === name
        );
      }),
  );
}

/** Whether a function sets a timer anywhere (its nested callbacks included). */
export function setsTimer(owner: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return walkSubtree(
    owner,
    sourceCode.visitorKeys,
    (node) => isSetTimeoutCall(node) || isAbortSignalStaticCall(node, "timeout"),
  );
}

/** Whether a function touches an abort signal anywhere (its nested callbacks included). */
function touchesSignal(owner: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return walkSubtree(owner, sourceCode.visitorKeys, (node) => {
    if (node.type === AST_NODE_TYPES.Identifier && SIGNAL_NAME.test(node.name)) return true;
    return node.type === AST_NODE_TYPES.Literal && node.value === "abort";
  });
}
