/**
 * What a condition says for one value of a person's answer (docs/rules/exhaustive-action.md): `evaluateTest` tells
 * whether it is certainly true, certainly false, or depends on something else (`r.action === accept && r.content` is
 * "depends" for accept); and which comparisons and reads of the discriminant (./discriminant.ts) it holds.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import {
  findVariable,
  getMemberPath,
  getStringValue,
  unwrapExpression,
  walkSubtree,
  type VisitorKeys,
} from "../../analysis/ast.ts";
import { viewKindTruth } from "../../analysis/mrtr.ts";
import { ACP_OUTCOMES, ELICIT_ACTIONS } from "../../protocol/answers.ts";
import {
  answerValueOf,
  discriminantKey,
  discriminantWords,
  NO_WORDS,
  readsDiscriminant,
  type AnswerValue,
  type Discriminant,
} from "./discriminant.ts";

const ALL_ANSWER_LITERALS: ReadonlySet<string> = new Set([...ELICIT_ACTIONS, ...ACP_OUTCOMES]);

/** Tri-state: true, false, or undefined when the condition depends on more than the answer. */
export type Truth = boolean | undefined;

function isAnswerLiteral(node: TSESTree.Node, words: ReadonlySet<string>): string | null {
  const value = getStringValue(node);
  return value !== null && (ALL_ANSWER_LITERALS.has(value) || words.has(value)) ? value : null;
}

function comparisonSides(
  node: TSESTree.BinaryExpression,
  discriminant: Discriminant,
): { literal: string; negated: boolean } | null {
  if (!["===", "==", "!==", "!="].includes(node.operator)) return null;
  const negated = node.operator === "!==" || node.operator === "!=";
  for (const [read, other] of [
    [node.left, node.right],
    [node.right, node.left],
  ] as const) {
    const literal = getStringValue(unwrapExpression(other));
    if (literal !== null && readsDiscriminant(read, discriminant))
      return { literal: answerValueOf(discriminant, literal), negated };
  }
  return null;
}

/**
 * For one value of the answer, whether `test` is true, false, or depends on something else.
 * Follows `&&`, `||`, `!`, comparisons with string literals, and `const` flags initialised from such a condition.
 */
export function evaluateTest(
  test: TSESTree.Node,
  discriminant: Discriminant,
  value: AnswerValue,
  sourceCode: Readonly<TSESLint.SourceCode>,
  depth = 0,
): Truth {
  if (depth > 8) return undefined;
  const node = unwrapParenthesisLike(test);
  switch (node.type) {
    case AST_NODE_TYPES.LogicalExpression: {
      const left = evaluateTest(node.left, discriminant, value, sourceCode, depth + 1);
      const right = evaluateTest(node.right, discriminant, value, sourceCode, depth + 1);
      if (node.operator === "&&") return left === false || right === false ? false : left && right ? true : undefined;
      if (node.operator === "||")
        return left === true || right === true ? true : left === false && right === false ? false : undefined;
      return undefined;
    }
    case AST_NODE_TYPES.UnaryExpression: {
      if (node.operator !== "!") return undefined;
      const inner = evaluateTest(node.argument, discriminant, value, sourceCode, depth + 1);
      return inner === undefined ? undefined : !inner;
    }
    case AST_NODE_TYPES.BinaryExpression: {
      const comparison = comparisonSides(node, discriminant);
      if (!comparison) return viewKindTruth(node, discriminant.key, value);
      const equal = value === comparison.literal;
      return comparison.negated ? !equal : equal;
    }
    case AST_NODE_TYPES.Identifier: {
      const flag = flagCondition(node, sourceCode);
      return flag ? evaluateTest(flag, discriminant, value, sourceCode, depth + 1) : undefined;
    }
    default:
      return undefined;
  }
}

function unwrapParenthesisLike(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (
    current.type === AST_NODE_TYPES.TSAsExpression ||
    current.type === AST_NODE_TYPES.TSNonNullExpression ||
    current.type === AST_NODE_TYPES.TSSatisfiesExpression
  ) {
    current = current.expression;
  }
  return current;
}

/** `const ok = r.action === accept && …`: the condition a boolean flag stands for, or null. */
function flagCondition(
  identifier: TSESTree.Identifier,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.Expression | null {
  const variable = findVariable(sourceCode.getScope(identifier), identifier.name);
  const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!definition || definition.type !== "Variable" || definition.node.parent.kind !== "const") return null;
  const declarator = definition.node;
  if (declarator.id.type !== AST_NODE_TYPES.Identifier || !declarator.init) return null;
  const init = unwrapParenthesisLike(declarator.init);
  return init.type === AST_NODE_TYPES.BinaryExpression ||
    init.type === AST_NODE_TYPES.LogicalExpression ||
    init.type === AST_NODE_TYPES.UnaryExpression
    ? init
    : null;
}

/**
 * The comparisons of `test` with an answer literal, in source order, with flags followed into their initialisers.
 * Each comes with the read it compares.
 */
export function answerComparisons(
  test: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  depth = 0,
  words: ReadonlySet<string> = NO_WORDS,
): { comparison: TSESTree.BinaryExpression; read: TSESTree.Node; literal: string; viaFlag: boolean }[] {
  if (depth > 8) return [];
  const node = unwrapParenthesisLike(test);
  switch (node.type) {
    case AST_NODE_TYPES.LogicalExpression:
      return [
        ...answerComparisons(node.left, sourceCode, depth + 1, words),
        ...answerComparisons(node.right, sourceCode, depth + 1, words),
      ];
    case AST_NODE_TYPES.UnaryExpression:
      return node.operator === "!" ? answerComparisons(node.argument, sourceCode, depth + 1, words) : [];
    case AST_NODE_TYPES.BinaryExpression: {
      if (!["===", "==", "!==", "!="].includes(node.operator)) return [];
      for (const [read, other] of [
        [node.left, node.right],
        [node.right, node.left],
      ] as const) {
        const literal = isAnswerLiteral(unwrapExpression(other), words);
        if (literal !== null && read.type !== AST_NODE_TYPES.PrivateIdentifier && getMemberPath(read) !== null) {
          return [{ comparison: node, read, literal, viaFlag: false }];
        }
      }
      return [];
    }
    case AST_NODE_TYPES.Identifier: {
      const flag = flagCondition(node, sourceCode);
      return flag
        ? answerComparisons(flag, sourceCode, depth + 1, words).map((found) => ({ ...found, viaFlag: true }))
        : [];
    }
    default:
      return [];
  }
}

/** Whether `test` names `literal` in a comparison with the discriminant (not through a flag). */
export function testNamesLiteral(
  test: TSESTree.Node,
  discriminant: Discriminant,
  literal: string,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  return answerComparisons(test, sourceCode, 0, discriminantWords(discriminant)).some(
    (found) =>
      !found.viaFlag &&
      answerValueOf(discriminant, found.literal) === literal &&
      readsDiscriminant(found.read, discriminant),
  );
}

/** Whether `node` reads the discriminant anywhere, or compares it (through flags too). */
export function mentionsDiscriminant(
  node: TSESTree.Node,
  discriminant: Discriminant,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  if (answerComparisons(node, sourceCode).some((found) => readsDiscriminant(found.read, discriminant))) return true;
  return findRead(node, discriminant, false, sourceCode.visitorKeys);
}

/**
 * Whether the statements pass the answer on rather than deciding for it: they read the discriminant
 * (`` `User ${r.action}` ``, `assertNever(r.action)`, a nested test) or hand over the whole answer (`return r`).
 */
export function passesAnswerOn(
  nodes: readonly TSESTree.Node[],
  discriminant: Discriminant,
  keys: VisitorKeys,
): boolean {
  return nodes.some((node) => findRead(node, discriminant, true, keys));
}

function findRead(
  root: TSESTree.Node,
  discriminant: Discriminant,
  includeWholeAnswer: boolean,
  keys: VisitorKeys,
): boolean {
  const target = unwrapExpression(discriminant.node);
  const answerKey =
    includeWholeAnswer && target.type === AST_NODE_TYPES.MemberExpression ? discriminantKey(target.object) : null;
  return walkSubtree(root, keys, (node) => {
    if (
      (node.type === AST_NODE_TYPES.Identifier || node.type === AST_NODE_TYPES.MemberExpression) &&
      !(
        node.parent?.type === AST_NODE_TYPES.MemberExpression &&
        node.parent.property === node &&
        !node.parent.computed
      ) &&
      !(
        node.parent?.type === AST_NODE_TYPES.Property &&
        node.parent.key === node &&
        !node.parent.computed &&
        !node.parent.shorthand
      )
    ) {
      const key = discriminantKey(node);
      if (key === discriminant.key) return true;
      if (answerKey !== null && key === answerKey) {
        // `r.content` reads another field; `r` alone (returned, passed, spread) carries the action along.
        const parent = node.parent;
        const readsOtherField =
          parent?.type === AST_NODE_TYPES.MemberExpression &&
          parent.object === node &&
          discriminantKey(parent) !== discriminant.key;
        if (!readsOtherField) return true;
      }
    }
    return false;
  });
}
