/**
 * The forward-abort-signal checks of handlers: a server tool handler that waits on a person but never takes the
 * request's signal, and a client's elicitation handler that waits for an answer but ignores (or is given no) signal.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import {
  getEnclosingFunction,
  hasSpread,
  isFunctionNode,
  narrowCallLocation,
  unwrapExpression,
  containsNode,
} from "../../analysis/ast.ts";
import { askOfFunction, type ElicitationHandler } from "../../analysis/asks.ts";
import { handlerLocation, handlersRegisteredBy } from "../../analysis/registered-handlers.ts";
import { matchToolHandler } from "../../analysis/calls.ts";
import { findVariable } from "../../analysis/flow.ts";
import { nodesWithin } from "../../analysis/node-index.ts";
import type { PersonWaitCall } from "../../analysis/asks.ts";
import { resolveLocalCallee, signatureAnswers } from "../../analysis/local-waits.ts";
import { propertyValue, readOptions, setsTimer } from "../../analysis/deadline.ts";
import { findCallerSignals, referencesSignal, type CallerSignal } from "../../analysis/signals.ts";
import { parameterDefinitionOf } from "../../analysis/walk.ts";
import type { SignalCheck } from "./options.ts";
import { addParameterFix, addSignal, appendOptions } from "./fix.ts";
import { unprovenForCodemod } from "./deadline.ts";

/**
 * MCP `server.tool(…, async ({ table }) => { await server.server.elicitInput(…) })`: the handler waits on a person
 * but never takes the request's `extra`, so nothing can end the wait when the caller gives up.
 */
export function checkHandlerWithoutSignal(check: SignalCheck, call: PersonWaitCall): boolean {
  const { context, sourceCode } = check;
  if (call.delegation || call.wrapper) return false;
  const api = call.api;
  if (api.signalField === null || api.optionsArgIndex === null) return false;
  const handler = getEnclosingFunction(call.node);
  const tool = handler ? matchToolHandler(handler, sourceCode) : null;
  if (!handler || !tool || tool.signalParamIndex === null || handler.params.length > tool.signalParamIndex)
    return false;
  if (handler.params.some((parameter) => parameter.type === AST_NODE_TYPES.RestElement)) return false;
  const reading = readOptions(call, sourceCode);
  if (reading.kind === "opaque") return false;
  if (reading.kind === "literal" && (propertyValue(reading.object, api.signalField) || hasSpread(reading.object)))
    return false;
  const name = freeName(check, handler, tool.version === 2 ? "ctx" : "extra");
  const signalText = tool.version === 2 ? `${name}.mcpReq.signal` : `${name}.signal`;
  const signal = { kind: "variable", text: signalText } as unknown as CallerSignal;
  const data = { param: name, signal: signalText };
  const optionsFix = (fixer: TSESLint.RuleFixer): TSESLint.RuleFix | TSESLint.RuleFix[] | null => {
    if (reading.kind === "absent")
      return call.node.arguments.length === api.optionsArgIndex ? appendOptions(check, fixer, call, signal) : null;
    return reading.atCall ? addSignal(check, fixer, call, reading.object, signal) : null;
  };
  const unproven = unprovenForCodemod(check, call);
  context.report({
    node: narrowCallLocation(call.node),
    messageId: "handlerTakesNoSignal",
    data: { ...data, ...unproven?.data },
    suggest: unproven
      ? []
      : [
          {
            messageId: "takeSignal",
            data,
            fix: (fixer) => {
              const options = optionsFix(fixer);
              const parameter = addParameterFix(check, fixer, handler, tool.signalParamIndex!, name);
              if (!options || !parameter) return null;
              return [parameter, ...(Array.isArray(options) ? options : [options])];
            },
          },
        ],
  });
  return true;
}

/** What shows a handler waiting: an `await`, a `return` of a waiting call, a `new Promise`. */
const WAITING_NODES = [
  AST_NODE_TYPES.AwaitExpression,
  AST_NODE_TYPES.ReturnStatement,
  AST_NODE_TYPES.NewExpression,
] as const;

/** `preferred`, unless the handler already sees something of that name. */
function freeName(check: SignalCheck, handler: TSESTree.FunctionLike, preferred: string): string {
  const { sourceCode } = check;
  const body = handler.body;
  if (!body) return preferred;
  for (const candidate of [
    preferred,
    `${preferred}Request`,
    `request${preferred[0]!.toUpperCase()}${preferred.slice(1)}`,
  ]) {
    const taken =
      findVariable(sourceCode.getScope(body), candidate) !== null ||
      nodesWithin(sourceCode, body, AST_NODE_TYPES.Identifier).some((node) => node.name === candidate);
    if (!taken) return candidate;
  }
  return `${preferred}_`;
}

export function checkHandler(check: SignalCheck, registration: ElicitationHandler): void {
  const { context, sourceCode } = check;
  const { api, handler } = registration;
  if (!waitsForAnswer(check, handler)) return;
  const at = narrowCallLocation(registration.registration);
  if (api.signalParam === null) {
    if (!setsTimer(handler, sourceCode))
      context.report({ node: at, messageId: "handlerHasNoSignal", data: { label: api.label } });
    return;
  }
  const parameter = handler.params[api.signalParam.index];
  const signalText = describeHandlerSignal(parameter, api.signalParam);
  if (parameter && honoursSignal(check, handler, parameter)) return;
  context.report({ node: at, messageId: "handlerIgnoresSignal", data: { signal: signalText } });
}

/**
 * Whether the handler waits on something (an `await`, a promise it builds, or a local function it returns
 * that does either) rather than answering at once.
 */
function waitsForAnswer(check: SignalCheck, handler: TSESTree.FunctionLike, followReturns = true): boolean {
  const { sourceCode } = check;
  const body = handler.body;
  if (!body) return false;
  const returnsWaitingCall = (value: TSESTree.Node | null | undefined): boolean => {
    const call = value && unwrapExpression(value);
    if (!followReturns || call?.type !== AST_NODE_TYPES.CallExpression) return false;
    if (callsHandedCallback(check, call, handler)) return true;
    const callee = resolveLocalCallee(call, sourceCode);
    if (callee === null || callee === handler) return false;
    // `this.ui.processRequest(…)` declared to answer with a person's answer (`Promise<ElicitResult>`).
    if (!isFunctionNode(callee)) return signatureAnswers(callee);
    return waitsForAnswer(check, callee, false);
  };
  if (body.type !== AST_NODE_TYPES.BlockStatement && returnsWaitingCall(body)) return true;
  return nodesWithin(sourceCode, body, WAITING_NODES).some((node) => {
    if (node.type === AST_NODE_TYPES.AwaitExpression) return getEnclosingFunction(node) === handler;
    if (node.type === AST_NODE_TYPES.ReturnStatement)
      return getEnclosingFunction(node) === handler && returnsWaitingCall(node.argument);
    return node.callee.type === AST_NODE_TYPES.Identifier && node.callee.name === "Promise";
  });
}

/**
 * `return onRequest(request.params)`: the handler returns what a callback the surrounding code was handed gives back,
 * the application's own dialog. Returned unawaited, its promise is still the answer the client waits for.
 */
function callsHandedCallback(check: SignalCheck, call: TSESTree.CallExpression, handler: TSESTree.FunctionLike) {
  const callee = unwrapExpression(call.callee);
  if (callee.type !== AST_NODE_TYPES.Identifier) return false;
  const parameter = parameterDefinitionOf(callee, check.sourceCode);
  return parameter !== null && parameter.node !== handler;
}

/**
 * The handler honours the request's signal when it reads it (`extra.signal`, a destructured `signal`,
 * `ctx.mcpReq.signal`) or hands the whole `extra` on to code that can.
 */
function honoursSignal(check: SignalCheck, handler: TSESTree.FunctionLike, parameter: TSESTree.Parameter): boolean {
  const { sourceCode } = check;
  const body = handler.body;
  if (!body) return false;
  const own = findCallerSignals(body, sourceCode).filter((signal) => {
    const variable = signal.kind === "variable" ? signal.variable : signal.root;
    return variable.defs.some((definition) => definition.type === "Parameter" && definition.node === handler);
  });
  if (own.some((signal) => referencesSignal(body, signal, sourceCode))) return true;
  if (parameter.type !== AST_NODE_TYPES.Identifier) return false;
  const name = parameter.name;
  return nodesWithin(sourceCode, body, AST_NODE_TYPES.CallExpression).some((node) =>
    node.arguments.some((argument) => argument.type === AST_NODE_TYPES.Identifier && argument.name === name),
  );
}

/** The signal as the handler would spell it: below its parameter, or the row's name for it (`ctx.mcpReq.signal`). */
function describeHandlerSignal(
  parameter: TSESTree.Parameter | undefined,
  place: { readonly path: readonly string[]; readonly name: string | null },
): string {
  const name = parameter?.type === AST_NODE_TYPES.Identifier ? parameter.name : place.name;
  return (name === null ? [...place.path] : [name, ...place.path]).join(".");
}

/**
 * A handler declared away from its registration (in another module, as a named function, behind a generic wrapper)
 * that this file hands a client's request: when it asks a person but never takes the request's extra, nothing can end
 * its question when the request is cancelled. Reported where this file registers it: the handler's own module cannot
 * see the registration.
 */
export function checkRegisteredHandlers(check: SignalCheck, registration: TSESTree.CallExpression): void {
  const { context, sourceCode } = check;
  for (const handler of handlersRegisteredBy(registration, sourceCode)) {
    const { fn, extraIndex } = handler;
    // A handler written inside the registration is judged at its own wait (checkHandlerWithoutSignal).
    if (handler.sourceCode === sourceCode && containsNode(registration, fn)) continue;
    if (extraIndex === null || fn.params.length > extraIndex) continue;
    if (fn.params.some((parameter) => parameter.type === AST_NODE_TYPES.RestElement)) continue;
    const inner = askOfFunction(fn, handler.sourceCode, check.wrappers)?.inner;
    if (!inner || inner.api.side !== "server" || inner.api.signalField === null) continue;
    // Its question is given some signal of the module's own (a context's, a store's): it is judged there.
    const reading = readOptions(inner, handler.sourceCode);
    if (reading.kind === "opaque") continue;
    if (
      reading.kind === "literal" &&
      (propertyValue(reading.object, inner.api.signalField) || hasSpread(reading.object))
    )
      continue;
    const param = handler.version === 2 ? "ctx" : "extra";
    const named = handler.at.type === AST_NODE_TYPES.CallExpression ? handler.at.callee : handler.at;
    context.report({
      node: handler.at,
      messageId: "handlerDropsSignal",
      data: { handler: sourceCode.getText(named), at: handlerLocation(handler, context.filename), param },
    });
  }
}
