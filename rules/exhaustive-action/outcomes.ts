/** Which outcomes a test lets through, and the small judgements the exhaustive-action analysis makes on them. */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { canCompleteNormally } from "./completion.ts";
import {
  findVariable,
  getEnclosingFunction,
  getStaticPropertyName,
  getStringValue,
  isStringLike,
  unwrapExpression,
  type VisitorKeys,
} from "../../analysis/ast.ts";
import { rejectOptionIds } from "./acp-clients.ts";
import { alwaysThrows, branchStatements } from "./values-reaching.ts";
import {
  answerComparisons,
  evaluateTest,
  mentionsDiscriminant,
  passesAnswerOn,
  testNamesLiteral,
} from "./conditions.ts";
import {
  answerValueOf,
  discriminantWords,
  entryAnswerWords,
  OTHER_VALUE,
  readsDiscriminant,
  resolveDiscriminant,
  type AnswerValue,
  type Discriminant,
} from "./discriminant.ts";
import type { BranchContext } from "./answer-source.ts";
import { comparedStrings, mayHoldMappedAnswer } from "./answer-mapping.ts";
import {
  ACP_OUTCOMES,
  ELICIT_ACTIONS,
  ELICIT_ACTION,
  ELICIT_CONTENT_FIELD,
  ACP_OUTCOME,
  OPTION_ID_FIELD,
} from "../../protocol/answers.ts";

export interface FoundDiscriminant {
  discriminant: Discriminant;
  comparison: { comparison: TSESTree.BinaryExpression; read: TSESTree.Node; literal: string };
  viaFlag: boolean;
}

/** The answer a test branches on: the first comparison whose read is a person's answer of the matching kind. */
export function discriminantOf(test: TSESTree.Node, context: BranchContext): FoundDiscriminant | null {
  // Then a helper's own words for the answer (`decision === "yes"`), known once the read resolves to them.
  const passes = [[entryAnswerWords(context.wrappers), false] as const, [comparedStrings(test), true] as const];
  for (const [words, ownWordsOnly] of passes) {
    if (ownWordsOnly && words.size === 0) continue;
    const comparisons = answerComparisons(test, context.sourceCode, 0, words);
    for (const comparison of comparisons) {
      if (ownWordsOnly && !mayHoldMappedAnswer(comparison.read, context.sourceCode)) continue;
      const discriminant = resolveDiscriminant(comparison.read, context);
      if (!discriminant || (ownWordsOnly && !discriminant.words)) continue;
      const mine = comparisons.filter((other) => readsDiscriminant(other.read, discriminant));
      const allowed: readonly string[] = discriminant.kind === "mcp" ? ELICIT_ACTIONS : ACP_OUTCOMES;
      if (!mine.every((other) => allowed.includes(answerValueOf(discriminant, other.literal)))) return null;
      return { discriminant, comparison, viaFlag: mine.some((other) => other.viaFlag) };
    }
  }
  return null;
}

export function firstComparisonOf(
  test: TSESTree.Node,
  discriminant: Discriminant,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.Node {
  const found = answerComparisons(test, sourceCode, 0, discriminantWords(discriminant)).find((comparison) =>
    readsDiscriminant(comparison.read, discriminant),
  );
  return found?.comparison ?? test;
}

export function splitValues(
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
export function merges(values: readonly AnswerValue[], discriminant: Discriminant): boolean {
  return discriminant.kind === "mcp"
    ? values.includes(ELICIT_ACTION.decline) && values.includes(ELICIT_ACTION.cancel)
    : values.includes(ACP_OUTCOME.cancelled) && values.includes(ACP_OUTCOME.selected);
}

export function namesBothNonAccept(
  test: TSESTree.Node,
  discriminant: Discriminant,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  return (
    discriminant.kind === "mcp" &&
    testNamesLiteral(test, discriminant, ELICIT_ACTION.decline, sourceCode) &&
    testNamesLiteral(test, discriminant, ELICIT_ACTION.cancel, sourceCode)
  );
}

/** A path that does work of its own on the merged outcomes, rather than throwing or passing the action on. */
export function isUndecidedPath(
  statements: readonly TSESTree.Node[],
  discriminant: Discriminant,
  keys: VisitorKeys,
): boolean {
  return statements.length > 0 && !alwaysThrows(statements) && !passesAnswerOn(statements, discriminant, keys);
}

export function isChainLink(
  node: TSESTree.Node | null,
  discriminant: Discriminant,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  return node?.type === AST_NODE_TYPES.IfStatement && mentionsDiscriminant(node.test, discriminant, sourceCode);
}

export function pathName(
  node: TSESTree.IfStatement,
  branch: "consequent" | "alternate",
  viaFlag: boolean,
  sourceCode: Readonly<TSESLint.SourceCode>,
): string {
  if (viaFlag) {
    const test = sourceCode.getText(node.test);
    return branch === "consequent" ? `The \`${test}\` branch` : `The \`else\` of \`${test}\``;
  }
  if (branch === "alternate") return "The `else` branch";
  return node.alternate ? "The first branch of this `if`" : "This `if`";
}

export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export function sameValues(values: readonly AnswerValue[], expected: readonly string[]): boolean {
  const known = values.filter((value) => value !== OTHER_VALUE);
  return known.length === expected.length && expected.every((value) => known.includes(value));
}

/** Token-by-token equality, comments ignored (the suggestion's two copies differ only in their comment). */
export function sameTokens(
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

/**
 * Whether two clauses of one `switch` do the same thing once entered: the same tokens, once a last unlabelled `break`
 * is set aside where the clause would leave the `switch` without it anyway (it is the last clause, or its code cannot
 * run on). So `text = "no"; break;` in `decline` and `text = "no";` in a last `cancel`, as the rewrite writes them, match.
 */
export function sameClauseEffect(
  switchNode: TSESTree.SwitchStatement,
  left: TSESTree.SwitchCase,
  right: TSESTree.SwitchCase,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  const effect = (clause: TSESTree.SwitchCase) => {
    const statements =
      clause.consequent.length === 1 && clause.consequent[0]!.type === AST_NODE_TYPES.BlockStatement
        ? clause.consequent[0]!.body
        : clause.consequent;
    const last = statements[statements.length - 1];
    if (last?.type === AST_NODE_TYPES.BreakStatement && !last.label) {
      return { statements: statements.slice(0, -1), leaves: true };
    }
    const isLastClause = switchNode.cases[switchNode.cases.length - 1] === clause;
    return { statements, leaves: isLastClause || !canCompleteNormally(statements) };
  };
  const a = effect(left);
  const b = effect(right);
  if (!a.leaves || !b.leaves) return sameTokens(left.consequent, right.consequent, sourceCode);
  if (a.statements.length === 0 && b.statements.length === 0) return true;
  return sameTokens(a.statements, b.statements, sourceCode);
}

/**
 * `const ok = r.outcome.outcome === selected && r.outcome.optionId === apply; log(ok ? "applied" : "not applied");
 * return ok;`: a boolean gate the function hands back to its caller, whose only other use is a status text. The
 * caller decides on the gate; the ternary only words it, so it merges nothing a person decided.
 */
export function isStatusTextOfReturnedGate(
  ternary: TSESTree.ConditionalExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  const test = unwrapNegation(ternary.test);
  if (test.type !== AST_NODE_TYPES.Identifier || !isStatusText(ternary)) return false;
  const variable = findVariable(sourceCode.getScope(test), test.name);
  const declaring = variable?.defs[0] && getEnclosingFunction(variable.defs[0].node);
  if (!variable || !declaring) return false;
  let returned = false;
  for (const reference of variable.references) {
    if (reference.init) continue;
    if (!reference.isRead() || reference.isWrite()) return false;
    const use = outermostNegation(reference.identifier);
    const parent = use.parent;
    if (parent?.type === AST_NODE_TYPES.ConditionalExpression && parent.test === use && isStatusText(parent)) continue;
    const isResult =
      (parent?.type === AST_NODE_TYPES.ReturnStatement && parent.argument === use) ||
      (parent?.type === AST_NODE_TYPES.ArrowFunctionExpression && parent.body === use);
    if (isResult && getEnclosingFunction(use) === declaring) {
      returned = true;
      continue;
    }
    return false;
  }
  return returned;
}

/** A ternary that only chooses between two texts (`ok ? "applied" : \`skipped ${name}\``). */
function isStatusText(ternary: TSESTree.ConditionalExpression): boolean {
  return isStringLike(ternary.consequent) && isStringLike(ternary.alternate);
}

function unwrapNegation(node: TSESTree.Node): TSESTree.Node {
  return node.type === AST_NODE_TYPES.UnaryExpression && node.operator === "!" ? unwrapNegation(node.argument) : node;
}

function outermostNegation(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (current.parent?.type === AST_NODE_TYPES.UnaryExpression && current.parent.operator === "!") {
    current = current.parent;
  }
  return current;
}

/**
 * What an `else` runs for the answers that reach it. `else if (answer)` / `else if (answer !== undefined)` after the
 * accept branch asks only whether there is an answer, which every answer that reaches it has: its body is the `else`.
 */
export function elseStatements(
  alternate: TSESTree.Statement,
  discriminant: Discriminant,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.Node[] {
  const target = discriminant.node;
  if (
    alternate.type === AST_NODE_TYPES.IfStatement &&
    !alternate.alternate &&
    target.type === AST_NODE_TYPES.MemberExpression &&
    isPresenceCheck(alternate.test, sourceCode.getText(target.object))
  ) {
    return branchStatements(alternate.consequent);
  }
  return branchStatements(alternate);
}

/** `answer`, `answer !== undefined`, `answer != null`: a test that an answer is there, written on `answerText`. */
function isPresenceCheck(test: TSESTree.Node, answerText: string): boolean {
  const isAnswer = (node: TSESTree.Node) => node.type === AST_NODE_TYPES.Identifier && node.name === answerText;
  if (isAnswer(test)) return true;
  if (test.type !== AST_NODE_TYPES.BinaryExpression || (test.operator !== "!==" && test.operator !== "!="))
    return false;
  const isNothing = (node: TSESTree.Node) =>
    (node.type === AST_NODE_TYPES.Identifier && node.name === "undefined") ||
    (node.type === AST_NODE_TYPES.Literal && node.value === null);
  return (isAnswer(test.left) && isNothing(test.right)) || (isNothing(test.left) && isAnswer(test.right));
}

/**
 * `const choice = r.outcome.outcome === cancelled ? "deny" : r.outcome.optionId`: an ACP outcome normalised to an
 * option id before the branch, with `cancelled` mapped onto a reject option the file builds. Whatever tests `choice`
 * next can no longer tell a dismissal from a refusal. Returns the path that does it, or null.
 */
export function cancelledMappedToReject(
  ternary: TSESTree.ConditionalExpression,
  discriminant: Discriminant,
  whenTrue: readonly AnswerValue[],
  whenFalse: readonly AnswerValue[],
  sourceCode: Readonly<TSESLint.SourceCode>,
): string | null {
  if (discriminant.kind !== "acp") return null;
  const onlyCancelled = (values: readonly AnswerValue[]) => values.length === 1 && values[0] === ACP_OUTCOME.cancelled;
  const branches = [
    { values: whenTrue, mine: ternary.consequent, other: ternary.alternate, path: "This ternary's first branch" },
    { values: whenFalse, mine: ternary.alternate, other: ternary.consequent, path: "This ternary's second branch" },
  ];
  for (const { values, mine, other, path } of branches) {
    const id = getStringValue(mine);
    if (onlyCancelled(values) && id !== null && rejectOptionIds(sourceCode).has(id) && readsOptionId(other)) {
      return path;
    }
  }
  return null;
}

function readsOptionId(node: TSESTree.Node): boolean {
  const target = unwrapExpression(node);
  return target.type === AST_NODE_TYPES.MemberExpression && getStaticPropertyName(target) === OPTION_ID_FIELD;
}

/**
 * `resumeData: answer.action === "accept" ? answer.content ?? {} : undefined`: the ternary picks the content, which
 * exists only with accept, and leaves nothing otherwise. It decides nothing a person said; whatever reads the
 * `undefined` later does, and is judged there (or carries the action beside it).
 */
export function picksAcceptedContent(
  ternary: TSESTree.ConditionalExpression,
  whenTrue: readonly AnswerValue[],
  whenFalse: readonly AnswerValue[],
  discriminant: Discriminant,
): boolean {
  if (discriminant.kind !== "mcp") return false;
  const onlyAccept = (values: readonly AnswerValue[]) => values.length === 1 && values[0] === ELICIT_ACTION.accept;
  const [picked, rest] = onlyAccept(whenTrue)
    ? [ternary.consequent, ternary.alternate]
    : onlyAccept(whenFalse)
      ? [ternary.alternate, ternary.consequent]
      : [null, null];
  return picked !== null && rest !== null && isNothing(rest) && readsContent(picked);
}

/** `undefined`, `void 0`, `null`. */
function isNothing(node: TSESTree.Node): boolean {
  const value = unwrapExpression(node);
  return (
    (value.type === AST_NODE_TYPES.Identifier && value.name === "undefined") ||
    (value.type === AST_NODE_TYPES.Literal && value.value === null && !("regex" in value)) ||
    (value.type === AST_NODE_TYPES.UnaryExpression && value.operator === "void")
  );
}

/** `answer.content`, `answer.content ?? {}`, `answer.content || {}`. */
function readsContent(node: TSESTree.Node): boolean {
  const value = unwrapExpression(node);
  if (value.type === AST_NODE_TYPES.LogicalExpression && value.operator !== "&&") return readsContent(value.left);
  return value.type === AST_NODE_TYPES.MemberExpression && getStaticPropertyName(value) === ELICIT_CONTENT_FIELD;
}
