/**
 * Finds the caller's cancellation signal in reach of a human-wait call — the signal that fires when the
 * operation that asked is abandoned — and tells whether an expression carries it.
 *
 * Where handlers get it is each row's `callerSignal` column (protocol/apis.ts: MCP v1 `extra.signal`, MCP v2
 * `ctx.mcpReq.signal`, fastmcp `context.signal`, ACP 2.x handler context `{ signal }`, none for mcp-use 1.x); and
 * any parameter or variable declared or typed `AbortSignal`.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "./node-types.ts";
import { getMemberPath, isFunctionNode, unwrapExpression } from "./ast.ts";
import { matchToolHandler, type HumanWaitCall } from "./calls.ts";
import { nodesWithin } from "./node-index.ts";
import { SIGNAL_NAME } from "./signal-names.ts";
import { MCP_V2_REQUEST_CONTEXT, MCP_V2_SIGNAL_PATH, SIGNAL_FIELD } from "../protocol/apis.ts";
import {
  isAbortSignalStaticCall,
  isValueIdentifier,
  readsThroughConstants,
  resolveIdentifier,
  singleInitializer,
  walkSubtree,
} from "./walk.ts";
import { fieldPresence, hasAbortSignalType, isContextuallyTypedParameter, signalPathsOfType } from "./types.ts";
import { Fact, fileFacts } from "./cached-facts.ts";

export type CallerSignal =
  /** A local name holding the signal: a parameter, a destructured `{ signal }`, a `const signal = …`. */
  | { readonly kind: "variable"; readonly variable: TSESLint.Scope.Variable; readonly text: string }
  /** A path below a parameter: `extra.signal`, `ctx.mcpReq.signal`. */
  | {
      readonly kind: "path";
      readonly root: TSESLint.Scope.Variable;
      readonly path: readonly string[];
      readonly text: string;
    };

/** Parameter names that by MCP SDK v1 convention hold `RequestHandlerExtra` (which always has `signal`). */
const EXTRA_NAME = /^extra$/;

interface CallerSignalsAsked {
  readonly call: HumanWaitCall | undefined;
  readonly signals: readonly CallerSignal[];
}

const CALLER_SIGNALS = new Fact<TSESTree.Node, CallerSignalsAsked[]>(
  "the caller's signals in reach of a node, per node and the wait asked about (its row, wrapper and call)",
);

/** Two waits whose signals are found alike: the same call, row and user's entry. */
function findsAlike(a: HumanWaitCall | undefined, b: HumanWaitCall | undefined): boolean {
  return (
    a === b || (a !== undefined && b !== undefined && a.node === b.node && a.api === b.api && a.wrapper === b.wrapper)
  );
}

/**
 * The caller's cancellation signals in reach of `node`, innermost scope first. `call` (optional) lets the
 * receiver of the ask say where its handler's signal lives (`ctx.mcpReq.elicitInput` → `ctx.mcpReq.signal`).
 * Asked of one wait by several rules (forward-abort-signal, require-deadline): found once per file.
 */
export function findCallerSignals(
  node: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  call?: HumanWaitCall,
): readonly CallerSignal[] {
  const asked = fileFacts(sourceCode).remember(CALLER_SIGNALS, node, () => []);
  const known = asked.find((entry) => findsAlike(entry.call, call));
  if (known) return known.signals;
  const signals = callerSignalsInReach(node, sourceCode, call);
  asked.push({ call, signals });
  return signals;
}

function callerSignalsInReach(
  node: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  call: HumanWaitCall | undefined,
): readonly CallerSignal[] {
  const signals: CallerSignal[] = [];
  const seen = new Set<string>();
  const addSignal = (signal: CallerSignal) => {
    const key = signal.kind === "variable" ? `v:${signal.text}` : `p:${signal.text}`;
    if (!seen.has(key)) {
      seen.add(key);
      signals.push(signal);
    }
  };
  const receiverPath = call ? receiverPathOf(call.node) : null;
  // Set when the walk has left a function the enclosing one does not await: only signals handed to what runs it count.
  let handedOver: TSESTree.Node[] | null = null;
  for (let scope: TSESLint.Scope.Scope | null = sourceCode.getScope(node); scope; scope = scope.upper) {
    if (scope.type === "module" || scope.type === "global") break;
    const keep = handedOver;
    const add =
      keep === null
        ? addSignal
        : (signal: CallerSignal) => {
            if (keep.some((argument) => referencesSignal(argument, signal, sourceCode))) addSignal(signal);
          };
    // A name that holds the signal itself reads better in messages and fixes than a path below a parameter.
    const paths: CallerSignal[] = [];
    for (const variable of scope.variables) {
      const definition = variable.defs[0];
      if (!definition) continue;
      if (definition.type === "Variable" && definition.name.range[0] > node.range[0]) continue;
      if (definition.type !== "Parameter" && definition.type !== "Variable") continue;
      if (isSignalVariable(variable, definition, sourceCode)) {
        add({ kind: "variable", variable, text: variable.name });
        continue;
      }
      if (definition.type !== "Parameter" || !isWholeParameter(definition.name)) continue;
      for (const path of signalPathsBelow(variable, definition.name, receiverPath, call, sourceCode)) {
        paths.push({ kind: "path", root: variable, path, text: [variable.name, ...path].join(".") });
      }
    }
    paths.forEach(add);
    if (handedOver === null && isFunctionScopeBlock(scope.block)) {
      const detached = detachedFrom(scope.block, sourceCode);
      if (detached) handedOver = detached.runnerArguments;
    }
  }
  return signals;
}

function isFunctionScopeBlock(block: TSESTree.Node): block is TSESTree.FunctionLike {
  return (
    block.type === AST_NODE_TYPES.ArrowFunctionExpression ||
    block.type === AST_NODE_TYPES.FunctionExpression ||
    block.type === AST_NODE_TYPES.FunctionDeclaration
  );
}

/** Callees that run the function they are given later, never as part of the caller's awaited flow. */
const SCHEDULERS = new Set(["setTimeout", "setInterval", "setImmediate", "queueMicrotask", "nextTick"]);

/**
 * When `fn` runs outside the awaited flow of the function around it — a task started and left running
 * (`const task = (async () => …)()` never awaited), a callback given to `setTimeout`/`queueMicrotask`, or to a
 * call whose result nobody awaits or returns (`promise.then(cb)`, `items.forEach(cb)`, `runner.start(cb)`) — the
 * other arguments of the call that runs it (a runner handed the signal passes it on). Null when `fn` is part of
 * the flow: awaited, returned, or a named local function (assumed called from the flow).
 */
function detachedFrom(
  fn: TSESTree.FunctionLike,
  sourceCode: Readonly<TSESLint.SourceCode>,
): { runnerArguments: TSESTree.Node[] } | null {
  const parent = fn.parent;
  if (parent?.type !== AST_NODE_TYPES.CallExpression && parent?.type !== AST_NODE_TYPES.NewExpression) return null;
  if (parent.callee === fn)
    return isAwaitedInFlow(parent, 0, sourceCode) ? null : { runnerArguments: [...parent.arguments] };
  if (!parent.arguments.includes(fn as TSESTree.CallExpressionArgument)) return null;
  const others = parent.arguments.filter((argument) => argument !== fn);
  const callee = unwrapExpression(parent.callee);
  const calleeName =
    callee.type === AST_NODE_TYPES.Identifier
      ? callee.name
      : callee.type === AST_NODE_TYPES.MemberExpression && callee.property.type === AST_NODE_TYPES.Identifier
        ? callee.property.name
        : null;
  if (calleeName !== null && SCHEDULERS.has(calleeName)) return { runnerArguments: others };
  return isAwaitedInFlow(parent, 0, sourceCode) ? null : { runnerArguments: others };
}

const PROMISE_COMBINATORS = new Set(["all", "allSettled", "race", "any"]);
const PROMISE_CHAIN = new Set(["then", "catch", "finally"]);

/** Whether the value of `expression` is awaited, returned or yielded by the function it is in (directly or via a const). */
function isAwaitedInFlow(expression: TSESTree.Node, depth: number, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  if (depth > 4) return false;
  let current: TSESTree.Node = expression;
  for (let parent = current.parent; parent; current = parent, parent = parent.parent) {
    switch (parent.type) {
      case AST_NODE_TYPES.AwaitExpression:
      case AST_NODE_TYPES.ReturnStatement:
      case AST_NODE_TYPES.YieldExpression:
        return true;
      case AST_NODE_TYPES.ArrowFunctionExpression:
        return parent.body === current;
      case AST_NODE_TYPES.ChainExpression:
      case AST_NODE_TYPES.TSAsExpression:
      case AST_NODE_TYPES.TSNonNullExpression:
      case AST_NODE_TYPES.TSSatisfiesExpression:
      case AST_NODE_TYPES.ConditionalExpression:
      case AST_NODE_TYPES.LogicalExpression:
      case AST_NODE_TYPES.ArrayExpression:
        continue;
      case AST_NODE_TYPES.MemberExpression: {
        // `p.then(…)` / `.catch` / `.finally`: the chain's result is what matters.
        const property = parent.property;
        const chained =
          parent.object === current &&
          property.type === AST_NODE_TYPES.Identifier &&
          PROMISE_CHAIN.has(property.name) &&
          parent.parent?.type === AST_NODE_TYPES.CallExpression &&
          parent.parent.callee === parent;
        if (!chained) return false;
        current = parent;
        parent = parent.parent!;
        continue;
      }
      case AST_NODE_TYPES.CallExpression: {
        if (!parent.arguments.includes(current as TSESTree.CallExpressionArgument)) return false;
        const callee = unwrapExpression(parent.callee);
        const combinator =
          callee.type === AST_NODE_TYPES.MemberExpression &&
          callee.object.type === AST_NODE_TYPES.Identifier &&
          callee.object.name === "Promise" &&
          callee.property.type === AST_NODE_TYPES.Identifier &&
          PROMISE_COMBINATORS.has(callee.property.name);
        // `Promise.all([…])`, or `files.map(cb)` inside one: follow the call's result.
        if (combinator) continue;
        // The value handed to some other function (`track(task)`): it may or may not be awaited there.
        return false;
      }
      case AST_NODE_TYPES.VariableDeclarator: {
        if (parent.init !== current || parent.id.type !== AST_NODE_TYPES.Identifier) return false;
        const name = parent.id.name;
        const scopeBlock = enclosingFunctionOrProgram(parent);
        return findIdentifierUses(scopeBlock, name, parent.id, sourceCode).some((use) =>
          isAwaitedInFlow(use, depth + 1, sourceCode),
        );
      }
      default:
        return false;
    }
  }
  return false;
}

function enclosingFunctionOrProgram(node: TSESTree.Node): TSESTree.Node {
  for (let current = node.parent; current; current = current.parent) {
    if (isFunctionScopeBlock(current) || current.type === AST_NODE_TYPES.Program) return current;
  }
  return node;
}

/** The identifiers named `name` in `root` other than `declaration` (a cheap stand-in for scope references). */
function findIdentifierUses(
  root: TSESTree.Node,
  name: string,
  declaration: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.Identifier[] {
  return nodesWithin(sourceCode, root, AST_NODE_TYPES.Identifier).filter((node) => {
    if (node.name !== name || node === declaration) return false;
    const parent = node.parent;
    const isPropertyName =
      (parent?.type === AST_NODE_TYPES.MemberExpression && parent.property === node && !parent.computed) ||
      (parent?.type === AST_NODE_TYPES.Property && parent.key === node && !parent.shorthand);
    return !isPropertyName;
  });
}

function isSignalVariable(
  variable: TSESLint.Scope.Variable,
  definition: TSESLint.Scope.Definition,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  const name = definition.name;
  if (definition.type === "Variable") {
    const init = singleInitializer(variable);
    const value = init && unwrapExpression(init);
    // A timeout of the function's own is a deadline (require-deadline's business), not the caller's cancellation.
    if (value && isAbortSignalStaticCall(value, "timeout")) return false;
    // `const signal = "SIGTERM"` names a process signal, not an AbortSignal.
    if (value?.type === AST_NODE_TYPES.Literal || value?.type === AST_NODE_TYPES.TemplateLiteral) return false;
  }
  if (hasAbortSignalAnnotation(name) || isDestructuredSignal(name) || SIGNAL_NAME.test(variable.name)) return true;
  return worthATypeQuery(variable, definition, sourceCode) && hasAbortSignalType(name, sourceCode);
}

/** Text that any expression yielding an `AbortSignal` names somewhere (`.signal`, `AbortSignal.any`, `onAbort()`). */
const SIGNAL_TEXT = /signal|abort/i;

/**
 * Whether asking the checker for this name's type is worth what it costs. Two kinds of name are not:
 * - a parameter with no annotation of a function passed to a call: its type comes from the call, so the checker must
 *   resolve the whole call first (a `registerTool` with a zod schema, a generic `setRequestHandler`: up to seconds
 *   per file). Where such a callback gets its request's signal is known without types (see `signalPathsBelow`);
 * - a variable whose initializer names nothing like a signal: an `AbortSignal` comes from a `.signal`, an
 *   `AbortSignal.…` call or a function named for it, and typing `await server.elicitInput(…)` resolves the call.
 */
function worthATypeQuery(
  variable: TSESLint.Scope.Variable,
  definition: TSESLint.Scope.Definition,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  if (definition.type === "Variable") {
    const init = singleInitializer(variable);
    return init !== null && SIGNAL_TEXT.test(sourceCode.getText(init));
  }
  return definition.type !== "Parameter" || !isContextuallyTypedParameter(definition.name, definition.node);
}

/** `{ signal }`, `{ signal: s }`, `{ mcpReq: { signal } }` in a parameter or declaration. */
function isDestructuredSignal(name: TSESTree.Node): boolean {
  const property = name.parent;
  if (property?.type !== AST_NODE_TYPES.Property || property.value !== name) return false;
  return property.key.type === AST_NODE_TYPES.Identifier && property.key.name === "signal" && !property.computed;
}

function hasAbortSignalAnnotation(name: TSESTree.Node): boolean {
  const annotation = "typeAnnotation" in name ? name.typeAnnotation : undefined;
  const type = annotation && "typeAnnotation" in annotation ? annotation.typeAnnotation : undefined;
  return (
    type?.type === AST_NODE_TYPES.TSTypeReference &&
    type.typeName.type === AST_NODE_TYPES.Identifier &&
    type.typeName.name === "AbortSignal"
  );
}

/** A parameter bound as a whole (`extra`, `ctx = {}`), not a name inside a destructuring pattern. */
function isWholeParameter(name: TSESTree.Node): boolean {
  const parent = name.parent;
  if (!parent) return false;
  if (parent.type === AST_NODE_TYPES.AssignmentPattern) return parent.left === name && isFunctionLike(parent.parent);
  if (parent.type === AST_NODE_TYPES.TSParameterProperty) return true;
  return isFunctionLike(parent);
}

function isFunctionLike(node: TSESTree.Node | undefined): boolean {
  return (
    node?.type === AST_NODE_TYPES.FunctionDeclaration ||
    node?.type === AST_NODE_TYPES.FunctionExpression ||
    node?.type === AST_NODE_TYPES.ArrowFunctionExpression
  );
}

/** The receiver path of `a.b.method(…)` → ["a", "b"], or null. */
function receiverPathOf(call: TSESTree.CallExpression): string[] | null {
  const callee = unwrapExpression(call.callee);
  return callee.type === AST_NODE_TYPES.MemberExpression ? getMemberPath(callee.object) : null;
}

/** Per parameter: the signal paths its references read. A parameter is asked once per wait in its scope. */
const SIGNAL_PATHS_READ = new Fact<TSESLint.Scope.Variable, readonly (readonly string[])[]>(
  "the signal paths read below a parameter, per parameter",
);

/**
 * The signal paths the code reads below a parameter (`extra.signal`, `ctx.mcpReq…`), worked out once per parameter:
 * a function that registers thousands of tools has a parameter with thousands of references, and every wait in
 * reach of it asks.
 */
function signalPathsReadBelow(parameter: TSESLint.Scope.Variable): readonly (readonly string[])[] {
  return fileFacts(parameter.identifiers[0]!).remember(SIGNAL_PATHS_READ, parameter, () => {
    const found: string[][] = [];
    const add = (path: string[]) => {
      if (!found.some((known) => known.join(".") === path.join("."))) found.push(path);
    };
    for (const reference of parameter.references) {
      const member = reference.identifier.parent;
      if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== reference.identifier) continue;
      const first = getMemberPath(member)?.[1];
      if (first === SIGNAL_FIELD) add([SIGNAL_FIELD]);
      if (first === MCP_V2_REQUEST_CONTEXT) add([...MCP_V2_SIGNAL_PATH]);
    }
    return found;
  });
}

/**
 * Where, below a whole parameter, the caller's signal lives: what the function itself reads (`p.signal`,
 * `p.mcpReq.signal`, or any `p.mcpReq`), what its type says, what its name says (`extra`), and what the ask's
 * receiver says (`ctx.mcpReq.elicitInput`, `extra.sendRequest`, fastmcp `context.elicit`, ACP `ctx.client.request`).
 */
function signalPathsBelow(
  parameter: TSESLint.Scope.Variable,
  name: TSESTree.Node,
  receiverPath: readonly string[] | null,
  call: HumanWaitCall | undefined,
  sourceCode: Readonly<TSESLint.SourceCode>,
): string[][] {
  const paths: string[][] = [];
  const push = (path: string[]) => {
    if (!paths.some((known) => known.join(".") === path.join("."))) paths.push(path);
  };
  for (const path of signalPathsReadBelow(parameter)) push([...path]);
  // A callback's parameter is typed from the call it is passed to, which the checker would have to resolve first; a
  // tool handler's request context is known from the registration instead.
  const fromCall = isContextuallyTypedParameter(name, parameter.defs[0]!.node);
  if (fromCall) {
    // Typed, in place of the query: what the type would have shown. Untyped stays on the conventions below.
    const toolPath = paths.length === 0 && sourceCode.parserServices?.program ? toolHandlerSignalPath(name) : null;
    if (toolPath) push(toolPath);
  } else {
    for (const path of signalPathsOfType(name, sourceCode)) push(path);
  }
  // The guesses below (by name, by the receiver of the ask) are untyped conventions: `extra` is the MCP SDK's
  // RequestHandlerExtra, `context.elicit` is fastmcp's. Where the parameter's type is known and has no `signal`, they
  // do not hold.
  const mayCarrySignal = () => fromCall || fieldPresence(name, ["signal"], sourceCode) !== "absent";
  if (EXTRA_NAME.test(parameter.name) && mayCarrySignal()) push(["signal"]);
  // Where the row says its framework's handler context holds the signal, relative to the ask's receiver
  // (`ctx.mcpReq.send` → `ctx.mcpReq.signal`, ACP `ctx.client.request` → `ctx.signal`); nowhere for a framework whose
  // context has none (mcp-use 1.x).
  // A `humanWaitFunctions` entry's `callerSignal: "ctx.abort"`: below the handler's parameter of that name.
  const entrySignal = call?.wrapper?.callerSignal;
  if (entrySignal && entrySignal.parameter === parameter.name) push([...entrySignal.path]);
  if (receiverPath && call && receiverPath[0] === parameter.name && mayCarrySignal()) {
    const below = receiverPath.slice(1).join(".");
    // A look-alike from no known package says nothing about where its context keeps a signal.
    const known = call.api.defaultDeadline.kind !== "unknown";
    for (const place of call.api.callerSignal) if (place.receiver === below && known) push([...place.path]);
  }
  return paths;
}

/** `extra.signal` (SDK 1.x) or `ctx.mcpReq.signal` (2.x) when `name` is where a tool handler gets its request. */
function toolHandlerSignalPath(name: TSESTree.Node): string[] | null {
  const fn = name.parent;
  if (!isFunctionNode(fn)) return null;
  const tool = matchToolHandler(fn);
  if (!tool || tool.signalParamIndex === null || fn.params[tool.signalParamIndex] !== name) return null;
  // A parameter the code itself calls `extra` is where the author expects the request: believe the name.
  if (fn.params.some((param) => param.type === AST_NODE_TYPES.Identifier && EXTRA_NAME.test(param.name))) return null;
  return tool.version === 2 ? [...MCP_V2_SIGNAL_PATH] : [SIGNAL_FIELD];
}

/**
 * Whether `expression` carries `signal`: it names it, or builds on it (`AbortSignal.any([signal, …])`,
 * `new Promise(r => signal.addEventListener("abort", …))`), directly or through `const`s.
 */
export function referencesSignal(
  expression: TSESTree.Node,
  signal: CallerSignal,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  return readsThroughConstants(expression, sourceCode, (node, variable) => {
    if (node.type === AST_NODE_TYPES.MemberExpression && signal.kind === "path") {
      return isSignalPath(node, signal, sourceCode);
    }
    if (node.type !== AST_NODE_TYPES.Identifier) return false;
    return signal.kind === "variable" && variable === signal.variable ? true : undefined;
  });
}

/** Whether an expression is `signal` itself (its name, its path, or a `const` copy), not something built from it. */
export function isSignal(
  expression: TSESTree.Node,
  signal: CallerSignal,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  const node = unwrapExpression(expression);
  if (node.type === AST_NODE_TYPES.MemberExpression) {
    return signal.kind === "path" && isSignalPath(node, signal, sourceCode);
  }
  if (node.type !== AST_NODE_TYPES.Identifier) return false;
  const variable = resolveIdentifier(node, sourceCode);
  if (!variable) return false;
  if (signal.kind === "variable" && variable === signal.variable) return true;
  const init = singleInitializer(variable);
  return init !== null && init !== expression && isSignal(init, signal, sourceCode);
}

/** Whether an expression carries any of `signals`. */
export function referencesAnySignal(
  expression: TSESTree.Node,
  signals: readonly CallerSignal[],
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  return signals.some((signal) => referencesSignal(expression, signal, sourceCode));
}

function isSignalPath(
  member: TSESTree.MemberExpression,
  signal: Extract<CallerSignal, { kind: "path" }>,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  const path = getMemberPath(member);
  if (path?.join(".") !== signal.text) return false;
  let root: TSESTree.Node = member;
  while (root.type === AST_NODE_TYPES.MemberExpression) root = unwrapExpression(root.object);
  return root.type === AST_NODE_TYPES.Identifier && resolveIdentifier(root, sourceCode) === signal.root;
}

/**
 * Whether the code in reach ties the caller's signal to some other signal the ask may carry:
 * `callerSignal.addEventListener("abort", …)`, `callerSignal.onabort = …`, or `AbortSignal.any([callerSignal, …])`
 * anywhere in `scopeNode`.
 */
export function isSignalLinked(
  scopeNode: TSESTree.Node,
  signal: CallerSignal,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  return walkSubtree(scopeNode, sourceCode.visitorKeys, (node) => {
    if (node.type === AST_NODE_TYPES.CallExpression) {
      const callee = unwrapExpression(node.callee);
      if (
        callee.type === AST_NODE_TYPES.MemberExpression &&
        getMemberPath(callee)?.at(-1) === "addEventListener" &&
        referencesSignal(callee.object, signal, sourceCode)
      ) {
        return true;
      }
      if (
        isAbortSignalStaticCall(node, "any") &&
        node.arguments.some((argument) => referencesSignal(argument, signal, sourceCode))
      ) {
        return true;
      }
    }
    if (
      node.type === AST_NODE_TYPES.AssignmentExpression &&
      node.left.type === AST_NODE_TYPES.MemberExpression &&
      getMemberPath(node.left)?.at(-1) === "onabort"
    ) {
      return referencesSignal(node.left.object, signal, sourceCode);
    }
    return false;
  });
}

/**
 * Whether `expression` carries one of `signals`, also through a signal derived from it: `AbortSignal.any([caller, …])`
 * (as `referencesAnySignal`), or a local controller's `linked.signal` where `caller.addEventListener("abort", () =>
 * linked.abort())` or `caller.onabort = () => linked.abort()` ties the controller to the caller's signal.
 */
export function carriesCallerSignal(
  expression: TSESTree.Node,
  signals: readonly CallerSignal[],
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  if (referencesAnySignal(expression, signals, sourceCode)) return true;
  return walkSubtree(expression, sourceCode.visitorKeys, (node) => {
    if (node.type !== AST_NODE_TYPES.Identifier || !isValueIdentifier(node)) return false;
    const variable = resolveIdentifier(node, sourceCode);
    return variable !== null && isControllerLinkedTo(variable, signals, sourceCode);
  });
}

/** A `new AbortController()` whose `abort()` runs in an abort listener of one of `signals`. */
function isControllerLinkedTo(
  controller: TSESLint.Scope.Variable,
  signals: readonly CallerSignal[],
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  const init = singleInitializer(controller);
  const built = init && unwrapExpression(init);
  if (
    built?.type !== AST_NODE_TYPES.NewExpression ||
    built.callee.type !== AST_NODE_TYPES.Identifier ||
    built.callee.name !== "AbortController"
  ) {
    return false;
  }
  return controller.references.some((reference) => {
    const member = reference.identifier.parent;
    if (member?.type !== AST_NODE_TYPES.MemberExpression || getMemberPath(member)?.at(-1) !== "abort") return false;
    for (let current: TSESTree.Node | undefined = member.parent; current; current = current.parent) {
      if (!isFunctionNode(current)) continue;
      const listener = abortListenerTarget(current);
      return listener !== null && referencesAnySignal(listener, signals, sourceCode);
    }
    return false;
  });
}

/** The signal `fn` listens on: `s.addEventListener("abort", fn)` or `s.onabort = fn`, else null. */
function abortListenerTarget(fn: TSESTree.FunctionLike): TSESTree.Node | null {
  const parent = fn.parent;
  if (parent?.type === AST_NODE_TYPES.CallExpression && parent.arguments[1] === fn) {
    const callee = unwrapExpression(parent.callee);
    if (callee.type === AST_NODE_TYPES.MemberExpression && getMemberPath(callee)?.at(-1) === "addEventListener") {
      return callee.object;
    }
  }
  if (
    parent?.type === AST_NODE_TYPES.AssignmentExpression &&
    parent.right === fn &&
    parent.left.type === AST_NODE_TYPES.MemberExpression &&
    getMemberPath(parent.left)?.at(-1) === "onabort"
  ) {
    return parent.left.object;
  }
  return null;
}

/**
 * `this.next.requestPermission(req, abortSignal)` on a row whose API takes no options: the caller's signal (or one
 * derived from it) is handed on as an argument the API does not have, so the callee is a relay that takes it, and the
 * wait is judged where that relay asks.
 */
export function handsSignalBeyondArity(
  call: HumanWaitCall,
  signals: readonly CallerSignal[],
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  if (call.api.optionsArgIndex !== null || call.wrapper !== null) return false;
  return call.node.arguments.slice(1).some((argument) => carriesCallerSignal(argument, signals, sourceCode));
}
