/**
 * A relay that hides the withdrawal: a callback registered through a wrapper API (`upstream.onQuestion(async (q) =>
 * …)`) asks a person downstream with the question it was handed (`elicitInput(q.params, …)`), and the wrapper gives
 * the callback nothing but the question. When the upstream question is withdrawn, nothing reaches the downstream
 * one: it stays on screen until it is answered or its timer fires. Reported only on what the code shows: the asked
 * parameters come from the callback's only parameter, which is never read for a signal.
 */
import type { TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import {
  getCalleeName,
  getMemberPath,
  isFunctionNode,
  narrowCallLocation,
  unwrapExpression,
} from "../../analysis/ast.ts";
import type { PersonWaitCall } from "../../analysis/asks.ts";
import { walkSubtree } from "../../analysis/walk.ts";
import type { SignalCheck } from "./options.ts";

/** Registration methods that hand a callback each incoming question: `onQuestion`, `onRequest`, `onElicitation`. */
const REGISTRATION = /^on[A-Z]/;

export function checkRelayWithoutSignal(check: SignalCheck, call: PersonWaitCall): void {
  const { context, sourceCode } = check;
  if (call.delegation || call.wrapper || call.api.side !== "server") return;
  const callback = registeredCallbackAround(call.node);
  const question = callback?.params[0];
  if (!callback?.body || callback.params.length !== 1 || question?.type !== AST_NODE_TYPES.Identifier) return;
  const asked = call.node.arguments[0] && unwrapExpression(call.node.arguments[0]);
  const askedPath = asked ? getMemberPath(asked) : null;
  if (!askedPath || askedPath[0] !== question.name) return;
  const readsSignal = walkSubtree(
    callback.body,
    sourceCode.visitorKeys,
    (node) =>
      node.type === AST_NODE_TYPES.MemberExpression && getMemberPath(node)?.join(".") === `${question.name}.signal`,
  );
  if (!readsSignal) context.report({ node: narrowCallLocation(call.node), messageId: "relayHidesWithdrawal" });
}

/** The callback `call` is directly in, when it is the last argument of `x.onSomething(…)`. */
function registeredCallbackAround(node: TSESTree.Node): TSESTree.FunctionLike | null {
  for (let current = node.parent; current; current = current.parent) {
    if (!isFunctionNode(current)) continue;
    const registration = current.parent;
    if (registration?.type !== AST_NODE_TYPES.CallExpression || registration.arguments.at(-1) !== current) return null;
    const callee = unwrapExpression(registration.callee);
    const method = getCalleeName(registration);
    return callee.type === AST_NODE_TYPES.MemberExpression && method !== null && REGISTRATION.test(method)
      ? current
      : null;
  }
  return null;
}
