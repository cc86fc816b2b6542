/**
 * What a path taken only when nobody decided does next (issue 35): an ACP `cancelled` forwarded to MCP as `decline`
 * (the person refused, go on) rather than `cancel` (nobody decided, stop), or an MCP `cancel` forwarded to ACP as a
 * reject option; and an agent whose `cancelled` path goes on to ask the person again — `continue` to the loop that
 * asks (also through a "skip" the outcome was mapped to first), or asking in place — though the turn is over.
 */
import type { TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { askOf } from "../../analysis/asks.ts";
import { Fact, fileFacts } from "../../analysis/cached-facts.ts";
import { findProperty, getStringValue, isFunctionNode, unwrapExpression, walkSubtree } from "../../analysis/ast.ts";
import { quoted } from "../../edits/layout.ts";
import { noDecisionAnswerText } from "../../edits/answer-text.ts";
import {
  ACP_OUTCOME,
  ACP_STOP_REASON_CANCELLED,
  ACP_STOP_REASON_FIELD,
  ELICIT_ACTION,
} from "../../protocol/answers.ts";
import { ACP_PERMISSION_HANDLER_METHOD, ACP_REQUEST_PERMISSION_METHOD } from "../../protocol/methods.ts";
import type { OutcomeCheck } from "./analyse.ts";
import { resolveDiscriminant, type AnswerValue, type Discriminant } from "./discriminant.ts";
import { refusalIn } from "./handler.ts";
import { discriminantOf, splitValues } from "./outcomes.ts";
import { branchStatements, valuesEnteringClause, valuesReaching } from "./values-reaching.ts";

type Judged = TSESTree.IfStatement | TSESTree.ConditionalExpression | TSESTree.SwitchStatement;

/** `"cancel"` as a quoted word: MCP's no-decision (ACP's `cancelled` alone does not count). */
const MCP_CANCEL_WORD = new RegExp(`["'\`]${ELICIT_ACTION.cancel}["'\`]`);

/**
 * Whether a file's text may forward a no-decision as a refusal (it spells both protocols' words), or ask again after
 * ACP's `cancelled` (it asks for a permission). Most files spell one protocol only, and are judged as before.
 */
function textMayMishandleNoDecision(text: string): boolean {
  if (text.includes(ACP_OUTCOME.cancelled)) {
    if (text.includes(ELICIT_ACTION.decline)) return true;
    if (text.includes(ACP_PERMISSION_HANDLER_METHOD) || text.includes(ACP_REQUEST_PERMISSION_METHOD)) return true;
  }
  return text.includes(ACP_OUTCOME.selected) && MCP_CANCEL_WORD.test(text);
}

const MAY_MISHANDLE_NO_DECISION = new Fact<null, boolean>(
  "whether a file's text may forward a no-decision as a refusal or ask again after it, per file",
);

/** `visit`, and then the judgement of the paths `node` takes only when nobody decided. */
export function withNoDecisionPaths<N extends Judged>(check: OutcomeCheck, visit: (node: N) => unknown) {
  // Asked for each of the rule's three listeners: the text is searched once per file.
  const { sourceCode } = check;
  const mayMishandle = fileFacts(sourceCode).remember(MAY_MISHANDLE_NO_DECISION, null, () =>
    textMayMishandleNoDecision(sourceCode.text),
  );
  if (!mayMishandle) return visit;
  return (node: N): void => {
    visit(node);
    for (const branch of branchesOf(check, node)) judgeBranch(check, branch);
  };
}

interface Branch {
  readonly discriminant: Discriminant;
  readonly values: readonly AnswerValue[];
  /** The statements of an `if` branch or a `case`, or the expression of a ternary's branch. */
  readonly body: readonly TSESTree.Node[];
  readonly expression: TSESTree.Node | null;
  readonly owner: Judged;
}

function branchesOf(check: OutcomeCheck, node: Judged): Branch[] {
  const { sourceCode, branchContext } = check;
  if (node.type === AST_NODE_TYPES.SwitchStatement) {
    const discriminant = resolveDiscriminant(node.discriminant, branchContext);
    if (!discriminant) return [];
    const domain = valuesReaching(node, discriminant, sourceCode);
    return node.cases.map((clause) => ({
      discriminant,
      values: valuesEnteringClause(clause, domain),
      body: clause.consequent,
      expression: null,
      owner: node,
    }));
  }
  const found = discriminantOf(node.test, branchContext);
  if (!found) return [];
  const { discriminant } = found;
  const domain = valuesReaching(node, discriminant, sourceCode);
  const { whenTrue, whenFalse } = splitValues(node.test, discriminant, domain, sourceCode);
  if (node.type === AST_NODE_TYPES.ConditionalExpression) {
    return [
      { discriminant, values: whenTrue, body: [node.consequent], expression: node.consequent, owner: node },
      { discriminant, values: whenFalse, body: [node.alternate], expression: node.alternate, owner: node },
    ];
  }
  const alternate = node.alternate?.type === AST_NODE_TYPES.IfStatement ? null : node.alternate;
  return [
    { discriminant, values: whenTrue, body: branchStatements(node.consequent), expression: null, owner: node },
    { discriminant, values: whenFalse, body: branchStatements(alternate), expression: null, owner: node },
  ];
}

function only(values: readonly AnswerValue[], value: string): boolean {
  return values.length === 1 && values[0] === value;
}

function judgeBranch(check: OutcomeCheck, branch: Branch): void {
  const { context, sourceCode } = check;
  if (branch.discriminant.kind === "acp" && only(branch.values, ACP_OUTCOME.cancelled)) {
    const decline = forwardedDecline(check, branch);
    if (decline) {
      context.report({
        node: decline,
        messageId: "noDecisionForwardedAsRefusal",
        data: { from: "`cancelled`", to: "`decline`", instead: "`cancel`" },
        suggest: [
          {
            messageId: "suggestForwardNoDecision",
            data: { instead: "`cancel`" },
            fix: (fixer) => fixer.replaceText(decline, quoted(sourceCode, ELICIT_ACTION.cancel)),
          },
        ],
      });
    }
    const again = asksAgain(check, branch);
    if (again) context.report({ node: again, messageId: "cancelledAsksAgain", data: STOP });
  }
  if (branch.discriminant.kind === "mcp" && only(branch.values, ELICIT_ACTION.cancel)) {
    const refusal = forwardedRejectOption(check, branch);
    const instead = `\`${noDecisionAnswerText("acp-permission-outcome")}\``;
    if (refusal) {
      context.report({
        node: refusal,
        messageId: "noDecisionForwardedAsRefusal",
        data: { from: "`cancel`", to: "a reject option", instead },
      });
    }
  }
}

const STOP = { stop: `${ACP_STOP_REASON_FIELD}: ${JSON.stringify(ACP_STOP_REASON_CANCELLED)}` };

/** Each node of a branch's own code (functions written there are left out: they run later, if at all). */
function ownNodes(check: OutcomeCheck, branch: Branch, visit: (node: TSESTree.Node) => void): void {
  for (const root of branch.body) {
    walkSubtree(root, check.sourceCode.visitorKeys, (node) => {
      if (isFunctionNode(node)) return "skip";
      visit(node);
      return false;
    });
  }
}

/** An MCP answer object whose action is decline in the branch, or a ternary on cancelled that picks decline. */
function forwardedDecline(check: OutcomeCheck, branch: Branch): TSESTree.Node | null {
  const expression = branch.expression && unwrapExpression(branch.expression);
  if (expression && getStringValue(expression) === ELICIT_ACTION.decline) {
    const property = branch.owner.parent;
    return property?.type === AST_NODE_TYPES.Property && keyOf(property) === "action" ? expression : null;
  }
  let found: TSESTree.Node | null = null;
  ownNodes(check, branch, (node) => {
    if (found || node.type !== AST_NODE_TYPES.ObjectExpression) return;
    const action = findProperty(node, "action");
    const value = action && unwrapExpression(action.value);
    if (value && getStringValue(value) === ELICIT_ACTION.decline) found = value;
  });
  return found;
}

/** `{ outcome: { outcome: "selected", optionId: "reject" } }` on MCP's `cancel`: the reject option it picks. */
function forwardedRejectOption(check: OutcomeCheck, branch: Branch): TSESTree.Node | null {
  let found: TSESTree.Node | null = null;
  ownNodes(check, branch, (node) => {
    if (!found && node.type === AST_NODE_TYPES.ObjectExpression)
      found = refusalIn(node, "acp-permission", check.sourceCode);
  });
  return found;
}

/**
 * Where a `cancelled` path asks the person again: a permission request in the branch, or a `continue` to a loop
 * around it that asks; for a ternary that maps `cancelled` to a word of its own (`"skip"`), a test of that word
 * that does so.
 */
function asksAgain(check: OutcomeCheck, branch: Branch): TSESTree.Node | null {
  let found: TSESTree.Node | null = null;
  ownNodes(check, branch, (node) => {
    if (found) return;
    if (node.type === AST_NODE_TYPES.CallExpression && asksForPermission(check, node)) found = node;
    if (node.type === AST_NODE_TYPES.ContinueStatement && continuesAskingLoop(check, node)) found = node;
  });
  if (found || !branch.expression) return found;
  const word = getStringValue(unwrapExpression(branch.expression));
  return word !== null && mappedWordAsksAgain(check, branch.owner as TSESTree.ConditionalExpression, word)
    ? branch.expression
    : null;
}

function asksForPermission(check: OutcomeCheck, call: TSESTree.CallExpression): boolean {
  return askOf(call, check.sourceCode, check.branchContext.wrappers).wait?.api.result === "acp-permission-outcome";
}

/** A `continue` whose loop (the nearest, or the labelled one) asks for a permission in its body. */
function continuesAskingLoop(check: OutcomeCheck, statement: TSESTree.ContinueStatement): boolean {
  for (let node: TSESTree.Node | undefined = statement.parent; node && !isFunctionNode(node); node = node.parent) {
    if (!isLoop(node)) continue;
    const labelled = node.parent?.type === AST_NODE_TYPES.LabeledStatement ? node.parent.label.name : null;
    if (statement.label && statement.label.name !== labelled) continue;
    let asks = false;
    walkSubtree(node.body, check.sourceCode.visitorKeys, (inner) => {
      if (isFunctionNode(inner)) return "skip";
      asks = inner.type === AST_NODE_TYPES.CallExpression && asksForPermission(check, inner);
      return asks;
    });
    return asks;
  }
  return false;
}

function isLoop(
  node: TSESTree.Node,
): node is TSESTree.ForStatement | TSESTree.ForOfStatement | TSESTree.WhileStatement {
  return (
    node.type === AST_NODE_TYPES.ForStatement ||
    node.type === AST_NODE_TYPES.ForOfStatement ||
    node.type === AST_NODE_TYPES.ForInStatement ||
    node.type === AST_NODE_TYPES.WhileStatement ||
    node.type === AST_NODE_TYPES.DoWhileStatement
  );
}

/** `const choice = cancelled ? "skip" : optionId` and later `if (choice === "skip") continue;` in the asking loop. */
function mappedWordAsksAgain(check: OutcomeCheck, ternary: TSESTree.ConditionalExpression, word: string): boolean {
  const declarator = ternary.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== ternary) return false;
  const [variable] = check.sourceCode.getDeclaredVariables(declarator);
  for (const reference of variable?.references ?? []) {
    const comparison = reference.identifier.parent;
    if (comparison?.type !== AST_NODE_TYPES.BinaryExpression || !["===", "=="].includes(comparison.operator)) continue;
    const other = comparison.left === reference.identifier ? comparison.right : comparison.left;
    // `choice === "skip"`, or one of the tests of `choice === "skip" || choice === "reject"`.
    let tested: TSESTree.Node = comparison;
    while (tested.parent?.type === AST_NODE_TYPES.LogicalExpression && tested.parent.operator === "||")
      tested = tested.parent;
    const test = tested.parent;
    if (getStringValue(other) !== word || test?.type !== AST_NODE_TYPES.IfStatement || test.test !== tested) continue;
    const branch: Branch = {
      discriminant: { kind: "acp" } as Discriminant,
      values: [ACP_OUTCOME.cancelled],
      body: branchStatements(test.consequent),
      expression: null,
      owner: test,
    };
    if (asksAgain(check, branch)) return true;
  }
  return false;
}

function keyOf(property: TSESTree.Property): string | null {
  return property.key.type === AST_NODE_TYPES.Identifier ? property.key.name : getStringValue(property.key);
}
