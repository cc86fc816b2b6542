/**
 * Where an acquisition sits and what the statements around it can do: pure functions of the tree that the
 * release-in-finally analysis and its suggestions share.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import {
  getEnclosingFunction,
  isFunctionNode,
  someOwnNode,
  unwrapExpression,
  type VisitorKeys,
} from "../../analysis/ast.ts";
import type { Acquisition } from "./acquisitions.ts";

export interface AcquisitionSite {
  readonly acquisition: Acquisition;
  /** The statement that takes it: `await m.acquire();`, `const release = await m.acquire();`. */
  readonly statement: TSESTree.Node;
  /** The statement list it sits in. */
  readonly list: readonly TSESTree.Node[];
  /** The declaration, when the acquisition's result is declared. */
  readonly declaration: TSESTree.VariableDeclaration | null;
  /** The names bound to what the acquisition returned (`release`, `tx`, `[, release]`). */
  readonly handleNames: readonly string[];
  /** The bound identifiers, for escape analysis. */
  readonly handles: readonly TSESTree.Identifier[];
  /**
   * The function the acquisition belongs to: the one it is written in, or, for a call in the executor of an awaited
   * promise (`await new Promise((resolve) => server.listen(port, resolve))`), the function that awaits it.
   */
  readonly owner: TSESTree.FunctionLike | null;
}

/**
 * Where the acquisition sits: an expression statement, a declaration or an assignment to a name, directly in
 * a statement list. Null for `using` declarations (they unwind by themselves) and any other position.
 */
export function findAcquisitionSite(acquisition: Acquisition): AcquisitionSite | null {
  let current: TSESTree.Node = acquisition.node;
  while (
    current.parent &&
    (current.parent.type === AST_NODE_TYPES.AwaitExpression ||
      current.parent.type === AST_NODE_TYPES.ChainExpression ||
      current.parent.type === AST_NODE_TYPES.TSNonNullExpression ||
      current.parent.type === AST_NODE_TYPES.TSAsExpression ||
      current.parent.type === AST_NODE_TYPES.TSSatisfiesExpression)
  ) {
    current = current.parent;
  }
  let parent = current.parent;
  if (!parent) return null;
  let owner = getEnclosingFunction(acquisition.node);
  const awaited = awaitedExecutorStatement(current);
  if (awaited) {
    parent = awaited;
    owner = getEnclosingFunction(awaited);
  }
  let statement: TSESTree.Node;
  let declaration: TSESTree.VariableDeclaration | null = null;
  let bound: TSESTree.Identifier[] = [];
  if (parent.type === AST_NODE_TYPES.ExpressionStatement) {
    statement = parent;
  } else if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.init === current) {
    declaration = parent.parent;
    if (declaration.kind === "using" || declaration.kind === "await using") return null;
    statement = declaration;
    bound = boundIdentifiers(parent.id);
  } else if (
    parent.type === AST_NODE_TYPES.AssignmentExpression &&
    parent.right === current &&
    parent.left.type === AST_NODE_TYPES.Identifier &&
    parent.parent.type === AST_NODE_TYPES.ExpressionStatement
  ) {
    statement = parent.parent;
    bound = [parent.left];
  } else if (
    // `this.timer = setTimeout(…)`: a timer is stopped by naming its path again, so a field can hold it.
    acquisition.pair.kind === "timer" &&
    parent.type === AST_NODE_TYPES.AssignmentExpression &&
    parent.right === current &&
    parent.parent.type === AST_NODE_TYPES.ExpressionStatement
  ) {
    statement = parent.parent;
  } else if (
    acquisition.collected &&
    parent.type === AST_NODE_TYPES.CallExpression &&
    parent.parent.type === AST_NODE_TYPES.ExpressionStatement
  ) {
    // `timers.push(setTimeout(…));`
    statement = parent.parent;
  } else {
    return null;
  }
  const block = statement.parent;
  if (!isStatementListOwner(block)) return null;
  const list = block.type === AST_NODE_TYPES.SwitchCase ? block.consequent : block.body;
  return {
    acquisition,
    statement,
    list,
    declaration,
    handleNames: bound.map((identifier) => identifier.name),
    handles: bound,
    owner,
  };
}

/**
 * `await new Promise((resolve) => server.listen(port, resolve));` or an executor whose block has `node` as one of its
 * statements: the executor runs at once, so what it takes is taken by the statement that awaits the promise. That
 * statement, or null when `node` is anything else.
 */
export function awaitedExecutorStatement(node: TSESTree.Node): TSESTree.ExpressionStatement | null {
  let executor: TSESTree.Node | undefined = node.parent;
  if (executor?.type === AST_NODE_TYPES.ExpressionStatement) {
    const block = executor.parent;
    executor = block?.type === AST_NODE_TYPES.BlockStatement ? block.parent : undefined;
  }
  if (!executor || !isFunctionNode(executor)) return null;
  const created = executor.parent;
  if (
    created?.type !== AST_NODE_TYPES.NewExpression ||
    created.arguments[0] !== executor ||
    created.callee.type !== AST_NODE_TYPES.Identifier ||
    created.callee.name !== "Promise" ||
    created.parent.type !== AST_NODE_TYPES.AwaitExpression ||
    created.parent.parent.type !== AST_NODE_TYPES.ExpressionStatement
  ) {
    return null;
  }
  return created.parent.parent;
}

function boundIdentifiers(pattern: TSESTree.Node): TSESTree.Identifier[] {
  switch (pattern.type) {
    case AST_NODE_TYPES.Identifier:
      return [pattern];
    case AST_NODE_TYPES.ArrayPattern:
      return pattern.elements.flatMap((element) => (element ? boundIdentifiers(element) : []));
    case AST_NODE_TYPES.ObjectPattern:
      return pattern.properties.flatMap((property) =>
        property.type === AST_NODE_TYPES.Property ? boundIdentifiers(property.value) : [],
      );
    case AST_NODE_TYPES.AssignmentPattern:
      return boundIdentifiers(pattern.left);
    default:
      return [];
  }
}

export function isStatementListOwner(
  node: TSESTree.Node | undefined,
): node is TSESTree.BlockStatement | TSESTree.Program | TSESTree.SwitchCase | TSESTree.StaticBlock {
  return (
    !!node &&
    (node.type === AST_NODE_TYPES.BlockStatement ||
      node.type === AST_NODE_TYPES.Program ||
      node.type === AST_NODE_TYPES.SwitchCase ||
      node.type === AST_NODE_TYPES.StaticBlock)
  );
}

export function statementOf(node: TSESTree.Node): TSESTree.Node | null {
  let current: TSESTree.Node = node;
  while (current.parent && !isStatementListOwner(current.parent)) {
    if (isFunctionNode(current.parent)) return null;
    current = current.parent;
  }
  return current.parent ? current : null;
}

/** The nearest `try` (in the same function) whose protected block holds `statement`. */
export function findEnclosingTryBlock(statement: TSESTree.Node): TSESTree.TryStatement | null {
  for (let current: TSESTree.Node = statement; current.parent; current = current.parent) {
    if (isFunctionNode(current.parent)) return null;
    if (current.parent.type === AST_NODE_TYPES.TryStatement && current.parent.block === current) return current.parent;
  }
  return null;
}

/** `release?.()`, `if (release) release()`, `release && release()`: never calls a release that was not taken. */
export function isGuarded(release: TSESTree.Node): boolean {
  if (release.type === AST_NODE_TYPES.CallExpression && release.optional) return true;
  if (release.type === AST_NODE_TYPES.CallExpression && release.callee.type === AST_NODE_TYPES.MemberExpression) {
    if (release.callee.optional) return true;
  }
  for (let current: TSESTree.Node = release; current.parent; current = current.parent) {
    const parent = current.parent;
    if (parent.type === AST_NODE_TYPES.IfStatement && parent.test !== current) return true;
    if (parent.type === AST_NODE_TYPES.LogicalExpression && parent.right === current) return true;
    if (parent.type === AST_NODE_TYPES.ConditionalExpression && parent.test !== current) return true;
    if (parent.type === AST_NODE_TYPES.BlockStatement && parent.parent.type === AST_NODE_TYPES.TryStatement)
      return false;
  }
  return false;
}

/** `let x;` / `let x: T;`: declares without running anything. */
export function isInertDeclaration(node: TSESTree.Node): boolean {
  return (
    node.type === AST_NODE_TYPES.VariableDeclaration &&
    (node.kind === "let" || node.kind === "var") &&
    node.declarations.every((declarator) => declarator.init === null)
  );
}

const JUMPS: ReadonlySet<string> = new Set([
  AST_NODE_TYPES.ReturnStatement,
  AST_NODE_TYPES.BreakStatement,
  AST_NODE_TYPES.ContinueStatement,
]);

const THROWS_OR_JUMPS: ReadonlySet<string> = new Set([
  ...JUMPS,
  AST_NODE_TYPES.CallExpression,
  AST_NODE_TYPES.NewExpression,
  AST_NODE_TYPES.AwaitExpression,
  AST_NODE_TYPES.ThrowStatement,
]);

/** A `return`, `break` or `continue` in `node` (outside nested functions): a path that can skip what follows. */
export function containsJump(node: TSESTree.Node, keys: VisitorKeys): boolean {
  return someOwnNode(node, keys, (current) => JUMPS.has(current.type));
}

/** Whether a statement may throw or leave: calls, `await`, `new`, `throw` and jumps. */
export function mayThrowOrJump(node: TSESTree.Node, keys: VisitorKeys): boolean {
  return someOwnNode(node, keys, (current) => THROWS_OR_JUMPS.has(current.type));
}

/**
 * The first reference that hands the release handle on — an argument, a stored value, a returned value —
 * rather than calling it (`release()`, `tx.commit()`) or testing it (`if (release)`), or a use `accept` allows.
 */
export function findEscapeIn(
  scopeVariable: TSESLint.Scope.Variable,
  definition: TSESTree.Identifier,
  accept: (identifier: TSESTree.Identifier) => boolean = () => false,
): TSESTree.Identifier | null {
  for (const reference of scopeVariable.references) {
    const identifier = reference.identifier as TSESTree.Identifier;
    if (identifier === definition || reference.isWrite() || accept(identifier)) continue;
    const parent = identifier.parent;
    if (parent.type === AST_NODE_TYPES.CallExpression && parent.callee === identifier) continue;
    if (parent.type === AST_NODE_TYPES.ChainExpression) continue;
    if (parent.type === AST_NODE_TYPES.MemberExpression && parent.object === identifier) continue;
    if (parent.type === AST_NODE_TYPES.IfStatement && parent.test === identifier) continue;
    if (parent.type === AST_NODE_TYPES.LogicalExpression && parent.left === identifier) continue;
    if (parent.type === AST_NODE_TYPES.UnaryExpression) continue;
    if (parent.type === AST_NODE_TYPES.ConditionalExpression && parent.test === identifier) continue;
    return identifier;
  }
  return null;
}

export function isReleaseStatement(node: TSESTree.Node, releases: readonly TSESTree.Node[]): boolean {
  return node.type === AST_NODE_TYPES.ExpressionStatement && releases.includes(unwrapExpression(node.expression));
}
