/**
 * The suggestion: answer "no decision" (protocol/answers.ts `NO_DECISION_ANSWER`, written by edits/answer-text.ts) on
 * the dismissal path, in place of the answer given there, or through the call the dialog's other paths answer with
 * when the path answers nothing.
 */
import type { TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { findVariable, getMemberPath, unwrapExpression } from "../../analysis/ast.ts";
import { noDecisionAnswerText } from "../../edits/answer-text.ts";
import { indentAt, indentUnitNear, layoutOf, semicolon } from "../../edits/layout.ts";
import type { AnswerReading, AnswerShape } from "./answers.ts";
import type { DismissCheck } from "./options.ts";
import type { Settlement } from "./paths.ts";
import type { DismissalPath } from "./sites.ts";

export interface Edit {
  readonly range: readonly [number, number];
  readonly text: string;
}

/** The no-decision answer in place of `answer` (its expression where the answer is given). */
export function replaceAnswerEdit(answer: AnswerReading, { sourceCode }: DismissCheck): Edit {
  return { range: answer.site.range, text: answerText(answer.shape, sourceCode) };
}

/**
 * `settle(noDecision)` at the start of the handler (under `if (!open)` for `onOpenChange(open)`), or an `onClose()`
 * that does it in a modal that has none. Offered only when the other paths answer through one callee that the handler
 * reaches as written (`this.resolve` in the same class, a name bound to the same variable).
 */
export function answerNoDecisionEdit(
  path: DismissalPath,
  others: readonly Settlement[],
  shape: AnswerShape,
  check: DismissCheck,
): Edit | null {
  const { sourceCode } = check;
  // A resolver that takes an option id (`resolve(option.optionId)`) is not given an answer: only answers written.
  const answering = others.filter((other) => other.answer !== null);
  const callees = new Set(answering.map((other) => sourceCode.getText((other.node as TSESTree.CallExpression).callee)));
  if (callees.size !== 1) return null;
  const [callee] = callees;
  const call = answering[0]!.node as TSESTree.CallExpression;
  const settle = `${callee}(${answerText(shape, sourceCode)})${semicolon(sourceCode)}`;
  const when = path.event.when;
  if (!path.handler && path.event.site.kind === "override" && path.dialog?.type === AST_NODE_TYPES.ClassBody) {
    if (!reachesSame(call, path.dialog)) return null;
    return addMethodEdit(path.dialog, path.event.site.method, settle, check);
  }
  const body = path.handler?.body;
  if (body?.type !== AST_NODE_TYPES.BlockStatement || !reachesSame(call, body, check)) return null;
  const parameter = "index" in when ? path.handler!.params[when.index] : undefined;
  const named = parameter?.type === AST_NODE_TYPES.Identifier ? parameter.name : null;
  if (when.kind === "parameter-field" || (when.kind === "parameter-false" && named === null)) return null;
  const guard =
    when.kind === "parameter-false"
      ? `if (!${named}) `
      : when.kind === "parameter-empty" && named
        ? `if (${named}.size === 0) `
        : "";
  const first = body.body[0];
  const indent = first
    ? indentAt(sourceCode.text, first.range[0])
    : `${indentAt(sourceCode.text, body.range[0])}${indentUnitNear(sourceCode, body)}`;
  const eol = layoutOf(sourceCode).eol;
  return first
    ? { range: [first.range[0], first.range[0]], text: `${guard}${settle}${eol}${indent}` }
    : { range: [body.range[0] + 1, body.range[0] + 1], text: `${eol}${indent}${guard}${settle}` };
}

function answerText(shape: AnswerShape, sourceCode: DismissCheck["sourceCode"]): string {
  return noDecisionAnswerText(shape, { quote: layoutOf(sourceCode).quote });
}

/**
 * Whether the callee of `call` names the same thing where the edit writes it: `this.x` inside the same class, or a
 * name that resolves to the same variable from `at`.
 */
function reachesSame(call: TSESTree.CallExpression, at: TSESTree.Node, check?: DismissCheck): boolean {
  const path = getMemberPath(call.callee);
  if (!path) return false;
  if (path[0] === "this")
    return (
      classBodyOf(call) !== null && classBodyOf(call) === (at.type === AST_NODE_TYPES.ClassBody ? at : classBodyOf(at))
    );
  if (!check) return false;
  const head = unwrapExpression(call.callee);
  const root = head.type === AST_NODE_TYPES.MemberExpression ? rootIdentifier(head) : head;
  if (root?.type !== AST_NODE_TYPES.Identifier) return false;
  const variableAt = (node: TSESTree.Node) => findVariable(check.sourceCode.getScope(node), root.name);
  const variable = variableAt(root);
  return variable !== null && variable === variableAt(at);
}

function rootIdentifier(member: TSESTree.MemberExpression): TSESTree.Node {
  let current: TSESTree.Node = member;
  while (current.type === AST_NODE_TYPES.MemberExpression) current = unwrapExpression(current.object);
  return current;
}

function classBodyOf(node: TSESTree.Node): TSESTree.ClassBody | null {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type === AST_NODE_TYPES.ClassBody) return current;
  }
  return null;
}

/** `onClose() { settle; }` as the class body's last member, indented like its members. */
function addMethodEdit(body: TSESTree.ClassBody, method: string, settle: string, { sourceCode }: DismissCheck): Edit {
  const eol = layoutOf(sourceCode).eol;
  const last = body.body.at(-1);
  const unit = indentUnitNear(sourceCode, body);
  const indent = last ? indentAt(sourceCode.text, last.range[0]) : `${indentAt(sourceCode.text, body.range[0])}${unit}`;
  const at = last ? last.range[1] : body.range[0] + 1;
  return {
    range: [at, at],
    text: `${last ? eol : ""}${eol}${indent}${method}() {${eol}${indent}${unit}${settle}${eol}${indent}}${last ? "" : eol}`,
  };
}
