/**
 * A hand-rolled parked promise (`new Promise((resolve) => pending.set(id, resolve))`) that `handRolledWait` reports:
 * which answer it settles with, as far as the code shows it, so that an edit can end it with that answer's own "no
 * decision" (protocol/answers.ts NO_DECISION_ANSWER).
 */
import { ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { getEnclosingFunction } from "../../analysis/ast.ts";
import { ANSWER_TYPE_SHAPES, DISCRIMINANT_FIELD, type ResultShape } from "../../protocol/answers.ts";

/** The answer fields that tell the shapes apart, read on the awaited answer (`answer.action`, `answer.outcome`). */
const SHAPE_BY_FIELD: ReadonlyMap<string, ResultShape> = new Map([
  [DISCRIMINANT_FIELD["mcp-elicit-result"], "mcp-elicit-result"],
  [DISCRIMINANT_FIELD["acp-permission-outcome"], "acp-permission-outcome"],
]);

/**
 * The answer shape the parked promise settles with: named by a type around it (`new Promise<ElicitResult>`, the
 * enclosing function's return type), or read from the answer it is awaited into (`const answer = await new
 * Promise(…)`, then `answer.action`). Null when the code shows neither, or shows two.
 */
export function parkedAnswerShape(
  promise: TSESTree.NewExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): ResultShape | null {
  const shapes = new Set<ResultShape>();
  const typeTexts = [promise.typeArguments, getEnclosingFunction(promise)?.returnType].flatMap((node) =>
    node ? [sourceCode.getText(node)] : [],
  );
  for (const [name, shape] of Object.entries(ANSWER_TYPE_SHAPES)) {
    if (typeTexts.some((text) => new RegExp(`\\b${name}\\b`).test(text))) shapes.add(shape);
  }
  for (const field of fieldsReadOnAnswer(promise, sourceCode)) {
    const shape = SHAPE_BY_FIELD.get(field);
    if (shape) shapes.add(shape);
  }
  return shapes.size === 1 ? [...shapes][0]! : null;
}

/** `const answer = await new Promise(…)`: the fields read on `answer` (`answer.action` → `action`). */
function fieldsReadOnAnswer(promise: TSESTree.NewExpression, sourceCode: Readonly<TSESLint.SourceCode>): string[] {
  const awaited = promise.parent;
  if (awaited?.type !== AST_NODE_TYPES.AwaitExpression) return [];
  const declarator = awaited.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.id.type !== AST_NODE_TYPES.Identifier) {
    return [];
  }
  const variable = ASTUtils.findVariable(sourceCode.getScope(declarator), declarator.id);
  return (variable?.references ?? []).flatMap((reference) => {
    const parent = reference.identifier.parent;
    return parent?.type === AST_NODE_TYPES.MemberExpression &&
      parent.object === reference.identifier &&
      !parent.computed &&
      parent.property.type === AST_NODE_TYPES.Identifier
      ? [parent.property.name]
      : [];
  });
}
