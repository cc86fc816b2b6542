/**
 * `exhaustive-action` under MCP multi-round-trip requests: the re-ask.
 *
 * `acceptedContent(responses, key, schema?)` is `undefined` for a missing answer, a decline, a cancel and invalid
 * content alike. A handler that re-asks (`return inputRequired(…)`) whenever it is `undefined` treats "the person said
 * no" and "the person dismissed the question" as "not asked yet": the client retries, the person sees the same
 * question again, until the client's round limit. The rewrite reads the answer with `inputResponse(…)` first and ends
 * the call on decline and on cancel, each with its own result; accepted and missing answers run the code as before.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import {
  constInitializer,
  getEnclosingFunction,
  getStringValue,
  unwrapExpression,
  walkSubtree,
} from "../../analysis/ast.ts";
import { branchStatements, followingStatements } from "./values-reaching.ts";
import { canCompleteNormally } from "./completion.ts";
import { answerReaderOf, isInputRequiredCall, requestedKeys } from "../../analysis/mrtr.ts";
import { textFacts } from "../../analysis/text-gate.ts";
import type { OutcomeCheck } from "./analyse.ts";
import { reaskRewrite } from "./mrtr-fix.ts";

interface Reask {
  /** Where to report: the test that sends the undefined content to the re-ask. */
  readonly at: TSESTree.Node;
  /** The `acceptedContent(…)` call whose `undefined` is taken for "not asked yet". */
  readonly reader: TSESTree.CallExpression;
  readonly rewrite: { fix: TSESLint.ReportFixFunction } | { reason: string };
}

/** Reports the re-ask at `node`, if it is one; true when it did (the `if` is then not analysed as a branch on an action). */
export function reportReask(check: OutcomeCheck, node: TSESTree.IfStatement): boolean {
  const reask = findReask(node, check.sourceCode);
  if (!reask) return false;
  const reason = "reason" in reask.rewrite ? ` No rewrite: ${reask.rewrite.reason}.` : "";
  check.context.report({
    node: reask.at,
    messageId: "reaskMerged",
    data: { rewrite: reason },
    suggest: "fix" in reask.rewrite ? [{ messageId: "suggestInputResponseSwitch", fix: reask.rewrite.fix }] : null,
  });
  return true;
}

/** An `if` on `acceptedContent(…)` whose undefined path returns `inputRequired(…)` for the same key, or null. */
function findReask(node: TSESTree.IfStatement, sourceCode: Readonly<TSESLint.SourceCode>): Reask | null {
  // Asked of every `if` of the file: a file that never names an MRTR reader has none to find (one test per file).
  if (!textFacts(sourceCode).mayUseMrtr) return null;
  const reader = contentReaderIn(node.test, sourceCode);
  if (!reader) return null;
  const isContent = (candidate: TSESTree.Node) => readsContent(candidate, reader, sourceCode);
  const whenMissing = truthy(valueWhenUndefined(node.test, isContent));
  if (whenMissing === undefined) return null;

  let reaskStatements: TSESTree.Node[];
  if (whenMissing) {
    reaskStatements = branchStatements(node.consequent);
  } else if (node.alternate) {
    reaskStatements = branchStatements(node.alternate);
  } else if (canCompleteNormally(branchStatements(node.consequent)) === false) {
    reaskStatements = followingStatements(node) ?? [];
  } else {
    return null;
  }
  const last = reaskStatements[reaskStatements.length - 1];
  if (
    last?.type !== AST_NODE_TYPES.ReturnStatement ||
    !last.argument ||
    !isInputRequiredCall(last.argument, sourceCode)
  )
    return null;

  const key = getStringValue(reader.arguments[1]);
  const asked = requestedKeys(unwrapExpression(last.argument) as TSESTree.CallExpression);
  if (key !== null && asked !== null && !asked.includes(key)) return null;
  const fn = getEnclosingFunction(node);
  if (fn && readsViewOf(fn, reader, sourceCode)) return null;

  return { at: node.test, reader, rewrite: reaskRewrite(node, reader, reaskStatements, sourceCode) };
}

// ---------------------------------------------------------------------------------------------------------------
// Finding the content and what the test makes of it when it is undefined

/** `acceptedContent(…)` read by the test: inline, or through a `const` initialised with it. */
function contentReaderIn(
  test: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.CallExpression | null {
  let found: TSESTree.CallExpression | null = null;
  walkSubtree(test, sourceCode.visitorKeys, (current) => {
    if (current.type === AST_NODE_TYPES.CallExpression && answerReaderOf(current, sourceCode) === "acceptedContent") {
      found = current;
      return true;
    }
    if (current.type === AST_NODE_TYPES.Identifier) {
      const init = constInitializer(current, sourceCode);
      const call = init && unwrapExpression(init);
      if (call?.type === AST_NODE_TYPES.CallExpression && answerReaderOf(call, sourceCode) === "acceptedContent") {
        found = call;
        return true;
      }
    }
    return false;
  });
  return found;
}

function readsContent(
  node: TSESTree.Node,
  reader: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  if (node === reader) return true;
  if (node.type !== AST_NODE_TYPES.Identifier) return false;
  const init = constInitializer(node, sourceCode);
  return init !== null && unwrapExpression(init) === reader;
}

/** A value as far as the test can be evaluated with the content undefined; null when it depends on more. */
type Known = { undefined: true } | { value: unknown } | null;

function valueWhenUndefined(expression: TSESTree.Node, isContent: (node: TSESTree.Node) => boolean): Known {
  const node = expression.type === AST_NODE_TYPES.ChainExpression ? expression.expression : expression;
  if (isContent(node)) return { undefined: true };
  switch (node.type) {
    case AST_NODE_TYPES.TSNonNullExpression:
    case AST_NODE_TYPES.TSAsExpression:
      return valueWhenUndefined(node.expression, isContent);
    case AST_NODE_TYPES.MemberExpression: {
      // `content?.confirm` short-circuits to undefined; `content.confirm` would throw, which no branch handles.
      const object = valueWhenUndefined(node.object, isContent);
      return object && "undefined" in object && (node.optional || isOptionalChainLink(node)) ? object : null;
    }
    case AST_NODE_TYPES.Identifier:
      return node.name === "undefined" ? { undefined: true } : null;
    case AST_NODE_TYPES.Literal:
      return { value: node.value };
    case AST_NODE_TYPES.UnaryExpression: {
      if (node.operator !== "!") return null;
      const inner = truthy(valueWhenUndefined(node.argument, isContent));
      return inner === undefined ? null : { value: !inner };
    }
    case AST_NODE_TYPES.BinaryExpression: {
      if (!["===", "!==", "==", "!="].includes(node.operator)) return null;
      const left = valueWhenUndefined(node.left, isContent);
      const right = valueWhenUndefined(node.right, isContent);
      if (!left || !right) return null;
      const leftValue = "undefined" in left ? undefined : left.value;
      const rightValue = "undefined" in right ? undefined : right.value;
      const loose = node.operator === "==" || node.operator === "!=";
      const equal = loose ? leftValue == rightValue : leftValue === rightValue;
      return { value: node.operator.startsWith("!") ? !equal : equal };
    }
    case AST_NODE_TYPES.LogicalExpression: {
      const left = valueWhenUndefined(node.left, isContent);
      const leftTruth = truthy(left);
      if (leftTruth === undefined) return null;
      if (node.operator === "&&") return leftTruth ? valueWhenUndefined(node.right, isContent) : left;
      if (node.operator === "||") return leftTruth ? left : valueWhenUndefined(node.right, isContent);
      return left && "undefined" in left ? valueWhenUndefined(node.right, isContent) : left;
    }
    default:
      return null;
  }
}

/** Inside `a?.b.c`, `.c` short-circuits with `?.b`. */
function isOptionalChainLink(node: TSESTree.MemberExpression): boolean {
  let current: TSESTree.Node = node;
  while (current.type === AST_NODE_TYPES.MemberExpression) {
    if (current.optional) return true;
    current = current.object;
  }
  return false;
}

function truthy(known: Known): boolean | undefined {
  if (!known) return undefined;
  return "undefined" in known ? false : Boolean(known.value);
}

/** Whether the function already reads the same answer with `inputResponse(…)` (decline and cancel peeled off there). */
function readsViewOf(
  fn: TSESTree.FunctionLike,
  reader: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  const key = reader.arguments[1];
  const keyText = key ? sourceCode.getText(key) : null;
  if (!fn.body || keyText === null) return false;
  return walkSubtree(fn.body, sourceCode.visitorKeys, (current) => {
    if (current.type !== AST_NODE_TYPES.CallExpression || answerReaderOf(current, sourceCode) !== "inputResponse")
      return false;
    const other = current.arguments[1];
    return other !== undefined && sourceCode.getText(other) === keyText;
  });
}
