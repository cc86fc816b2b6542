/**
 * The agent's side: a turn that ends itself while its permission request is still open. An agent that races its turn
 * against a timer (`Promise.race([this.runTurn(params), timeout(ms)])`) answers the prompt when the timer fires, but
 * the `session/request_permission` the turn is waiting on stays open at the client: its dialog outlives the turn, and
 * a later click approves a tool call for a turn that has ended. ACP 2.x withdraws the request when the signal passed
 * as its `cancellationSignal` aborts (@agentclientprotocol/sdk@2.4.0 dist/core/jsonrpc.d.ts:64–96); 1.x cannot
 * withdraw it (@agentclientprotocol/sdk@1.9.0 dist/acp.d.ts:786, no options argument).
 */
import type { TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { askOf } from "../../analysis/asks.ts";
import { findProperty, getMemberPath, isFunctionNode, unwrapExpression, walkSubtree } from "../../analysis/ast.ts";
import { nodesOfType } from "../../analysis/node-index.ts";
import { isSetTimeoutCall, localFunctionOf } from "../../analysis/walk.ts";
import { ACP_REQUEST_PERMISSION_METHOD, ACP_PERMISSION_HANDLER_METHOD } from "../../protocol/methods.ts";
import { calleesOf, reachablePlaces, type Code, type Place } from "./places.ts";

const RACE = "Promise.race";

/** Whether a file's text could race a turn that asks for a permission against a timer. */
export function textMayEndTurnItself(text: string): boolean {
  return (
    text.includes(RACE) &&
    text.includes("setTimeout") &&
    (text.includes(ACP_PERMISSION_HANDLER_METHOD) || text.includes(ACP_REQUEST_PERMISSION_METHOD))
  );
}

export interface TurnOutlivedFinding {
  readonly request: TSESTree.CallExpression;
  /** The option that withdraws the request (2.x), or null where nothing can (1.x). */
  readonly signal: string | null;
  /** The line of the timer that ends the turn. */
  readonly line: number;
}

/** Every permission request of the file that a raced timer can leave open. */
export function findPromptsOutlivingTurn(sourceCode: Code): TurnOutlivedFinding[] {
  if (!textMayEndTurnItself(sourceCode.text)) return [];
  const findings: TurnOutlivedFinding[] = [];
  for (const race of nodesOfType(sourceCode, AST_NODE_TYPES.CallExpression)) {
    if (getMemberPath(race.callee)?.join(".") !== RACE) continue;
    const list = race.arguments[0] && unwrapExpression(race.arguments[0]);
    if (list?.type !== AST_NODE_TYPES.ArrayExpression) continue;
    const entries = list.elements.filter((element): element is TSESTree.Expression => element?.type !== undefined);
    const timer = entries.find((entry) => isTimer(entry, sourceCode));
    if (!timer) continue;
    for (const entry of entries) {
      if (entry === timer) continue;
      for (const request of permissionRequestsUnder(entry, sourceCode)) {
        if (findings.some((finding) => finding.request === request.call)) continue;
        findings.push({ request: request.call, signal: request.signal, line: timer.loc.start.line });
      }
    }
  }
  return findings;
}

/** `new Promise((r) => setTimeout(r, ms))`, or a call of a function of the file that returns one (`timeout(ms)`). */
function isTimer(entry: TSESTree.Node, sourceCode: Code): boolean {
  const value = unwrapExpression(entry);
  if (value.type === AST_NODE_TYPES.NewExpression) return settlesOnTimer(value, sourceCode);
  if (value.type !== AST_NODE_TYPES.CallExpression) return false;
  // `timers/promises`' `setTimeout(ms, value)`: a promise that settles when the time is up.
  if (isSetTimeoutCall(value) && !isFunctionNode(value.arguments[0])) return true;
  const fn = localFunctionOf(value.callee, sourceCode);
  if (!fn?.body) return false;
  return walkSubtree(
    fn.body,
    sourceCode.visitorKeys,
    (node) => node.type === AST_NODE_TYPES.NewExpression && settlesOnTimer(node, sourceCode),
  );
}

function settlesOnTimer(construction: TSESTree.NewExpression, sourceCode: Code): boolean {
  const executor = construction.arguments[0];
  if (construction.callee.type !== AST_NODE_TYPES.Identifier || construction.callee.name !== "Promise") return false;
  if (!isFunctionNode(executor)) return false;
  return walkSubtree(executor.body, sourceCode.visitorKeys, (node) => isSetTimeoutCall(node));
}

/**
 * The ACP permission requests a raced entry waits on, in the entry and in what it runs, and the fix that fits each:
 * a 2.x request that is handed no `cancellationSignal`, or a 1.x one, which cannot be withdrawn.
 */
function permissionRequestsUnder(
  entry: TSESTree.Expression,
  sourceCode: Code,
): { call: TSESTree.CallExpression; signal: string | null }[] {
  const starts: Place[] = [];
  const calls: TSESTree.CallExpression[] = [];
  walkSubtree(entry, sourceCode.visitorKeys, (node) => {
    if (node.type === AST_NODE_TYPES.CallExpression) calls.push(node);
    if (isFunctionNode(node)) starts.push({ fn: node, sourceCode });
  });
  const places = calls.flatMap((call) => calleesOf(call, sourceCode));
  const found: { call: TSESTree.CallExpression; signal: string | null }[] = [];
  const seen = new Set<TSESTree.Node>();
  for (const place of [...starts, ...places].flatMap((start) => reachablePlaces(start, 3))) {
    if (place.sourceCode !== sourceCode || !place.fn.body) continue;
    walkSubtree(place.fn.body, sourceCode.visitorKeys, (node) => {
      if (node.type !== AST_NODE_TYPES.CallExpression || seen.has(node)) return false;
      seen.add(node);
      const signal = unwithdrawnPermission(node, sourceCode);
      if (signal !== undefined) found.push({ call: node, signal });
      return false;
    });
  }
  for (const call of calls) {
    const signal = seen.has(call) ? undefined : unwithdrawnPermission(call, sourceCode);
    if (signal !== undefined) found.push({ call, signal });
  }
  return found;
}

/**
 * For a permission request that nothing withdraws when the turn ends: the option that would (2.x), or null where the
 * API has none (1.x). Undefined where the call is no such request, or is handed that option.
 */
function unwithdrawnPermission(call: TSESTree.CallExpression, sourceCode: Code): string | null | undefined {
  const wait = askOf(call, sourceCode).wait;
  if (!wait || wait.api.result !== "acp-permission-outcome" || wait.delegation) return undefined;
  const signalField = wait.api.signalField;
  if (!signalField) return null;
  const options = wait.optionsArgument && unwrapExpression(wait.optionsArgument);
  if (options && (options.type !== AST_NODE_TYPES.ObjectExpression || findProperty(options, signalField)))
    return undefined;
  return signalField;
}
