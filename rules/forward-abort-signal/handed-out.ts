/**
 * A question handed out through a context object: a function of the file builds an object whose property asks
 * (`{ elicit: (params, options) => server.elicitInput(params, options) }`) for its caller's own code to call
 * (fastmcp@4.20.16 hands one to a prompt's or a resource's `load`, dist/chunk-ZNPHP74O.js:865–876), and a request
 * handler that never takes the request's extra builds it. Whatever that code asks through it, nothing ends it when the
 * request is cancelled: the handler has no signal to hand on. Reported at the call that builds the object, once.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { getEnclosingFunction, getStaticPropertyName, memberName, narrowCallLocation } from "../../analysis/ast.ts";
import type { PersonWaitCall } from "../../analysis/asks.ts";
import { Fact, fileFacts } from "../../analysis/cached-facts.ts";
import { matchToolHandler } from "../../analysis/calls.ts";
import { callsOfVariable, resolveIdentifier, thisCallsIn } from "../../analysis/walk.ts";
import type { SignalCheck } from "./options.ts";

const REPORTED = new Fact<null, Set<TSESTree.Node>>("the calls building a context that asks, reported, per file");

/** Whether `call` asks from a property of an object a function hands out, and handlers without extra build it. */
export function checkHandedOutAsk(check: SignalCheck, call: PersonWaitCall): boolean {
  const { context, sourceCode } = check;
  if (call.delegation || call.wrapper || call.api.side !== "server") return false;
  const asker = getEnclosingFunction(call.node);
  const handedOut = asker && handedOutBy(asker);
  if (!handedOut) return false;
  const reported = fileFacts(sourceCode).remember(REPORTED, null, () => new Set<TSESTree.Node>());
  let found = false;
  for (const use of callsOf(handedOut.factory, sourceCode)) {
    const handler = getEnclosingFunction(use);
    const request = handler && matchToolHandler(handler, sourceCode);
    const index = request?.signalParamIndex ?? null;
    if (!handler || !request || index === null || handler.params.length > index) continue;
    if (handler.params.some((parameter) => parameter.type === AST_NODE_TYPES.RestElement)) continue;
    found = true;
    if (reported.has(use)) continue;
    reported.add(use);
    const param = request.version === 2 ? "ctx" : "extra";
    context.report({
      node: narrowCallLocation(use),
      messageId: "handlerHandsOutAsk",
      data: { param, asker: handedOut.property },
    });
  }
  return found;
}

/** The function that returns an object holding `asker` as a property's value, with that property's name. */
function handedOutBy(asker: TSESTree.FunctionLike): { factory: TSESTree.FunctionLike; property: string } | null {
  const property = asker.parent;
  if (property?.type !== AST_NODE_TYPES.Property || property.value !== asker) return null;
  const name = getStaticPropertyName(property);
  const object = property.parent;
  if (name === null || object?.type !== AST_NODE_TYPES.ObjectExpression) return null;
  const holder = object.parent;
  if (holder?.type === AST_NODE_TYPES.ReturnStatement) {
    const factory = getEnclosingFunction(holder);
    return factory ? { factory, property: name } : null;
  }
  if (holder?.type === AST_NODE_TYPES.ArrowFunctionExpression && holder.body === object)
    return { factory: holder, property: name };
  return null;
}

/** The calls of `factory` in the file: `this.name(…)` of its class's method, or `name(…)` of a named function. */
function callsOf(factory: TSESTree.FunctionLike, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.CallExpression[] {
  const method = factory.parent;
  if (method?.type === AST_NODE_TYPES.MethodDefinition && method.value === factory) {
    const name = memberName(method);
    return name === null ? [] : thisCallsIn(method.parent, name, sourceCode);
  }
  const declarator = factory.parent?.type === AST_NODE_TYPES.VariableDeclarator ? factory.parent : null;
  const id =
    factory.type === AST_NODE_TYPES.FunctionDeclaration
      ? factory.id
      : declarator?.init === factory
        ? declarator.id
        : null;
  const variable = id?.type === AST_NODE_TYPES.Identifier ? resolveIdentifier(id, sourceCode) : null;
  return variable ? callsOfVariable(variable) : [];
}
