/**
 * The answers given on a dismissal path: the statements a dismissal runs, branches decided by the assumption
 * (assumption.ts) where a test reads the pinned value and both followed where it does not, through the file's
 * functions the path calls (this class's methods, functions by name, a few calls deep). A call that passes an answer
 * settles the question (`resolve({ outcome: … })`), and so does a call of what the dialog's other paths answer
 * through (`this.resolve(choice)`), whatever its value.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { getCalleeName, getStaticPropertyName, isFunctionNode, unwrapExpression } from "../../analysis/ast.ts";
import { nodesWithin } from "../../analysis/node-index.ts";
import { localFunctionOf } from "../../analysis/walk.ts";
import { readAnswer, type AnswerReading, type AnswerShape } from "./answers.ts";
import { UNKNOWN, type Assumption } from "./assumption.ts";

export interface Settlement {
  /** The call, or the return, that gives the answer. */
  readonly node: TSESTree.CallExpression | TSESTree.ReturnStatement;
  /** What it answers, or null for a settle call whose value is not read (`this.finish(choice)`). */
  readonly answer: AnswerReading | null;
  /** Reached on a dismissal only (a dismissal-only handler, or a branch a test of the dismissal took). */
  readonly exclusive: boolean;
  /** The answer a settle call owes, when its value is not read (a resolver of a question's handler). */
  readonly owes?: AnswerShape;
}

export interface PathScan {
  readonly settlements: readonly Settlement[];
  /** Whether a test of the dismissal itself was taken (`key.escape`): a guarded row's path exists only then. */
  readonly sawExactTest: boolean;
  /** The calls the path makes in the code it starts in (not in the functions it calls). */
  readonly calls: readonly TSESTree.CallExpression[];
}

/** Names that settle a pending promise or answer a request, whatever they are passed: not left unanswered. */
const SETTLE_NAME = /^(?:resolve|reject|settle|respond|reply|answer|finish|complete|done|deny|dismiss|abort)/i;
const FOLLOW_DEPTH = 3;

/** Everything `body` (a function's body, or the statements after a result) answers on the dismissal path. */
export function scanPath(
  body: TSESTree.Node | readonly TSESTree.Statement[],
  assumption: Assumption,
  sourceCode: Readonly<TSESLint.SourceCode>,
  {
    exclusive,
    countReturns,
    settleCallees,
  }: { exclusive: boolean; countReturns: boolean; settleCallees: ReadonlySet<string> },
): PathScan {
  const walker = new PathWalker(sourceCode, settleCallees);
  walker.walk(body, assumption, exclusive, countReturns, 0);
  return { settlements: walker.found, sawExactTest: walker.sawExactTest, calls: walker.calls };
}

/** The calls in `scope` (nested functions included) that pass an answer: a dialog's other paths. */
export function answerCallsIn(scope: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): Settlement[] {
  const found: Settlement[] = [];
  // The last call first (the first answer found decides the shape a fix writes): a call ends
  // after every call inside it and before every call after it, so by end, latest first, is that order.
  const calls = nodesWithin(sourceCode, scope, AST_NODE_TYPES.CallExpression).sort((a, b) => b.range[1] - a.range[1]);
  for (const call of calls) {
    for (const argument of call.arguments) {
      const answer = readAnswer(argument, UNKNOWN, sourceCode);
      if (answer) found.push({ node: call, answer, exclusive: false });
    }
  }
  return found;
}

/** The callee as written (`this.resolve`), which tells the dialog's own settle calls from others. */
export function calleeText(call: TSESTree.CallExpression, sourceCode: Readonly<TSESLint.SourceCode>): string {
  return sourceCode.getText(unwrapExpression(call.callee)).replace(/\?\./g, ".");
}

class PathWalker {
  readonly found: Settlement[] = [];
  readonly calls: TSESTree.CallExpression[] = [];
  sawExactTest = false;
  readonly #followed = new Set<TSESTree.FunctionLike>();
  constructor(
    private readonly sourceCode: Readonly<TSESLint.SourceCode>,
    private readonly settleCallees: ReadonlySet<string>,
  ) {}

  walk(
    body: TSESTree.Node | readonly TSESTree.Statement[],
    assumption: Assumption,
    exclusive: boolean,
    countReturns: boolean,
    depth: number,
  ): void {
    const step = { assumption, countReturns, depth };
    if (Array.isArray(body)) this.statements(body as readonly TSESTree.Statement[], exclusive, step);
    else if (isStatementLike(body as TSESTree.Node)) this.statement(body as TSESTree.Statement, exclusive, step);
    else this.expression(body as TSESTree.Node, exclusive, step);
  }

  /** Whether the path runs on past the list (no `return` or `throw` on every branch). */
  private statements(list: readonly TSESTree.Node[], exclusive: boolean, step: Step): boolean {
    for (const statement of list) if (!this.statement(statement, exclusive, step)) return false;
    return true;
  }

  private statement(node: TSESTree.Node, exclusive: boolean, step: Step): boolean {
    switch (node.type) {
      case AST_NODE_TYPES.BlockStatement:
        return this.statements(node.body, exclusive, step);
      case AST_NODE_TYPES.IfStatement: {
        this.expression(node.test, exclusive, step);
        const truth = step.assumption.truth(node.test);
        if (truth) {
          if (truth.exact) this.sawExactTest = true;
          const branch = truth.value ? node.consequent : node.alternate;
          return branch ? this.statement(branch, exclusive || truth.exact, step) : true;
        }
        const consequent = this.statement(node.consequent, exclusive, step);
        return (node.alternate ? this.statement(node.alternate, exclusive, step) : true) || consequent;
      }
      case AST_NODE_TYPES.ReturnStatement:
        if (node.argument) {
          this.expression(node.argument, exclusive, step);
          const answer = step.countReturns ? readAnswer(node.argument, step.assumption, this.sourceCode) : null;
          if (answer) this.found.push({ node, answer, exclusive });
        }
        return false;
      case AST_NODE_TYPES.ThrowStatement:
        this.expression(node.argument, exclusive, step);
        return false;
      case AST_NODE_TYPES.TryStatement: {
        const block = this.statement(node.block, exclusive, step);
        if (node.handler) this.statement(node.handler.body, false, step);
        return node.finalizer ? this.statement(node.finalizer, exclusive, step) && block : block;
      }
      case AST_NODE_TYPES.SwitchStatement:
        this.expression(node.discriminant, exclusive, step);
        for (const branch of node.cases) this.statements(branch.consequent, false, step);
        return true;
      default:
        if (isFunctionNode(node) || node.type === AST_NODE_TYPES.ClassDeclaration) return true;
        this.children(node, exclusive, step);
        return true;
    }
  }

  private expression(node: TSESTree.Node, exclusive: boolean, step: Step): void {
    if (isFunctionNode(node) || node.type === AST_NODE_TYPES.ClassExpression) return;
    if (node.type === AST_NODE_TYPES.ConditionalExpression) {
      this.expression(node.test, exclusive, step);
      const truth = step.assumption.truth(node.test);
      if (truth?.exact) this.sawExactTest = true;
      if (truth) this.expression(truth.value ? node.consequent : node.alternate, exclusive || truth.exact, step);
      else for (const branch of [node.consequent, node.alternate]) this.expression(branch, exclusive, step);
      return;
    }
    if (node.type === AST_NODE_TYPES.LogicalExpression && node.operator !== "??") {
      this.expression(node.left, exclusive, step);
      const truth = step.assumption.truth(node.left);
      if (truth?.exact) this.sawExactTest = true;
      const runsRight = !truth || truth.value === (node.operator === "&&");
      if (runsRight) this.expression(node.right, exclusive || (truth?.exact ?? false), step);
      return;
    }
    this.children(node, exclusive, step);
    if (node.type === AST_NODE_TYPES.CallExpression) this.call(node, exclusive, step);
  }

  private children(node: TSESTree.Node, exclusive: boolean, step: Step): void {
    for (const key of this.sourceCode.visitorKeys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      for (const item of Array.isArray(child) ? child : [child]) {
        if (!item || typeof (item as TSESTree.Node).type !== "string") continue;
        const inner = item as TSESTree.Node;
        if (isStatementLike(inner)) this.statement(inner, exclusive, step);
        else this.expression(inner, exclusive, step);
      }
    }
  }

  private call(call: TSESTree.CallExpression, exclusive: boolean, step: Step): void {
    if (step.depth === 0) this.calls.push(call);
    let answered = false;
    for (const argument of call.arguments) {
      const answer = readAnswer(argument, step.assumption, this.sourceCode);
      if (!answer) continue;
      this.found.push({ node: call, answer, exclusive: exclusive && step.depth === 0 });
      answered = true;
    }
    if (answered) return;
    const name = getCalleeName(call);
    if (this.settleCallees.has(calleeText(call, this.sourceCode)) || (name !== null && SETTLE_NAME.test(name))) {
      this.found.push({ node: call, answer: null, exclusive: false });
      return;
    }
    const callee = step.depth < FOLLOW_DEPTH ? this.calledFunction(call) : null;
    if (!callee?.body || this.#followed.has(callee)) return;
    this.#followed.add(callee);
    this.walk(callee.body, UNKNOWN, false, false, step.depth + 1);
  }

  /** The file's function a call runs: `name(…)` declared in the file, or `this.name(…)` of the enclosing class. */
  private calledFunction(call: TSESTree.CallExpression): TSESTree.FunctionLike | null {
    const callee = unwrapExpression(call.callee);
    if (callee.type === AST_NODE_TYPES.Identifier) return localFunctionOf(callee, this.sourceCode);
    if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.object.type !== AST_NODE_TYPES.ThisExpression) {
      return null;
    }
    const name = getStaticPropertyName(callee);
    let body: TSESTree.Node | undefined = call.parent;
    while (body && body.type !== AST_NODE_TYPES.ClassBody) body = body.parent;
    for (const member of body?.type === AST_NODE_TYPES.ClassBody ? body.body : []) {
      if (member.type !== AST_NODE_TYPES.MethodDefinition && member.type !== AST_NODE_TYPES.PropertyDefinition)
        continue;
      if (getStaticPropertyName(member) === name && isFunctionNode(member.value)) return member.value;
    }
    return null;
  }
}

interface Step {
  readonly assumption: Assumption;
  readonly countReturns: boolean;
  readonly depth: number;
}

function isStatementLike(node: TSESTree.Node): boolean {
  return node.type.endsWith("Statement") || node.type.endsWith("Declaration");
}
