/**
 * A project's own words for a person's answer (docs/rules/exhaustive-action.md, "The project's own words"): a helper,
 * in this file or in a module of the project (analysis/modules.ts), that maps the answer to its own union
 * (`toDecision(result): "yes" | "no" | "dismissed"`). Its callers then branch on `"yes"` and fold `"no"` and
 * `"dismissed"` into one `else`, which is decline and cancel merged under other names. The helper is read once per
 * answer field: for each of the protocol's values, the word it returns.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import {
  constInitializer,
  findProperty,
  findVariable,
  getStaticPropertyName,
  getStringValue,
  unwrapExpression,
} from "../../analysis/ast.ts";
import type { AnswerSource } from "../../analysis/flow.ts";
import { importedFunctionOf, mayMapAnswer } from "../../analysis/modules.ts";
import { textFacts } from "../../analysis/text-gate.ts";
import { localFunctionOf } from "../../analysis/walk.ts";
import { ELICIT_ACTIONS, type ElicitAction } from "../../protocol/answers.ts";
import { traceWithParams, type BranchContext } from "./answer-source.ts";

/** The helper's word for each of the protocol's values. */
export type AnswerWords = Readonly<Partial<Record<ElicitAction, string>>>;

/** A call of a helper that maps a person's answer to its own words, and the answer it was handed. */
export interface MappedAnswer {
  readonly source: AnswerSource;
  /** The helper's word for each value, read on `field` of the answer; null where it is no one-to-one map. */
  readonly wordsFor: (field: string) => AnswerWords | null;
}

/**
 * `toDecision(answer)` (awaited or not) where `answer` is a person's answer and `toDecision`, declared in this file or
 * exported by a module of the project, returns one string per value of the answer's field.
 */
export function mappedAnswerOf(expression: TSESTree.Node, context: BranchContext, depth = 0): MappedAnswer | null {
  let node = unwrapExpression(expression);
  if (node.type === AST_NODE_TYPES.AwaitExpression) node = unwrapExpression(node.argument);
  if (node.type !== AST_NODE_TYPES.CallExpression || node.callee.type !== AST_NODE_TYPES.Identifier) return null;
  const helper = helperOf(node.callee, context.sourceCode);
  if (!helper) return null;
  for (const [index, argument] of node.arguments.entries()) {
    if (argument.type === AST_NODE_TYPES.SpreadElement) return null;
    const param = helper.fn.params[index];
    if (!param) break;
    const source = traceWithParams(argument, context);
    if (!source) continue;
    return { source, wordsFor: (field) => wordsOfHelper(helper.fn, param, field, helper.sourceCode) };
  }
  // `decide(server)`, which asks and returns `toDecision(answer)` itself: its words are the inner helper's.
  return depth < MAX_WRAPPING ? mappedReturn(helper, context, depth + 1) : null;
}

/** How many functions that ask and map are followed down to the helper. */
const MAX_WRAPPING = 2;

function mappedReturn(
  helper: { fn: TSESTree.FunctionLike; sourceCode: Readonly<TSESLint.SourceCode> },
  context: BranchContext,
  depth: number,
): MappedAnswer | null {
  const body = helper.fn.body;
  if (!body) return null;
  const returned =
    body.type === AST_NODE_TYPES.BlockStatement
      ? body.body.flatMap((statement) =>
          statement.type === AST_NODE_TYPES.ReturnStatement && statement.argument ? [statement.argument] : [],
        )
      : [body];
  const inner = { ...context, sourceCode: helper.sourceCode };
  const mapped = returned.map((expression) => mappedAnswerOf(expression, inner, depth));
  // Every return a mapped answer: a path that returns something else is not this helper's words.
  return mapped.length > 0 && mapped.every((each) => each !== null) ? mapped[0]! : null;
}

function helperOf(
  callee: TSESTree.Identifier,
  sourceCode: Readonly<TSESLint.SourceCode>,
): { fn: TSESTree.FunctionLike; sourceCode: Readonly<TSESLint.SourceCode> } | null {
  const local = localFunctionOf(callee, sourceCode);
  if (local) return { fn: local, sourceCode };
  const imported = importedFunctionOf(callee, sourceCode, mayMapAnswer);
  return imported ? { fn: imported.fn, sourceCode: imported.module.sourceCode } : null;
}

/**
 * What the helper returns for each value of `param`'s `field`: a string literal per value, all different (a helper
 * that folds two values into one word has merged them itself, and its callers cannot tell them apart).
 */
function wordsOfHelper(
  fn: TSESTree.FunctionLike,
  param: TSESTree.Parameter,
  field: string,
  sourceCode: Readonly<TSESLint.SourceCode>,
): AnswerWords | null {
  const reader = fieldReader(param, field);
  if (!reader || !fn.body) return null;
  const words: Partial<Record<ElicitAction, string>> = {};
  for (const value of ELICIT_ACTIONS) {
    const evaluation = { reads: reader, value, sourceCode };
    const word =
      fn.body.type === AST_NODE_TYPES.BlockStatement
        ? wordOfStatements(fn.body.body, evaluation)
        : wordOfExpression(fn.body, evaluation);
    if (typeof word !== "string") return null;
    words[value] = word;
  }
  return new Set(Object.values(words)).size === ELICIT_ACTIONS.length ? words : null;
}

interface Evaluation {
  /** Whether a node reads the answer's field (`result.action`, a destructured `action`). */
  readonly reads: (node: TSESTree.Node) => boolean;
  /** The value the field holds on this run. */
  readonly value: ElicitAction;
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
}

/** `result` → reads `result.<field>`; `{ action }` → reads `action`. */
function fieldReader(param: TSESTree.Parameter, field: string): ((node: TSESTree.Node) => boolean) | null {
  const target = param.type === AST_NODE_TYPES.AssignmentPattern ? param.left : param;
  if (target.type === AST_NODE_TYPES.Identifier) {
    const name = target.name;
    return (node) => {
      const read = unwrapExpression(node);
      return (
        read.type === AST_NODE_TYPES.MemberExpression &&
        getStaticPropertyName(read) === field &&
        unwrapExpression(read.object).type === AST_NODE_TYPES.Identifier &&
        (unwrapExpression(read.object) as TSESTree.Identifier).name === name
      );
    };
  }
  if (target.type === AST_NODE_TYPES.ObjectPattern) {
    for (const property of target.properties) {
      if (property.type !== AST_NODE_TYPES.Property || getStaticPropertyName(property) !== field) continue;
      const bound = property.value.type === AST_NODE_TYPES.AssignmentPattern ? property.value.left : property.value;
      if (bound.type !== AST_NODE_TYPES.Identifier) return null;
      const name = bound.name;
      return (node) => {
        const read = unwrapExpression(node);
        return read.type === AST_NODE_TYPES.Identifier && read.name === name;
      };
    }
  }
  return null;
}

/** Not worked out: the helper does something this reading does not follow. */
const UNKNOWN = Symbol("unknown");
/** The statements ran to their end without returning. */
const NO_RETURN = Symbol("no return");
type Outcome = string | typeof UNKNOWN | typeof NO_RETURN;

function wordOfStatements(statements: readonly TSESTree.Statement[], run: Evaluation): Outcome {
  for (const statement of statements) {
    const outcome = wordOfStatement(statement, run);
    if (outcome !== NO_RETURN) return outcome;
  }
  return NO_RETURN;
}

function wordOfStatement(statement: TSESTree.Statement, run: Evaluation): Outcome {
  switch (statement.type) {
    case AST_NODE_TYPES.ReturnStatement:
      return statement.argument ? wordOfExpression(statement.argument, run) : UNKNOWN;
    case AST_NODE_TYPES.BlockStatement:
      return wordOfStatements(statement.body, run);
    case AST_NODE_TYPES.IfStatement: {
      const test = truthOf(statement.test, run);
      if (test === null) return UNKNOWN;
      if (test) return wordOfStatement(statement.consequent, run);
      return statement.alternate ? wordOfStatement(statement.alternate, run) : NO_RETURN;
    }
    case AST_NODE_TYPES.SwitchStatement:
      return wordOfSwitch(statement, run);
    // A log line or a local the returns do not read changes no word.
    case AST_NODE_TYPES.ExpressionStatement:
    case AST_NODE_TYPES.VariableDeclaration:
    case AST_NODE_TYPES.EmptyStatement:
      return NO_RETURN;
    default:
      return UNKNOWN;
  }
}

function wordOfSwitch(statement: TSESTree.SwitchStatement, run: Evaluation): Outcome {
  if (!run.reads(statement.discriminant)) return UNKNOWN;
  let start = statement.cases.findIndex((clause) => clause.test && getStringValue(clause.test) === run.value);
  if (start === -1) start = statement.cases.findIndex((clause) => clause.test === null);
  if (start === -1) return NO_RETURN;
  for (const clause of statement.cases.slice(start)) {
    for (const inner of clause.consequent) {
      if (inner.type === AST_NODE_TYPES.BreakStatement) return NO_RETURN;
      const outcome = wordOfStatement(inner, run);
      if (outcome !== NO_RETURN) return outcome;
    }
  }
  return NO_RETURN;
}

function wordOfExpression(expression: TSESTree.Node, run: Evaluation): Outcome {
  const node = unwrapExpression(expression);
  const literal = getStringValue(node);
  if (literal !== null) return literal;
  if (node.type === AST_NODE_TYPES.ConditionalExpression) {
    const test = truthOf(node.test, run);
    if (test === null) return UNKNOWN;
    return wordOfExpression(test ? node.consequent : node.alternate, run);
  }
  // `WORDS[result.action]`, `({ accept: "yes", … })[result.action]`
  if (node.type === AST_NODE_TYPES.MemberExpression && node.computed && run.reads(node.property)) {
    const table = lookupTable(node.object, run.sourceCode);
    const entry = table && findProperty(table, run.value);
    const word = entry ? getStringValue(unwrapExpression(entry.value)) : null;
    return word ?? UNKNOWN;
  }
  return UNKNOWN;
}

function lookupTable(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.ObjectExpression | null {
  const target = unwrapExpression(node);
  if (target.type === AST_NODE_TYPES.ObjectExpression) return target;
  if (target.type !== AST_NODE_TYPES.Identifier) return null;
  const init = constInitializer(target, sourceCode);
  const object = init && unwrapExpression(init);
  return object?.type === AST_NODE_TYPES.ObjectExpression ? object : null;
}

/** What a test says on this run: true, false, or null where it reads something else. */
function truthOf(test: TSESTree.Node, run: Evaluation): boolean | null {
  const node = unwrapExpression(test);
  if (node.type === AST_NODE_TYPES.UnaryExpression && node.operator === "!") {
    const inner = truthOf(node.argument, run);
    return inner === null ? null : !inner;
  }
  if (node.type === AST_NODE_TYPES.LogicalExpression && node.operator !== "??") {
    const left = truthOf(node.left, run);
    const right = truthOf(node.right, run);
    if (left === null || right === null) return null;
    return node.operator === "&&" ? left && right : left || right;
  }
  if (node.type !== AST_NODE_TYPES.BinaryExpression) return null;
  const equal = node.operator === "===" || node.operator === "==";
  if (!equal && node.operator !== "!==" && node.operator !== "!=") return null;
  const literal = run.reads(node.left)
    ? getStringValue(node.right)
    : run.reads(node.right)
      ? getStringValue(node.left)
      : null;
  if (literal === null) return null;
  return (literal === run.value) === equal;
}

/**
 * Whether `read` may hold a helper's words, as syntax alone says: a variable whose one declaration is initialised by a
 * call (`const decision = toDecision(…)`, `= await decide(…)`). Asked before anything dearer (another module, types).
 */
export function mayHoldMappedAnswer(read: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const target = unwrapExpression(read);
  if (target.type !== AST_NODE_TYPES.Identifier) return false;
  const definitions = findVariable(sourceCode.getScope(target), target.name)?.defs ?? [];
  const only = definitions.length === 1 ? definitions[0] : undefined;
  if (only?.type !== "Variable" || !only.node.init || only.node.id.type !== AST_NODE_TYPES.Identifier) return false;
  let init = unwrapExpression(only.node.init);
  if (init.type === AST_NODE_TYPES.AwaitExpression) init = unwrapExpression(init.argument);
  return init.type === AST_NODE_TYPES.CallExpression && init.callee.type === AST_NODE_TYPES.Identifier;
}

/** The strings a test compares with `===` or `!==` (`decision === "yes"`): a helper's words, maybe. */
export function comparedStrings(test: TSESTree.Node): ReadonlySet<string> {
  const found = new Set<string>();
  const visit = (node: TSESTree.Node): void => {
    const target = unwrapExpression(node);
    if (target.type === AST_NODE_TYPES.LogicalExpression) {
      visit(target.left);
      visit(target.right);
    } else if (target.type === AST_NODE_TYPES.UnaryExpression && target.operator === "!") {
      visit(target.argument);
    } else if (target.type === AST_NODE_TYPES.BinaryExpression && /^[!=]==?$/.test(target.operator)) {
      for (const side of [target.left, target.right]) {
        const literal = getStringValue(unwrapExpression(side));
        if (literal !== null) found.add(literal);
      }
    }
  };
  visit(test);
  return found;
}

/** `=== "yes"`, `case "no":`: the file compares a string, which may be one of a helper's words. */
const COMPARES_STRING = /[!=]==?\s*["'`]|case\s*["'`]/;
/** `= toDecision(`, `= await decide(`: a variable holds what a function of the project returns. */
const MAY_CALL_HELPER = /=\s*(?:await\s+)?[A-Za-z_$][\w$]*\s*\(/;

/**
 * The gate for files whose only answer comparisons are a helper's words: the file may ask a person (or call a module
 * of the project that does), compares a string, and may call a helper.
 */
export function mayCompareMappedAnswer(
  sourceCode: Readonly<TSESLint.SourceCode>,
  importsAsking: () => boolean,
): boolean {
  const facts = textFacts(sourceCode);
  if (!COMPARES_STRING.test(facts.text) || !MAY_CALL_HELPER.test(facts.text)) return false;
  return facts.mayAskPerson || importsAsking();
}
