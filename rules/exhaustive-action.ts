/**
 * `elicitation/exhaustive-action`: decline and cancel are distinct outcomes (DESIGN §2.1).
 *
 * A person asked a question answers `accept`, `decline` (they said no) or `cancel` (they dismissed the dialog and
 * decided nothing); ACP permission requests answer `selected` (with an allow or reject option) or `cancelled`.
 * This rule reports branches that send two of those facts down one path, and client handlers that answer
 * `decline` when nobody was asked. Its suggestion is the exhaustive `switch` the codemod applies in batch.
 */
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import {
  alwaysThrows,
  answerComparisons,
  branchStatements,
  canCompleteNormally,
  childNodes,
  containsOwnBreak,
  evaluateTest,
  followingStatements,
  mentionsDiscriminant,
  OTHER_VALUE,
  passesAnswerOn,
  readsDiscriminant,
  resolveDiscriminant,
  testNamesLiteral,
  textMayCompareAnswer,
  valuesEnteringClause,
  valuesReaching,
  type AnswerValue,
  type BranchContext,
  type Discriminant,
} from "../core/branches.ts";
import { findProperty, getCalleeName, getStaticPropertyName, getStringValue, isFunctionNode, unwrapExpression } from "../core/ast.ts";
import { isAcpClientHandlerMethod, matchElicitationHandler } from "../core/calls.ts";
import { createRule } from "../core/create-rule.ts";
import { textMayContainHumanWait } from "../core/human-wait.ts";
import { testReadsViewKind, textMayUseMrtr } from "../core/mrtr.ts";
import { ELICIT_ACTION_MEANING, ELICIT_ACTIONS, type ElicitAction } from "../core/result-shapes.ts";
import { compileWrappers, wrapperOptionSchema, type WrapperOption } from "../core/wrappers.ts";
import { findReask } from "./exhaustive-action/mrtr.ts";

export type Options = [{ reportIdenticalBranches?: boolean; humanWaitFunctions?: WrapperOption[] }];
export type MessageIds =
  | "declineAndCancelMerged"
  | "cancelledAndSelectedMerged"
  | "unhandledOutcome"
  | "declineWithoutPerson"
  | "identicalBranches"
  | "reaskMerged"
  | "suggestExhaustiveSwitch"
  | "suggestInputResponseSwitch";

export default createRule<Options, MessageIds>({
  name: "exhaustive-action",
  meta: {
    type: "problem",
    docs: {
      description: "Require decline and cancel (and ACP's cancelled) to be handled as separate outcomes",
      recommended: true,
    },
    hasSuggestions: true,
    schema: [
      {
        type: "object",
        additionalProperties: false,
        properties: {
          reportIdenticalBranches: {
            type: "boolean",
            description:
              "Also report decline and cancel branches that are token-identical, or grouped in one test or case (the strict config turns this on).",
          },
          humanWaitFunctions: wrapperOptionSchema,
        },
      },
    ],
    defaultOptions: [{ reportIdenticalBranches: false, humanWaitFunctions: [] }],
    messages: {
      declineAndCancelMerged:
        "Decline and cancel both take {{path}}: a dialog dismissed without a decision will be handled as the user's refusal, or a refusal as a dismissal. Give each its own branch.{{rewrite}}",
      cancelledAndSelectedMerged:
        "A cancelled permission request and a selected option both take {{path}}: a prompt dismissed without a decision will be handled as if the user had picked that option. Handle `cancelled` on its own.{{rewrite}}",
      unhandledOutcome:
        "{{missing}} has no branch of its own here and carries on with the code after, like {{others}}: {{consequence}}. Give it its own branch.{{rewrite}}",
      declineWithoutPerson:
        "This handler answers {{answer}} when {{cause}}: the {{asker}} will be told a person refused when nobody decided. Answer {{instead}} (no decision) instead.",
      identicalBranches:
        "Decline and cancel {{what}}: whoever reads the result still cannot tell a refusal from a dismissed dialog.",
      reaskMerged:
        "A person who declined, or dismissed the question, is asked it again until the client gives up. `acceptedContent(…)` is undefined for a decline, a cancel and a missing answer alike: read the answer with `inputResponse(…)` and end the call on decline and on cancel.{{rewrite}}",
      suggestExhaustiveSwitch: "Handle accept, decline and cancel in a switch",
      suggestInputResponseSwitch: "Read the answer with inputResponse and end the call on decline and on cancel",
    },
  },
  create(context, [options]) {
    const sourceCode = context.sourceCode;
    const typed = !!sourceCode.parserServices?.program;
    // Untyped, only files that name a human wait can hold an answer; typed, any file comparing an answer literal can.
    if (!typed && !textMayContainHumanWait(sourceCode.text) && !sourceCode.text.includes("requestedSchema") && !textMayUseMrtr(sourceCode.text)) {
      return {};
    }
    if (!textMayCompareAnswer(sourceCode.text)) return {};

    const branchContext: BranchContext = { sourceCode, wrappers: compileWrappers(options.humanWaitFunctions) };
    const reportIdentical = options.reportIdenticalBranches === true;
    const style = codeStyle(sourceCode, context.filename);

    function report(
      node: TSESTree.Node | TSESTree.SourceLocation,
      discriminant: Discriminant,
      path: string,
      rewrite: Rewrite,
    ) {
      const location = "type" in node ? { node } : { loc: node };
      const reason = "reason" in rewrite ? ` No rewrite is suggested: ${rewrite.reason}.` : "";
      context.report({
        ...location,
        messageId: discriminant.kind === "mcp" ? "declineAndCancelMerged" : "cancelledAndSelectedMerged",
        data: { path, rewrite: reason },
        suggest: "text" in rewrite ? [{ messageId: "suggestExhaustiveSwitch", fix: rewrite.fix }] : null,
      });
    }

    function analyseIf(node: TSESTree.IfStatement) {
      const reask = findReask(node, sourceCode);
      if (reask) {
        const reason = "reason" in reask.rewrite ? ` No rewrite is suggested: ${reask.rewrite.reason}.` : "";
        context.report({
          node: reask.at,
          messageId: "reaskMerged",
          data: { rewrite: reason },
          suggest: "fix" in reask.rewrite ? [{ messageId: "suggestInputResponseSwitch", fix: reask.rewrite.fix }] : null,
        });
        return;
      }
      const found = discriminantOf(node.test, branchContext);
      if (!found) return;
      const { discriminant, comparison } = found;
      const domain = valuesReaching(node, discriminant, sourceCode, comparison.read);
      const { whenTrue, whenFalse } = splitValues(node.test, discriminant, domain, sourceCode);
      const alternateContinuesChain = isChainLink(node.alternate, discriminant, sourceCode);
      const isLink = node.parent.type === AST_NODE_TYPES.IfStatement && node.parent.alternate === node && mentionsDiscriminant(node.parent.test, discriminant, sourceCode);

      const consequent = branchStatements(node.consequent);
      const at = found.viaFlag ? node.test : comparison.comparison;
      const mergedBranches: ("consequent" | "alternate")[] = [];
      if (merges(whenTrue, discriminant)) {
        if (namesBothNonAccept(node.test, discriminant, sourceCode)) {
          if (reportIdentical) reportGrouped(comparison.comparison);
        } else if (isUndecidedPath(consequent, discriminant)) {
          mergedBranches.push("consequent");
        }
      }
      if (node.alternate && !alternateContinuesChain) {
        if (merges(whenFalse, discriminant) && isUndecidedPath(branchStatements(node.alternate), discriminant)) {
          mergedBranches.push("alternate");
        }
      }
      // One report per `if`, even when both of its branches merge: the codemod applies one rewrite per report.
      if (mergedBranches.length > 0) {
        const path = mergedBranches.length === 2 ? "either branch of this `if`" : pathName(node, mergedBranches[0]!, found.viaFlag, sourceCode);
        report(at, discriminant, path, ifRewrite(node, discriminant, found, isLink));
      }
      if (!node.alternate && !isLink && canCompleteNormally(consequent) === false && merges(whenFalse, discriminant)) {
        const after = followingStatements(node) ?? [];
        if (isUndecidedPath(after, discriminant)) {
          report(comparison.comparison, discriminant, "the code after this `if`", {
            reason: "the shared path is the rest of the block, which would have to move into the switch",
          });
        }
      }
      if (!isLink) analyseChain(node, discriminant, domain);
    }

    /** `if … else if … [else …]` on one discriminant: what falls through, and identical decline/cancel bodies. */
    function analyseChain(head: TSESTree.IfStatement, discriminant: Discriminant, domain: AnswerValue[]) {
      const links: { node: TSESTree.IfStatement; values: AnswerValue[] }[] = [];
      let remaining = domain;
      let current: TSESTree.IfStatement = head;
      for (;;) {
        const { whenTrue, whenFalse } = splitValues(current.test, discriminant, remaining, sourceCode);
        links.push({ node: current, values: whenTrue });
        remaining = whenFalse;
        if (current.alternate && isChainLink(current.alternate, discriminant, sourceCode)) {
          current = current.alternate as TSESTree.IfStatement;
        } else {
          break;
        }
      }
      const last = links[links.length - 1]!.node;
      const known = (values: AnswerValue[]) => values.filter((value): value is string => value !== OTHER_VALUE);

      if (!last.alternate && links.length >= 2) {
        const fallingThrough = known(remaining).filter((value) => value !== "accept" && value !== "selected");
        const continuing = new Set(
          links.filter((link) => canCompleteNormally(branchStatements(link.node.consequent))).flatMap((link) => known(link.values)),
        );
        for (const value of fallingThrough) continuing.delete(value);
        const after = followingStatements(head) ?? [];
        if (fallingThrough.length > 0 && continuing.size > 0 && after.length > 0 && !passesAnswerOn(after, discriminant)) {
          reportUnhandled(firstComparisonOf(last.test, discriminant, sourceCode), fallingThrough, [...continuing], {
            reason: "the missing outcome needs code of its own, which only its author can write",
          });
        }
      }

      if (!reportIdentical || discriminant.kind !== "mcp") return;
      const branches: { values: string[]; statements: TSESTree.Node[]; at: TSESTree.Node | TSESTree.SourceLocation }[] = links.map(
        (link) => ({
          values: known(link.values),
          statements: branchStatements(link.node.consequent),
          at: firstComparisonOf(link.node.test, discriminant, sourceCode),
        }),
      );
      if (last.alternate) {
        const elseToken = sourceCode.getTokenBefore(last.alternate)!;
        branches.push({ values: known(remaining), statements: branchStatements(last.alternate), at: elseToken.loc });
      }
      const decline = branches.find((branch) => branch.values.length === 1 && branch.values[0] === "decline");
      const cancel = branches.find((branch) => branch.values.length === 1 && branch.values[0] === "cancel");
      if (decline && cancel && sameTokens(decline.statements, cancel.statements, sourceCode)) {
        context.report({
          ...("type" in cancel.at ? { node: cancel.at } : { loc: cancel.at }),
          messageId: "identicalBranches",
          data: { what: "branches do the same thing" },
        });
      }
    }

    function reportGrouped(node: TSESTree.Node) {
      context.report({ node, messageId: "identicalBranches", data: { what: "are handled together in one branch" } });
    }

    function reportUnhandled(at: TSESTree.Node, missing: string[], others: string[], rewrite: Rewrite) {
      const reason = "reason" in rewrite ? ` No rewrite is suggested: ${rewrite.reason}.` : "";
      context.report({
        node: at,
        messageId: "unhandledOutcome",
        data: {
          missing: listOf(missing.map((value) => `\`${value}\``)),
          others: listOf(others),
          consequence: unhandledConsequence(missing),
          rewrite: reason,
        },
        suggest: "text" in rewrite ? [{ messageId: "suggestExhaustiveSwitch", fix: rewrite.fix }] : null,
      });
    }

    function analyseTernary(node: TSESTree.ConditionalExpression) {
      const found = discriminantOf(node.test, branchContext);
      if (!found) return;
      const { discriminant, comparison } = found;
      const domain = valuesReaching(node, discriminant, sourceCode, comparison.read);
      const { whenTrue, whenFalse } = splitValues(node.test, discriminant, domain, sourceCode);
      const reason = { reason: "a ternary is an expression; turn it into statements first" };
      const at = found.viaFlag ? node.test : comparison.comparison;
      const grouped = namesBothNonAccept(node.test, discriminant, sourceCode);
      if (merges(whenTrue, discriminant) && grouped && reportIdentical) reportGrouped(comparison.comparison);
      const first = merges(whenTrue, discriminant) && !grouped && !passesAnswerOn([node.consequent], discriminant);
      const second = merges(whenFalse, discriminant) && !passesAnswerOn([node.alternate], discriminant);
      if (first || second) {
        const path = first && second ? "either branch of this ternary" : first ? "the first branch of this ternary" : "the second branch of this ternary";
        report(at, discriminant, path, reason);
      }
    }

    function analyseSwitch(node: TSESTree.SwitchStatement) {
      if (node.cases.length === 0) return;
      const discriminant = resolveDiscriminant(node.discriminant, branchContext);
      if (!discriminant) return;
      const allowed: readonly string[] = discriminant.kind === "mcp" ? ELICIT_ACTIONS : ["selected", "cancelled"];
      const literals = node.cases.map((clause) => (clause.test ? getStringValue(unwrapExpression(clause.test)) : undefined));
      if (literals.some((literal) => literal === null || (literal !== undefined && !allowed.includes(literal)))) return;
      const domain = valuesReaching(node, discriminant, sourceCode, node.discriminant);
      const named = new Set(literals.filter((literal): literal is string => typeof literal === "string"));
      const defaultClause = node.cases.find((clause) => clause.test === null);

      for (const clause of node.cases) {
        if (clause.consequent.length === 0) continue;
        const entering = valuesEnteringClause(clause, domain);
        if (!merges(entering, discriminant)) continue;
        const viaDefault = entering.some((value) => value !== OTHER_VALUE && !named.has(value));
        if (!viaDefault) {
          if (reportIdentical && discriminant.kind === "mcp") {
            context.report({ node: clause.test ?? clause, messageId: "identicalBranches", data: { what: "are handled together in one case" } });
          }
          continue;
        }
        if (!isUndecidedPath(clause.consequent, discriminant)) continue;
        const defaultToken = sourceCode.getFirstToken(clause)!;
        report(defaultToken.loc, discriminant, "the `default` case", defaultRewrite(node, clause, discriminant));
      }

      if (!defaultClause) {
        const missing = domain.filter((value): value is string => value !== OTHER_VALUE && !named.has(value));
        const missingNonAccept = missing.filter((value) => value !== "accept" && value !== "selected");
        const continuing = new Set<string>();
        node.cases.forEach((clause) => {
          if (clause.consequent.length > 0 && (canCompleteNormally(clause.consequent) || clause.consequent.some(containsOwnBreak))) {
            for (const value of valuesEnteringClause(clause, domain)) if (value !== OTHER_VALUE) continued(value);
          }
        });
        function continued(value: string) {
          continuing.add(value);
        }
        for (const value of missing) continuing.delete(value);
        // Values the switch does not name also continue after it (accept usually does, on purpose).
        for (const value of missing) if (!missingNonAccept.includes(value)) continuing.add(value);
        if (missingNonAccept.length > 0 && continuing.size > 0) {
          reportUnhandled(node.discriminant, missingNonAccept, [...continuing], missingCasesRewrite(node, discriminant, missing));
        }
      }

      if (reportIdentical && discriminant.kind === "mcp") {
        const declineClause = node.cases.find((clause) => sameValues(valuesEnteringClause(clause, domain), ["decline"]));
        const cancelClause = node.cases.find((clause) => sameValues(valuesEnteringClause(clause, domain), ["cancel"]));
        if (declineClause && cancelClause && sameTokens(declineClause.consequent, cancelClause.consequent, sourceCode)) {
          context.report({ node: cancelClause.test!, messageId: "identicalBranches", data: { what: "cases do the same thing" } });
        }
      }
    }

    function checkHandler(handler: TSESTree.FunctionLike, side: "mcp" | "acp-permission" | "acp-elicitation") {
      if (!handler.body) return;
      const visit = (node: TSESTree.Node) => {
        if (node.type === AST_NODE_TYPES.ObjectExpression) {
          const refusal = refusalIn(node, side);
          const cause = refusal && noPersonCause(node, handler);
          if (refusal && cause) {
            context.report({
              node: refusal,
              messageId: "declineWithoutPerson",
              data: {
                cause,
                answer: side === "acp-permission" ? "a reject option" : "`decline`",
                asker: side === "mcp" ? "server" : "agent",
                instead: side === "acp-permission" ? '`{ outcome: { outcome: "cancelled" } }`' : "`cancel`",
              },
            });
          }
        }
        for (const child of childNodes(node)) visit(child);
      };
      visit(handler.body);
    }

    // -------------------------------------------------------------------------------------------------------------
    // Suggestions

    function ifRewrite(node: TSESTree.IfStatement, discriminant: Discriminant, found: FoundDiscriminant, isLink: boolean): Rewrite {
      if (discriminant.kind === "acp") return { reason: ACP_REASON };
      if (found.viaFlag) return { reason: "the decision is stored in a variable first, which other code may read" };
      if (isLink) return { reason: "the branch is part of a longer `else if` chain" };
      if (testReadsViewKind(node.test, discriminant.key)) {
        return { reason: "`action` exists only under `kind === \"elicit\"`; switch over `kind` first, then over `action`" };
      }
      const statements = [node.consequent, ...(node.alternate ? [node.alternate] : [])];
      if (statements.some(containsOwnBreak)) return { reason: "a `break` in it would then leave the new switch instead of its loop" };
      const bodies = new Map<AnswerValue, Residual>();
      for (const value of [...ELICIT_ACTIONS, OTHER_VALUE]) {
        const residual = residualTest(node.test, discriminant, value, sourceCode);
        if (!residual) return { reason: "its condition tests something else before the action, so it cannot be split by action" };
        bodies.set(value, residual);
      }
      const indent = lineIndent(sourceCode, node.range[0]);
      const unit = style.indentUnit(node);
      const read = found.comparison.read;
      const copied = [node.consequent, node.alternate].filter((branch): branch is TSESTree.Statement => !!branch);
      const caseIndent = indent + unit;
      const bodyIndent = caseIndent + unit;
      const clauses: string[] = [];
      for (const value of [...ELICIT_ACTIONS, OTHER_VALUE]) {
        const residual = bodies.get(value)!;
        const lines: string[] = [];
        if (value === "decline" || value === "cancel") lines.push(`${bodyIndent}// ${value}: ${ELICIT_ACTION_MEANING[value]}`);
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
          completes = canCompleteNormally(branchStatements(node.consequent)) || canCompleteNormally(branchStatements(node.alternate));
        }
        if (value === OTHER_VALUE && discriminant.closed) guardAsi(lines, neverIndex);
        const isLast = value === OTHER_VALUE;
        if (completes && !isLast) lines.push(`${bodyIndent}break${style.semi}`);
        const label = value === OTHER_VALUE ? "default" : `case ${style.quote(value)}`;
        clauses.push(
          copiesCode
            ? `${caseIndent}${label}: {\n${lines.join("\n")}\n${caseIndent}}`
            : lines.length > 0
              ? `${caseIndent}${label}:\n${lines.join("\n")}`
              : `${caseIndent}${label}:`,
        );
      }
      const copiedConditions = [...bodies.values()].flatMap(residualNodes);
      const leftovers = leftoverComments(sourceCode, node, copied, [read, ...copiedConditions]);
      const prefix = leftovers.map((comment) => `${sourceCode.getText(comment as unknown as TSESTree.Node)}\n${indent}`).join("");
      const text = `${prefix}switch (${sourceCode.getText(read)}) {\n${clauses.join("\n")}\n${indent}}`;
      return { text, fix: (fixer) => fixer.replaceText(node, text) };
    }

    function defaultRewrite(node: TSESTree.SwitchStatement, clause: TSESTree.SwitchCase, discriminant: Discriminant): Rewrite {
      if (discriminant.kind === "acp") return { reason: ACP_REASON };
      const index = node.cases.indexOf(clause);
      if (index !== node.cases.length - 1) return { reason: "`default` is not the last case" };
      const previous = node.cases[index - 1];
      if (previous && (previous.consequent.length === 0 || canCompleteNormally(previous.consequent))) {
        return { reason: "another case falls through into `default`" };
      }
      const named = new Set(node.cases.map((other) => (other.test ? getStringValue(unwrapExpression(other.test)) : null)));
      const caseIndent = lineIndent(sourceCode, clause.range[0]);
      const unit = style.indentUnit(node);
      const bodyIndent = caseIndent + unit;
      // `default: { … }` is copied without its braces; each new case gets its own.
      const block = clause.consequent.length === 1 && clause.consequent[0]!.type === AST_NODE_TYPES.BlockStatement ? clause.consequent[0]! : null;
      const body = block ? block.body : clause.consequent;
      const bodyText = body.length > 0 ? renderStatements(sourceCode, body, block ?? clause, bodyIndent) : null;
      const completes = canCompleteNormally(body);
      const read = node.discriminant;
      const clauses: string[] = [];
      for (const value of ELICIT_ACTIONS) {
        if (named.has(value)) continue;
        const lines = value === "accept" ? [] : [`${bodyIndent}// ${value}: ${ELICIT_ACTION_MEANING[value]}`];
        if (bodyText) lines.push(bodyText);
        if (completes) lines.push(`${bodyIndent}break${style.semi}`);
        clauses.push(`${caseIndent}case ${style.quote(value)}: {\n${lines.join("\n")}\n${caseIndent}}`);
      }
      const defaultLines = [`${bodyIndent}// ${OTHER_ACTION_COMMENT}`];
      if (discriminant.closed) defaultLines.push(bodyIndent + style.neverLine(sourceCode.getText(read)));
      if (bodyText) defaultLines.push(bodyText);
      if (discriminant.closed && bodyText) guardAsi(defaultLines, defaultLines.length - 2);
      clauses.push(`${caseIndent}default: {\n${defaultLines.join("\n")}\n${caseIndent}}`);
      const text = clauses.join("\n").slice(caseIndent.length);
      return { text, fix: (fixer) => fixer.replaceText(clause, text) };
    }

    function missingCasesRewrite(node: TSESTree.SwitchStatement, discriminant: Discriminant, missing: string[]): Rewrite {
      if (discriminant.kind === "acp") return { reason: ACP_REASON };
      const last = node.cases[node.cases.length - 1]!;
      const caseIndent = lineIndent(sourceCode, last.range[0]);
      const unit = style.indentUnit(node);
      const bodyIndent = caseIndent + unit;
      let text = "";
      if (canCompleteNormally(last.consequent)) text += `\n${bodyIndent}break${style.semi}`;
      for (const value of ELICIT_ACTIONS) {
        if (!missing.includes(value)) continue;
        const comment = value === "accept" ? "" : `\n${bodyIndent}// ${value}: ${ELICIT_ACTION_MEANING[value as ElicitAction]}`;
        text += `\n${caseIndent}case ${style.quote(value)}:${comment}\n${bodyIndent}break${style.semi}`;
      }
      text += `\n${caseIndent}default:\n${bodyIndent}// ${OTHER_ACTION_COMMENT}`;
      if (discriminant.closed) text += `\n${bodyIndent}${style.neverLine(sourceCode.getText(node.discriminant))}`;
      else text += `\n${bodyIndent}break${style.semi}`;
      return { text, fix: (fixer) => fixer.insertTextAfter(last, text) };
    }

    return {
      IfStatement: analyseIf,
      ConditionalExpression: analyseTernary,
      SwitchStatement: analyseSwitch,
      CallExpression(node) {
        const handler = matchElicitationHandler(node);
        if (handler) checkHandler(handler.handler, "mcp");
      },
      MethodDefinition(node) {
        if (isAcpClientHandlerMethod(node)) checkHandler(node.value, acpHandlerSide(node));
      },
      Property(node) {
        if (isFunctionNode(node.value) && isAcpClientHandlerMethod(node)) checkHandler(node.value, acpHandlerSide(node));
      },
    };
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Helpers

const ACP_REASON = "which options allow and which reject is known only where the options are built";
const OTHER_ACTION_COMMENT = "any other action: no decision was made, as with cancel";

type Rewrite = { text: string; fix: TSESLint.ReportFixFunction } | { reason: string };

interface FoundDiscriminant {
  discriminant: Discriminant;
  comparison: { comparison: TSESTree.BinaryExpression; read: TSESTree.Node; literal: string };
  viaFlag: boolean;
}

/** The answer a test branches on: the first comparison whose read is a person's answer of the matching kind. */
function discriminantOf(test: TSESTree.Node, context: BranchContext): FoundDiscriminant | null {
  const comparisons = answerComparisons(test, context.sourceCode);
  for (const comparison of comparisons) {
    const discriminant = resolveDiscriminant(comparison.read, context);
    if (!discriminant) continue;
    const mine = comparisons.filter((other) => readsDiscriminant(other.read, discriminant));
    const allowed: readonly string[] = discriminant.kind === "mcp" ? ELICIT_ACTIONS : ["selected", "cancelled"];
    if (!mine.every((other) => allowed.includes(other.literal))) return null;
    return { discriminant, comparison, viaFlag: mine.some((other) => other.viaFlag) };
  }
  return null;
}

function firstComparisonOf(
  test: TSESTree.Node,
  discriminant: Discriminant,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.Node {
  const found = answerComparisons(test, sourceCode).find((comparison) => readsDiscriminant(comparison.read, discriminant));
  return found?.comparison ?? test;
}

function splitValues(
  test: TSESTree.Node,
  discriminant: Discriminant,
  domain: readonly AnswerValue[],
  sourceCode: Readonly<TSESLint.SourceCode>,
): { whenTrue: AnswerValue[]; whenFalse: AnswerValue[] } {
  const truths = domain.map((value) => [value, evaluateTest(test, discriminant, value, sourceCode)] as const);
  return {
    whenTrue: truths.filter(([, truth]) => truth !== false).map(([value]) => value),
    whenFalse: truths.filter(([, truth]) => truth !== true).map(([value]) => value),
  };
}

/** Whether one path receives two outcomes that must stay apart. */
function merges(values: readonly AnswerValue[], discriminant: Discriminant): boolean {
  return discriminant.kind === "mcp"
    ? values.includes("decline") && values.includes("cancel")
    : values.includes("cancelled") && values.includes("selected");
}

function namesBothNonAccept(test: TSESTree.Node, discriminant: Discriminant, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return discriminant.kind === "mcp" && testNamesLiteral(test, discriminant, "decline", sourceCode) && testNamesLiteral(test, discriminant, "cancel", sourceCode);
}

/** A path that does work of its own on the merged outcomes, rather than throwing or passing the action on. */
function isUndecidedPath(statements: readonly TSESTree.Node[], discriminant: Discriminant): boolean {
  return statements.length > 0 && !alwaysThrows(statements) && !passesAnswerOn(statements, discriminant);
}

function isChainLink(node: TSESTree.Node | null, discriminant: Discriminant, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return node?.type === AST_NODE_TYPES.IfStatement && mentionsDiscriminant(node.test, discriminant, sourceCode);
}

function pathName(node: TSESTree.IfStatement, branch: "consequent" | "alternate", viaFlag: boolean, sourceCode: Readonly<TSESLint.SourceCode>): string {
  if (viaFlag) {
    const test = sourceCode.getText(node.test);
    return branch === "consequent" ? `the branch guarded by \`${test}\`` : `the \`else\` of \`${test}\``;
  }
  if (branch === "alternate") return "the `else` branch";
  return node.alternate ? "the first branch of this `if`" : "this `if`";
}

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function unhandledConsequence(missing: readonly string[]): string {
  if (missing.includes("cancel") || missing.includes("cancelled")) return "a dialog dismissed without a decision will be handled like those answers";
  return "a refusal will be handled like those answers";
}

function sameValues(values: readonly AnswerValue[], expected: readonly string[]): boolean {
  const known = values.filter((value) => value !== OTHER_VALUE);
  return known.length === expected.length && expected.every((value) => known.includes(value));
}

/** Token-by-token equality, comments ignored (the suggestion's two copies differ only in their comment). */
function sameTokens(
  left: readonly TSESTree.Node[],
  right: readonly TSESTree.Node[],
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  if (left.length === 0 || right.length === 0) return false;
  const tokensOf = (nodes: readonly TSESTree.Node[]) =>
    nodes.flatMap((node) => sourceCode.getTokens(node)).map((token) => `${token.type}:${token.value}`);
  const a = tokensOf(left);
  const b = tokensOf(right);
  return a.length === b.length && a.every((token, index) => token === b[index]);
}

function acpHandlerSide(node: TSESTree.MethodDefinition | TSESTree.Property): "acp-permission" | "acp-elicitation" {
  return getStaticPropertyName(node) === "requestPermission" ? "acp-permission" : "acp-elicitation";
}

/**
 * The part of an answer object that says "the person refused": `action: "decline"`, or for ACP permission
 * requests `{ outcome: "selected", optionId }` naming a reject option (`rejectOption.optionId`, `"reject"`).
 */
function refusalIn(object: TSESTree.ObjectExpression, side: "mcp" | "acp-permission" | "acp-elicitation"): TSESTree.Node | null {
  if (side !== "acp-permission") {
    const action = findProperty(object, "action");
    return action && getStringValue(action.value) === "decline" ? action : null;
  }
  const outcome = findProperty(object, "outcome");
  const optionId = findProperty(object, "optionId");
  if (!outcome || !optionId || getStringValue(outcome.value) !== "selected") return null;
  return REJECT_OPTION_TEXT.test(optionSourceText(optionId.value)) ? optionId : null;
}

const REJECT_OPTION_TEXT = /reject|deny|refuse/i;

/** The option id as written: a literal's value, or the expression's identifiers (`rejectOption.optionId`). */
function optionSourceText(node: TSESTree.Node): string {
  const literal = getStringValue(node);
  if (literal !== null) return literal;
  const names: string[] = [];
  const visit = (current: TSESTree.Node) => {
    if (current.type === AST_NODE_TYPES.Identifier) names.push(current.name);
    if (current.type === AST_NODE_TYPES.Literal && typeof current.value === "string") names.push(current.value);
    for (const child of childNodes(current)) visit(child);
  };
  visit(node);
  return names.join(" ");
}

/** What makes a client handler answer for nobody: a caught error, a failed promise, a timer, an abort. */
function noPersonCause(node: TSESTree.Node, handler: TSESTree.FunctionLike): string | null {
  let child: TSESTree.Node = node;
  for (let parent = node.parent; parent && child !== handler; child = parent, parent = parent.parent) {
    if (parent.type === AST_NODE_TYPES.CatchClause && child === parent.body) return "an error is caught";
    if (isFunctionNode(child) && parent.type === AST_NODE_TYPES.CallExpression && parent.arguments.includes(child as never)) {
      const callee = getCalleeName(parent);
      const index = parent.arguments.indexOf(child as never);
      if (callee === "catch") return "the promise fails";
      if (callee === "then" && index === 1) return "the promise fails";
      if ((callee === "setTimeout" || callee === "setInterval") && index === 0) return "a timer fires";
      if (callee === "addEventListener" && getStringValue(parent.arguments[0]) === "abort") return "the request is aborted";
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Residual conditions: what is left of a test once the action is known

type Residual =
  | { kind: "const"; value: boolean }
  | { kind: "node"; node: TSESTree.Node }
  | { kind: "not"; of: Residual }
  | { kind: "and" | "or"; left: Residual; right: Residual };

/**
 * The test with the action fixed to `value`, or null when that cannot be written without changing what runs
 * (a side test evaluated before the action's, a flag).
 */
function residualTest(
  test: TSESTree.Node,
  discriminant: Discriminant,
  value: AnswerValue,
  sourceCode: Readonly<TSESLint.SourceCode>,
): Residual | null {
  const node = test;
  if (node.type === AST_NODE_TYPES.LogicalExpression && (node.operator === "&&" || node.operator === "||")) {
    const left = residualTest(node.left, discriminant, value, sourceCode);
    if (!left) return null;
    const absorbing = node.operator === "||";
    if (left.kind === "const") return left.value === absorbing ? left : residualTest(node.right, discriminant, value, sourceCode);
    const right = residualTest(node.right, discriminant, value, sourceCode);
    if (!right) return null;
    if (right.kind === "const") return right.value === absorbing ? null : left;
    return { kind: node.operator === "&&" ? "and" : "or", left, right };
  }
  if (node.type === AST_NODE_TYPES.UnaryExpression && node.operator === "!") {
    const inner = residualTest(node.argument, discriminant, value, sourceCode);
    if (!inner) return null;
    return inner.kind === "const" ? { kind: "const", value: !inner.value } : { kind: "not", of: inner };
  }
  const truth = evaluateTest(node, discriminant, value, sourceCode);
  if (truth !== undefined) {
    if (node.type === AST_NODE_TYPES.Identifier) return null;
    return { kind: "const", value: truth };
  }
  if (mentionsDiscriminant(node, discriminant, sourceCode)) return null;
  return { kind: "node", node };
}

/** The parts of the original test a residual copies (their comments travel with them). */
function residualNodes(residual: Residual): TSESTree.Node[] {
  switch (residual.kind) {
    case "const":
      return [];
    case "node":
      return [residual.node];
    case "not":
      return residualNodes(residual.of);
    default:
      return [...residualNodes(residual.left), ...residualNodes(residual.right)];
  }
}

const SIMPLE_OPERANDS = new Set<string>([
  AST_NODE_TYPES.Identifier,
  AST_NODE_TYPES.MemberExpression,
  AST_NODE_TYPES.CallExpression,
  AST_NODE_TYPES.Literal,
  AST_NODE_TYPES.UnaryExpression,
  AST_NODE_TYPES.ChainExpression,
  AST_NODE_TYPES.TemplateLiteral,
  AST_NODE_TYPES.ThisExpression,
]);

function printResidual(residual: Residual, sourceCode: Readonly<TSESLint.SourceCode>, nested = false): string {
  switch (residual.kind) {
    case "const":
      return String(residual.value);
    case "node": {
      const text = sourceCode.getText(residual.node);
      return nested && !SIMPLE_OPERANDS.has(residual.node.type) ? `(${text})` : text;
    }
    case "not":
      return `!${printResidual(residual.of, sourceCode, true)}`;
    case "and":
    case "or": {
      const operator = residual.kind === "and" ? "&&" : "||";
      const operand = (side: Residual) =>
        side.kind === "and" || side.kind === "or" ? (side.kind === residual.kind ? printResidual(side, sourceCode) : `(${printResidual(side, sourceCode)})`) : printResidual(side, sourceCode, true);
      const text = `${operand(residual.left)} ${operator} ${operand(residual.right)}`;
      return nested ? `(${text})` : text;
    }
    default: {
      const unknown: never = residual;
      throw new Error(`unknown residual ${JSON.stringify(unknown)}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Text: copying bodies with the file's own indentation, quotes and semicolons

interface CodeStyle {
  readonly semi: string;
  quote(value: string): string;
  indentUnit(near: TSESTree.Node): string;
  neverLine(read: string): string;
}

function codeStyle(sourceCode: Readonly<TSESLint.SourceCode>, filename: string): CodeStyle {
  const isTypeScript = /\.[cm]?tsx?$/i.test(filename);
  let semi: string | null = null;
  let quoteChar: string | null = null;
  return {
    get semi() {
      semi ??= usesSemicolons(sourceCode) ? ";" : "";
      return semi;
    },
    quote(value) {
      quoteChar ??= preferredQuote(sourceCode);
      return `${quoteChar}${value}${quoteChar}`;
    },
    indentUnit(near) {
      return indentUnitNear(sourceCode, near);
    },
    neverLine(read) {
      const semicolon = this.semi;
      return isTypeScript ? `${read} satisfies never${semicolon}` : `void /** @type {never} */ (${read})${semicolon}`;
    },
  };
}

function usesSemicolons(sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  let withSemicolon = 0;
  let without = 0;
  // Breadth-first over at most 2,000 statements; an index instead of shift() and a loop instead of push(...spread),
  // because a generated file's Program may hold hundreds of thousands of statements (spreading them overflows the stack).
  const pending: TSESTree.Node[] = [sourceCode.ast];
  for (let next = 0; next < pending.length && next < 2000; next++) {
    const node = pending[next]!;
    if (
      node.type === AST_NODE_TYPES.ExpressionStatement ||
      node.type === AST_NODE_TYPES.ReturnStatement ||
      node.type === AST_NODE_TYPES.ThrowStatement ||
      (node.type === AST_NODE_TYPES.VariableDeclaration && node.parent.type !== AST_NODE_TYPES.ForStatement && !node.parent.type.startsWith("ForIn") && !node.parent.type.startsWith("ForOf"))
    ) {
      if (sourceCode.getLastToken(node)?.value === ";") withSemicolon++;
      else without++;
    }
    if (isFunctionNode(node) || node.type === AST_NODE_TYPES.Program || node.type.endsWith("Statement") || node.type === AST_NODE_TYPES.SwitchCase) {
      for (const child of childNodes(node)) {
        if (pending.length >= 2000) break;
        pending.push(child);
      }
    }
  }
  return withSemicolon >= without;
}

/** Without semicolons, a line that starts with one of these would continue the line before it. */
const ASI_HAZARD = /^[([`+\-/]/;

/** Adds the semicolon a semicolon-free file needs after `line` when `next` would otherwise continue it. */
function guardAsi(lines: string[], index: number): void {
  const next = lines[index + 1]?.trimStart();
  if (next !== undefined && ASI_HAZARD.test(next) && !lines[index]!.endsWith(";")) lines[index] += ";";
}

function preferredQuote(sourceCode: Readonly<TSESLint.SourceCode>): string {
  let single = 0;
  let double = 0;
  for (const token of sourceCode.ast.tokens) {
    if (token.type !== "String") continue;
    if (token.value.startsWith("'")) single++;
    else if (token.value.startsWith('"')) double++;
  }
  return single > double ? "'" : '"';
}

function lineIndent(sourceCode: Readonly<TSESLint.SourceCode>, offset: number): string {
  const text = sourceCode.text;
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const match = /^[ \t]*/.exec(text.slice(lineStart, offset));
  return match ? match[0] : "";
}

/** One level of indentation as the file writes it: from a nested line near `node`, else from the file. */
function indentUnitNear(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node): string {
  const outer = lineIndent(sourceCode, node.range[0]);
  const lines = sourceCode.lines.slice(node.loc.start.line, node.loc.end.line);
  for (const line of lines) {
    const indent = /^[ \t]*/.exec(line)![0];
    if (line.trim() !== "" && indent.length > outer.length && indent.startsWith(outer)) return indent.slice(outer.length);
  }
  for (const line of sourceCode.lines) {
    const indent = /^[ \t]*/.exec(line)![0];
    if (line.trim() !== "" && indent.length > 0) return indent.startsWith("\t") ? "\t" : indent.length <= 8 ? indent : "  ";
  }
  return "  ";
}

/** Ranges of multi-line template literals, whose inner lines must not be re-indented. */
function templateRanges(nodes: readonly TSESTree.Node[]): [number, number][] {
  const ranges: [number, number][] = [];
  const visit = (node: TSESTree.Node) => {
    if (node.type === AST_NODE_TYPES.TemplateLiteral) ranges.push(node.range);
    for (const child of childNodes(node)) visit(child);
  };
  nodes.forEach(visit);
  return ranges;
}

/** The statements of a branch (block body or single statement), comments inside included, at `indent`. */
function renderBranchBody(sourceCode: Readonly<TSESLint.SourceCode>, branch: TSESTree.Node, indent: string): string {
  const statements = branchStatements(branch);
  return renderStatements(sourceCode, statements, branch, indent);
}

function renderStatements(
  sourceCode: Readonly<TSESLint.SourceCode>,
  statements: readonly TSESTree.Node[],
  container: TSESTree.Node,
  indent: string,
): string {
  let start = statements[0]!.range[0];
  let end = statements[statements.length - 1]!.range[1];
  if (container.type === AST_NODE_TYPES.BlockStatement || container.type === AST_NODE_TYPES.SwitchCase) {
    const innerStart = container.type === AST_NODE_TYPES.BlockStatement ? container.range[0] + 1 : sourceCode.getTokenBefore(statements[0]!)!.range[1];
    const innerEnd = container.type === AST_NODE_TYPES.BlockStatement ? container.range[1] - 1 : container.range[1];
    for (const comment of sourceCode.getAllComments()) {
      if (comment.range[0] >= innerStart && comment.range[1] <= innerEnd) {
        start = Math.min(start, comment.range[0]);
        end = Math.max(end, comment.range[1]);
      }
    }
  }
  return reindent(sourceCode, start, end, indent, templateRanges(statements));
}

function reindent(sourceCode: Readonly<TSESLint.SourceCode>, start: number, end: number, indent: string, templates: [number, number][]): string {
  const text = sourceCode.text;
  const firstLineIndent = lineIndent(sourceCode, start);
  const startsLine = text.slice(text.lastIndexOf("\n", start - 1) + 1, start).trim() === "";
  const base = startsLine ? firstLineIndent : null;
  const pieces = text.slice(start, end).split("\n");
  let offset = start;
  const out: string[] = [];
  pieces.forEach((piece, index) => {
    if (index === 0) {
      out.push(indent + piece);
    } else if (templates.some(([from, to]) => offset > from && offset < to)) {
      out.push(piece);
    } else if (piece.trim() === "") {
      out.push("");
    } else {
      const own = /^[ \t]*/.exec(piece)![0];
      const strip = base === null ? own.length - minIndentAfterFirst(pieces) : Math.min(base.length, own.length);
      out.push(indent + piece.slice(Math.max(0, Math.min(strip, own.length))));
    }
    offset += piece.length + 1;
  });
  return out.map((line) => line.replace(/[ \t]+$/, "")).join("\n");
}

function minIndentAfterFirst(pieces: readonly string[]): number {
  let min = Infinity;
  for (const piece of pieces.slice(1)) {
    if (piece.trim() === "") continue;
    min = Math.min(min, /^[ \t]*/.exec(piece)![0].length);
  }
  return Number.isFinite(min) ? min : 0;
}

/** `{ … }` holding a branch's statements, opened on the current line and closed at `indent`. */
function renderBlock(sourceCode: Readonly<TSESLint.SourceCode>, branch: TSESTree.Node, indent: string, unit: string): string {
  const statements = branchStatements(branch);
  if (statements.length === 0) return "{}";
  return `{\n${renderBranchBody(sourceCode, branch, indent + unit)}\n${indent}}`;
}

/** Comments inside `node` that none of the copied branches or reads carry along: kept above the switch. */
function leftoverComments(
  sourceCode: Readonly<TSESLint.SourceCode>,
  node: TSESTree.Node,
  copied: readonly TSESTree.Node[],
  reads: readonly TSESTree.Node[],
): TSESTree.Comment[] {
  return sourceCode
    .getCommentsInside(node)
    .filter(
      (comment) =>
        ![...copied, ...reads].some((inner) => comment.range[0] >= inner.range[0] && comment.range[1] <= inner.range[1]),
    );
}
