/**
 * Pending-answer stores (docs/rules/no-session-keyed-pending.md): which keys a whole session or tool call shares, which keys are unique per
 * question, which stored values wait for an answer, and whether the names around a write speak of asking a person
 * or of the keyed thing's own lifecycle. Untyped and local; a typed caller can pass a lookup for the declared type
 * name of a key.
 */
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import {
  getCalleeName,
  getMemberPath,
  getStaticPropertyName,
  isFunctionNode,
  unwrapExpression,
} from "../../analysis/ast.ts";
import { resolveLocalCallee } from "../../analysis/local-waits.ts";
import { fieldsEchoedByCallee, typeAccess } from "../../analysis/types.ts";
import { findVariable } from "../../analysis/flow.ts";
import { textMayContainHumanWait } from "../../analysis/human-wait.ts";
import { normalisedText } from "../../analysis/settlers.ts";

// ---------------------------------------------------------------------------------------------------------------
// Names

/**
 * Splits a name into lower-case words joined by `_`: `toolCallId` → `tool_call_id`, `SESSION_ID` → `session_id`,
 * `_awaiting` → `awaiting`, `MCPSessionId` → `mcp_session_id`. Every name pattern is matched against this form.
 */
export function toSnakeName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();
}

/**
 * Keys that one session, thread, connection, tool call or server shares between all the questions asked under it.
 * Matched against the snake_case name of the key (`extra.sessionId` → `session_id`, `session.id` → `session_id`).
 */
export const DEFAULT_KEY_NAME_PATTERN =
  "(?:^|_)(?:session|thread|conversation|connection|tool_call|tool_use|call|server)(?:_(?:id|key|name|uid))?$";

/**
 * Keys unique to one question: the outbound request's id, the elicitation's id, a permission request's id.
 * A name that matches this is never treated as shared, whatever `keyNamePattern` says.
 */
export const DEFAULT_PER_QUESTION_KEY_PATTERN =
  "(?:^|_)(?:request|req|rpc|message|msg|elicitation|elicit|question|prompt|permission|correlation|ask)_(?:id|key|uid)$|(?:^|_)(?:uuid|nonce|seq|sequence|counter|next_id)$";

/**
 * Names of stores that exist to hold pending answers. In such a store, a value the rule cannot see into (a
 * parameter, an untraced identifier) counts as a waiter; a visible non-waiter (a flag, a number, a cache entry)
 * never does.
 */
export const DEFAULT_STORE_NAME_PATTERN =
  "^(?:pending|awaiting|waiting|waiters|resolvers)(?:_(?:answers?|elicitations?|questions?|prompts?|permissions?|inputs?|replies))?$";

export interface PendingPatterns {
  readonly keyName: RegExp;
  readonly perQuestionKey: RegExp;
  readonly storeName: RegExp;
}

export interface PendingPatternOptions {
  keyNamePattern?: string;
  perQuestionKeyPattern?: string;
  storeNamePattern?: string;
}

/** Compiles the option strings; an invalid regex throws with the option's name in the message. */
export function compilePendingPatterns(options: PendingPatternOptions = {}): PendingPatterns {
  return {
    keyName: compilePattern("keyNamePattern", options.keyNamePattern ?? DEFAULT_KEY_NAME_PATTERN),
    perQuestionKey: compilePattern(
      "perQuestionKeyPattern",
      options.perQuestionKeyPattern ?? DEFAULT_PER_QUESTION_KEY_PATTERN,
    ),
    storeName: compilePattern("storeNamePattern", options.storeNamePattern ?? DEFAULT_STORE_NAME_PATTERN),
  };
}

/** Compiled option patterns by source: the same options are compiled once per run, not once per file. */
const compiledPatterns = new Map<string, RegExp>();

function compilePattern(option: string, source: string): RegExp {
  const cached = compiledPatterns.get(source);
  if (cached) return cached;
  try {
    const compiled = new RegExp(source, "u");
    compiledPatterns.set(source, compiled);
    return compiled;
  } catch (error) {
    throw new Error(
      `elicitation/no-session-keyed-pending: option ${option} is not a valid regular expression: ${(error as Error).message}`,
    );
  }
}

/**
 * Cheap pre-filter, each test a condition every report needs:
 * - a store write: `store.set(key, value)`, `store[key] = value` or `{ [key]: value }`;
 * - with the default store names, a waiter (a `resolve`-like name, a `Promise` whose executor may name its resolver
 *   anything, a deferred) and something that ties the entry to a question: a question word in the names around the
 *   write (`pendingApprovals`, `askUser`), a store named for pending answers, or a wait on a person in the file;
 * - with the default key pattern, a session, thread, tool call or server.
 * An HTTP server that wraps `listen` in a `Promise`, or a connection pool keyed by host, fails at least one.
 */
const STORE_WRITE_TEXT_HINT = /\.set\s*\(|\]\s*(?:=(?!=)|:)/;
const WAITER_TEXT_HINT = /resolve|reject|defer|future|waiter|settle|fulfil|pending|awaiting|waiting|Promise/i;
const SHARED_KEY_TEXT_HINT = /session|thread|conversation|connection|tool_?call|tool_?use|call_?id|server/i;
/** The words of a store named for pending answers (DEFAULT_STORE_NAME_PATTERN's first part). */
const PENDING_STORE_TEXT_HINT = /pending|awaiting|waiting|waiters|resolvers/i;
let questionTextHint: RegExp | undefined;

export function textMayContainSessionKeyedPending(
  text: string,
  hints: { readonly checkWaiterWords: boolean; readonly checkKeyWords: boolean },
): boolean {
  if (!STORE_WRITE_TEXT_HINT.test(text)) return false;
  if (hints.checkKeyWords && !SHARED_KEY_TEXT_HINT.test(text)) return false;
  // A store pattern of the user's own may name any store, whose entries then count whatever their names say.
  if (!hints.checkWaiterWords) return true;
  questionTextHint ??= new RegExp([...QUESTION_WORDS].join("|"), "i");
  return (
    WAITER_TEXT_HINT.test(text) &&
    (questionTextHint.test(text) || PENDING_STORE_TEXT_HINT.test(text) || textMayContainHumanWait(text))
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Keys

/** Who shares a key, in a person's words; `other` for names matched by a user's own pattern. */
export type KeySharer = "session" | "thread" | "conversation" | "connection" | "tool call" | "server" | "other";

export type KeyVerdict =
  /** Every question asked under this session / tool call / server gets the same key. */
  | { readonly kind: "shared"; readonly name: string; readonly sharer: KeySharer }
  /** Unique per question: a request id, a fresh UUID, a counter. */
  | { readonly kind: "per-question" }
  | { readonly kind: "unknown" };

/** Looks up the declared type name of a key expression (typed mode), e.g. `SessionId`; null when there is none. */
export type DeclaredTypeNameLookup = (node: TSESTree.Node) => string | null;

/** Property names that say only "the id of the thing before me": `session.id` is a session id. */
const GENERIC_ID_NAMES = new Set(["id", "key", "name", "uid", "uuid"]);

/** Calls that mint a fresh id per call. */
const FRESH_ID_FACTORIES = new Set([
  "randomUUID",
  "nanoid",
  "uuid",
  "uuidv4",
  "v4",
  "v7",
  "ulid",
  "cuid",
  "createId",
  "generateId",
]);

const MAX_TRACE_DEPTH = 5;

const UNKNOWN: KeyVerdict = { kind: "unknown" };
const PER_QUESTION: KeyVerdict = { kind: "per-question" };

/** Classifies the key of a store write. */
export function classifyKey(
  key: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  patterns: PendingPatterns,
  declaredTypeName: DeclaredTypeNameLookup | null = null,
  depth = 0,
): KeyVerdict {
  const verdict = classifyKeySyntax(key, sourceCode, patterns, declaredTypeName, depth);
  if (verdict.kind !== "unknown" || !declaredTypeName) return verdict;
  const typeName = declaredTypeName(unwrapExpression(key));
  return typeName === null ? UNKNOWN : classifyName(typeName, patterns);
}

function classifyKeySyntax(
  key: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  patterns: PendingPatterns,
  declaredTypeName: DeclaredTypeNameLookup | null,
  depth: number,
): KeyVerdict {
  if (depth > MAX_TRACE_DEPTH) return UNKNOWN;
  const node = unwrapExpression(key);
  const recurse = (next: TSESTree.Node) => classifyKey(next, sourceCode, patterns, declaredTypeName, depth + 1);
  switch (node.type) {
    case AST_NODE_TYPES.Identifier: {
      // `const sessionId = uuid.v4()` is minted per request whatever it is called: what it holds wins.
      const traced = traceKeyIdentifier(node, sourceCode, patterns, recurse);
      if (traced.kind === "per-question") return traced;
      const byName = classifyName(node.name, patterns);
      return byName.kind === "unknown" ? traced : byName;
    }
    case AST_NODE_TYPES.MemberExpression: {
      const path = getMemberPath(node);
      return path ? classifyName(nameOfPath(path), patterns) : UNKNOWN;
    }
    case AST_NODE_TYPES.TemplateLiteral:
      return combineParts(node.expressions.map(recurse));
    case AST_NODE_TYPES.BinaryExpression:
      return node.operator === "+" ? combineParts(concatenatedParts(node).map(recurse)) : UNKNOWN;
    case AST_NODE_TYPES.LogicalExpression:
      // `extra.sessionId ?? "default"`: the fallback is one constant slot, shared just the same.
      return combineParts([node.left, node.right].filter((part) => !isStringConstant(part)).map(recurse));
    case AST_NODE_TYPES.UpdateExpression:
      return PER_QUESTION; // `nextId++`
    case AST_NODE_TYPES.CallExpression: {
      const verdict = classifyKeyCall(node, recurse);
      return verdict.kind === "unknown" ? classifyKeyHelper(node, sourceCode, recurse) : verdict;
    }
    default:
      return UNKNOWN;
  }
}

function classifyName(name: string, patterns: PendingPatterns): KeyVerdict {
  const snake = toSnakeName(name);
  if (patterns.perQuestionKey.test(snake)) return PER_QUESTION;
  if (patterns.keyName.test(snake)) return { kind: "shared", name, sharer: sharerOf(snake) };
  return UNKNOWN;
}

function sharerOf(snake: string): KeySharer {
  const words = snake.split("_");
  if (words.includes("call") || words.includes("use")) return "tool call";
  for (const sharer of ["session", "thread", "conversation", "connection", "server"] as const) {
    if (words.includes(sharer)) return sharer;
  }
  return "other";
}

/** `session.id` → `session.id` (read as `session_id`), `extra.sessionId` → `sessionId`. */
function nameOfPath(path: readonly string[]): string {
  const last = path[path.length - 1]!;
  const previous = path[path.length - 2];
  return GENERIC_ID_NAMES.has(last) && previous !== undefined && previous !== "this" ? `${previous}_${last}` : last;
}

/** A template or concatenation is shared only when every part is; any per-question part makes it per-question. */
function combineParts(parts: readonly KeyVerdict[]): KeyVerdict {
  if (parts.length === 0) return UNKNOWN;
  if (parts.some((part) => part.kind === "per-question")) return PER_QUESTION;
  if (parts.every((part) => part.kind === "shared")) return parts[0]!;
  return UNKNOWN;
}

function concatenatedParts(node: TSESTree.Node): TSESTree.Node[] {
  if (node.type === AST_NODE_TYPES.BinaryExpression && node.operator === "+") {
    return [...concatenatedParts(node.left), ...concatenatedParts(node.right)];
  }
  return isStringConstant(node) ? [] : [node];
}

function isStringConstant(node: TSESTree.Node): boolean {
  const inner = unwrapExpression(node);
  return (
    (inner.type === AST_NODE_TYPES.Literal && (typeof inner.value === "string" || typeof inner.value === "number")) ||
    (inner.type === AST_NODE_TYPES.TemplateLiteral && inner.expressions.length === 0)
  );
}

function classifyKeyCall(call: TSESTree.CallExpression, recurse: (next: TSESTree.Node) => KeyVerdict): KeyVerdict {
  const name = getCalleeName(call);
  if (name !== null && FRESH_ID_FACTORIES.has(name)) return PER_QUESTION;
  // `String(sessionId)`, `sessionId.toString()`
  if (call.callee.type === AST_NODE_TYPES.Identifier && call.callee.name === "String" && call.arguments[0]) {
    return recurse(call.arguments[0]);
  }
  if (name === "toString" && call.callee.type === AST_NODE_TYPES.MemberExpression && call.arguments.length === 0) {
    return recurse(call.callee.object);
  }
  return UNKNOWN;
}

/**
 * `this.keyFor(thread, server)` where the file's `keyFor(thread, server) { return \`${thread}:${server}\` }`: the key
 * is what the helper returns, its parameters read as the call's arguments. Shared only when every return is.
 */
function classifyKeyHelper(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
  recurse: (next: TSESTree.Node) => KeyVerdict,
): KeyVerdict {
  const helper = resolveLocalCallee(call, sourceCode);
  if (!helper || !isFunctionNode(helper) || !helper.body) return UNKNOWN;
  const returned =
    helper.body.type === AST_NODE_TYPES.BlockStatement ? ownReturns(helper.body, sourceCode) : [helper.body];
  if (returned.length === 0) return UNKNOWN;
  const argumentFor = (node: TSESTree.Node): TSESTree.Node | null => {
    if (node.type !== AST_NODE_TYPES.Identifier) return null;
    const index = helper.params.findIndex(
      (param) => param.type === AST_NODE_TYPES.Identifier && param.name === node.name,
    );
    const argument = index < 0 ? undefined : call.arguments[index];
    return argument && argument.type !== AST_NODE_TYPES.SpreadElement ? argument : null;
  };
  const classifyPart = (part: TSESTree.Node): KeyVerdict => {
    const inner = unwrapExpression(part);
    const argument = argumentFor(inner);
    if (argument) return recurse(argument);
    if (inner.type === AST_NODE_TYPES.TemplateLiteral) return combineParts(inner.expressions.map(classifyPart));
    if (inner.type === AST_NODE_TYPES.BinaryExpression && inner.operator === "+")
      return combineParts(concatenatedParts(inner).map(classifyPart));
    return recurse(inner);
  };
  const verdicts = returned.map(classifyPart);
  if (verdicts.some((verdict) => verdict.kind === "per-question")) return PER_QUESTION;
  return verdicts.every((verdict) => verdict.kind === "shared") ? verdicts[0]! : UNKNOWN;
}

/** The arguments of a body's own `return` statements (nested functions left out). */
function ownReturns(body: TSESTree.BlockStatement, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.Expression[] {
  const found: TSESTree.Expression[] = [];
  walkAll(
    body,
    sourceCode,
    (node) => {
      if (node.type === AST_NODE_TYPES.ReturnStatement && node.argument) found.push(node.argument);
    },
    isFunctionNode,
  );
  return found;
}

/** `const key = \`${sessionId}\``, `const { sessionId: sid } = extra`, `const { id } = session`. */
function traceKeyIdentifier(
  identifier: TSESTree.Identifier,
  sourceCode: Readonly<TSESLint.SourceCode>,
  patterns: PendingPatterns,
  recurse: (next: TSESTree.Node) => KeyVerdict,
): KeyVerdict {
  const variable = findVariable(sourceCode.getScope(identifier), identifier.name);
  if (!variable || variable.defs.length !== 1) return UNKNOWN;
  const definition = variable.defs[0]!;
  if (definition.type !== "Variable") return UNKNOWN;
  const declarator = definition.node;
  const init = declarator.init;
  if (!init) return UNKNOWN;
  if (declarator.id === definition.name) {
    // Only a `const` (or a never-reassigned `let`) keeps the value it was initialised with.
    const reassigned = variable.references.some((reference) => reference.isWrite() && reference.writeExpr !== init);
    return reassigned ? UNKNOWN : recurse(init);
  }
  const patternProperty = definition.name.parent;
  if (
    patternProperty?.type === AST_NODE_TYPES.Property &&
    patternProperty.parent.type === AST_NODE_TYPES.ObjectPattern &&
    patternProperty.parent === declarator.id
  ) {
    const propertyName = getStaticPropertyName(patternProperty);
    if (propertyName === null) return UNKNOWN;
    const objectPath = getMemberPath(init);
    return classifyName(objectPath ? nameOfPath([...objectPath, propertyName]) : propertyName, patterns);
  }
  return UNKNOWN;
}

// ---------------------------------------------------------------------------------------------------------------
// Values

export type WaiterVerdict =
  /** Settles a pending answer: a resolver, a deferred, a future, `{ resolve, reject }`, or an object carrying one. */
  | "waiter"
  /** Visibly something else: a flag, a number, a string, a settled value, a cache entry. */
  | "not-waiter"
  /** Cannot be seen into: a parameter, an untraced name. */
  | "opaque";

/** Words in a variable or property name that name a waiter: `resolve`, `resolveAnswer`, `deferred`, `future`. */
const WAITER_NAME_WORDS = new Set([
  "resolve",
  "resolver",
  "resolvers",
  "reject",
  "rejecter",
  "deferred",
  "future",
  "waiter",
  "settle",
  "settler",
  "fulfil",
  "fulfill",
  "completer",
]);

/** Words in a constructor or factory name that make a waiter: `new Deferred()`, `createDeferred()`, `pDefer()`. */
const WAITER_FACTORY_WORDS = new Set(["deferred", "defer", "future", "resolver", "resolvers", "waiter", "completer"]);

function hasWord(name: string, words: ReadonlySet<string>): boolean {
  return toSnakeName(name)
    .split("_")
    .some((word) => words.has(word));
}

function isWaiterName(name: string): boolean {
  return hasWord(name, WAITER_NAME_WORDS);
}

/** Whether a stored value waits for an answer. */
export function classifyStoredValue(
  value: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  depth = 0,
): WaiterVerdict {
  if (depth > MAX_TRACE_DEPTH) return "opaque";
  const node = unwrapExpression(value);
  const recurse = (next: TSESTree.Node) => classifyStoredValue(next, sourceCode, depth + 1);
  switch (node.type) {
    case AST_NODE_TYPES.Identifier:
      if (node.name === "undefined") return "not-waiter";
      return isWaiterName(node.name) ? "waiter" : traceValueIdentifier(node, sourceCode, recurse);
    case AST_NODE_TYPES.MemberExpression: {
      const path = getMemberPath(node);
      return path && isWaiterName(path[path.length - 1]!) ? "waiter" : "opaque";
    }
    case AST_NODE_TYPES.ObjectExpression:
      return node.properties.some((property) => propertyCarriesWaiter(property, recurse)) ? "waiter" : "not-waiter";
    case AST_NODE_TYPES.ArrayExpression:
      return node.elements.some((element) => element !== null && recurse(element) === "waiter")
        ? "waiter"
        : "not-waiter";
    case AST_NODE_TYPES.ArrowFunctionExpression:
    case AST_NODE_TYPES.FunctionExpression:
      // `(answer) => resolve(answer)`: a continuation that settles a waiter.
      return functionCallsWaiter(node, sourceCode) ? "waiter" : "opaque";
    case AST_NODE_TYPES.NewExpression:
      // A stored promise is what a caller awaits, not what settles it; its executor's `resolve` is the waiter.
      if (constructorName(node) === "Promise") return "not-waiter";
      if (node.arguments.some((argument) => recurse(argument) === "waiter")) return "waiter";
      return constructorName(node) !== null && hasWord(constructorName(node)!, WAITER_FACTORY_WORDS)
        ? "waiter"
        : "not-waiter";
    case AST_NODE_TYPES.CallExpression:
      return classifyValueCall(node, recurse);
    case AST_NODE_TYPES.ConditionalExpression:
      return [node.consequent, node.alternate].map(recurse).includes("waiter") ? "waiter" : "not-waiter";
    default:
      // Literals, templates, arithmetic, `await`ed results, `Date.now()`-like expressions: settled values.
      return "not-waiter";
  }
}

function propertyCarriesWaiter(
  property: TSESTree.ObjectLiteralElement,
  recurse: (next: TSESTree.Node) => WaiterVerdict,
): boolean {
  if (property.type === AST_NODE_TYPES.SpreadElement) return recurse(property.argument) === "waiter";
  const name = getStaticPropertyName(property);
  const value = unwrapExpression(property.value);
  if (name !== null && isWaiterName(name) && value.type !== AST_NODE_TYPES.Literal) return true;
  return recurse(property.value) === "waiter";
}

function constructorName(node: TSESTree.NewExpression): string | null {
  const path = getMemberPath(node.callee);
  return path ? path[path.length - 1]! : null;
}

function classifyValueCall(
  call: TSESTree.CallExpression,
  recurse: (next: TSESTree.Node) => WaiterVerdict,
): WaiterVerdict {
  const name = getCalleeName(call);
  if (name === "withResolvers") return "waiter"; // Promise.withResolvers()
  // `resolve.bind(null)`
  if (name === "bind" && call.callee.type === AST_NODE_TYPES.MemberExpression) return recurse(call.callee.object);
  if (name !== null && hasWord(name, WAITER_FACTORY_WORDS)) return "waiter";
  // `makeEntry(resolve, reject)` carries the resolver it was given.
  return call.arguments.some((argument) => recurse(argument) === "waiter") ? "waiter" : "not-waiter";
}

function traceValueIdentifier(
  identifier: TSESTree.Identifier,
  sourceCode: Readonly<TSESLint.SourceCode>,
  recurse: (next: TSESTree.Node) => WaiterVerdict,
): WaiterVerdict {
  const variable = findVariable(sourceCode.getScope(identifier), identifier.name);
  if (!variable || variable.defs.length === 0) return "opaque";
  const definition = variable.defs[0]!;
  if (definition.type === "Parameter") return isPromiseExecutor(definition.node) ? "waiter" : "opaque";
  if (definition.type !== "Variable") return "opaque";
  const declarator = definition.node;
  if (declarator.id === definition.name) {
    const writes = variable.references
      .map((reference) => reference.writeExpr)
      .filter((write): write is TSESTree.Expression => !!write);
    const sources = declarator.init
      ? [declarator.init, ...writes.filter((write) => write !== declarator.init)]
      : writes;
    if (sources.length === 0) return "opaque";
    const verdicts = sources.map(recurse);
    if (verdicts.includes("waiter")) return "waiter";
    return verdicts.includes("opaque") ? "opaque" : "not-waiter";
  }
  // `const { resolve: done } = Promise.withResolvers()`
  const patternProperty = definition.name.parent;
  if (
    patternProperty?.type === AST_NODE_TYPES.Property &&
    patternProperty.parent.type === AST_NODE_TYPES.ObjectPattern
  ) {
    const propertyName = getStaticPropertyName(patternProperty);
    if (propertyName !== null && isWaiterName(propertyName)) return "waiter";
  }
  return "opaque";
}

/** The executor of `new Promise((resolve, reject) => …)`: both its parameters settle the promise. */
function isPromiseExecutor(fn: TSESTree.Node): boolean {
  const parent = fn.parent;
  return (
    parent?.type === AST_NODE_TYPES.NewExpression &&
    parent.arguments[0] === fn &&
    parent.callee.type === AST_NODE_TYPES.Identifier &&
    parent.callee.name === "Promise"
  );
}

/** Whether a function's body calls something that settles a waiter (bounded walk, nested functions skipped). */
function functionCallsWaiter(fn: TSESTree.FunctionLike, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const keys = sourceCode.visitorKeys;
  let budget = 200;
  const visit = (node: TSESTree.Node): boolean => {
    if (--budget < 0) return false;
    if (node.type === AST_NODE_TYPES.CallExpression) {
      const callee = unwrapExpression(node.callee);
      const path = getMemberPath(callee);
      if (path && isWaiterName(path[path.length - 1]!)) return true;
      if (
        callee.type === AST_NODE_TYPES.Identifier &&
        classifyStoredValue(callee, sourceCode, MAX_TRACE_DEPTH - 1) === "waiter"
      ) {
        return true;
      }
    }
    for (const key of keys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      const children = Array.isArray(child) ? child : [child];
      for (const item of children) {
        if (item && typeof item === "object" && "type" in item && visit(item as TSESTree.Node)) return true;
      }
    }
    return false;
  };
  return fn.body ? visit(fn.body) : false;
}

// ---------------------------------------------------------------------------------------------------------------
// Stores

/** The name of the store written to (`this._awaiting` → `_awaiting`, `pending` → `pending`), or null. */
export function getStoreName(store: TSESTree.Node): string | null {
  const path = getMemberPath(store);
  return path ? path[path.length - 1]! : null;
}

export function isPendingStoreName(name: string | null, patterns: PendingPatterns): boolean {
  return name !== null && patterns.storeName.test(toSnakeName(name));
}

// ---------------------------------------------------------------------------------------------------------------
// What the waiter waits for

/** Words that say a person is being asked: the entry is a question's pending answer. */
export const QUESTION_WORDS: ReadonlySet<string> = new Set([
  "elicit",
  "elicitation",
  "elicitations",
  "question",
  "questions",
  "answer",
  "answers",
  "ask",
  "asks",
  "permission",
  "permissions",
  "approval",
  "approvals",
  "approve",
  "confirm",
  "confirmation",
  "confirmations",
  "consent",
  "decision",
  "decisions",
  "choice",
  "choices",
  "dialog",
  "dialogs",
  "human",
  "user",
]);

/** Words that say the waiter waits for the keyed thing's own lifecycle (its connect, its result), once per key. */
const LIFECYCLE_WORDS = new Set([
  "connect",
  "connects",
  "connected",
  "connecting",
  "ready",
  "completion",
  "completions",
  "complete",
  "finish",
  "finished",
  "exit",
  "close",
  "closed",
  "detach",
  "start",
  "started",
  "startup",
  "init",
  "shutdown",
  "result",
  "results",
  "execute",
  "execution",
  "executions",
  "exec",
  "turn",
  "turns",
  "run",
  "runs",
]);

export type WaitIntent =
  /** The names around the write speak of asking a person. */
  | "question"
  /** The names say the waiter waits for the session's / tool call's own event, which happens once per key. */
  | "lifecycle"
  | "unknown";

/**
 * What a store write waits for, judged from the names around it: the store's path (`this.pendingApprovals`), the
 * entry's property names, and the enclosing function's name (`requestApproval`, `waitForSessionConnect`).
 * A store named after the key's own entity (`pendingToolCalls` keyed by a tool-call id, `sessions` by a session id)
 * waits for that entity itself, unless a question word says otherwise.
 */
export function describeWaitIntent(store: TSESTree.Node, value: TSESTree.Node, keyName: string): WaitIntent {
  const storeWords = wordsOfPath(getMemberPath(store));
  const entry = unwrapExpression(value);
  const entryWords =
    entry.type === AST_NODE_TYPES.ObjectExpression
      ? entry.properties.flatMap((property) => {
          const name = property.type === AST_NODE_TYPES.Property ? getStaticPropertyName(property) : null;
          return name === null ? [] : toSnakeName(name).split("_");
        })
      : [];
  const functionName = enclosingFunctionName(store);
  const functionWords = functionName === null ? [] : toSnakeName(functionName).split("_");
  const words = [...storeWords, ...entryWords, ...functionWords];
  if (words.some((word) => QUESTION_WORDS.has(word))) return "question";
  if (words.some((word) => LIFECYCLE_WORDS.has(word))) return "lifecycle";
  const entityWord = toSnakeName(keyName)
    .replace(/_(?:id|key|name|uid)$/, "")
    .split("_")
    .pop();
  if (entityWord && storeWords.some((word) => word === entityWord || word === `${entityWord}s`)) return "lifecycle";
  return "unknown";
}

function wordsOfPath(path: readonly string[] | null): string[] {
  return (path ?? []).filter((segment) => segment !== "this").flatMap((segment) => toSnakeName(segment).split("_"));
}

/** `function requestApproval`, `ask(…) {}` in a class, `const waitForConnect = () => …`, `{ onAnswer() {} }`. */
function enclosingFunctionName(node: TSESTree.Node): string | null {
  for (let current = node.parent; current; current = current.parent) {
    if (
      current.type !== AST_NODE_TYPES.FunctionDeclaration &&
      current.type !== AST_NODE_TYPES.FunctionExpression &&
      current.type !== AST_NODE_TYPES.ArrowFunctionExpression
    ) {
      continue;
    }
    if (current.id) return current.id.name;
    const parent = current.parent;
    if (parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.id.type === AST_NODE_TYPES.Identifier)
      return parent.id.name;
    if (
      (parent?.type === AST_NODE_TYPES.MethodDefinition ||
        parent?.type === AST_NODE_TYPES.Property ||
        parent?.type === AST_NODE_TYPES.PropertyDefinition) &&
      !parent.computed
    ) {
      const name = getStaticPropertyName(parent);
      if (name !== null) return name;
    }
    // An anonymous callback (a Promise executor, a `.then`): keep looking outwards for a named function.
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// A shared-looking key that travels as the question's own id

/** Field names under which an id goes out with a question and comes back with its answer. */
const REPLY_ID_FIELD = /^(?:approval|confirmation|request|question|elicitation|permission|prompt|ask|correlation)_id$/;

/**
 * `store.set(args.toolCallId, resolve)` where the same value is sent as the question's id (`approvalId:
 * args.toolCallId`) and the answer is looked up by it (`store.get(args.approvalId)`): one entry per question asked,
 * however the key is named. Both halves must be in the file.
 */
export function isEchoedAsQuestionId(
  store: TSESTree.Node,
  key: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  const keyText = normalisedText(key, sourceCode);
  const storeText = normalisedText(store, sourceCode);
  const typed = typeAccess(sourceCode) !== null;
  const sentAs = new Set<string>();
  const readBy: string[] = [];
  const visit = (node: TSESTree.Node): void => {
    if (node.type === AST_NODE_TYPES.Property && !node.computed) {
      const name = getStaticPropertyName(node);
      if (name !== null && REPLY_ID_FIELD.test(toSnakeName(name)) && normalisedText(node.value, sourceCode) === keyText)
        sentAs.add(name);
    }
    // Typed: `emit(approvalEvent(call))` whose builder, in another module, sends `approvalId: call.id`.
    if (typed && node.type === AST_NODE_TYPES.CallExpression) {
      for (const echoed of fieldsEchoedByCallee(node, sourceCode)) {
        const argument = node.arguments[echoed.argumentIndex];
        if (
          argument &&
          REPLY_ID_FIELD.test(toSnakeName(echoed.field)) &&
          `${normalisedText(argument, sourceCode)}.${echoed.path}` === keyText
        )
          sentAs.add(echoed.field);
      }
    }
    if (node.type === AST_NODE_TYPES.CallExpression && node.callee.type === AST_NODE_TYPES.MemberExpression) {
      const method = getStaticPropertyName(node.callee);
      const first = node.arguments[0];
      if (
        (method === "get" || method === "delete" || method === "has") &&
        first &&
        normalisedText(node.callee.object, sourceCode) === storeText
      ) {
        const path = getMemberPath(first);
        if (path) readBy.push(path[path.length - 1]!);
      }
    }
    for (const childKey of sourceCode.visitorKeys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[childKey];
      for (const item of Array.isArray(child) ? child : [child]) {
        if (item && typeof item === "object" && typeof (item as { type?: unknown }).type === "string")
          visit(item as TSESTree.Node);
      }
    }
  };
  visit(sourceCode.ast);
  return readBy.some((name) => sentAs.has(name));
}

// ---------------------------------------------------------------------------------------------------------------
// What the code around a store shows: one entry per key, and what settles the entries

/** Whether a statement (or a block's last statement) leaves the function: `throw …`, `return …`. */
function exits(statement: TSESTree.Statement): boolean {
  const last = statement.type === AST_NODE_TYPES.BlockStatement ? statement.body.at(-1) : statement;
  return last?.type === AST_NODE_TYPES.ThrowStatement || last?.type === AST_NODE_TYPES.ReturnStatement;
}

/**
 * `if (this.running.has(sessionId)) throw new Error("busy")` before `this.running.set(sessionId, turn)`: the function
 * refuses a second entry under the key, so nothing is overwritten (one turn per session, as ACP allows).
 */
export function isGuardedAgainstOverwrite(
  store: TSESTree.Node,
  key: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  const storeText = normalisedText(store, sourceCode);
  const keyText = normalisedText(key, sourceCode);
  const fn = enclosingFunctionOf(store);
  if (!fn?.body || fn.body.type !== AST_NODE_TYPES.BlockStatement) return false;
  return fn.body.body.some(
    (statement) =>
      statement.range[1] <= store.range[0] &&
      statement.type === AST_NODE_TYPES.IfStatement &&
      exits(statement.consequent) &&
      readsEntry(statement.test, storeText, keyText, sourceCode),
  );
}

/** `store.has(key)`, `store.get(key)`, `store[key]` (and `!!` of them): a test that the key already has an entry. */
function readsEntry(
  test: TSESTree.Node,
  storeText: string,
  keyText: string,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  let node = unwrapExpression(test);
  // `!!store.get(key)`
  while (
    node.type === AST_NODE_TYPES.UnaryExpression &&
    node.operator === "!" &&
    node.argument.type === AST_NODE_TYPES.UnaryExpression &&
    node.argument.operator === "!"
  ) {
    node = unwrapExpression(node.argument.argument);
  }
  if (node.type === AST_NODE_TYPES.MemberExpression && node.computed) {
    return (
      normalisedText(node.object, sourceCode) === storeText && normalisedText(node.property, sourceCode) === keyText
    );
  }
  if (node.type !== AST_NODE_TYPES.CallExpression || node.callee.type !== AST_NODE_TYPES.MemberExpression) return false;
  const method = getStaticPropertyName(node.callee);
  const first = node.arguments[0];
  return (
    (method === "has" || method === "get") &&
    !!first &&
    normalisedText(node.callee.object, sourceCode) === storeText &&
    normalisedText(first, sourceCode) === keyText
  );
}

function enclosingFunctionOf(node: TSESTree.Node): TSESTree.FunctionLike | null {
  for (let current = node.parent; current; current = current.parent) {
    if (
      current.type === AST_NODE_TYPES.FunctionDeclaration ||
      current.type === AST_NODE_TYPES.FunctionExpression ||
      current.type === AST_NODE_TYPES.ArrowFunctionExpression
    ) {
      // A Promise executor or a callback: the function that holds the write's statements is further out.
      if (
        current.parent?.type === AST_NODE_TYPES.NewExpression ||
        current.parent?.type === AST_NODE_TYPES.CallExpression
      )
        continue;
      return current;
    }
  }
  return null;
}

function walkAll(
  root: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  visit: (node: TSESTree.Node) => void,
  skip: (node: TSESTree.Node) => boolean = () => false,
): void {
  const stack: TSESTree.Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node !== root && skip(node)) continue;
    visit(node);
    for (const childKey of sourceCode.visitorKeys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[childKey];
      for (const item of Array.isArray(child) ? child : [child]) {
        if (item && typeof item === "object" && typeof (item as { type?: unknown }).type === "string")
          stack.push(item as TSESTree.Node);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// One slot for every question

export interface SingleSlot {
  /** The write that parks the open question's waiter: `this.current = { resolve }`, `setResolver(() => resolve)`. */
  readonly write: TSESTree.Node;
  /** How the code names the slot: `this.current`, `resolver`. */
  readonly name: string;
}

/**
 * `this.current = { resolve }` or React's `setResolver(() => resolve)` inside a Promise executor: the one open
 * question's waiter, in a slot every question of the object or component shares. Reported only when the file settles
 * the slot (`this.current.resolve(answer)`, `resolver(answer)`) and never compares a request id on the way, and no
 * test before the write refuses a second question while one is open.
 */
export function matchSingleSlotWaiter(
  node: TSESTree.AssignmentExpression | TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): SingleSlot | null {
  const executor = enclosingPromiseExecutor(node);
  if (!executor) return null;
  let name: string | null = null;
  let value: TSESTree.Node | undefined;
  if (node.type === AST_NODE_TYPES.AssignmentExpression) {
    const path = node.operator === "=" ? getMemberPath(node.left) : null;
    if (!path || path[0] !== "this" || path.length !== 2 || node.left.type !== AST_NODE_TYPES.MemberExpression)
      return null;
    if (node.left.computed) return null;
    name = path.join(".");
    value = node.right;
  } else {
    const setter = unwrapExpression(node.callee);
    if (setter.type !== AST_NODE_TYPES.Identifier || node.arguments.length !== 1) return null;
    name = reactStateOf(setter, sourceCode);
    value = node.arguments[0];
    // `setResolver(() => resolve)`: the state holds what the updater returns.
    const inner = value && unwrapExpression(value);
    if (inner?.type === AST_NODE_TYPES.ArrowFunctionExpression && inner.params.length === 0 && inner.expression)
      value = inner.body;
  }
  if (name === null || !value || value.type === AST_NODE_TYPES.SpreadElement) return null;
  if (!settlesExecutor(value, executor)) return null;
  if (!slotSettledWithoutId(name, node, sourceCode)) return null;
  return { write: node, name };
}

/** The Promise executor `node` runs in (`new Promise((resolve, reject) => …)`), or null. */
function enclosingPromiseExecutor(node: TSESTree.Node): TSESTree.FunctionLike | null {
  for (let current = node.parent; current; current = current.parent) {
    if (!isFunctionNode(current)) continue;
    const parent = current.parent;
    return parent?.type === AST_NODE_TYPES.NewExpression &&
      parent.arguments[0] === current &&
      parent.callee.type === AST_NODE_TYPES.Identifier &&
      parent.callee.name === "Promise"
      ? current
      : null;
  }
  return null;
}

/** Whether `value` is, or carries, one of the executor's own `resolve` / `reject` parameters. */
function settlesExecutor(value: TSESTree.Node, executor: TSESTree.FunctionLike): boolean {
  const params = new Set(
    executor.params.flatMap((param) => (param.type === AST_NODE_TYPES.Identifier ? [param.name] : [])),
  );
  const target = unwrapExpression(value);
  if (target.type === AST_NODE_TYPES.Identifier) return params.has(target.name);
  if (target.type !== AST_NODE_TYPES.ObjectExpression) return false;
  return target.properties.some(
    (property) =>
      property.type === AST_NODE_TYPES.Property &&
      property.value.type === AST_NODE_TYPES.Identifier &&
      params.has(property.value.name),
  );
}

/** `const [resolver, setResolver] = useState(…)`: the state's name for its setter, or null. */
function reactStateOf(setter: TSESTree.Identifier, sourceCode: Readonly<TSESLint.SourceCode>): string | null {
  const definition = findVariable(sourceCode.getScope(setter), setter.name)?.defs[0];
  if (definition?.type !== "Variable") return null;
  const { id, init } = definition.node;
  if (id.type !== AST_NODE_TYPES.ArrayPattern || id.elements[1] !== definition.name) return null;
  const state = id.elements[0];
  if (!init || state?.type !== AST_NODE_TYPES.Identifier) return null;
  const callee = init.type === AST_NODE_TYPES.CallExpression ? getCalleeName(init) : null;
  return callee === "useState" ? state.name : null;
}

/**
 * Whether the file settles the slot (`slot.resolve(…)`, `slot?.resolve(…)`, `slot(…)`) in a function other than the
 * one that parks it, compares no id of the slot's (`slot.id`, `slot.requestId`) anywhere, and does not refuse a second
 * question while the slot is taken (`if (slot) throw …` before the write).
 */
function slotSettledWithoutId(name: string, write: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const slotText = name;
  let settled = false;
  let comparesId = false;
  walkAll(sourceCode.ast, sourceCode, (node) => {
    if (node.type === AST_NODE_TYPES.CallExpression) {
      const callee = unwrapExpression(node.callee);
      const settles =
        normalisedText(callee, sourceCode) === slotText ||
        (callee.type === AST_NODE_TYPES.MemberExpression &&
          ["resolve", "reject"].includes(getStaticPropertyName(callee) ?? "") &&
          normalisedText(callee.object, sourceCode) === slotText);
      if (settles && !containsNode(enclosingPromiseExecutor(write), node)) settled = true;
    }
    if (
      node.type === AST_NODE_TYPES.MemberExpression &&
      normalisedText(node.object, sourceCode) === slotText &&
      /(?:^|_)id$/.test(toSnakeName(getStaticPropertyName(node) ?? ""))
    ) {
      comparesId = true;
    }
  });
  return settled && !comparesId && !refusesSecond(slotText, write, sourceCode);
}

function containsNode(outer: TSESTree.Node | null, inner: TSESTree.Node): boolean {
  return !!outer && inner.range[0] >= outer.range[0] && inner.range[1] <= outer.range[1];
}

/** `if (this.current) throw new Error("busy")` in the function that asks, before the write. */
function refusesSecond(slotText: string, write: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const fn = enclosingFunctionOf(write);
  if (!fn?.body || fn.body.type !== AST_NODE_TYPES.BlockStatement) return false;
  return fn.body.body.some(
    (statement) =>
      statement.range[1] <= write.range[0] &&
      statement.type === AST_NODE_TYPES.IfStatement &&
      exits(statement.consequent) &&
      normalisedText(statement.test, sourceCode) === slotText,
  );
}
