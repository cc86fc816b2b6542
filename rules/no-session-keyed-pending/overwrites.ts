/**
 * Whether the code around a pending-answer store's write overwrites an open question's waiter
 * (docs/rules/no-session-keyed-pending.md): a test before the write that refuses a second entry under the key (one
 * entry per key), and a single slot every question of an object or component shares.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import {
  getCalleeName,
  getMemberPath,
  getStaticPropertyName,
  isFunctionNode,
  memberName,
  unwrapExpression,
  containsNode,
} from "../../analysis/ast.ts";
import { Fact, fileFacts } from "../../analysis/cached-facts.ts";
import { findVariable } from "../../analysis/flow.ts";
import { nodesOfType } from "../../analysis/node-index.ts";
import { normalisedText } from "../../analysis/settlers.ts";
import { toSnakeName } from "./pending-names.ts";

/** Whether a statement (or a block's last statement) leaves the function: `throw …`, `return …`. */
function exits(statement: TSESTree.Statement): boolean {
  const last = statement.type === AST_NODE_TYPES.BlockStatement ? statement.body.at(-1) : statement;
  return last?.type === AST_NODE_TYPES.ThrowStatement || last?.type === AST_NODE_TYPES.ReturnStatement;
}

/**
 * `if (this.running.has(sessionId)) throw new Error("busy")` before `this.running.set(sessionId, turn)`: the function
 * refuses a second entry under the key, so nothing is overwritten (one turn per session, as ACP allows).
 */
export function isGuardedAgainstOverwrite(
  store: TSESTree.Node,
  key: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  const storeText = normalisedText(store, sourceCode);
  const keyText = normalisedText(key, sourceCode);
  const fn = enclosingFunctionOf(store);
  if (!fn?.body || fn.body.type !== AST_NODE_TYPES.BlockStatement) return false;
  return fn.body.body.some(
    (statement) =>
      statement.range[1] <= store.range[0] &&
      statement.type === AST_NODE_TYPES.IfStatement &&
      exits(statement.consequent) &&
      readsEntry(statement.test, storeText, keyText, sourceCode),
  );
}

/** `store.has(key)`, `store.get(key)`, `store[key]` (and `!!` of them): a test that the key already has an entry. */
function readsEntry(
  test: TSESTree.Node,
  storeText: string,
  keyText: string,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  let node = unwrapExpression(test);
  // `!!store.get(key)`
  while (
    node.type === AST_NODE_TYPES.UnaryExpression &&
    node.operator === "!" &&
    node.argument.type === AST_NODE_TYPES.UnaryExpression &&
    node.argument.operator === "!"
  ) {
    node = unwrapExpression(node.argument.argument);
  }
  if (node.type === AST_NODE_TYPES.MemberExpression && node.computed) {
    return (
      normalisedText(node.object, sourceCode) === storeText && normalisedText(node.property, sourceCode) === keyText
    );
  }
  if (node.type !== AST_NODE_TYPES.CallExpression || node.callee.type !== AST_NODE_TYPES.MemberExpression) return false;
  const method = getStaticPropertyName(node.callee);
  const first = node.arguments[0];
  return (
    (method === "has" || method === "get") &&
    !!first &&
    normalisedText(node.callee.object, sourceCode) === storeText &&
    normalisedText(first, sourceCode) === keyText
  );
}

function enclosingFunctionOf(node: TSESTree.Node): TSESTree.FunctionLike | null {
  for (let current = node.parent; current; current = current.parent) {
    if (
      current.type === AST_NODE_TYPES.FunctionDeclaration ||
      current.type === AST_NODE_TYPES.FunctionExpression ||
      current.type === AST_NODE_TYPES.ArrowFunctionExpression
    ) {
      // A Promise executor or a callback: the function that holds the write's statements is further out.
      if (
        current.parent?.type === AST_NODE_TYPES.NewExpression ||
        current.parent?.type === AST_NODE_TYPES.CallExpression
      )
        continue;
      return current;
    }
  }
  return null;
}

export function walkAll(
  root: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  visit: (node: TSESTree.Node) => void,
  skip: (node: TSESTree.Node) => boolean = () => false,
): void {
  const stack: TSESTree.Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node !== root && skip(node)) continue;
    visit(node);
    for (const childKey of sourceCode.visitorKeys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[childKey];
      for (const item of Array.isArray(child) ? child : [child]) {
        if (item && typeof item === "object" && typeof (item as { type?: unknown }).type === "string")
          stack.push(item as TSESTree.Node);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// One slot for every question

export interface SingleSlot {
  /** The write that parks the open question's waiter: `this.current = { resolve }`, `setResolver(() => resolve)`. */
  readonly write: TSESTree.Node;
  /** How the code names the slot: `this.current`, `resolver`. */
  readonly name: string;
}

/**
 * `this.current = { resolve }` or React's `setResolver(() => resolve)` inside a Promise executor: the one open
 * question's waiter, in a slot every question of the object or component shares. Reported only when the file settles
 * the slot (`this.current.resolve(answer)`, `resolver(answer)`) and never compares a request id on the way, and no
 * test before the write refuses a second question while one is open.
 */
export function matchSingleSlotWaiter(
  node: TSESTree.AssignmentExpression | TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): SingleSlot | null {
  const executor = enclosingPromiseExecutor(node);
  if (!executor) return null;
  let name: string | null = null;
  let value: TSESTree.Node | undefined;
  if (node.type === AST_NODE_TYPES.AssignmentExpression) {
    const path = node.operator === "=" ? getMemberPath(node.left) : null;
    if (!path || path[0] !== "this" || path.length !== 2 || node.left.type !== AST_NODE_TYPES.MemberExpression)
      return null;
    if (node.left.computed) return null;
    name = path.join(".");
    value = node.right;
  } else {
    const setter = unwrapExpression(node.callee);
    if (setter.type !== AST_NODE_TYPES.Identifier || node.arguments.length !== 1) return null;
    name = reactStateOf(setter, sourceCode);
    value = node.arguments[0];
    // `setResolver(() => resolve)`: the state holds what the updater returns.
    const inner = value && unwrapExpression(value);
    if (inner?.type === AST_NODE_TYPES.ArrowFunctionExpression && inner.params.length === 0 && inner.expression)
      value = inner.body;
  }
  if (name === null || !value || value.type === AST_NODE_TYPES.SpreadElement) return null;
  if (!settlesExecutor(value, executor)) return null;
  if (!slotSettledWithoutId(name, node, sourceCode)) return null;
  return { write: node, name };
}

/** The Promise executor `node` runs in (`new Promise((resolve, reject) => …)`), or null. */
function enclosingPromiseExecutor(node: TSESTree.Node): TSESTree.FunctionLike | null {
  for (let current = node.parent; current; current = current.parent) {
    if (!isFunctionNode(current)) continue;
    const parent = current.parent;
    return parent?.type === AST_NODE_TYPES.NewExpression &&
      parent.arguments[0] === current &&
      parent.callee.type === AST_NODE_TYPES.Identifier &&
      parent.callee.name === "Promise"
      ? current
      : null;
  }
  return null;
}

/** Whether `value` is, or carries, one of the executor's own `resolve` / `reject` parameters. */
function settlesExecutor(value: TSESTree.Node, executor: TSESTree.FunctionLike): boolean {
  const params = new Set(
    executor.params.flatMap((param) => (param.type === AST_NODE_TYPES.Identifier ? [param.name] : [])),
  );
  const target = unwrapExpression(value);
  if (target.type === AST_NODE_TYPES.Identifier) return params.has(target.name);
  if (target.type !== AST_NODE_TYPES.ObjectExpression) return false;
  return target.properties.some(
    (property) =>
      property.type === AST_NODE_TYPES.Property &&
      property.value.type === AST_NODE_TYPES.Identifier &&
      params.has(property.value.name),
  );
}

/** `const [resolver, setResolver] = useState(…)`: the state's name for its setter, or null. */
function reactStateOf(setter: TSESTree.Identifier, sourceCode: Readonly<TSESLint.SourceCode>): string | null {
  return reactState(setter, sourceCode)?.name ?? null;
}

const SPELLS_USE_STATE = new Fact<null, boolean>("whether a file's text spells `useState` anywhere, per file");

/** `const [resolver, setResolver] = useState(initial)`: the state's name and the `useState` call, or null. */
export function reactState(
  setter: TSESTree.Identifier,
  sourceCode: Readonly<TSESLint.SourceCode>,
): { readonly name: string; readonly init: TSESTree.CallExpression } | null {
  // Asked of every call of a name with one argument: a file that never spells `useState` is answered from its text.
  if (!fileFacts(sourceCode).remember(SPELLS_USE_STATE, null, () => sourceCode.text.includes("useState"))) return null;
  const definition = findVariable(sourceCode.getScope(setter), setter.name)?.defs[0];
  if (definition?.type !== "Variable") return null;
  const { id, init } = definition.node;
  if (id.type !== AST_NODE_TYPES.ArrayPattern || id.elements[1] !== definition.name) return null;
  const state = id.elements[0];
  if (init?.type !== AST_NODE_TYPES.CallExpression || state?.type !== AST_NODE_TYPES.Identifier) return null;
  return getCalleeName(init) === "useState" ? { name: state.name, init } : null;
}

/**
 * Whether the file settles the slot (`slot.resolve(…)`, `slot?.resolve(…)`, `slot(…)`) in a function other than the
 * one that parks it, compares no id of the slot's (`slot.id`, `slot.requestId`) anywhere, and does not refuse a second
 * question while the slot is taken (`if (slot) throw …` before the write).
 */
export function slotSettledWithoutId(
  name: string,
  write: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  const slotText = name;
  const readsSlot = (node: TSESTree.Node) =>
    mayNameSlot(node, slotText) && normalisedText(node, sourceCode) === slotText;
  // The file's member reads and calls from its node index, not a walk of the whole tree for each write.
  for (const node of nodesOfType(sourceCode, AST_NODE_TYPES.MemberExpression)) {
    // `this.current.id`: the slot's id is compared somewhere.
    if (readsSlot(node.object) && /(?:^|_)id$/.test(toSnakeName(getStaticPropertyName(node) ?? ""))) return false;
  }
  let settled = false;
  for (const node of nodesOfType(sourceCode, AST_NODE_TYPES.CallExpression)) {
    const callee = unwrapExpression(node.callee);
    const settles =
      readsSlot(callee) ||
      (callee.type === AST_NODE_TYPES.MemberExpression &&
        ["resolve", "reject"].includes(getStaticPropertyName(callee) ?? "") &&
        readsSlot(callee.object));
    if (settles && !containsNode(enclosingPromiseExecutor(write), node)) {
      settled = true;
      break;
    }
  }
  return settled && !refusesSecond(slotText, write, sourceCode);
}

/**
 * Whether `node` may be spelled as the slot (`this.current`, `resolver`): asked of every member read and call of the
 * file before its text is compared, which most fail on their last name alone. A slot's name is an identifier or
 * `this.<name>`, never a call.
 */
function mayNameSlot(node: TSESTree.Node, slotText: string): boolean {
  const read = unwrapExpression(node);
  if (read.type === AST_NODE_TYPES.Identifier) return read.name === slotText;
  if (read.type === AST_NODE_TYPES.MemberExpression && !read.computed) return slotText.endsWith(`.${memberName(read)}`);
  return read.type !== AST_NODE_TYPES.CallExpression;
}

/** `if (this.current) throw new Error("busy")` in the function that asks, before the write. */
function refusesSecond(slotText: string, write: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const fn = enclosingFunctionOf(write);
  if (!fn?.body || fn.body.type !== AST_NODE_TYPES.BlockStatement) return false;
  return fn.body.body.some(
    (statement) =>
      statement.range[1] <= write.range[0] &&
      statement.type === AST_NODE_TYPES.IfStatement &&
      exits(statement.consequent) &&
      normalisedText(statement.test, sourceCode) === slotText,
  );
}
