/**
 * Where the value a discriminant is read from got its answer (./discriminant.ts): `traceAnswerSource`, followed
 * further through calls that send an elicitation request's parameters, `.catch`/`.finally`, the file's own race
 * helper and the file's functions that return an answer.
 */
import { localFunctionOf } from "../../analysis/walk.ts";
import { raceHelperOf } from "../../analysis/race-helper.ts";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import {
  findProperty,
  findVariable,
  getStaticPropertyName,
  isFunctionNode,
  unwrapExpression,
  walkSubtree,
  type VisitorKeys,
} from "../../analysis/ast.ts";
import { traceAnswerSource, type AnswerSource } from "../../analysis/flow.ts";
import { ELICITATION_PARAM_KEYS } from "../../protocol/apis.ts";
import { RESULT_TYPE_NAMES } from "../../protocol/answers.ts";
import type { WrapperSpecifier } from "../../analysis/wrappers.ts";

export interface BranchContext {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly wrappers: readonly WrapperSpecifier[];
}

/**
 * `traceAnswerSource`, plus one shape it does not know: a call (often a callback such as `sender(params)`)
 * whose first argument is an MCP elicitation request's parameters (`requestedSchema`, or `elicitationId`
 * for URL mode). Those keys exist only in `elicitation/create`.
 */
export function traceWithParams(expression: TSESTree.Node, context: BranchContext, depth = 0): AnswerSource | null {
  const traced = traceAnswerSource(expression, context.sourceCode, context.wrappers);
  if (traced || depth > 4) return traced;
  const node = unwrapExpression(expression);
  if (node.type === AST_NODE_TYPES.CallExpression) {
    if (sendsElicitationParams(node)) return { kind: "annotation", typeName: "ElicitResult" };
    const callee = unwrapExpression(node.callee);
    // `ask(…).catch(() => fallbackAnswer)` still resolves with the answer's shape.
    if (
      callee.type === AST_NODE_TYPES.MemberExpression &&
      PASS_THROUGH_METHODS.has(getStaticPropertyName(callee) ?? "")
    ) {
      return traceWithParams(callee.object, context, depth + 1);
    }
    // The file's own race helper (`askWithin(ask, { signal, ms, noAnswer })`, `withinDeadline(signal, ms, (s) => ask)`,
    // as the deadline codemod writes them) resolves with the answer of the wait it is handed.
    if (raceHelperOf(node, context.sourceCode)) {
      for (const argument of node.arguments) {
        const source = isFunctionNode(argument)
          ? functionAnswerSource(argument, context, depth + 1)
          : traceWithParams(argument, context, depth + 1);
        if (source) return source;
      }
      return null;
    }
    if (callee.type === AST_NODE_TYPES.Identifier) {
      const fn = localFunctionOf(callee, context.sourceCode);
      return fn ? functionAnswerSource(fn, context, depth + 1) : null;
    }
    return null;
  }
  if (node.type === AST_NODE_TYPES.MemberExpression) return traceWithParams(node.object, context, depth + 1);
  if (node.type === AST_NODE_TYPES.Identifier) {
    const variable = findVariable(context.sourceCode.getScope(node), node.name);
    for (const definition of variable?.defs ?? []) {
      if (definition.type === "Variable" && definition.node.init) {
        const source = traceWithParams(definition.node.init, context, depth + 1);
        if (source) return source;
      }
    }
  }
  return null;
}

const PASS_THROUGH_METHODS = new Set(["catch", "finally"]);

/** Whether one of the call's arguments is an object literal with keys only MCP elicitation requests have. */
function sendsElicitationParams(call: TSESTree.CallExpression): boolean {
  return call.arguments.some((argument) => {
    const object = unwrapExpression(argument);
    return (
      object.type === AST_NODE_TYPES.ObjectExpression &&
      ELICITATION_PARAM_KEYS.some((key) => findProperty(object, key) !== null)
    );
  });
}

const tracingFunctions = new WeakSet<TSESTree.FunctionLike>();

/**
 * What a local function resolves with: its declared return type (`Promise<ElicitResult>`,
 * `Promise<RequestPermissionResponse>`), else what its `return`s trace to (`return server.elicitInput(…)`).
 */
function functionAnswerSource(fn: TSESTree.FunctionLike, context: BranchContext, depth: number): AnswerSource | null {
  const declared = answerTypeName(fn.returnType?.typeAnnotation);
  if (declared) return { kind: "annotation", typeName: declared };
  if (!fn.body || tracingFunctions.has(fn)) return null;
  tracingFunctions.add(fn);
  try {
    if (fn.body.type !== AST_NODE_TYPES.BlockStatement) return traceWithParams(fn.body, context, depth);
    for (const returned of returnedExpressions(fn.body, context.sourceCode.visitorKeys)) {
      const source = traceWithParams(returned, context, depth);
      if (source) return source;
    }
    return null;
  } finally {
    tracingFunctions.delete(fn);
  }
}

/** `ElicitResult`, `Promise<ElicitResult>`, `PromiseLike<RequestPermissionResponse>` → the answer type's name. */
function answerTypeName(type: TSESTree.TypeNode | undefined): string | null {
  if (type?.type !== AST_NODE_TYPES.TSTypeReference || type.typeName.type !== AST_NODE_TYPES.Identifier) return null;
  const name = type.typeName.name;
  if (RESULT_TYPE_NAMES.has(name)) return name;
  if (name === "Promise" || name === "PromiseLike") return answerTypeName(type.typeArguments?.params[0]);
  return null;
}

/** The arguments of a function body's own `return` statements (nested functions excluded). */
function returnedExpressions(body: TSESTree.BlockStatement, keys: VisitorKeys): TSESTree.Expression[] {
  const found: TSESTree.Expression[] = [];
  for (const statement of body.body) {
    walkSubtree(statement, keys, (node) => {
      if (isFunctionNode(node)) return "skip";
      if (node.type === AST_NODE_TYPES.ReturnStatement && node.argument) found.push(node.argument);
      return false;
    });
  }
  return found;
}
