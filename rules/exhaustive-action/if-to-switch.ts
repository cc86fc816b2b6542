/**
 * The exhaustive-action suggestion for an `if` on the action, or a ternary that is a whole statement's value: the
 * exhaustive `switch` running, for each action, the branch the test chose for it (cases `accept`, `decline`,
 * `cancel` and a `never` default). Returns the rewrite, or the reason none is offered (./fix.ts).
 */
import { canCompleteNormally } from "./completion.ts";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { branchStatements, containsOwnBreak } from "./values-reaching.ts";
import { OTHER_VALUE, type AnswerValue, type Discriminant, writtenAnswerWord } from "./discriminant.ts";
import { mentionsDiscriminant } from "./conditions.ts";
import { testReadsViewKind } from "../../analysis/mrtr.ts";
import { ELICIT_ACTION_MEANING, ELICIT_ACTIONS, ELICIT_ACTION } from "../../protocol/answers.ts";
import type { FoundDiscriminant } from "./outcomes.ts";
import { guardAsi, indentAt, indentTo } from "../../edits/layout.ts";
import { leftoverComments, renderBranchBody } from "./render.ts";
import { printResidual, residualNodes, residualTest, type Residual } from "./residual.ts";
import {
  ACP_REASON,
  OTHER_ACTION_COMMENT,
  OTHER_FALLS_THROUGH_COMMENT,
  type Rewrite,
  type RewriteContext,
} from "./fix.ts";
import { inlinableFlag, type InlinedFlag } from "./inlined-flag.ts";

export function ifRewrite(
  check: RewriteContext,
  node: TSESTree.IfStatement,
  discriminant: Discriminant,
  found: FoundDiscriminant,
  isLink: boolean,
): Rewrite {
  const { sourceCode } = check;
  if (discriminant.kind === "acp") return { reason: ACP_REASON };
  const flag = found.viaFlag ? inlinableFlag(sourceCode, node, node.test, discriminant) : null;
  if (flag && "reason" in flag) return flag;
  if (isLink) return { reason: "it is in an `else if` chain" };
  if (testReadsViewKind(node.test, discriminant.key)) {
    return { reason: "switch over `kind` first" };
  }
  const statements = [node.consequent, ...(node.alternate ? [node.alternate] : [])];
  if (statements.some((statement) => containsOwnBreak(statement, sourceCode.visitorKeys)))
    return { reason: "it holds a `break`" };
  return switchRewrite(check, {
    statement: node,
    test: node.test,
    read: found.comparison.read,
    discriminant,
    flag,
    consequent: statementBranch(sourceCode, node.consequent),
    alternate: node.alternate ? statementBranch(sourceCode, node.alternate) : null,
  });
}

/**
 * A ternary on the answer that is a whole statement's value (`return t ? a : b`, `x = t ? a : b`, `t ? a() : b()`)
 * becomes the `switch` its `if` would: each branch's expression goes back into that statement, in its case.
 */
export function ternaryRewrite(
  check: RewriteContext,
  node: TSESTree.ConditionalExpression,
  discriminant: Discriminant,
  found: FoundDiscriminant,
): Rewrite {
  const { sourceCode, style } = check;
  const host = ternaryStatement(node);
  if ("reason" in host) return host;
  if (discriminant.kind === "acp") return { reason: ACP_REASON };
  if (
    mentionsDiscriminant(node.consequent, discriminant, sourceCode) ||
    mentionsDiscriminant(node.alternate, discriminant, sourceCode)
  ) {
    return { reason: "a ternary is an expression" };
  }
  const flag = found.viaFlag ? inlinableFlag(sourceCode, host.statement, node.test, discriminant) : null;
  if (flag && "reason" in flag) return flag;
  if (testReadsViewKind(node.test, discriminant.key)) return { reason: "switch over `kind` first" };
  const unit = style.indentUnit(host.statement);
  const branch = (expression: TSESTree.Expression): BranchSource => ({
    node: expression,
    completes: host.completes,
    render(indent) {
      const deeper = indent + unit;
      let text = indentTo(sourceCode, expression.range[0], expression.range[1], deeper).slice(deeper.length);
      if (needsParentheses(expression, host.kind, sourceCode)) text = `(${text})`;
      return `${indent}${host.before}${text}${style.semi}`;
    },
  });
  return switchRewrite(check, {
    statement: host.statement,
    test: node.test,
    read: found.comparison.read,
    discriminant,
    flag,
    consequent: branch(node.consequent),
    alternate: branch(node.alternate),
  });
}

/** One branch of the statement being rewritten: the node its comments belong to, and its code at an indent. */
interface BranchSource {
  readonly node: TSESTree.Node;
  /** Whether running it can go on to the code after the statement. */
  readonly completes: boolean;
  /** Its statements at `indent`, or null when it has none. */
  render(indent: string): string | null;
}

function statementBranch(sourceCode: Readonly<TSESLint.SourceCode>, branch: TSESTree.Statement): BranchSource {
  const body = branchStatements(branch);
  return {
    node: branch,
    completes: canCompleteNormally(body),
    render: (indent) => (body.length > 0 ? renderBranchBody(sourceCode, branch, indent) : null),
  };
}

/** The statement whose value a ternary is, and what each of its branches is written back into. */
function ternaryStatement(
  node: TSESTree.ConditionalExpression,
):
  | { statement: TSESTree.Statement; kind: "return" | "assign" | "expression"; before: string; completes: boolean }
  | { reason: string } {
  const parent = node.parent;
  if (parent.type === AST_NODE_TYPES.ReturnStatement && parent.argument === node) {
    return { statement: parent, kind: "return", before: "return ", completes: false };
  }
  if (parent.type === AST_NODE_TYPES.ExpressionStatement && parent.expression === node) {
    return { statement: parent, kind: "expression", before: "", completes: true };
  }
  if (
    parent.type === AST_NODE_TYPES.AssignmentExpression &&
    parent.right === node &&
    parent.operator === "=" &&
    parent.parent.type === AST_NODE_TYPES.ExpressionStatement &&
    isPlainTarget(parent.left)
  ) {
    return { statement: parent.parent, kind: "assign", before: `${targetText(parent.left)} = `, completes: true };
  }
  return { reason: "a ternary is an expression" };
}

/** `x`, `this.x`, `a.b.c`: a target whose evaluation runs no code, so it may move after the test. */
function isPlainTarget(node: TSESTree.Node): boolean {
  if (node.type === AST_NODE_TYPES.Identifier) return true;
  return (
    node.type === AST_NODE_TYPES.MemberExpression &&
    !node.computed &&
    !node.optional &&
    (node.object.type === AST_NODE_TYPES.ThisExpression || isPlainTarget(node.object))
  );
}

function targetText(node: TSESTree.Node): string {
  if (node.type === AST_NODE_TYPES.Identifier) return node.name;
  if (node.type === AST_NODE_TYPES.ThisExpression) return "this";
  const member = node as TSESTree.MemberExpression;
  return `${targetText(member.object)}.${(member.property as TSESTree.Identifier).name}`;
}

/** Whether a branch's expression needs parentheses once it stands on its own in `return …`, `x = …` or a statement. */
function needsParentheses(
  expression: TSESTree.Expression,
  kind: "return" | "assign" | "expression",
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  if (expression.type === AST_NODE_TYPES.SequenceExpression) return kind === "assign";
  if (kind !== "expression") return false;
  const first = sourceCode.getFirstToken(expression)!;
  if (first.value === "{" || first.value === "function" || first.value === "class") return true;
  const second = sourceCode.getTokenAfter(first);
  return (first.value === "async" && second?.value === "function") || (first.value === "let" && second?.value === "[");
}

interface SwitchSource {
  /** The statement the `switch` replaces (with the flag's declaration before it, when one is inlined). */
  readonly statement: TSESTree.Statement;
  readonly test: TSESTree.Node;
  /** The answer's read the `switch` branches on. */
  readonly read: TSESTree.Node;
  readonly discriminant: Discriminant;
  readonly flag: InlinedFlag | null;
  readonly consequent: BranchSource;
  readonly alternate: BranchSource | null;
}

/** The exhaustive `switch` running, for each action, the branch the test chose for it. */
function switchRewrite(check: RewriteContext, source: SwitchSource): Rewrite {
  const { sourceCode, style } = check;
  const { eol } = style;
  const { statement: node, test, read, discriminant, flag, consequent, alternate } = source;
  const bodies = new Map<AnswerValue, Residual>();
  for (const value of [...ELICIT_ACTIONS, OTHER_VALUE]) {
    const residual = residualTest(test, discriminant, value, sourceCode, flag);
    if (!residual) return { reason: "it tests more than the action" };
    bodies.set(value, residual);
  }
  const first = flag ? flag.declaration : node;
  const indent = indentAt(sourceCode.text, first.range[0]);
  const unit = style.indentUnit(node);
  const copied = [consequent.node, ...(alternate ? [alternate.node] : [])];
  const caseIndent = indent + unit;
  const bodyIndent = caseIndent + unit;
  const block = (branch: BranchSource, at: string) => {
    const body = branch.render(at + unit);
    return body === null ? "{}" : `{${eol}${body}${eol}${at}}`;
  };
  const clauses: string[] = [];
  // An unknown action is no decision: where `default` would copy cancel's body, it falls through to `cancel` instead.
  const defaultJoinsCancel = sameResidual(bodies.get(ELICIT_ACTION.cancel)!, bodies.get(OTHER_VALUE)!, sourceCode);
  const order: AnswerValue[] = defaultJoinsCancel
    ? [ELICIT_ACTION.accept, ELICIT_ACTION.decline, OTHER_VALUE, ELICIT_ACTION.cancel]
    : [...ELICIT_ACTIONS, OTHER_VALUE];
  for (const value of order) {
    const residual = bodies.get(value)!;
    const lines: string[] = [];
    if (value === ELICIT_ACTION.decline || value === ELICIT_ACTION.cancel)
      lines.push(`${bodyIndent}// ${value}: ${ELICIT_ACTION_MEANING[value]}`);
    if (value === OTHER_VALUE && defaultJoinsCancel) {
      // An empty clause: no statement falls through (noFallthroughCasesInSwitch, no-fallthrough).
      clauses.push(`${caseIndent}default:${eol}${bodyIndent}// ${OTHER_FALLS_THROUGH_COMMENT}`);
      continue;
    }
    if (value === OTHER_VALUE) {
      lines.push(`${bodyIndent}// ${OTHER_ACTION_COMMENT}`);
      if (discriminant.closed) lines.push(bodyIndent + style.neverLine(sourceCode.getText(read)));
    }
    const neverIndex = lines.length - 1;
    let completes: boolean;
    let copiesCode = true;
    if (residual.kind === "const") {
      const branch = residual.value ? consequent : alternate;
      const body = branch ? branch.render(bodyIndent) : null;
      if (body !== null) lines.push(body);
      else copiesCode = false;
      completes = branch ? branch.completes : true;
    } else {
      let text = `${bodyIndent}if (${printResidual(residual, sourceCode)}) ${block(consequent, bodyIndent)}`;
      if (alternate) text += ` else ${block(alternate, bodyIndent)}`;
      lines.push(text);
      completes = consequent.completes || (alternate ? alternate.completes : true);
    }
    if (value === OTHER_VALUE && discriminant.closed) guardAsi(lines, neverIndex);
    const isLast = value === order[order.length - 1];
    if (completes && !isLast) lines.push(`${bodyIndent}break${style.semi}`);
    const label = value === OTHER_VALUE ? "default" : `case ${style.quote(writtenAnswerWord(discriminant, value))}`;
    clauses.push(
      copiesCode
        ? `${caseIndent}${label}: {${eol}${lines.join(eol)}${eol}${caseIndent}}`
        : lines.length > 0
          ? `${caseIndent}${label}:${eol}${lines.join(eol)}`
          : `${caseIndent}${label}:`,
    );
  }
  const copiedConditions = [...bodies.values()].flatMap(residualNodes);
  const reads = [read, ...copiedConditions];
  const leftovers = [
    // The flag's declaration goes: its comments, and those between it and the statement, stay above the switch.
    ...(flag ? commentsBetween(sourceCode, flag.declaration.range[0], node.range[0], reads) : []),
    ...leftoverComments(sourceCode, node, copied, reads),
  ];
  const prefix = leftovers
    .map((comment) => `${sourceCode.getText(comment as unknown as TSESTree.Node)}${eol}${indent}`)
    .join("");
  const text = `${prefix}switch (${sourceCode.getText(read)}) {${eol}${clauses.join(eol)}${eol}${indent}}`;
  const range: [number, number] = [first.range[0], node.range[1]];
  return { text, fix: (fixer) => fixer.replaceTextRange(range, text) };
}

function commentsBetween(
  sourceCode: Readonly<TSESLint.SourceCode>,
  start: number,
  end: number,
  copied: readonly TSESTree.Node[],
): TSESTree.Comment[] {
  return sourceCode
    .getAllComments()
    .filter(
      (comment) =>
        comment.range[0] >= start &&
        comment.range[1] <= end &&
        !copied.some((inner) => comment.range[0] >= inner.range[0] && comment.range[1] <= inner.range[1]),
    );
}

/** Whether two branches of an `if` rewrite run the same code: the same branch, or the same printed condition. */
function sameResidual(a: Residual, b: Residual, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  if (a.kind === "const" || b.kind === "const") return a.kind === "const" && b.kind === "const" && a.value === b.value;
  return printResidual(a, sourceCode) === printResidual(b, sourceCode);
}
