/**
 * Client-side handlers of a question (MCP `elicitation/create`, ACP `requestPermission` / elicitations) that
 * answer "the person refused" when nobody was asked: on an error, a failed promise, a timer or an abort.
 */
import { ACP_OUTCOME, ELICIT_ACTION } from "../../protocol/answers.ts";
import { noDecisionAnswerText } from "../../edits/answer-text.ts";
import type { TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { nodesWithin } from "../../analysis/node-index.ts";
import {
  findProperty,
  getCalleeName,
  getEnclosingFunction,
  getStaticPropertyName,
  getStringValue,
  isFunctionNode,
  unwrapExpression,
  walkSubtree,
  type VisitorKeys,
} from "../../analysis/ast.ts";
import { rejectOptionIds } from "./acp-clients.ts";
import { optionIdValue } from "./imported-options.ts";
import { resolveLocalCallee } from "../../analysis/local-waits.ts";
import { namesRejection } from "./answer-values.ts";
import type { OutcomeCheck } from "./analyse.ts";
import { askOf } from "../../analysis/asks.ts";
import type { ResultShape } from "../../protocol/answers.ts";
import { Fact, fileFacts } from "../../analysis/cached-facts.ts";

type Side = "mcp" | "acp-permission" | "acp-elicitation";

export function checkHandler(check: OutcomeCheck, handler: TSESTree.FunctionLike, side: Side) {
  checkAnswers(check, handler, side);
  // `return this.present(params)`: the helper's answer is the handler's.
  for (const helper of answeringHelpers(handler, check.sourceCode)) checkAnswers(check, helper, side);
}

/**
 * A relay: a function that answers with what a person answered (`return await downstream.elicitInput(params)`, a
 * proxy handing its upstream's question to its own client) inside a `try`, registered or not. Its `catch` runs when
 * asking failed, when nobody was asked: its answers are judged as a handler's (mcp-use@1.34.6's proxy answers `accept`
 * with `{ mock: "data from proxy fallback" }` there, dist/src/server/index.js:7028–7036).
 */
export function checkRelay(check: OutcomeCheck, attempt: TSESTree.TryStatement): void {
  const fn = attempt.handler && getEnclosingFunction(attempt);
  const side = fn && relayedSide(attempt.block, check);
  if (side) checkAnswers(check, fn, side);
}

const RELAYED_SIDES: Readonly<Record<ResultShape, Side | null>> = {
  "mcp-elicit-result": "mcp",
  "acp-permission-outcome": "acp-permission",
  "acp-elicit-result": "acp-elicitation",
  "mcp-apps-result": null,
  "workflow-approval": null,
};

/** The side whose answer `block` returns, awaited from a call that waits on a person; null where it returns none. */
function relayedSide(block: TSESTree.BlockStatement, check: OutcomeCheck): Side | null {
  for (const statement of block.body) {
    if (statement.type !== AST_NODE_TYPES.ReturnStatement || !statement.argument) continue;
    let value = unwrapExpression(statement.argument);
    if (value.type === AST_NODE_TYPES.AwaitExpression) value = unwrapExpression(value.argument);
    if (value.type !== AST_NODE_TYPES.CallExpression) continue;
    const wait = askOf(value, check.sourceCode, check.branchContext.wrappers).wait;
    if (wait?.api.side === "server") return RELAYED_SIDES[wait.api.result];
  }
  return null;
}

/** Refusals a function answers with when nobody was asked; each is reported once, however many handlers reach it. */
function checkAnswers(check: OutcomeCheck, fn: TSESTree.FunctionLike, side: Side) {
  const { context, sourceCode } = check;
  if (!fn.body) return;
  const reported = fileFacts(sourceCode).remember(REPORTED_ANSWERS, check, () => new Set<TSESTree.Node>());
  // The body's object literals, off the file's node index (in source order, as a walk meets them).
  for (const node of nodesWithin(sourceCode, fn.body, AST_NODE_TYPES.ObjectExpression)) {
    const acceptance = side === "acp-permission" ? null : acceptanceIn(node);
    const failure = acceptance && noPersonCause(node, fn);
    if (acceptance && failure && FAILURE_CAUSES.has(failure) && !reported.has(acceptance)) {
      reported.add(acceptance);
      context.report({ node: acceptance, messageId: "acceptWithoutPerson", data: { cause: failure } });
    }
    const refusal = refusalIn(node, side, sourceCode);
    const cause = refusal && noPersonCause(node, fn);
    if (refusal && cause && !reported.has(refusal)) {
      reported.add(refusal);
      context.report({
        node: refusal,
        messageId: "declineWithoutPerson",
        data: {
          cause,
          answer: side === "acp-permission" ? "a reject option" : "`decline`",
          instead: `\`${side === "acp-permission" ? noDecisionAnswerText("acp-permission-outcome") : ELICIT_ACTION.cancel}\``,
        },
      });
    }
  }
}

/** What one run of the rule (one `OutcomeCheck`) has reported: a helper reached from two handlers is reported once. */
const REPORTED_ANSWERS = new Fact<OutcomeCheck, Set<TSESTree.Node>>(
  "the answers one run of the rule has reported, per run",
);

const CAUGHT = "an error is caught";
const FAILED = "the promise fails";
/** Causes that are failures: an `accept` there hands the server an answer made up for an error. */
const FAILURE_CAUSES: ReadonlySet<string> = new Set([CAUGHT, FAILED]);

/** `action: accept` in an answer object: the property, or null. */
function acceptanceIn(object: TSESTree.ObjectExpression): TSESTree.Node | null {
  const action = findProperty(object, "action");
  return action && getStringValue(unwrapExpression(action.value)) === ELICIT_ACTION.accept ? action : null;
}

/**
 * The functions of this file whose answer a handler hands back as its own: `return this.present(params)`,
 * `return await present(params)`, an arrow whose body is such a call. One step: a helper's own helpers are not followed.
 */
function answeringHelpers(
  handler: TSESTree.FunctionLike,
  sourceCode: OutcomeCheck["sourceCode"],
): TSESTree.FunctionLike[] {
  if (!handler.body) return [];
  const returned: TSESTree.Node[] = [];
  if (handler.body.type !== AST_NODE_TYPES.BlockStatement) returned.push(handler.body);
  else {
    walkSubtree(handler.body, sourceCode.visitorKeys, (node) => {
      if (isFunctionNode(node)) return "skip";
      if (node.type === AST_NODE_TYPES.ReturnStatement && node.argument) returned.push(node.argument);
      return false;
    });
  }
  const helpers: TSESTree.FunctionLike[] = [];
  for (const expression of returned) {
    const value = unwrapExpression(expression);
    const call = value.type === AST_NODE_TYPES.AwaitExpression ? unwrapExpression(value.argument) : value;
    if (call.type !== AST_NODE_TYPES.CallExpression) continue;
    const callee = resolveLocalCallee(call, sourceCode);
    if (callee && isFunctionNode(callee) && callee !== handler && !helpers.includes(callee)) helpers.push(callee);
  }
  return helpers;
}

export function acpHandlerSide(
  node: TSESTree.MethodDefinition | TSESTree.Property,
): "acp-permission" | "acp-elicitation" {
  return getStaticPropertyName(node) === "requestPermission" ? "acp-permission" : "acp-elicitation";
}

/**
 * The part of an answer object that says "the person refused": `action: decline`, or for ACP permission
 * requests `{ outcome: selected, optionId }` naming a reject option (`rejectOption.optionId`, `"reject"`).
 */
export function refusalIn(
  object: TSESTree.ObjectExpression,
  side: Side,
  sourceCode: OutcomeCheck["sourceCode"],
): TSESTree.Node | null {
  if (side !== "acp-permission") {
    const action = findProperty(object, "action");
    return action && getStringValue(unwrapExpression(action.value)) === ELICIT_ACTION.decline ? action : null;
  }
  const outcome = findProperty(object, "outcome");
  const optionId = findProperty(object, "optionId");
  if (!outcome || !optionId || getStringValue(unwrapExpression(outcome.value)) !== ACP_OUTCOME.selected) return null;
  // A reject option this file builds (`{ optionId: "no-thanks", kind: reject_once }`), or an id that says so.
  const id = optionIdValue(optionId.value, sourceCode);
  if (id !== null && rejectOptionIds(sourceCode).has(id)) return optionId;
  return namesRejection(optionSourceText(optionId.value, sourceCode.visitorKeys)) ? optionId : null;
}

/** The option id as written: a literal's value, or the expression's identifiers (`rejectOption.optionId`). */
function optionSourceText(node: TSESTree.Node, keys: VisitorKeys): string {
  const literal = getStringValue(node);
  if (literal !== null) return literal;
  const names: string[] = [];
  walkSubtree(node, keys, (current) => {
    if (current.type === AST_NODE_TYPES.Identifier) names.push(current.name);
    if (current.type === AST_NODE_TYPES.Literal && typeof current.value === "string") names.push(current.value);
  });
  return names.join(" ");
}

/** What makes a client handler answer for nobody: a caught error, a failed promise, a timer, an abort. */
function noPersonCause(node: TSESTree.Node, handler: TSESTree.FunctionLike): string | null {
  let child: TSESTree.Node = node;
  for (let parent = node.parent; parent && child !== handler; child = parent, parent = parent.parent) {
    if (parent.type === AST_NODE_TYPES.CatchClause && child === parent.body) return CAUGHT;
    if (
      isFunctionNode(child) &&
      parent.type === AST_NODE_TYPES.CallExpression &&
      parent.arguments.includes(child as never)
    ) {
      const callee = getCalleeName(parent);
      const index = parent.arguments.indexOf(child as never);
      if (callee === "catch") return FAILED;
      if (callee === "then" && index === 1) return FAILED;
      if ((callee === "setTimeout" || callee === "setInterval") && index === 0) return "a timer fires";
      if (callee === "addEventListener" && getStringValue(parent.arguments[0]) === "abort")
        return "the request is aborted";
    }
  }
  return null;
}
