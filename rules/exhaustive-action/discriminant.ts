/**
 * Which expression holds the field of a person's answer, and which values it holds (docs/rules/exhaustive-action.md).
 *
 * A "discriminant" is an expression that holds the answer's field (`result.action`, a destructured `action`,
 * ACP's `outcome.outcome`, or in typed mode anything typed as the answer union); ./conditions.ts evaluates the tests
 * on it and ./values-reaching.ts follows its values between paths.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import type * as ts from "typescript";
import {
  findVariable,
  getMemberPath,
  getStaticPropertyName,
  getStringValue,
  unwrapExpression,
} from "../../analysis/ast.ts";
import type { AnswerSource } from "../../analysis/flow.ts";
import { DISCRIMINANT_FIELD, ELICIT_ACTIONS, type ElicitAction, type ResultShape } from "../../protocol/answers.ts";
import { answerFieldOf, isAnswerUnion } from "./answer-values.ts";
import { isNullish, typeAccess, typeComesFromEnclosingCall } from "../../analysis/types.ts";
import type { WrapperSpecifier } from "../../analysis/wrappers.ts";
import { traceWithParams, type BranchContext } from "./answer-source.ts";
import { mappedAnswerOf, type AnswerWords } from "./answer-mapping.ts";
import { Fact, fileFacts } from "../../analysis/cached-facts.ts";

export type AnswerKind = "mcp" | "acp";

/** A value the code does not know yet (ACP 2.x custom actions, a future protocol version). */
export const OTHER_VALUE = null;
export type AnswerValue = string | typeof OTHER_VALUE;

export interface Discriminant {
  /** The expression as first seen. */
  readonly node: TSESTree.Node;
  /** Identity of the value read: the dotted path (`result.action`) or the variable's name. */
  readonly key: string;
  readonly kind: AnswerKind;
  /**
   * Whether the type rules out values other than the known ones (MCP `ElicitResult`), so a `default` may narrow
   * the field to `never`. ACP elicitation answers allow custom strings.
   */
  readonly closed: boolean;
  /**
   * A `humanWaitFunctions` entry's own words for the values (`answerValues`: `{ decline: "rejected" }`): the code
   * writes these, the analysis reasons in the protocol's values. Absent: the protocol's words.
   */
  readonly words?: AnswerWords;
}

export const NO_WORDS: ReadonlySet<string> = new Set();

/** The protocol value a literal compared with `discriminant` stands for (an entry's `"rejected"` → decline). */
export function answerValueOf(discriminant: Discriminant, literal: string): string {
  const words = discriminant.words;
  if (!words) return literal;
  const value = ELICIT_ACTIONS.find((action) => words[action] === literal);
  if (value) return value;
  // A protocol word the entry spells otherwise is none of this answer's values.
  return words[literal as ElicitAction] === undefined ? literal : `${literal} (not this answer's word)`;
}

/** How the code writes `value` of this answer: the entry's word for it, or the protocol's. */
export function writtenAnswerWord(discriminant: Discriminant, value: string): string {
  return discriminant.words?.[value as ElicitAction] ?? value;
}

/** The words of the entries' own answers (`answerValues`), which a comparison may name besides the protocol's. */
export function entryAnswerWords(wrappers: readonly WrapperSpecifier[]): ReadonlySet<string> {
  const words = wrappers.flatMap((wrapper): string[] => Object.values(wrapper.option.answerValues ?? {}));
  return words.length === 0 ? NO_WORDS : new Set(words);
}

export function discriminantWords(discriminant: Discriminant): ReadonlySet<string> {
  return discriminant.words ? new Set(Object.values(discriminant.words)) : NO_WORDS;
}

/** Result shapes whose discriminant allows only the known values. */
const CLOSED_SHAPES: Readonly<Record<ResultShape, boolean>> = {
  "mcp-elicit-result": true,
  "acp-permission-outcome": true,
  "acp-elicit-result": false,
  "mcp-apps-result": true,
  "workflow-approval": true,
};
const OPEN_ANNOTATIONS = new Set(["CreateElicitationResponse"]);
const ACP_ANNOTATIONS = new Set(["RequestPermissionResponse", "RequestPermissionOutcome"]);

/** The kind of answer a source gives, whether its values are closed, and the field that carries an MCP-shaped one. */
function kindOfSource(source: AnswerSource): {
  kind: AnswerKind;
  closed: boolean;
  field: string;
  words?: AnswerWords;
} {
  if (source.kind === "call") {
    const shape = source.call.api.result;
    const words = source.call.wrapper?.option.answerValues;
    return {
      kind: shape === "acp-permission-outcome" ? "acp" : "mcp",
      closed: CLOSED_SHAPES[shape],
      // A `humanWaitFunctions` entry may name its own field (`status`); a row may too; else the protocol's.
      field: source.call.wrapper?.option.answerField ?? answerFieldOf(source.call.api),
      // …and its own words for the values (`approved`, `rejected`, `dismissed`).
      ...(words ? { words } : {}),
    };
  }
  if (ACP_ANNOTATIONS.has(source.typeName)) {
    return { kind: "acp", closed: true, field: DISCRIMINANT_FIELD["acp-permission-outcome"] };
  }
  return {
    kind: "mcp",
    closed: !OPEN_ANNOTATIONS.has(source.typeName),
    field: DISCRIMINANT_FIELD["mcp-elicit-result"],
  };
}

const DISCRIMINANTS = new Fact<TSESTree.Node, Discriminant | null>("which answer field a node reads, per node");

/**
 * Whether `node` reads the field of a person's answer, and which kind. Untyped: the value must trace back to a
 * recognised human-wait call, an answer-typed declaration, or a call that sends elicitation request parameters.
 * Typed: anything whose declared type is exactly the answer union.
 */
export function resolveDiscriminant(node: TSESTree.Node, context: BranchContext): Discriminant | null {
  const target = unwrapExpression(node);
  return fileFacts(target).remember(DISCRIMINANTS, target, () => resolveUncached(target, context, 0));
}

function resolveUncached(target: TSESTree.Node, context: BranchContext, depth: number): Discriminant | null {
  if (depth > 4) return null;
  const key = discriminantKey(target);
  if (key === null) return null;
  // What the file shows first; the checker only where it shows nothing: typing `answer.action` on the SDK's
  // zod-inferred `ElicitResult` costs it a third of a second per program.
  const untyped = resolveFromSource(target, key, context, depth);
  if (untyped) return untyped;
  if (typeComesFromEnclosingCall(target, context.sourceCode)) return null;
  const typed = typedUnionKind(target, context.sourceCode);
  return typed ? { node: target, key, kind: typed, closed: true } : null;
}

function resolveFromSource(
  target: TSESTree.Node,
  key: string,
  context: BranchContext,
  depth: number,
): Discriminant | null {
  if (target.type === AST_NODE_TYPES.MemberExpression) {
    const field = getStaticPropertyName(target);
    const source = traceWithParams(target.object, context);
    if (!source || field === null) return null;
    const { kind, closed, field: answerField, words } = kindOfSource(source);
    if (kind === "mcp" && field === answerField)
      return { node: target, key, kind, closed, ...(words ? { words } : {}) };
    if (kind === "acp" && field === answerField && isAcpOutcomeObject(target.object)) {
      return { node: target, key, kind, closed };
    }
    return null;
  }
  if (target.type === AST_NODE_TYPES.Identifier) {
    const variable = findVariable(context.sourceCode.getScope(target), target.name);
    const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    if (!definition || definition.type !== "Variable" || !definition.node.init) return null;
    const declarator = definition.node;
    if (
      declarator.parent.kind !== "const" &&
      variable!.references.some((reference) => reference.isWrite() && !reference.init)
    ) {
      return null;
    }
    // `const action = result.action`
    if (declarator.id.type === AST_NODE_TYPES.Identifier) {
      const aliased = resolveUncached(unwrapExpression(declarator.init!), context, depth + 1);
      return aliased ? { ...aliased, node: target, key } : mappedDiscriminant(target, key, declarator.init!, context);
    }
    // `const { action } = await server.elicitInput(…)`, `const { outcome } = await conn.requestPermission(…)`
    const field = destructuredField(declarator.id, target.name);
    if (field === null) return null;
    const source = traceWithParams(declarator.init!, context);
    if (!source) return null;
    const { kind, closed, field: answerField, words } = kindOfSource(source);
    if (kind === "mcp" && field === answerField)
      return { node: target, key, kind, closed, ...(words ? { words } : {}) };
    return null;
  }
  return null;
}

/**
 * `const decision = toDecision(answer)`: the project's helper maps the answer to its own words, which the code then
 * compares in place of the protocol's (./answer-mapping.ts).
 */
function mappedDiscriminant(
  target: TSESTree.Node,
  key: string,
  init: TSESTree.Node,
  context: BranchContext,
): Discriminant | null {
  const mapped = mappedAnswerOf(init, context);
  if (!mapped) return null;
  const { kind, field } = kindOfSource(mapped.source);
  const words = kind === "mcp" ? mapped.wordsFor(field) : null;
  return words ? { node: target, key, kind, closed: true, words } : null;
}

/** `outcome` in `outcome.outcome` must itself be the response's `outcome` field (or a variable holding it). */
function isAcpOutcomeObject(object: TSESTree.Node): boolean {
  const target = unwrapExpression(object);
  if (target.type === AST_NODE_TYPES.MemberExpression) return getStaticPropertyName(target) === "outcome";
  if (target.type === AST_NODE_TYPES.Identifier) return true;
  return false;
}

/** The field a destructuring pattern binds to `name` (`{ action }`, `{ action: a }`), top level only. */
function destructuredField(pattern: TSESTree.Node, name: string): string | null {
  if (pattern.type !== AST_NODE_TYPES.ObjectPattern) return null;
  for (const property of pattern.properties) {
    if (property.type !== AST_NODE_TYPES.Property) continue;
    const value = property.value.type === AST_NODE_TYPES.AssignmentPattern ? property.value.left : property.value;
    if (value.type === AST_NODE_TYPES.Identifier && value.name === name) return getStaticPropertyName(property);
  }
  return null;
}

/** Dotted path of a member chain or identifier, used to match reads of the same value. */
export function discriminantKey(node: TSESTree.Node): string | null {
  const path = getMemberPath(node);
  return path ? path.join(".") : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Typed mode

/** The string literals of a union type, or null when any member is something else (string, number, object…). */
function stringLiterals(type: ts.Type): Set<string> | null {
  const members = type.isUnion() ? type.types : [type];
  const literals = new Set<string>();
  for (const member of members) {
    if (isNullish(member)) continue;
    if (!member.isStringLiteral()) return null;
    literals.add(member.value);
  }
  return literals;
}

function typedUnionKind(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): AnswerKind | null {
  const access = typeAccess(sourceCode);
  if (!access) return null;
  // The narrowed type at a read is a subset; the symbol's declared type tells what the value is.
  const named = node.type === AST_NODE_TYPES.MemberExpression ? node.property : node;
  const tsNode = access.toTsNode(named);
  return tsNode ? answerUnionKindOfName(tsNode, access.checker) : null;
}

/**
 * Typed mode: the answer a name holds when its symbol's declared type is exactly an answer union (`action` of
 * `ElicitResult`, ACP's `outcome.outcome`), read off the TypeScript node of the name; also `check`'s typed gate.
 */
export function answerUnionKindOfName(name: ts.Node, checker: ts.TypeChecker): AnswerKind | null {
  const symbol = checker.getSymbolAtLocation(name);
  if (!symbol) return null;
  const literals = stringLiterals(checker.getTypeOfSymbol(symbol));
  return literals ? isAnswerUnion(literals) : null;
}

/** Typed mode: the values the checker says the field can still hold at `node`; null without types. */
export function narrowedValuesAt(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): Set<string> | null {
  const access = typeAccess(sourceCode);
  if (!access) return null;
  const tsNode = access.toTsNode(node);
  if (!tsNode) return null;
  return stringLiterals(access.checker.getTypeAtLocation(tsNode));
}

/** Whether `node` reads the same value as `discriminant`. */
export function readsDiscriminant(node: TSESTree.Node, discriminant: Discriminant): boolean {
  return discriminantKey(node) === discriminant.key;
}

/**
 * The protocol value a `case` names (through the entry's words when the switch is on an entry's answer, whose
 * discriminant was resolved before its clauses are asked about); null when the test is no string.
 */
export function caseValue(clause: TSESTree.SwitchCase): string | null {
  const literal = clause.test ? getStringValue(unwrapExpression(clause.test)) : null;
  const read = unwrapExpression(clause.parent.discriminant);
  const discriminant = fileFacts(read).recall(DISCRIMINANTS, read);
  return literal !== null && discriminant ? answerValueOf(discriminant, literal) : literal;
}
