/**
 * Who shares the key of a pending-answer store's write (docs/rules/no-session-keyed-pending.md): a whole session,
 * thread, tool call or server, or one question (a request id, a fresh UUID, a counter). Untyped and local; a typed
 * caller can pass a lookup for the declared type name of a key.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import {
  getCalleeName,
  getMemberPath,
  getStaticPropertyName,
  isFunctionNode,
  unwrapExpression,
} from "../../analysis/ast.ts";
import { resolveLocalCallee } from "../../analysis/local-waits.ts";
import { findVariable } from "../../analysis/flow.ts";
import { toSnakeName, type PendingPatterns } from "./pending-names.ts";
import { walkAll } from "./overwrites.ts";

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

export const MAX_TRACE_DEPTH = 5;

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
