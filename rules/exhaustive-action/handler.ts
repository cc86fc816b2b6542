/**
 * Client-side handlers of a question (MCP `elicitation/create`, ACP `requestPermission` / elicitations) that
 * answer "the person refused" when nobody was asked: on an error, a failed promise, a timer or an abort.
 */
import { ACP_OUTCOME, ELICIT_ACTION } from "../../protocol/answers.ts";
import { noDecisionAnswerText } from "../../edits/answer-text.ts";
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import {
  findProperty,
  getCalleeName,
  getStaticPropertyName,
  getStringValue,
  isFunctionNode,
  walkSubtree,
  type VisitorKeys,
} from "../../analysis/ast.ts";
import { namesRejection } from "../../analysis/answers.ts";
import type { Check } from "./analyse.ts";

export function checkHandler(
  check: Check,
  handler: TSESTree.FunctionLike,
  side: "mcp" | "acp-permission" | "acp-elicitation",
) {
  const { context, sourceCode } = check;
  if (!handler.body) return;
  walkSubtree(handler.body, sourceCode.visitorKeys, (node) => {
    if (node.type === AST_NODE_TYPES.ObjectExpression) {
      const refusal = refusalIn(node, side, sourceCode.visitorKeys);
      const cause = refusal && noPersonCause(node, handler);
      if (refusal && cause) {
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
  });
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
function refusalIn(
  object: TSESTree.ObjectExpression,
  side: "mcp" | "acp-permission" | "acp-elicitation",
  keys: VisitorKeys,
): TSESTree.Node | null {
  if (side !== "acp-permission") {
    const action = findProperty(object, "action");
    return action && getStringValue(action.value) === ELICIT_ACTION.decline ? action : null;
  }
  const outcome = findProperty(object, "outcome");
  const optionId = findProperty(object, "optionId");
  if (!outcome || !optionId || getStringValue(outcome.value) !== ACP_OUTCOME.selected) return null;
  return namesRejection(optionSourceText(optionId.value, keys)) ? optionId : null;
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
    if (parent.type === AST_NODE_TYPES.CatchClause && child === parent.body) return "an error is caught";
    if (
      isFunctionNode(child) &&
      parent.type === AST_NODE_TYPES.CallExpression &&
      parent.arguments.includes(child as never)
    ) {
      const callee = getCalleeName(parent);
      const index = parent.arguments.indexOf(child as never);
      if (callee === "catch") return "the promise fails";
      if (callee === "then" && index === 1) return "the promise fails";
      if ((callee === "setTimeout" || callee === "setInterval") && index === 0) return "a timer fires";
      if (callee === "addEventListener" && getStringValue(parent.arguments[0]) === "abort")
        return "the request is aborted";
    }
  }
  return null;
}
