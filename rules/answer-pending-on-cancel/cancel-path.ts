/**
 * An ACP client's cancel path and the permission prompts it leaves open: where the file sends `session/cancel`
 * (`conn.cancel({ sessionId })`, `notify(methods.agent.session.cancel, …)`), which stores its `requestPermission`
 * handler parks resolvers in, and whether the code the cancel path runs (the function around it and the file's
 * functions it calls, by name) settles a store's prompts with the `cancelled` outcome (protocol/methods.ts).
 */
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { nodesOfTypes } from "../../analysis/node-index.ts";
import { ACP_OUTCOME } from "../../protocol/answers.ts";
import {
  ACP_CANCEL_METHOD,
  ACP_CANCEL_METHOD_PATH,
  ACP_CANCEL_NOTIFICATION,
  ACP_CANCEL_SESSION_FIELD,
  ACP_NOTIFY_METHOD,
  ACP_PERMISSION_HANDLER_METHOD,
} from "../../protocol/methods.ts";
import {
  findProperty,
  getCalleeName,
  getEnclosingFunction,
  getMemberPath,
  getStaticPropertyName,
  getStringValue,
  isFunctionNode,
  unwrapExpression,
} from "../../analysis/ast.ts";
import { followConstant, walkSubtree } from "../../analysis/walk.ts";

/** Whether a file's text could hold a client that parks permission prompts and sends a cancel. */
export function textMayParkPromptsAcrossCancel(text: string): boolean {
  return text.includes(ACP_PERMISSION_HANDLER_METHOD) && text.includes(ACP_CANCEL_METHOD);
}

/** A store a `requestPermission` handler parks its resolvers in: `this.pending.set(id, { resolve, reject })`. */
export interface ParkedPromptStore {
  /** The store as written, `this.pendingPermissions`; its last name is what other code is matched by. */
  readonly path: readonly string[];
  readonly name: string;
  readonly kind: "map" | "array";
  /** How a parked entry is settled: `entry.resolve(…)` (the property's name) or `entry(…)` (the resolver itself). */
  readonly settle: { readonly property: string } | null;
  /** Whether each entry records its session (`{ resolve, sessionId }`). */
  readonly keepsSession: boolean;
}

export interface CancelPathFinding {
  readonly cancel: TSESTree.CallExpression;
  readonly store: ParkedPromptStore;
  /** Whether the cancel path can reach the store as written (`this.x` in the same class, a module-level name). */
  readonly reachable: boolean;
  /** The expression naming the cancelled session, when the cancel passes `{ sessionId: … }`. */
  readonly session: TSESTree.Node | null;
}

/** Every cancel of the file whose path leaves a parked prompt store unsettled. */
export function findUnsettledCancels(sourceCode: Readonly<TSESLint.SourceCode>): CancelPathFinding[] {
  const stores: ParkedPromptStore[] = [];
  const cancels: TSESTree.CallExpression[] = [];
  const functionsByName = new Map<string, TSESTree.FunctionLike[]>();
  const storeClasses = new Map<string, TSESTree.ClassBody | null>();
  for (const node of nodesOfTypes(sourceCode, NAMED_FUNCTION_OR_CALL)) {
    const named = namedFunction(node);
    if (named) functionsByName.set(named.name, [...(functionsByName.get(named.name) ?? []), named.fn]);
    if (node.type === AST_NODE_TYPES.CallExpression && isCancelCall(node, sourceCode)) cancels.push(node);
    if (named?.name === ACP_PERMISSION_HANDLER_METHOD && named.fn.body) {
      for (const store of parkedStoresIn(named.fn, sourceCode)) {
        if (stores.some((known) => known.name === store.name)) continue;
        stores.push(store);
        storeClasses.set(store.name, enclosingClassBody(named.fn));
      }
    }
  }
  if (stores.length === 0) return [];
  const findings: CancelPathFinding[] = [];
  for (const cancel of cancels) {
    const path = getEnclosingFunction(cancel);
    if (!path?.body) continue;
    const reached = reachableFunctions(path, functionsByName, sourceCode);
    for (const store of stores) {
      if (reached.some((fn) => settlesStore(fn, store, sourceCode))) continue;
      const ownClass = storeClasses.get(store.name) ?? null;
      const reachable =
        store.path.length === 1 ||
        (store.path[0] === "this" && ownClass !== null && ownClass === enclosingClassBody(path));
      findings.push({ cancel, store, reachable, session: sessionOf(cancel, sourceCode) });
    }
  }
  return findings;
}

/** `conn.cancel({ sessionId })`, `conn.notify(methods.agent.session.cancel, …)`, `notify("session/cancel", …)`. */
function isCancelCall(call: TSESTree.CallExpression, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const method = getCalleeName(call);
  const first = call.arguments[0];
  if (!first) return false;
  if (method === ACP_CANCEL_METHOD) {
    const params = followConstant(first, sourceCode);
    return params.type === AST_NODE_TYPES.ObjectExpression && findProperty(params, ACP_CANCEL_SESSION_FIELD) !== null;
  }
  if (method !== ACP_NOTIFY_METHOD && method !== "sendNotification") return false;
  const named = followConstant(first, sourceCode);
  if (getStringValue(named) === ACP_CANCEL_NOTIFICATION) return true;
  const path = getMemberPath(named)?.join(".");
  return path !== undefined && (path === ACP_CANCEL_METHOD_PATH || path.endsWith(`.${ACP_CANCEL_METHOD_PATH}`));
}

function sessionOf(cancel: TSESTree.CallExpression, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.Node | null {
  const params = cancel.arguments.at(getCalleeName(cancel) === ACP_CANCEL_METHOD ? 0 : 1);
  const object = params ? followConstant(params, sourceCode) : null;
  if (object?.type !== AST_NODE_TYPES.ObjectExpression) return null;
  return findProperty(object, ACP_CANCEL_SESSION_FIELD)?.value ?? null;
}

/** A function with a name other code can call it by: a declaration, a method, `name = () => …`, `const name = …`. */
/** The nodes `namedFunction` can name, and the calls that may cancel. */
const NAMED_FUNCTION_OR_CALL = [
  AST_NODE_TYPES.FunctionDeclaration,
  AST_NODE_TYPES.MethodDefinition,
  AST_NODE_TYPES.Property,
  AST_NODE_TYPES.PropertyDefinition,
  AST_NODE_TYPES.VariableDeclarator,
  AST_NODE_TYPES.CallExpression,
] as const;

function namedFunction(node: TSESTree.Node): { name: string; fn: TSESTree.FunctionLike } | null {
  if (node.type === AST_NODE_TYPES.FunctionDeclaration && node.id) return { name: node.id.name, fn: node };
  if (
    (node.type === AST_NODE_TYPES.MethodDefinition ||
      node.type === AST_NODE_TYPES.Property ||
      node.type === AST_NODE_TYPES.PropertyDefinition) &&
    isFunctionNode(node.value)
  ) {
    const name = getStaticPropertyName(node);
    return name === null ? null : { name, fn: node.value };
  }
  if (
    node.type === AST_NODE_TYPES.VariableDeclarator &&
    node.id.type === AST_NODE_TYPES.Identifier &&
    isFunctionNode(node.init)
  ) {
    return { name: node.id.name, fn: node.init };
  }
  return null;
}

/** The stores `new Promise((resolve, reject) => store.set(id, { resolve, … }))` in `fn` parks its resolver in. */
function parkedStoresIn(fn: TSESTree.FunctionLike, sourceCode: Readonly<TSESLint.SourceCode>): ParkedPromptStore[] {
  const stores: ParkedPromptStore[] = [];
  walkSubtree(fn.body!, sourceCode.visitorKeys, (node) => {
    if (node.type !== AST_NODE_TYPES.NewExpression || getCalleeName(node) !== "Promise") return false;
    const executor = node.arguments[0];
    const resolve = isFunctionNode(executor) ? executor.params[0] : undefined;
    if (!executor || !isFunctionNode(executor) || resolve?.type !== AST_NODE_TYPES.Identifier) return false;
    walkSubtree(executor.body, sourceCode.visitorKeys, (inner) => {
      const store = inner.type === AST_NODE_TYPES.CallExpression ? storeWrite(inner, resolve.name) : null;
      if (store) stores.push(store);
      return false;
    });
    return false;
  });
  return stores;
}

/** `store.set(key, value)` or `store.push(value)` whose value is the resolver or an object holding it. */
function storeWrite(call: TSESTree.CallExpression, resolveName: string): ParkedPromptStore | null {
  const callee = unwrapExpression(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return null;
  const method = getCalleeName(call);
  const kind = method === "set" ? "map" : method === "push" ? "array" : null;
  const value = kind === "map" ? call.arguments[1] : kind === "array" ? call.arguments[0] : undefined;
  const path = getMemberPath(callee.object);
  if (!kind || !value || !path) return null;
  const written = unwrapExpression(value);
  if (written.type === AST_NODE_TYPES.Identifier && written.name === resolveName) {
    return { path, name: path.at(-1)!, kind, settle: null, keepsSession: false };
  }
  if (written.type !== AST_NODE_TYPES.ObjectExpression) return null;
  for (const property of written.properties) {
    if (property.type !== AST_NODE_TYPES.Property) continue;
    const held = unwrapExpression(property.value);
    if (held.type !== AST_NODE_TYPES.Identifier || held.name !== resolveName) continue;
    const keepsSession = findProperty(written, ACP_CANCEL_SESSION_FIELD) !== null;
    return { path, name: path.at(-1)!, kind, settle: { property: getStaticPropertyName(property)! }, keepsSession };
  }
  return null;
}

/** `fn` and the file's functions it calls by name (`this.rejectAll()`, `cancelPending(id)`), a few calls deep. */
function reachableFunctions(
  fn: TSESTree.FunctionLike,
  byName: ReadonlyMap<string, readonly TSESTree.FunctionLike[]>,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.FunctionLike[] {
  const reached = [fn];
  for (let depth = 0, frontier = [fn]; depth < 3 && frontier.length > 0; depth++) {
    const next: TSESTree.FunctionLike[] = [];
    for (const current of frontier) {
      if (!current.body) continue;
      walkSubtree(current.body, sourceCode.visitorKeys, (node) => {
        const name = node.type === AST_NODE_TYPES.CallExpression ? getCalleeName(node) : null;
        for (const callee of (name && byName.get(name)) || []) {
          if (!reached.includes(callee)) {
            reached.push(callee);
            next.push(callee);
          }
        }
        return false;
      });
    }
    frontier = next;
  }
  return reached;
}

/** Whether `fn` reads the store and answers a call with `{ outcome: { outcome: cancelled } }`. */
function settlesStore(
  fn: TSESTree.FunctionLike,
  store: ParkedPromptStore,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  if (!fn.body) return false;
  let readsStore = false;
  let answersCancelled = false;
  walkSubtree(fn.body, sourceCode.visitorKeys, (node) => {
    if (node.type === AST_NODE_TYPES.MemberExpression && getMemberPath(node)?.at(-1) === store.name) readsStore = true;
    if (getStringValue(node) === ACP_OUTCOME.cancelled && node.parent?.type === AST_NODE_TYPES.Property) {
      answersCancelled = true;
    }
    return false;
  });
  return readsStore && answersCancelled;
}

function enclosingClassBody(node: TSESTree.Node): TSESTree.ClassBody | null {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type === AST_NODE_TYPES.ClassBody) return current;
  }
  return null;
}
