/**
 * Ties a value to a person being asked: does this expression hold the answer of a recognised human-wait call,
 * or a parameter declared as such an answer? Untyped and local (one function's variables), so it is cheap and
 * never guesses across files.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "./node-types.ts";
import { findVariable, unwrapExpression } from "./ast.ts";

/** Re-exported for the modules that look names up beside their flow questions. */
export { findVariable } from "./ast.ts";
import { askOf, type HumanWaitCall } from "./asks.ts";
import { annotatedAnswerShape } from "./local-waits.ts";
import { mrtrAnswerOf } from "./mrtr.ts";
import { VIEW_TYPE_NAME } from "../protocol/mrtr.ts";
import { RESULT_TYPE_NAMES } from "../protocol/answers.ts";
import type { WrapperSpecifier } from "./wrappers.ts";

export type AnswerSource =
  | { kind: "call"; call: HumanWaitCall }
  /** A parameter or variable annotated with an answer type (`result: ElicitResult`). */
  | { kind: "annotation"; typeName: string };

const MAX_DEPTH = 6;

/**
 * Follows `expression` back through member accesses, `await`, casts and `const`/`let` initialisers
 * (including destructuring) to a human-wait call or an answer-typed declaration.
 */
export function traceAnswerSource(
  expression: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  wrappers: readonly WrapperSpecifier[] = [],
  depth = 0,
): AnswerSource | null {
  if (depth > MAX_DEPTH) return null;
  const node = unwrapExpression(expression);
  // MRTR: an answer the client's retry carried, read raw (`ctx.mcpReq.inputResponses?.k`) or as an `inputResponse(…)` view.
  const mrtr = mrtrAnswerOf(node, sourceCode);
  if (mrtr) return { kind: "annotation", typeName: mrtr === "view" ? VIEW_TYPE_NAME : "ElicitResult" };
  switch (node.type) {
    case AST_NODE_TYPES.CallExpression: {
      const ask = askOf(node, sourceCode, wrappers);
      if (ask.tabled) return { kind: "call", call: ask.tabled };
      // `AnswerSchema.parse(await ask(…))`: a schema's check hands back the value it was given.
      const validated = validatedArgument(node);
      if (validated) return traceAnswerSource(validated, sourceCode, wrappers, depth + 1);
      // `await this.confirm(…)`, a same-file function that hands back the answer (or, typed, any callee that does).
      const delegated = ask.wait;
      return delegated?.delegation?.facts.returnsAnswer ? { kind: "call", call: delegated } : null;
    }
    case AST_NODE_TYPES.MemberExpression:
      return traceAnswerSource(node.object, sourceCode, wrappers, depth + 1);
    case AST_NODE_TYPES.Identifier:
      return traceIdentifier(node, sourceCode, wrappers, depth);
    default:
      return null;
  }
}

/** Methods of a schema (zod and its likes) that return the value they check, or throw. */
const VALIDATING_METHODS: ReadonlySet<string> = new Set(["parse", "parseAsync"]);

/** The value `Schema.parse(value)` checks and returns, or null for any other call. */
function validatedArgument(call: TSESTree.CallExpression): TSESTree.Node | null {
  const callee = unwrapExpression(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.computed || call.arguments.length !== 1) return null;
  if (callee.property.type !== AST_NODE_TYPES.Identifier || !VALIDATING_METHODS.has(callee.property.name)) return null;
  const argument = call.arguments[0]!;
  return argument.type === AST_NODE_TYPES.SpreadElement ? null : argument;
}

function traceIdentifier(
  identifier: TSESTree.Identifier,
  sourceCode: Readonly<TSESLint.SourceCode>,
  wrappers: readonly WrapperSpecifier[],
  depth: number,
): AnswerSource | null {
  const variable = findVariable(sourceCode.getScope(identifier), identifier.name);
  if (!variable) return null;
  for (const definition of variable.defs) {
    const annotated = annotationSource(definition.name);
    if (annotated) return annotated;
    if (definition.type === "Variable" && definition.node.init) {
      const source = traceAnswerSource(definition.node.init, sourceCode, wrappers, depth + 1);
      if (source) return source;
    }
  }
  // `let result; … result = await server.elicitInput(…)`
  for (const reference of variable.references) {
    if (reference.writeExpr && reference.writeExpr !== reference.identifier) {
      const source = traceAnswerSource(reference.writeExpr, sourceCode, wrappers, depth + 1);
      if (source) return source;
    }
  }
  return null;
}

function annotationSource(name: TSESTree.Node): AnswerSource | null {
  const annotation = "typeAnnotation" in name ? name.typeAnnotation : undefined;
  const written = annotation && "typeAnnotation" in annotation ? annotation.typeAnnotation : undefined;
  // `ElicitResult | undefined`: an answer when there is one.
  const typeNode =
    written?.type === AST_NODE_TYPES.TSUnionType
      ? written.types.find(
          (member) => member.type === AST_NODE_TYPES.TSTypeReference && annotatedAnswerShape(member) !== null,
        )
      : written;
  if (typeNode?.type === AST_NODE_TYPES.TSTypeReference) {
    const typeName =
      typeNode.typeName.type === AST_NODE_TYPES.Identifier
        ? typeNode.typeName.name
        : typeNode.typeName.type === AST_NODE_TYPES.TSQualifiedName
          ? typeNode.typeName.right.name
          : null;
    if (typeName !== null && RESULT_TYPE_NAMES.has(typeName)) return { kind: "annotation", typeName };
  }
  return null;
}
