/**
 * The verdict on one dismissal path: the question is answered "no decision" there, or the path decides for the
 * person (approves, picks an option, refuses), or it answers nothing while the dialog's other paths answer.
 */
import type { TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { containsNode, findVariable } from "../../analysis/ast.ts";
import { askerOf, noDecisionWord, type AnswerReading, type AnswerShape } from "./answers.ts";
import { answerNoDecisionEdit, replaceAnswerEdit, type Edit } from "./fix.ts";
import { answerCallsIn, calleeText, scanPath, type Settlement } from "./paths.ts";
import { questionSettlers } from "./resolvers.ts";
import { isStateSetter } from "./elements.ts";
import type { DismissalPath } from "./sites.ts";
import type { DismissCheck, MessageIds } from "./options.ts";

export interface Finding {
  readonly messageId: Exclude<MessageIds, "answerNoDecision">;
  readonly node: TSESTree.Node;
  readonly data: Record<string, string>;
  readonly edit: Edit | null;
}

const DECIDING: readonly (readonly [AnswerReading["verdict"], Finding["messageId"]])[] = [
  ["approves", "approvesOnDismiss"],
  ["picks", "picksOnDismiss"],
  ["refuses", "refusesOnDismiss"],
];

export function judge(path: DismissalPath, check: DismissCheck): Finding | null {
  if (path.body === null) return null;
  const { sourceCode } = check;
  const guarded = path.event.when.kind === "parameter-field";
  const others = path.dialog
    ? [...answerCallsIn(path.dialog, sourceCode), ...settlersIn(path.dialog, check)].filter(
        (other) => guarded || !containsNode(path.handler, other.node),
      )
    : [];
  const settleCallees = new Set(others.map((other) => calleeText(other.node as TSESTree.CallExpression, sourceCode)));
  const scan = scanPath(path.body, path.assumption, sourceCode, {
    exclusive: path.exclusive,
    countReturns: path.countReturns,
    settleCallees,
  });
  if (guarded && !scan.sawExactTest) return null;
  const onPath = guarded ? scan.settlements.filter((settlement) => settlement.exclusive) : scan.settlements;
  if (onPath.some((settlement) => settlement.answer?.verdict === "no-decision")) return null;
  for (const [verdict, messageId] of DECIDING) {
    if (verdict === "refuses" && !check.options.reportRefusals) continue;
    const decided = onPath.find((settlement) => settlement.answer?.verdict === verdict);
    if (decided) return decidedFinding(path, decided, messageId, check);
  }
  if (onPath.length > 0 || !closesTheDialog(path, scan.calls, check)) return null;
  const onPathNodes = new Set(scan.settlements.map((settlement) => settlement.node));
  const answeredElsewhere = others.filter((other) => !onPathNodes.has(other.node));
  const shape = answeredElsewhere.map((other) => other.answer?.shape ?? other.owes).find(Boolean);
  if (!shape) return null;
  return {
    messageId: "unansweredOnDismiss",
    node: path.reportAt,
    data: words(path, shape, ""),
    edit: answerNoDecisionEdit(path, answeredElsewhere, shape, check),
  };
}

function decidedFinding(
  path: DismissalPath,
  decided: Settlement,
  messageId: Finding["messageId"],
  check: DismissCheck,
): Finding {
  const answer = decided.answer!;
  return {
    messageId,
    node: answer.site,
    data: words(path, answer.shape, answer.words),
    edit: decided.exclusive ? replaceAnswerEdit(answer, check) : null,
  };
}

/**
 * A dialog element closes only when its handler changes the state that shows it: a controlled `Dialog` whose
 * `onOpenChange` does nothing stays up until a choice. A prop the handler calls (`onDismiss()`) may answer.
 */
function closesTheDialog(path: DismissalPath, calls: readonly TSESTree.CallExpression[], check: DismissCheck): boolean {
  if (path.event.site.kind !== "jsx-prop" || !path.handler) return true;
  const { sourceCode } = check;
  if (calls.some((call) => callsParameter(call, sourceCode))) return false;
  return calls.some((call) => isStateSetter(call.callee, sourceCode));
}

/** `onDismiss()` where `onDismiss` is a parameter (a component's prop) of a function around the call. */
function callsParameter(call: TSESTree.CallExpression, sourceCode: DismissCheck["sourceCode"]): boolean {
  const callee = call.callee;
  if (callee.type !== AST_NODE_TYPES.Identifier) return false;
  const variable = findVariable(sourceCode.getScope(call), callee.name);
  return variable?.defs.some((definition) => definition.type === "Parameter") ?? false;
}

/** The calls of the dialog that settle a question's promise without an answer literal (resolvers.ts). */
function settlersIn(dialog: TSESTree.Node, { sourceCode }: DismissCheck): Settlement[] {
  const found: Settlement[] = [];
  for (const [call, owes] of questionSettlers(sourceCode)) {
    if (containsNode(dialog, call)) found.push({ node: call, answer: null, exclusive: false, owes });
  }
  return found;
}

function words(path: DismissalPath, shape: AnswerShape, answer: string): Record<string, string> {
  return { dialog: path.event.dialog, answer, asker: askerOf(shape), noDecision: noDecisionWord(shape) };
}
