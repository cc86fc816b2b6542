/**
 * The exhaustive-action suggestions: an `if` on the action becomes a `switch` with `accept`, `decline`, `cancel`
 * and a `never` default (./if-to-switch.ts); a `default` that merges decline and cancel is split into cases; missing
 * cases are added. Each returns the rewrite, or the reason none is offered (said in the report). This module: what a
 * rewrite returns and reads, and the two rewrites of a `switch` already on the action.
 */
import { canCompleteNormally } from "./completion.ts";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { caseValue, type Discriminant, writtenAnswerWord } from "./discriminant.ts";
import { ELICIT_ACTION_MEANING, ELICIT_ACTIONS, type ElicitAction, ELICIT_ACTION } from "../../protocol/answers.ts";
import { guardAsi, indentAt } from "../../edits/layout.ts";
import { renderStatements, type CodeStyle } from "./render.ts";

export const ACP_REASON = "options are built elsewhere";
export const OTHER_ACTION_COMMENT = "any other action: no decision was made, as with cancel";
/** The note of a `default` that falls through to `cancel` (the wording `no-fallthrough` accepts). */
export const OTHER_FALLS_THROUGH_COMMENT = "any other action is no decision either: falls through to cancel";

export type Rewrite = { text: string; fix: TSESLint.ReportFixFunction } | { reason: string };

/** What a rewrite reads: the file, and how it writes its code. */
export interface RewriteContext {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly style: CodeStyle;
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
