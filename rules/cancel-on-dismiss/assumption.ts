/**
 * What is known on the dismissal path: the one value a row's `when` pins (protocol/dismissals.ts), so that a test of
 * it decides a branch and an expression that reads it picks its operand. `onOpenChange(open)` is called with `open`
 * false; `end(collected)` with an empty `collected`; Ink's handler with `key.escape` true; `showQuickPick` resolves
 * `undefined`. Anything else stays unknown, and both branches of a test of it are followed.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { getStaticPropertyName, getStringValue, unwrapExpression } from "../../analysis/ast.ts";
import { followConstant, resolveIdentifier } from "../../analysis/walk.ts";
import type { DismissedWhen } from "../../protocol/dismissals.ts";

/**
 * A test's value on a dismissal: `exact` when the test is the dismissal itself (`!open`, `pick === undefined`), so
 * the branch it takes runs on a dismissal only.
 */
interface Truth {
  readonly value: boolean;
  readonly exact: boolean;
}

export interface Assumption {
  readonly when: DismissedWhen;
  /** The value of a test on the dismissal path, or null when it does not depend on the dismissal alone. */
  truth(test: TSESTree.Node): Truth | null;
  /** The expression `node` evaluates to on the path (`pick ?? "allow"` → `"allow"`), "undefined", or `node` itself. */
  valueOf(node: TSESTree.Node): TSESTree.Node | "undefined";
}

/** Nothing pinned: every test is unknown (a function the dismissal path calls, whose parameters are not the row's). */
export const UNKNOWN: Assumption = assume({ kind: "always" }, null, null);

/** The assumption of `when`, whose pinned value is `subject` (a parameter's or a result's variable). */
export function assume(
  when: DismissedWhen,
  subject: TSESLint.Scope.Variable | null,
  sourceCode: Readonly<TSESLint.SourceCode> | null,
): Assumption {
  const isSubject = (node: TSESTree.Node): boolean => {
    const target = unwrapExpression(node);
    return (
      subject !== null &&
      sourceCode !== null &&
      target.type === AST_NODE_TYPES.Identifier &&
      resolveIdentifier(target, sourceCode) === subject
    );
  };
  /** `subject.field` (or `subject?.field`), and the field's name. */
  const fieldOfSubject = (node: TSESTree.Node): string | null => {
    const target = unwrapExpression(node);
    if (target.type !== AST_NODE_TYPES.MemberExpression || !isSubject(target.object)) return null;
    return getStaticPropertyName(target);
  };
  const truth = (test: TSESTree.Node): Truth | null => {
    const node = unwrapExpression(test);
    if (node.type === AST_NODE_TYPES.Literal && typeof node.value === "boolean") return fixed(node.value);
    if (node.type === AST_NODE_TYPES.UnaryExpression && node.operator === "!") return negate(truth(node.argument));
    if (node.type === AST_NODE_TYPES.LogicalExpression && node.operator !== "??") {
      const [left, right] = [truth(node.left), truth(node.right)];
      return node.operator === "&&" ? both(left, right) : either(left, right);
    }
    if (node.type === AST_NODE_TYPES.BinaryExpression) return comparison(node);
    return plainTruth(node);
  };
  /** A value used as a test: `open`, `pick`, `key.escape`, `collected.size`. */
  const plainTruth = (node: TSESTree.Node): Truth | null => {
    if (isSubject(node)) {
      if (when.kind === "parameter-false" || when.kind === "result-undefined") return { value: false, exact: true };
      return null;
    }
    const field = fieldOfSubject(node);
    if (field === null) return null;
    if (when.kind === "parameter-field") return field === when.field ? { value: true, exact: true } : fixed(false);
    if (when.kind === "parameter-empty" && field === "size") return { value: false, exact: true };
    // `pick?.label` on an undefined result.
    if (when.kind === "result-undefined") return fixed(false);
    return null;
  };
  const comparison = (node: TSESTree.BinaryExpression): Truth | null => {
    const [read, other] = isPinned(node.left) ? [node.left, node.right] : [node.right, node.left];
    if (!isPinned(read)) return typeofTest(node);
    const equal = node.operator === "===" || node.operator === "==";
    const unequal = node.operator === "!==" || node.operator === "!=";
    const pinned = pinnedValue(read);
    if (pinned === null) return null;
    const literal = unwrapExpression(other);
    if (equal || unequal) {
      const same = sameValue(pinned, literal, node.operator.length === 2);
      if (same === null) return null;
      // Only the pinned value itself (`open === false`, `pick === undefined`) tells a dismissal from a choice.
      const exact = same && (isSubject(read) || when.kind === "parameter-empty");
      return { value: equal ? same : !same, exact };
    }
    if (pinned === 0 && literal.type === AST_NODE_TYPES.Literal && typeof literal.value === "number") {
      const n = literal.value;
      const [a, b] = read === node.left ? [0, n] : [n, 0];
      const holds = { ">": a > b, ">=": a >= b, "<": a < b, "<=": a <= b }[node.operator as ">"];
      if (holds === undefined) return null;
      // Against 0 or 1 the size tells empty from not: the branch taken runs on an empty collection only.
      return { value: holds, exact: n === 0 || n === 1 };
    }
    return null;
  };
  /** `typeof pick === "undefined"`. */
  const typeofTest = (node: TSESTree.BinaryExpression): Truth | null => {
    const left = unwrapExpression(node.left);
    if (when.kind !== "result-undefined" || left.type !== AST_NODE_TYPES.UnaryExpression) return null;
    if (left.operator !== "typeof" || !isSubject(left.argument)) return null;
    const same = getStringValue(node.right) === "undefined";
    const equal = node.operator === "===" || node.operator === "==";
    return { value: equal === same, exact: true };
  };
  const isPinned = (node: TSESTree.Node): boolean => isSubject(node) || fieldOfSubject(node) !== null;
  /** The pinned value of a read: false, undefined, 0 (an empty collection's size), or true (Ink's key). */
  const pinnedValue = (read: TSESTree.Node): boolean | undefined | 0 | null => {
    if (isSubject(read)) {
      if (when.kind === "parameter-false") return false;
      return when.kind === "result-undefined" ? undefined : null;
    }
    const field = fieldOfSubject(read);
    if (when.kind === "result-undefined") return undefined;
    if (when.kind === "parameter-empty") return field === "size" ? 0 : null;
    if (when.kind === "parameter-field") return field === when.field;
    return null;
  };
  /** `pick`, `pick?.option.optionId`: a read of an undefined result, or of anything below it, is undefined. */
  const readsUndefined = (node: TSESTree.Node): boolean => {
    let target = unwrapExpression(node);
    while (target.type === AST_NODE_TYPES.MemberExpression) target = unwrapExpression(target.object);
    return when.kind === "result-undefined" && isSubject(target);
  };
  const valueOf = (node: TSESTree.Node): TSESTree.Node | "undefined" => {
    const target = unwrapExpression(node);
    if (readsUndefined(target)) return "undefined";
    if (target.type === AST_NODE_TYPES.ConditionalExpression) {
      const decided = truth(target.test);
      if (decided) return valueOf(decided.value ? target.consequent : target.alternate);
    }
    if (target.type === AST_NODE_TYPES.LogicalExpression) {
      const left = valueOf(target.left);
      const leftTruth = left === "undefined" ? fixed(false) : truth(target.left);
      if (target.operator === "??" && left === "undefined") return valueOf(target.right);
      if (target.operator === "||" && leftTruth) return leftTruth.value ? left : valueOf(target.right);
      if (target.operator === "&&" && leftTruth) return leftTruth.value ? valueOf(target.right) : left;
    }
    if (target.type === AST_NODE_TYPES.Identifier && sourceCode) {
      const followed = followConstant(target, sourceCode);
      if (followed !== target) return valueOf(followed);
    }
    return target;
  };
  return { when, truth, valueOf };
}

function fixed(value: boolean): Truth {
  return { value, exact: false };
}

function negate(truth: Truth | null): Truth | null {
  return truth && { value: !truth.value, exact: truth.exact };
}

function both(left: Truth | null, right: Truth | null): Truth | null {
  if (left?.value === false || right?.value === false) return fixed(false);
  if (left && right) return { value: true, exact: left.exact || right.exact };
  return null;
}

function either(left: Truth | null, right: Truth | null): Truth | null {
  if (left?.value === true || right?.value === true) {
    return { value: true, exact: (left?.value !== true || left.exact) && (right?.value !== true || right.exact) };
  }
  if (left && right) return fixed(false);
  return null;
}

/** Whether a pinned value equals a literal (`loose`: `==`), or null when the literal is not one. */
function sameValue(pinned: boolean | undefined | 0, literal: TSESTree.Node, loose: boolean): boolean | null {
  if (literal.type === AST_NODE_TYPES.Identifier && literal.name === "undefined") return pinned === undefined;
  if (literal.type !== AST_NODE_TYPES.Literal) return null;
  const value = literal.value;
  if (value === null) return loose ? pinned === undefined : false;
  if (typeof value === "string") return false;
  if (typeof value === "boolean" || typeof value === "number") return pinned === value;
  return null;
}
