/**
 * The exhaustive-action analysis: `if` chains, ternaries and `switch`es on an answer, and what each lets through
 * one path. Reports go through `report`, with the rewrite from ./fix.ts or ./if-to-switch.ts, or the reason there is
 * none.
 */
import { canCompleteNormally } from "./completion.ts";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import {
  branchStatements,
  containsOwnBreak,
  followingStatements,
  valuesEnteringClause,
  valuesReaching,
} from "./values-reaching.ts";
import { mentionsDiscriminant, passesAnswerOn } from "./conditions.ts";
import { OTHER_VALUE, resolveDiscriminant, caseValue, type AnswerValue, type Discriminant } from "./discriminant.ts";
import type { BranchContext } from "./answer-source.ts";
import { ACP_OUTCOME, ACP_OUTCOMES, ELICIT_ACTION, ELICIT_ACTIONS } from "../../protocol/answers.ts";
import type { MessageIds, Options } from "./options.ts";
import { defaultRewrite, missingCasesRewrite, type Rewrite, type RewriteContext } from "./fix.ts";
import { ifRewrite, ternaryRewrite } from "./if-to-switch.ts";
import {
  discriminantOf,
  firstComparisonOf,
  isChainLink,
  cancelledMappedToReject,
  elseStatements,
  isStatusTextOfReturnedGate,
  isUndecidedPath,
  listOf,
  merges,
  namesBothNonAccept,
  pathName,
  picksAcceptedContent,
  sameClauseEffect,
  sameTokens,
  sameValues,
  splitValues,
} from "./outcomes.ts";

/** What the analysis of one file shares: the rule's context, its options, and how the file writes code. */
export interface OutcomeCheck extends RewriteContext {
  readonly context: Readonly<TSESLint.RuleContext<MessageIds, Options>>;
  readonly branchContext: BranchContext;
  readonly reportIdentical: boolean;
  /** Whether the values reaching a branch are intersected with what the checker narrowed the read to. */
  readonly narrowByType: boolean;
}

function report(
  check: OutcomeCheck,
  node: TSESTree.Node | TSESTree.SourceLocation,
  discriminant: Discriminant,
  path: string,
  rewrite: Rewrite,
) {
  const { context } = check;
  const location = "type" in node ? { node } : { loc: node };
  const { reason, suggest } = offered(rewrite);
  context.report({
    ...location,
    messageId: discriminant.kind === "mcp" ? "declineAndCancelMerged" : "cancelledAndSelectedMerged",
    data: { path, rewrite: reason },
    suggest,
  });
}

export function analyseIf(check: OutcomeCheck, node: TSESTree.IfStatement) {
  const { sourceCode, reportIdentical } = check;
  const split = splitOnAnswer(check, node, node.test);
  if (!split) return;
  const { found, domain, whenTrue, whenFalse } = split;
  const { discriminant, comparison } = found;
  const alternateContinuesChain = isChainLink(node.alternate, discriminant, sourceCode);
  const isLink =
    node.parent.type === AST_NODE_TYPES.IfStatement &&
    node.parent.alternate === node &&
    mentionsDiscriminant(node.parent.test, discriminant, sourceCode);

  const consequent = branchStatements(node.consequent);
  const at = found.viaFlag ? node.test : comparison.comparison;
  const mergedBranches: ("consequent" | "alternate")[] = [];
  if (merges(whenTrue, discriminant)) {
    if (namesBothNonAccept(node.test, discriminant, sourceCode)) {
      if (reportIdentical) reportGrouped(check, comparison.comparison);
    } else if (isUndecidedPath(consequent, discriminant, sourceCode.visitorKeys)) {
      mergedBranches.push("consequent");
    }
  }
  if (node.alternate && !alternateContinuesChain) {
    if (
      merges(whenFalse, discriminant) &&
      isUndecidedPath(elseStatements(node.alternate, discriminant, sourceCode), discriminant, sourceCode.visitorKeys)
    ) {
      mergedBranches.push("alternate");
    }
  }
  // One report per `if`, even when both of its branches merge: the codemod applies one rewrite per report.
  if (mergedBranches.length > 0) {
    const path =
      mergedBranches.length === 2
        ? "Either branch of this `if`"
        : pathName(node, mergedBranches[0]!, found.viaFlag, sourceCode);
    report(check, at, discriminant, path, ifRewrite(check, node, discriminant, found, isLink));
  }
  if (!node.alternate && !isLink && canCompleteNormally(consequent) === false && merges(whenFalse, discriminant)) {
    const after = followingStatements(node) ?? [];
    if (isUndecidedPath(after, discriminant, sourceCode.visitorKeys)) {
      report(check, comparison.comparison, discriminant, "The code after this `if`", {
        reason: "the rest of the block is shared",
      });
    }
  }
  if (!isLink) analyseChain(check, node, discriminant, domain);
}

/** `if … else if … [else …]` on one discriminant: what falls through, and identical decline/cancel bodies. */
function analyseChain(
  check: OutcomeCheck,
  head: TSESTree.IfStatement,
  discriminant: Discriminant,
  domain: AnswerValue[],
) {
  const { context, sourceCode, reportIdentical } = check;
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
    const fallingThrough = known(remaining).filter(
      (value) => value !== ELICIT_ACTION.accept && value !== ACP_OUTCOME.selected,
    );
    const continuing = new Set(
      links
        .filter((link) => canCompleteNormally(branchStatements(link.node.consequent)))
        .flatMap((link) => known(link.values)),
    );
    for (const value of fallingThrough) continuing.delete(value);
    const after = followingStatements(head) ?? [];
    if (
      fallingThrough.length > 0 &&
      continuing.size > 0 &&
      after.length > 0 &&
      !passesAnswerOn(after, discriminant, sourceCode.visitorKeys)
    ) {
      reportUnhandled(check, firstComparisonOf(last.test, discriminant, sourceCode), fallingThrough, [...continuing], {
        reason: "it needs your code",
      });
    }
  }

  if (!reportIdentical || discriminant.kind !== "mcp") return;
  const branches: { values: string[]; statements: TSESTree.Node[]; at: TSESTree.Node | TSESTree.SourceLocation }[] =
    links.map((link) => ({
      values: known(link.values),
      statements: branchStatements(link.node.consequent),
      at: firstComparisonOf(link.node.test, discriminant, sourceCode),
    }));
  if (last.alternate) {
    const elseToken = sourceCode.getTokenBefore(last.alternate)!;
    branches.push({ values: known(remaining), statements: branchStatements(last.alternate), at: elseToken.loc });
  }
  const decline = branches.find((branch) => branch.values.length === 1 && branch.values[0] === ELICIT_ACTION.decline);
  const cancel = branches.find((branch) => branch.values.length === 1 && branch.values[0] === ELICIT_ACTION.cancel);
  if (decline && cancel && sameTokens(decline.statements, cancel.statements, sourceCode)) {
    context.report({
      ...("type" in cancel.at ? { node: cancel.at } : { loc: cancel.at }),
      messageId: "identicalBranches",
      data: { what: "branches do the same thing" },
    });
  }
}

function reportGrouped(check: OutcomeCheck, node: TSESTree.Node) {
  const { context } = check;
  context.report({ node, messageId: "identicalBranches", data: { what: "are handled together in one branch" } });
}

function reportUnhandled(
  check: OutcomeCheck,
  at: TSESTree.Node,
  missing: string[],
  others: string[],
  rewrite: Rewrite,
) {
  const { context } = check;
  const { reason, suggest } = offered(rewrite);
  context.report({
    node: at,
    messageId: "unhandledOutcome",
    data: {
      missing: listOf(missing.map((value) => `\`${value}\``)),
      others: listOf(others),
      rewrite: reason,
    },
    suggest,
  });
}

export function analyseTernary(check: OutcomeCheck, node: TSESTree.ConditionalExpression) {
  const { sourceCode, reportIdentical } = check;
  const split = splitOnAnswer(check, node, node.test);
  if (!split) return;
  const { found, whenTrue, whenFalse } = split;
  if (found.viaFlag && isStatusTextOfReturnedGate(node, sourceCode)) return;
  const { discriminant, comparison } = found;
  if (picksAcceptedContent(node, whenTrue, whenFalse, discriminant)) return;
  const mappedToReject = cancelledMappedToReject(node, found.discriminant, whenTrue, whenFalse, sourceCode);
  if (mappedToReject) {
    report(check, comparison.comparison, discriminant, mappedToReject, { reason: "a ternary is an expression" });
    return;
  }
  const at = found.viaFlag ? node.test : comparison.comparison;
  const grouped = namesBothNonAccept(node.test, discriminant, sourceCode);
  if (merges(whenTrue, discriminant) && grouped && reportIdentical) reportGrouped(check, comparison.comparison);
  const first =
    merges(whenTrue, discriminant) &&
    !grouped &&
    !passesAnswerOn([node.consequent], discriminant, sourceCode.visitorKeys);
  const second =
    merges(whenFalse, discriminant) && !passesAnswerOn([node.alternate], discriminant, sourceCode.visitorKeys);
  if (first || second) {
    const path =
      first && second
        ? "Either branch of this ternary"
        : first
          ? "This ternary's first branch"
          : "This ternary's second branch";
    report(check, at, discriminant, path, ternaryRewrite(check, node, discriminant, found));
  }
}

export function analyseSwitch(check: OutcomeCheck, node: TSESTree.SwitchStatement) {
  const { context, sourceCode, branchContext, reportIdentical } = check;
  if (node.cases.length === 0) return;
  const discriminant = resolveDiscriminant(node.discriminant, branchContext);
  if (!discriminant) return;
  const allowed: readonly string[] = discriminant.kind === "mcp" ? ELICIT_ACTIONS : ACP_OUTCOMES;
  const literals = node.cases.map((clause) => (clause.test ? caseValue(clause) : undefined));
  if (literals.some((literal) => literal === null || (literal !== undefined && !allowed.includes(literal)))) return;
  const domain = valuesReaching(node, discriminant, sourceCode, check.narrowByType ? node.discriminant : undefined);
  const named = new Set(literals.filter((literal): literal is string => typeof literal === "string"));
  const defaultClause = node.cases.find((clause) => clause.test === null);

  for (const clause of node.cases) {
    if (clause.consequent.length === 0) continue;
    const entering = valuesEnteringClause(clause, domain);
    if (!merges(entering, discriminant)) continue;
    const viaDefault = entering.some((value) => value !== OTHER_VALUE && !named.has(value));
    if (!viaDefault) {
      if (reportIdentical && discriminant.kind === "mcp") {
        context.report({
          node: clause.test ?? clause,
          messageId: "identicalBranches",
          data: { what: "are handled together in one case" },
        });
      }
      continue;
    }
    if (!isUndecidedPath(clause.consequent, discriminant, sourceCode.visitorKeys)) continue;
    const defaultToken = sourceCode.getFirstToken(clause)!;
    report(
      check,
      defaultToken.loc,
      discriminant,
      "The `default` case",
      defaultRewrite(check, node, clause, discriminant),
    );
  }

  if (!defaultClause) {
    const missing = domain.filter((value): value is string => value !== OTHER_VALUE && !named.has(value));
    const missingNonAccept = missing.filter(
      (value) => value !== ELICIT_ACTION.accept && value !== ACP_OUTCOME.selected,
    );
    const continuing = new Set<string>();
    node.cases.forEach((clause) => {
      if (
        clause.consequent.length > 0 &&
        (canCompleteNormally(clause.consequent) ||
          clause.consequent.some((statement) => containsOwnBreak(statement, sourceCode.visitorKeys)))
      ) {
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
      reportUnhandled(
        check,
        node.discriminant,
        missingNonAccept,
        [...continuing],
        missingCasesRewrite(check, node, discriminant, missing),
      );
    }
  }

  if (reportIdentical && discriminant.kind === "mcp") {
    const declineClause = node.cases.find((clause) =>
      sameValues(valuesEnteringClause(clause, domain), [ELICIT_ACTION.decline]),
    );
    const cancelClause = node.cases.find((clause) =>
      sameValues(valuesEnteringClause(clause, domain), [ELICIT_ACTION.cancel]),
    );
    if (declineClause && cancelClause && sameClauseEffect(node, declineClause, cancelClause, sourceCode)) {
      context.report({
        node: cancelClause.test!,
        messageId: "identicalBranches",
        data: { what: "cases do the same thing" },
      });
    }
  }
}

/** The answer `test` branches on, the values that reach `node`, and which of them make `test` true or false. */
function splitOnAnswer(check: OutcomeCheck, node: TSESTree.Node, test: TSESTree.Node) {
  const found = discriminantOf(test, check.branchContext);
  if (!found) return null;
  const read = check.narrowByType ? found.comparison.read : undefined;
  const domain = valuesReaching(node, found.discriminant, check.sourceCode, read);
  return { found, domain, ...splitValues(test, found.discriminant, domain, check.sourceCode) };
}

/** What a report carries for its rewrite: the suggestion, or the reason there is none (said in the message). */
function offered(rewrite: Rewrite) {
  return {
    reason: "reason" in rewrite ? ` No rewrite: ${rewrite.reason}.` : "",
    suggest: "text" in rewrite ? [{ messageId: "suggestExhaustiveSwitch" as const, fix: rewrite.fix }] : null,
  };
}
