/**
 * How a branch on a person's answer splits the answer's values between paths (docs/rules/exhaustive-action.md).
 *
 * A "discriminant" is an expression that holds the answer's field (`result.action`, a destructured `action`,
 * ACP's `outcome.outcome`, or in typed mode anything typed as the answer union). `evaluateTest` tells, for one value
 * of that field, whether a condition is certainly true, certainly false, or depends on something else
 * (`r.action === accept && r.content` is "depends" for accept). From that, rules know which values reach each path.
 */
import { localFunctionOf } from "../../analysis/walk.ts";
import { raceHelperOf } from "../../analysis/race-helper.ts";
import { canCompleteNormally } from "./completion.ts";
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import type * as ts from "typescript";
import {
  findProperty,
  findVariable,
  getMemberPath,
  getStaticPropertyName,
  getStringValue,
  isFunctionNode,
  unwrapExpression,
  walkSubtree,
  type VisitorKeys,
} from "../../analysis/ast.ts";
import { traceAnswerSource, type AnswerSource } from "../../analysis/flow.ts";
import { ELICITATION_PARAM_KEYS } from "../../protocol/apis.ts";
import type { ResultShape } from "../../protocol/answers.ts";
import { viewKindTruth } from "../../analysis/mrtr.ts";
import {
  ACP_OUTCOMES,
  DISCRIMINANT_FIELD,
  ELICIT_ACTIONS,
  RESULT_TYPE_NAMES,
  type ElicitAction,
} from "../../protocol/answers.ts";
import { answerFieldOf, isAnswerUnion } from "./answer-values.ts";
import { isNullish, typeAccess, typeComesFromEnclosingCall } from "../../analysis/types.ts";
import type { WrapperSpecifier } from "../../analysis/wrappers.ts";

type AnswerKind = "mcp" | "acp";

/** The values each kind of answer field can hold. */
const ANSWER_VALUES: Readonly<Record<AnswerKind, readonly string[]>> = {
  mcp: ELICIT_ACTIONS,
  acp: ACP_OUTCOMES,
};

const ALL_ANSWER_LITERALS: ReadonlySet<string> = new Set([...ELICIT_ACTIONS, ...ACP_OUTCOMES]);

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

/** An entry's own answer words, by the protocol value each stands for. */
type AnswerWords = Readonly<Partial<Record<ElicitAction, string>>>;

const NO_WORDS: ReadonlySet<string> = new Set();

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

export interface BranchContext {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly wrappers: readonly WrapperSpecifier[];
}

/** Tri-state: true, false, or undefined when the condition depends on more than the answer. */
export type Truth = boolean | undefined;

function isAnswerLiteral(node: TSESTree.Node, words: ReadonlySet<string>): string | null {
  const value = getStringValue(node);
  return value !== null && (ALL_ANSWER_LITERALS.has(value) || words.has(value)) ? value : null;
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

const discriminantCache = new WeakMap<TSESTree.Node, Discriminant | null>();

/**
 * Whether `node` reads the field of a person's answer, and which kind. Untyped: the value must trace back to a
 * recognised human-wait call, an answer-typed declaration, or a call that sends elicitation request parameters.
 * Typed: anything whose declared type is exactly the answer union.
 */
export function resolveDiscriminant(node: TSESTree.Node, context: BranchContext): Discriminant | null {
  const target = unwrapExpression(node);
  if (discriminantCache.has(target)) return discriminantCache.get(target)!;
  const resolved = resolveUncached(target, context, 0);
  discriminantCache.set(target, resolved);
  return resolved;
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
      return aliased ? { ...aliased, node: target, key } : null;
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

/**
 * `traceAnswerSource`, plus one shape it does not know: a call (often a callback such as `sender(params)`)
 * whose first argument is an MCP elicitation request's parameters (`requestedSchema`, or `elicitationId`
 * for URL mode). Those keys exist only in `elicitation/create`.
 */
function traceWithParams(expression: TSESTree.Node, context: BranchContext, depth = 0): AnswerSource | null {
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

/** Dotted path of a member chain or identifier, used to match reads of the same value. */
function discriminantKey(node: TSESTree.Node): string | null {
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
  const symbol = tsNode && access.checker.getSymbolAtLocation(tsNode);
  if (!symbol) return null;
  const literals = stringLiterals(access.checker.getTypeOfSymbol(symbol));
  return literals ? isAnswerUnion(literals) : null;
}

/** Typed mode: the values the checker says the field can still hold at `node`; null without types. */
function narrowedValuesAt(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): Set<string> | null {
  const access = typeAccess(sourceCode);
  if (!access) return null;
  const tsNode = access.toTsNode(node);
  if (!tsNode) return null;
  return stringLiterals(access.checker.getTypeAtLocation(tsNode));
}

// ---------------------------------------------------------------------------------------------------------------
// Evaluating conditions for one value of the answer

/** Whether `node` reads the same value as `discriminant`. */
export function readsDiscriminant(node: TSESTree.Node, discriminant: Discriminant): boolean {
  return discriminantKey(node) === discriminant.key;
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

// ---------------------------------------------------------------------------------------------------------------
// Control flow

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
 * The protocol value a `case` names (through the entry's words when the switch is on an entry's answer, whose
 * discriminant was resolved before its clauses are asked about); null when the test is no string.
 */
export function caseValue(clause: TSESTree.SwitchCase): string | null {
  const literal = clause.test ? getStringValue(unwrapExpression(clause.test)) : null;
  const discriminant = discriminantCache.get(unwrapExpression(clause.parent.discriminant));
  return literal !== null && discriminant ? answerValueOf(discriminant, literal) : literal;
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
    if (narrowed && narrowed.size > 0) keep((value) => (value === OTHER_VALUE ? false : narrowed.has(value)));
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
