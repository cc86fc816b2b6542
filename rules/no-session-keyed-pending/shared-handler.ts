/**
 * One question handler for every session (docs/rules/no-session-keyed-pending.md, "A shared client's handler"): a
 * gateway keeps one upstream client and, for each downstream session, registers the client's elicitation handler
 * again with that session inside (`upstream.setRequestHandler(ElicitRequestSchema, (r) =>
 * session.server.elicitInput(r.params))`). A client holds one handler per method, so each registration replaces the
 * last: the newest session receives every question, and the person asked is not the one whose call asked.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import {
  containsNode,
  getEnclosingFunction,
  getMemberPath,
  isFunctionNode,
  unwrapExpression,
} from "../../analysis/ast.ts";
import { askOf } from "../../analysis/asks.ts";
import { findVariable } from "../../analysis/flow.ts";
import { toSnakeName } from "./pending-names.ts";

/** Entities of which a gateway has many at once, each asking through the one upstream client. */
const PER_ENTITY_WORDS: ReadonlySet<string> = new Set([
  "session",
  "sessions",
  "downstream",
  "connection",
  "conn",
  "socket",
  "thread",
  "conversation",
  "peer",
]);

export interface ReplacedHandler {
  /** The registration that replaces the one before it. */
  readonly registration: TSESTree.CallExpression | TSESTree.NewExpression;
  /** The shared client, as written (`upstream`, `this.upstream`). */
  readonly client: string;
  /** The per-session name the handler reads (`session`, `sessionId`). */
  readonly entity: string;
}

/**
 * A client-side question handler registered on a client that outlives the function registering it (declared outside
 * it, or a field of `this` outside a constructor), from a function run once per session: the handler reads a
 * parameter or local of that function named for a session, connection or thread.
 */
export function replacedHandlerOf(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): ReplacedHandler | null {
  const handler = askOf(call, sourceCode).handler;
  if (!handler || call.callee.type !== AST_NODE_TYPES.MemberExpression) return null;
  const registering = getEnclosingFunction(call);
  if (!registering) return null;
  const receiver = unwrapExpression(call.callee.object);
  if (!outlives(receiver, registering, sourceCode)) return null;
  const entity = perEntityRead(handler.handler, registering, sourceCode);
  if (!entity) return null;
  return { registration: call, client: (getMemberPath(receiver) ?? [sourceCode.getText(receiver)]).join("."), entity };
}

/** Whether the client `receiver` names was made outside `registering`, so every call of it shares the client. */
function outlives(
  receiver: TSESTree.Node,
  registering: TSESTree.FunctionLike,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  const path = getMemberPath(receiver);
  if (!path) return false;
  if (path[0] === "this") {
    // A field set up per object in its constructor is that object's own; a method run per session shares it.
    const method = registering.parent;
    return (
      path.length >= 2 && method?.type === AST_NODE_TYPES.MethodDefinition && method.kind === "method" && !method.static
    );
  }
  const root = rootIdentifier(receiver);
  if (!root) return false;
  const variable = findVariable(sourceCode.getScope(root), root.name);
  const declared = variable?.defs[0]?.node;
  // An import, or a variable declared outside the registering function (not one of its parameters or locals).
  return !!declared && !containsNode(registering, declared);
}

function rootIdentifier(node: TSESTree.Node): TSESTree.Identifier | null {
  let current = unwrapExpression(node);
  while (current.type === AST_NODE_TYPES.MemberExpression) current = unwrapExpression(current.object);
  return current.type === AST_NODE_TYPES.Identifier ? current : null;
}

/** The first name the handler reads that the registering function declares and that names a session or the like. */
function perEntityRead(
  handler: TSESTree.FunctionLike,
  registering: TSESTree.FunctionLike,
  sourceCode: Readonly<TSESLint.SourceCode>,
): string | null {
  if (!containsNode(registering, handler)) return null;
  // The names the handler reads from outside itself.
  for (const reference of sourceCode.getScope(handler).through) {
    const variable = reference.resolved;
    const declared = variable?.defs[0]?.node;
    if (!variable || !declared || !containsNode(registering, declared) || containsNode(handler, declared)) continue;
    if (isFunctionNode(declared) && declared !== registering) continue;
    if (namesEntity(variable.name)) return variable.name;
  }
  return null;
}

function namesEntity(name: string): boolean {
  return toSnakeName(name)
    .split("_")
    .some((word) => PER_ENTITY_WORDS.has(word));
}

/** `setRequestHandler(`, `onElicitationRequest(`, and a session word: the file may re-register a shared handler. */
const REGISTERS_HANDLER = /\b(?:setRequestHandler|onElicitationRequest)\s*\(/;
const NAMES_ENTITY = /session|downstream|connection|conn\b|socket|thread|conversation|peer/i;

export function textMayReplaceSharedHandler(text: string): boolean {
  return REGISTERS_HANDLER.test(text) && NAMES_ENTITY.test(text);
}
