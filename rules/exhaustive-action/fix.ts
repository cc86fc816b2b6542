/**
 * The exhaustive-action suggestions: an `if` on the action becomes a `switch` with `accept`, `decline`, `cancel`
 * and a `never` default; a `default` that merges decline and cancel is split into cases; missing cases are added.
 * Each returns the rewrite, or the reason none is offered (said in the report).
 */
import { canCompleteNormally } from "../../analysis/completion.ts";
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import {
  branchStatements,
  caseValue,
  containsOwnBreak,
  OTHER_VALUE,
  type AnswerValue,
  type Discriminant,
  writtenAnswerWord,
} from "../../analysis/branches.ts";
import { testReadsViewKind } from "../../analysis/mrtr.ts";
import { ELICIT_ACTION_MEANING, ELICIT_ACTIONS, type ElicitAction, ELICIT_ACTION } from "../../protocol/answers.ts";
import type { FoundDiscriminant } from "./outcomes.ts";
import { guardAsi, indentAt } from "../../edits/layout.ts";
import { leftoverComments, renderBlock, renderBranchBody, renderStatements, type CodeStyle } from "./render.ts";
import { printResidual, residualNodes, residualTest, type Residual } from "./residual.ts";

const ACP_REASON = "options are built elsewhere";
const OTHER_ACTION_COMMENT = "any other action: no decision was made, as with cancel";
/** The note of a `default` that falls through to `cancel` (the wording `no-fallthrough` accepts). */
const OTHER_FALLS_THROUGH_COMMENT = "any other action is no decision either: falls through to cancel";

export type Rewrite = { text: string; fix: TSESLint.ReportFixFunction } | { reason: string };

/** What a rewrite reads: the file, and how it writes its code. */
export interface RewriteContext {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly style: CodeStyle;
}

export function ifRewrite(
  check: RewriteContext,
  node: TSESTree.IfStatement,
  discriminant: Discriminant,
  found: FoundDiscriminant,
  isLink: boolean,
): Rewrite {
  const { sourceCode, style } = check;
  const { eol } = style;
  if (discriminant.kind === "acp") return { reason: ACP_REASON };
  if (found.viaFlag) return { reason: "it is stored in a variable first" };
  if (isLink) return { reason: "it is in an `else if` chain" };
  if (testReadsViewKind(node.test, discriminant.key)) {
    return { reason: "switch over `kind` first" };
  }
  const statements = [node.consequent, ...(node.alternate ? [node.alternate] : [])];
  if (statements.some((statement) => containsOwnBreak(statement, sourceCode.visitorKeys)))
    return { reason: "it holds a `break`" };
  const bodies = new Map<AnswerValue, Residual>();
  for (const value of [...ELICIT_ACTIONS, OTHER_VALUE]) {
    const residual = residualTest(node.test, discriminant, value, sourceCode);
    if (!residual) return { reason: "it tests more than the action" };
    bodies.set(value, residual);
  }
  const indent = indentAt(sourceCode.text, node.range[0]);
  const unit = style.indentUnit(node);
  const read = found.comparison.read;
  const copied = [node.consequent, node.alternate].filter((branch): branch is TSESTree.Statement => !!branch);
  const caseIndent = indent + unit;
  const bodyIndent = caseIndent + unit;
  const clauses: string[] = [];
  // An unknown action is no decision: where `default` would copy cancel's body, it falls through to `cancel` instead.
  const defaultJoinsCancel = sameResidual(bodies.get(ELICIT_ACTION.cancel)!, bodies.get(OTHER_VALUE)!, sourceCode);
  const order: AnswerValue[] = defaultJoinsCancel
    ? [ELICIT_ACTION.accept, ELICIT_ACTION.decline, OTHER_VALUE, ELICIT_ACTION.cancel]
    : [...ELICIT_ACTIONS, OTHER_VALUE];
  for (const value of order) {
    const residual = bodies.get(value)!;
    const lines: string[] = [];
    if (value === ELICIT_ACTION.decline || value === ELICIT_ACTION.cancel)
      lines.push(`${bodyIndent}// ${value}: ${ELICIT_ACTION_MEANING[value]}`);
    if (value === OTHER_VALUE && defaultJoinsCancel) {
      // An empty clause: no statement falls through (noFallthroughCasesInSwitch, no-fallthrough).
      clauses.push(`${caseIndent}default:${eol}${bodyIndent}// ${OTHER_FALLS_THROUGH_COMMENT}`);
      continue;
    }
    if (value === OTHER_VALUE) {
      lines.push(`${bodyIndent}// ${OTHER_ACTION_COMMENT}`);
      if (discriminant.closed) lines.push(bodyIndent + style.neverLine(sourceCode.getText(read)));
    }
    const neverIndex = lines.length - 1;
    let completes: boolean;
    let copiesCode = true;
    if (residual.kind === "const") {
      const branch = residual.value ? node.consequent : node.alternate;
      const body = branchStatements(branch);
      if (branch && body.length > 0) lines.push(renderBranchBody(sourceCode, branch, bodyIndent));
      else copiesCode = false;
      completes = canCompleteNormally(body);
    } else {
      let text = `${bodyIndent}if (${printResidual(residual, sourceCode)}) ${renderBlock(sourceCode, node.consequent, bodyIndent, unit)}`;
      if (node.alternate) text += ` else ${renderBlock(sourceCode, node.alternate, bodyIndent, unit)}`;
      lines.push(text);
      completes =
        canCompleteNormally(branchStatements(node.consequent)) || canCompleteNormally(branchStatements(node.alternate));
    }
    if (value === OTHER_VALUE && discriminant.closed) guardAsi(lines, neverIndex);
    const isLast = value === order[order.length - 1];
    if (completes && !isLast) lines.push(`${bodyIndent}break${style.semi}`);
    const label = value === OTHER_VALUE ? "default" : `case ${style.quote(writtenAnswerWord(discriminant, value))}`;
    clauses.push(
      copiesCode
        ? `${caseIndent}${label}: {${eol}${lines.join(eol)}${eol}${caseIndent}}`
        : lines.length > 0
          ? `${caseIndent}${label}:${eol}${lines.join(eol)}`
          : `${caseIndent}${label}:`,
    );
  }
  const copiedConditions = [...bodies.values()].flatMap(residualNodes);
  const leftovers = leftoverComments(sourceCode, node, copied, [read, ...copiedConditions]);
  const prefix = leftovers
    .map((comment) => `${sourceCode.getText(comment as unknown as TSESTree.Node)}${eol}${indent}`)
    .join("");
  const text = `${prefix}switch (${sourceCode.getText(read)}) {${eol}${clauses.join(eol)}${eol}${indent}}`;
  return { text, fix: (fixer) => fixer.replaceText(node, text) };
}

export function defaultRewrite(
  check: RewriteContext,
  node: TSESTree.SwitchStatement,
  clause: TSESTree.SwitchCase,
  discriminant: Discriminant,
): Rewrite {
  const { sourceCode, style } = check;
  const { eol } = style;
  if (discriminant.kind === "acp") return { reason: ACP_REASON };
  const index = node.cases.indexOf(clause);
  if (index !== node.cases.length - 1) return { reason: "`default` is not the last case" };
  const previous = node.cases[index - 1];
  if (previous && (previous.consequent.length === 0 || canCompleteNormally(previous.consequent))) {
    return { reason: "a case falls into `default`" };
  }
  const named = new Set(node.cases.map((other) => (other.test ? caseValue(other) : null)));
  const caseIndent = indentAt(sourceCode.text, clause.range[0]);
  const unit = style.indentUnit(node);
  const bodyIndent = caseIndent + unit;
  // `default: { … }` is copied without its braces; each new case gets its own.
  const block =
    clause.consequent.length === 1 && clause.consequent[0]!.type === AST_NODE_TYPES.BlockStatement
      ? clause.consequent[0]!
      : null;
  const body = block ? block.body : clause.consequent;
  const bodyText = body.length > 0 ? renderStatements(sourceCode, body, block ?? clause, bodyIndent) : null;
  const completes = canCompleteNormally(body);
  const read = node.discriminant;
  const clauses: string[] = [];
  // An unknown action is no decision: when `cancel` takes the old body, `default` falls through to it.
  const defaultJoinsCancel = !named.has(ELICIT_ACTION.cancel);
  for (const value of ELICIT_ACTIONS) {
    if (named.has(value)) continue;
    if (value === ELICIT_ACTION.cancel) {
      clauses.push(`${caseIndent}default:${eol}${bodyIndent}// ${OTHER_FALLS_THROUGH_COMMENT}`);
    }
    const lines = value === ELICIT_ACTION.accept ? [] : [`${bodyIndent}// ${value}: ${ELICIT_ACTION_MEANING[value]}`];
    if (bodyText) lines.push(bodyText);
    if (completes && value !== ELICIT_ACTION.cancel) lines.push(`${bodyIndent}break${style.semi}`);
    clauses.push(
      `${caseIndent}case ${style.quote(writtenAnswerWord(discriminant, value))}: {${eol}${lines.join(eol)}${eol}${caseIndent}}`,
    );
  }
  if (defaultJoinsCancel) {
    const text = clauses.join(eol).slice(caseIndent.length);
    return { text, fix: (fixer) => fixer.replaceText(clause, text) };
  }
  const defaultLines = [`${bodyIndent}// ${OTHER_ACTION_COMMENT}`];
  if (discriminant.closed) defaultLines.push(bodyIndent + style.neverLine(sourceCode.getText(read)));
  if (bodyText) defaultLines.push(bodyText);
  if (discriminant.closed && bodyText) guardAsi(defaultLines, defaultLines.length - 2);
  clauses.push(`${caseIndent}default: {${eol}${defaultLines.join(eol)}${eol}${caseIndent}}`);
  const text = clauses.join(eol).slice(caseIndent.length);
  return { text, fix: (fixer) => fixer.replaceText(clause, text) };
}

/** Whether two branches of an `if` rewrite run the same code: the same branch, or the same printed condition. */
function sameResidual(a: Residual, b: Residual, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  if (a.kind === "const" || b.kind === "const") return a.kind === "const" && b.kind === "const" && a.value === b.value;
  return printResidual(a, sourceCode) === printResidual(b, sourceCode);
}

export function missingCasesRewrite(
  check: RewriteContext,
  node: TSESTree.SwitchStatement,
  discriminant: Discriminant,
  missing: string[],
): Rewrite {
  const { sourceCode, style } = check;
  const { eol } = style;
  if (discriminant.kind === "acp") return { reason: ACP_REASON };
  const last = node.cases[node.cases.length - 1]!;
  const caseIndent = indentAt(sourceCode.text, last.range[0]);
  const unit = style.indentUnit(node);
  const bodyIndent = caseIndent + unit;
  let text = "";
  if (canCompleteNormally(last.consequent)) text += `${eol}${bodyIndent}break${style.semi}`;
  for (const value of ELICIT_ACTIONS) {
    if (!missing.includes(value)) continue;
    const comment =
      value === ELICIT_ACTION.accept
        ? ""
        : `${eol}${bodyIndent}// ${value}: ${ELICIT_ACTION_MEANING[value as ElicitAction]}`;
    text += `${eol}${caseIndent}case ${style.quote(writtenAnswerWord(discriminant, value))}:${comment}${eol}${bodyIndent}break${style.semi}`;
  }
  text += `${eol}${caseIndent}default:${eol}${bodyIndent}// ${OTHER_ACTION_COMMENT}`;
  if (discriminant.closed) text += `${eol}${bodyIndent}${style.neverLine(sourceCode.getText(node.discriminant))}`;
  else text += `${eol}${bodyIndent}break${style.semi}`;
  return { text, fix: (fixer) => fixer.insertTextAfter(last, text) };
}
