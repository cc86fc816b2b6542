/**
 * Which of a person's answer's values reach a statement (docs/rules/exhaustive-action.md): all of them, minus what
 * the enclosing branches on the discriminant (./discriminant.ts) and the earlier exits take away; and the statement
 * lists a branch runs, follows and ends in.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { isFunctionNode, walkSubtree, type VisitorKeys } from "../../analysis/ast.ts";
import { ACP_OUTCOMES, ELICIT_ACTIONS } from "../../protocol/answers.ts";
import { canCompleteNormally } from "./completion.ts";
import { evaluateTest, mentionsDiscriminant } from "./conditions.ts";
import {
  caseValue,
  narrowedValuesAt,
  OTHER_VALUE,
  readsDiscriminant,
  type AnswerKind,
  type AnswerValue,
  type Discriminant,
  writtenAnswerWord,
} from "./discriminant.ts";

/** The values each kind of answer field can hold. */
const ANSWER_VALUES: Readonly<Record<AnswerKind, readonly string[]>> = {
  mcp: ELICIT_ACTIONS,
  acp: ACP_OUTCOMES,
};

/** Whether every path through `statements` ends in a `throw`. */
export function alwaysThrows(statements: readonly TSESTree.Node[]): boolean {
  const last = statements[statements.length - 1];
  if (!last) return false;
  if (last.type === AST_NODE_TYPES.ThrowStatement) return true;
  if (last.type === AST_NODE_TYPES.BlockStatement) return alwaysThrows(last.body);
  if (last.type === AST_NODE_TYPES.IfStatement && last.alternate) {
    return alwaysThrows([last.consequent]) && alwaysThrows([last.alternate]);
  }
  return false;
}

/** The statements a branch runs: a block's body, or the one statement. */
export function branchStatements(branch: TSESTree.Node | null | undefined): TSESTree.Node[] {
  if (!branch) return [];
  return branch.type === AST_NODE_TYPES.BlockStatement ? branch.body : [branch];
}

/** Statements that follow `statement` in its list (block, program or `case`), or null when it is not in one. */
export function followingStatements(statement: TSESTree.Node): TSESTree.Node[] | null {
  const parent = statement.parent;
  if (!parent) return null;
  const list =
    parent.type === AST_NODE_TYPES.BlockStatement ||
    parent.type === AST_NODE_TYPES.Program ||
    parent.type === AST_NODE_TYPES.StaticBlock
      ? parent.body
      : parent.type === AST_NODE_TYPES.SwitchCase
        ? parent.consequent
        : null;
  if (!list) return null;
  const index = (list as TSESTree.Node[]).indexOf(statement);
  return index < 0 ? null : (list as TSESTree.Node[]).slice(index + 1);
}

function precedingStatements(child: TSESTree.Node, parent: TSESTree.Node): TSESTree.Node[] {
  const list =
    parent.type === AST_NODE_TYPES.BlockStatement ||
    parent.type === AST_NODE_TYPES.Program ||
    parent.type === AST_NODE_TYPES.StaticBlock
      ? parent.body
      : parent.type === AST_NODE_TYPES.SwitchCase && child !== parent.test
        ? parent.consequent
        : [];
  const index = (list as TSESTree.Node[]).indexOf(child);
  return index < 0 ? [] : (list as TSESTree.Node[]).slice(0, index);
}

/** The values that enter each clause of a `switch` on the discriminant (by its own test, not by fall-through). */
function clauseValues(clause: TSESTree.SwitchCase, domain: readonly AnswerValue[]): AnswerValue[] {
  if (clause.test) {
    const literal = caseValue(clause);
    return domain.filter((value) => value === literal);
  }
  const named = new Set(clause.parent.cases.filter((other) => other.test).map(caseValue));
  return domain.filter((value) => !named.has(value));
}

/**
 * The values of the answer that can reach `node`: all of them, minus what enclosing branches on the same
 * discriminant and earlier exits (`if (r.action === decline) return …`) have taken away. Stops at the function.
 * Typed mode intersects with what the checker narrowed the read to.
 */
export function valuesReaching(
  node: TSESTree.Node,
  discriminant: Discriminant,
  sourceCode: Readonly<TSESLint.SourceCode>,
  read?: TSESTree.Node,
): AnswerValue[] {
  let values: AnswerValue[] = [...ANSWER_VALUES[discriminant.kind], OTHER_VALUE];
  if (!discriminant.closed) values = values.filter((value) => value !== OTHER_VALUE);
  const keep = (predicate: (value: AnswerValue) => boolean) => {
    values = values.filter(predicate);
  };
  let child: TSESTree.Node = node;
  for (let parent = node.parent; parent && !isFunctionNode(parent); child = parent, parent = parent.parent) {
    if (
      (parent.type === AST_NODE_TYPES.IfStatement || parent.type === AST_NODE_TYPES.ConditionalExpression) &&
      child !== parent.test
    ) {
      const test = parent.test;
      const inConsequent = child === parent.consequent;
      keep((value) => {
        const truth = evaluateTest(test, discriminant, value, sourceCode);
        return inConsequent ? truth !== false : truth !== true;
      });
    }
    if (parent.type === AST_NODE_TYPES.LogicalExpression && child === parent.right) {
      const left = parent.left;
      const operator = parent.operator;
      keep((value) => {
        const truth = evaluateTest(left, discriminant, value, sourceCode);
        return operator === "&&" ? truth !== false : operator === "||" ? truth !== true : true;
      });
    }
    if (
      parent.type === AST_NODE_TYPES.SwitchCase &&
      child !== parent.test &&
      readsDiscriminant(parent.parent.discriminant, discriminant)
    ) {
      const entering = new Set(valuesEnteringClause(parent, [...values]));
      keep((value) => entering.has(value));
    }
    for (const earlier of precedingStatements(child, parent)) {
      if (earlier.type === AST_NODE_TYPES.IfStatement && mentionsDiscriminant(earlier.test, discriminant, sourceCode)) {
        const test = earlier.test;
        if (!earlier.alternate && !canCompleteNormally([earlier.consequent])) {
          keep((value) => evaluateTest(test, discriminant, value, sourceCode) !== true);
        } else if (
          earlier.alternate &&
          !canCompleteNormally([earlier.alternate]) &&
          canCompleteNormally([earlier.consequent])
        ) {
          keep((value) => evaluateTest(test, discriminant, value, sourceCode) !== false);
        }
      }
      if (earlier.type === AST_NODE_TYPES.SwitchStatement && readsDiscriminant(earlier.discriminant, discriminant)) {
        const exiting = new Set<AnswerValue>();
        const domain = [...values];
        for (const clause of earlier.cases) {
          if (
            !canCompleteNormally(clause.consequent) &&
            !clause.consequent.some((statement) => containsOwnBreak(statement, sourceCode.visitorKeys))
          ) {
            for (const value of valuesEnteringClause(clause, domain)) exiting.add(value);
          }
        }
        keep((value) => !exiting.has(value));
      }
    }
  }
  if (read) {
    const narrowed = narrowedValuesAt(read, sourceCode);
    // The checker speaks the code's words (an entry's or a helper's `"yes"`), the analysis the protocol's.
    if (narrowed && narrowed.size > 0)
      keep((value) => (value === OTHER_VALUE ? false : narrowed.has(writtenAnswerWord(discriminant, value))));
  }
  return values;
}

/** Values entering a clause by its test or by falling through from the clauses above it. */
export function valuesEnteringClause(clause: TSESTree.SwitchCase, domain: readonly AnswerValue[]): AnswerValue[] {
  const cases = clause.parent.cases;
  const index = cases.indexOf(clause);
  const entering = new Set(clauseValues(clause, domain));
  for (let above = index - 1; above >= 0; above--) {
    const previous = cases[above]!;
    if (previous.consequent.length > 0 && !canCompleteNormally(previous.consequent)) break;
    for (const value of clauseValues(previous, domain)) entering.add(value);
  }
  return domain.filter((value) => entering.has(value));
}

/** Whether a `break` in `node` (not inside a loop or switch of its own) leaves the enclosing switch or loop. */
export function containsOwnBreak(node: TSESTree.Node, keys: VisitorKeys): boolean {
  return walkSubtree(node, keys, (current) => {
    if (current.type === AST_NODE_TYPES.BreakStatement && !current.label) return true;
    // A labelled break never counts; an unlabelled one inside a loop or switch of its own leaves only that.
    return isFunctionNode(current) || BREAK_TARGETS.has(current.type) ? "skip" : false;
  });
}

const BREAK_TARGETS: ReadonlySet<string> = new Set([
  AST_NODE_TYPES.SwitchStatement,
  AST_NODE_TYPES.ForStatement,
  AST_NODE_TYPES.ForInStatement,
  AST_NODE_TYPES.ForOfStatement,
  AST_NODE_TYPES.WhileStatement,
  AST_NODE_TYPES.DoWhileStatement,
]);
