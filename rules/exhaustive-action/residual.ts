/** Residual conditions: what is left of an `if`'s test once the action is known, and how to print it. */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { evaluateTest, mentionsDiscriminant } from "./conditions.ts";
import type { AnswerValue, Discriminant } from "./discriminant.ts";

export type Residual =
  | { kind: "const"; value: boolean }
  | { kind: "node"; node: TSESTree.Node }
  | { kind: "not"; of: Residual }
  | { kind: "and" | "or"; left: Residual; right: Residual };

/** A flag read in the test whose condition the rewrite reads in its place (`inlinableFlag`, ./inlined-flag.ts). */
export interface Inlined {
  readonly identifier: TSESTree.Identifier;
  readonly init: TSESTree.Node;
}

/**
 * The test with the action fixed to `value`, or null when that cannot be written without changing what runs
 * (a side test evaluated before the action's, a flag that is not inlined).
 */
export function residualTest(
  test: TSESTree.Node,
  discriminant: Discriminant,
  value: AnswerValue,
  sourceCode: Readonly<TSESLint.SourceCode>,
  inlined: Inlined | null = null,
): Residual | null {
  const node = test;
  if (inlined && node === inlined.identifier) return residualTest(inlined.init, discriminant, value, sourceCode);
  if (node.type === AST_NODE_TYPES.LogicalExpression && (node.operator === "&&" || node.operator === "||")) {
    const left = residualTest(node.left, discriminant, value, sourceCode, inlined);
    if (!left) return null;
    const absorbing = node.operator === "||";
    if (left.kind === "const")
      return left.value === absorbing ? left : residualTest(node.right, discriminant, value, sourceCode, inlined);
    const right = residualTest(node.right, discriminant, value, sourceCode, inlined);
    if (!right) return null;
    if (right.kind === "const") return right.value === absorbing ? null : left;
    return { kind: node.operator === "&&" ? "and" : "or", left, right };
  }
  if (node.type === AST_NODE_TYPES.UnaryExpression && node.operator === "!") {
    const inner = residualTest(node.argument, discriminant, value, sourceCode, inlined);
    if (!inner) return null;
    if (inner.kind === "const") return { kind: "const", value: !inner.value };
    // A residual is only ever an `if`'s test, where `!!x` and `x` choose alike.
    return inner.kind === "not" ? inner.of : { kind: "not", of: inner };
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
export function residualNodes(residual: Residual): TSESTree.Node[] {
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

export function printResidual(residual: Residual, sourceCode: Readonly<TSESLint.SourceCode>, nested = false): string {
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
        side.kind === "and" || side.kind === "or"
          ? side.kind === residual.kind
            ? printResidual(side, sourceCode)
            : `(${printResidual(side, sourceCode)})`
          : printResidual(side, sourceCode, true);
      const text = `${operand(residual.left)} ${operator} ${operand(residual.right)}`;
      return nested ? `(${text})` : text;
    }
    default: {
      const unknown: never = residual;
      throw new Error(`unknown residual ${JSON.stringify(unknown)}`);
    }
  }
}
