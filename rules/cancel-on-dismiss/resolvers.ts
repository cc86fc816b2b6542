/**
 * The calls that settle a question's pending promise, whatever value they pass: in a handler that answers for a person
 * (an ACP client's `requestPermission` or elicitation method, `isAcpClientHandlerMethod`; a registration `askOf` knows
 * as a question's handler), the `resolve` of a `new Promise`, called in place (`quickPick.onDidAccept(() =>
 * resolve(…))`) or handed to a class of the file (`new PermissionModal(app, params, resolve)`) that keeps it in a field
 * (`this.resolve(option.optionId)`). A dialog whose choices settle through one of them asks a person even where no
 * answer literal is written.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { askOf } from "../../analysis/asks.ts";
import { getCalleeName, getMemberPath, getStaticPropertyName, isFunctionNode } from "../../analysis/ast.ts";
import { Fact, fileFacts } from "../../analysis/cached-facts.ts";
import { isAcpClientHandlerMethod } from "../../analysis/calls.ts";
import { nodesOfTypes, nodesWithin } from "../../analysis/node-index.ts";
import { callsOfVariable, resolveIdentifier, thisCallsIn } from "../../analysis/walk.ts";
import { ACP_PERMISSION_HANDLER_METHOD } from "../../protocol/methods.ts";
import type { AnswerShape } from "./answers.ts";

type Code = Readonly<TSESLint.SourceCode>;

const SETTLERS = new Fact<null, ReadonlyMap<TSESTree.CallExpression, AnswerShape>>(
  "the calls that settle a question's pending promise, per file",
);

/** Every call of the file that settles a question's pending promise, with the answer it owes. */
export function questionSettlers(sourceCode: Code): ReadonlyMap<TSESTree.CallExpression, AnswerShape> {
  return fileFacts(sourceCode).remember(SETTLERS, null, () => {
    const settlers = new Map<TSESTree.CallExpression, AnswerShape>();
    for (const { fn, shape } of questionHandlers(sourceCode)) {
      for (const resolver of promiseResolvers(fn, sourceCode)) {
        for (const call of callsOf(resolver, sourceCode)) settlers.set(call, shape);
      }
    }
    return settlers;
  });
}

const MEMBERS_AND_CALLS = [
  AST_NODE_TYPES.MethodDefinition,
  AST_NODE_TYPES.Property,
  AST_NODE_TYPES.CallExpression,
  AST_NODE_TYPES.NewExpression,
] as const;

function questionHandlers(sourceCode: Code): { fn: TSESTree.FunctionLike; shape: AnswerShape }[] {
  const found: { fn: TSESTree.FunctionLike; shape: AnswerShape }[] = [];
  for (const node of nodesOfTypes(sourceCode, MEMBERS_AND_CALLS)) {
    if (node.type === AST_NODE_TYPES.MethodDefinition || node.type === AST_NODE_TYPES.Property) {
      if (!isFunctionNode(node.value) || !isAcpClientHandlerMethod(node)) continue;
      const permission = getStaticPropertyName(node) === ACP_PERMISSION_HANDLER_METHOD;
      found.push({ fn: node.value, shape: permission ? "acp-permission-outcome" : "acp-elicit-result" });
      continue;
    }
    const handler = askOf(node, sourceCode).handler;
    const shape = handler?.api.result;
    if (
      handler &&
      (shape === "mcp-elicit-result" || shape === "acp-elicit-result" || shape === "acp-permission-outcome")
    )
      found.push({ fn: handler.handler, shape });
  }
  return found;
}

/** The first parameter of each `new Promise((resolve) => …)` executor in `fn`. */
function promiseResolvers(fn: TSESTree.FunctionLike, sourceCode: Code): TSESLint.Scope.Variable[] {
  return nodesWithin(sourceCode, fn, AST_NODE_TYPES.NewExpression).flatMap((construction) => {
    const executor = construction.arguments[0];
    if (getCalleeName(construction) !== "Promise" || !isFunctionNode(executor)) return [];
    const resolve = executor.params[0];
    if (resolve?.type !== AST_NODE_TYPES.Identifier) return [];
    return sourceCode.getDeclaredVariables(executor).filter((variable) => variable.name === resolve.name);
  });
}

/** Calls of the resolver: by its name, or through the field of a class of the file it is handed to. */
function callsOf(resolver: TSESLint.Scope.Variable, sourceCode: Code): TSESTree.CallExpression[] {
  const calls = callsOfVariable(resolver);
  for (const reference of resolver.references) {
    const use = reference.identifier;
    const parent = use.parent;
    if (parent?.type !== AST_NODE_TYPES.NewExpression || parent.callee.type !== AST_NODE_TYPES.Identifier) continue;
    const field = fieldKeeping(parent.callee, parent.arguments.indexOf(use as never), sourceCode);
    if (field) calls.push(...thisCallsIn(field.body, field.name, sourceCode));
  }
  return calls;
}

/** The field a class of the file keeps its constructor's parameter `index` in: `private resolve`, `this.x = resolve`. */
function fieldKeeping(
  className: TSESTree.Identifier,
  index: number,
  sourceCode: Code,
): { body: TSESTree.ClassBody; name: string } | null {
  const definition = resolveIdentifier(className, sourceCode)?.defs[0];
  const declared = definition?.type === "ClassName" ? definition.node : null;
  if (
    !declared ||
    (declared.type !== AST_NODE_TYPES.ClassDeclaration && declared.type !== AST_NODE_TYPES.ClassExpression)
  )
    return null;
  const constructor = declared.body.body.find(
    (member): member is TSESTree.MethodDefinition =>
      member.type === AST_NODE_TYPES.MethodDefinition && member.kind === "constructor",
  );
  const parameter = constructor?.value.params[index];
  if (!constructor || !parameter) return null;
  if (parameter.type === AST_NODE_TYPES.TSParameterProperty) {
    const inner = parameter.parameter;
    return inner.type === AST_NODE_TYPES.Identifier ? { body: declared.body, name: inner.name } : null;
  }
  if (parameter.type !== AST_NODE_TYPES.Identifier) return null;
  for (const statement of constructor.value.body?.body ?? []) {
    const expression = statement.type === AST_NODE_TYPES.ExpressionStatement ? statement.expression : null;
    if (expression?.type !== AST_NODE_TYPES.AssignmentExpression) continue;
    const target = getMemberPath(expression.left);
    const value = expression.right;
    if (
      target?.length === 2 &&
      target[0] === "this" &&
      value.type === AST_NODE_TYPES.Identifier &&
      value.name === parameter.name
    )
      return { body: declared.body, name: target[1]! };
  }
  return null;
}
