/**
 * What a permission handler leaves open until a person answers: the stores it parks resolvers in — the `resolve` of
 * a `new Promise`, a `Deferred`-style object (a class that keeps a promise and its `resolve`), `Promise.withResolvers()`
 * — and the dialogs it shows that nothing but a click can close (protocol/dismissals.ts `CLOSABLE_DIALOGS`). An entry
 * that a timer of the same function settles asks nobody: it ends on its own.
 */
import type { TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import {
  findProperty,
  getCalleeName,
  getMemberPath,
  getReceiverName,
  getStaticPropertyName,
  importedPackagesOf,
  isFunctionNode,
  unwrapExpression,
  walkSubtree,
} from "../../analysis/ast.ts";
import { importedBindingOf } from "../../analysis/modules.ts";
import { isSetTimeoutCall, resolveIdentifier } from "../../analysis/walk.ts";
import { ACP_CANCEL_SESSION_FIELD } from "../../protocol/methods.ts";
import { CLOSABLE_DIALOGS, type ClosableDialog } from "../../protocol/dismissals.ts";
import { CANCEL_PATH_GATE, type Code, type Place } from "./places.ts";

/** A store a `requestPermission` handler parks its resolvers in: `this.pending.set(id, { resolve, reject })`. */
export interface ParkedPromptStore {
  /** The store as written, `this.pendingPermissions`; its last name is what other code is matched by. */
  readonly path: readonly string[];
  readonly name: string;
  readonly kind: "map" | "array";
  /** How a parked entry is settled: `entry.resolve(…)` (the property's path) or `entry(…)` (the resolver itself). */
  readonly settle: { readonly property: string } | null;
  /** Whether each entry records its session (`{ resolve, sessionId }`). */
  readonly keepsSession: boolean;
  /** The function that parks, in its module. */
  readonly parkedIn: Place;
}

/** A dialog the handler shows that only a token could close, and it is handed none. */
export interface OpenDialog {
  readonly call: TSESTree.CallExpression;
  readonly row: ClosableDialog;
  readonly shownIn: Place;
}

/** How a resolver is reached from what is stored: the resolver itself, or a property path to it (`deferred.resolve`). */
interface Resolver {
  /** The local name a store write holds. */
  readonly name: string;
  /** The property of what is held that settles it (`resolve` of a Deferred), or null for the resolver itself. */
  readonly via: string | null;
}

export function parkedStoresIn(place: Place): ParkedPromptStore[] {
  const { fn, sourceCode } = place;
  if (!fn.body) return [];
  const resolvers = resolversIn(fn, sourceCode).filter((resolver) => !settledByTimer(fn, resolver, sourceCode));
  if (resolvers.length === 0) return [];
  const stores: ParkedPromptStore[] = [];
  walkSubtree(fn.body, sourceCode.visitorKeys, (node) => {
    if (node.type !== AST_NODE_TYPES.CallExpression) return false;
    for (const resolver of resolvers) {
      const store = storeWrite(node, resolver, place);
      if (store && !stores.some((known) => known.name === store.name)) stores.push(store);
    }
    return false;
  });
  return stores;
}

/** The resolvers `fn` makes: `new Promise((resolve) => …)`, `new Deferred()`, `Promise.withResolvers()`. */
function resolversIn(fn: TSESTree.FunctionLike, sourceCode: Code): Resolver[] {
  const resolvers: Resolver[] = [];
  walkSubtree(fn.body!, sourceCode.visitorKeys, (node) => {
    if (node.type === AST_NODE_TYPES.NewExpression && getCalleeName(node) === "Promise") {
      const executor = node.arguments[0];
      const resolve = isFunctionNode(executor) ? executor.params[0] : undefined;
      if (resolve?.type === AST_NODE_TYPES.Identifier) resolvers.push({ name: resolve.name, via: null });
      return false;
    }
    if (node.type !== AST_NODE_TYPES.VariableDeclarator || !node.init) return false;
    const made = unwrapExpression(node.init);
    const field = isWithResolvers(made) ? "resolve" : deferredResolveField(made, sourceCode);
    if (!field) return false;
    if (node.id.type === AST_NODE_TYPES.Identifier) resolvers.push({ name: node.id.name, via: field });
    if (node.id.type === AST_NODE_TYPES.ObjectPattern) {
      const taken = node.id.properties.find(
        (property) => property.type === AST_NODE_TYPES.Property && getStaticPropertyName(property) === field,
      ) as TSESTree.Property | undefined;
      if (taken?.value.type === AST_NODE_TYPES.Identifier) resolvers.push({ name: taken.value.name, via: null });
    }
    return false;
  });
  return resolvers;
}

function isWithResolvers(node: TSESTree.Node): boolean {
  return (
    node.type === AST_NODE_TYPES.CallExpression && getMemberPath(node.callee)?.join(".") === "Promise.withResolvers"
  );
}

/**
 * `new Deferred()` of a class (of this module, or imported) that keeps a promise and its settler in fields:
 * `this.promise = new Promise((resolve, reject) => { this.resolve = resolve; … })`. The field that settles it.
 */
function deferredResolveField(node: TSESTree.Node, sourceCode: Code): string | null {
  if (node.type !== AST_NODE_TYPES.NewExpression || node.callee.type !== AST_NODE_TYPES.Identifier) return null;
  const definition = resolveIdentifier(node.callee, sourceCode)?.defs[0];
  let owner: TSESTree.Node | null = definition?.type === "ClassName" ? definition.node : null;
  let ownerCode = sourceCode;
  if (definition?.type === "ImportBinding") {
    const imported = importedBindingOf(node.callee, sourceCode, CANCEL_PATH_GATE);
    owner = imported?.node ?? null;
    ownerCode = imported?.module.sourceCode ?? sourceCode;
  }
  if (owner?.type !== AST_NODE_TYPES.ClassDeclaration && owner?.type !== AST_NODE_TYPES.ClassExpression) return null;
  let field: string | null = null;
  walkSubtree(owner.body, ownerCode.visitorKeys, (inner) => {
    if (field || inner.type !== AST_NODE_TYPES.NewExpression || getCalleeName(inner) !== "Promise") return false;
    const executor = inner.arguments[0];
    const resolve = isFunctionNode(executor) ? executor.params[0] : undefined;
    if (!executor || !isFunctionNode(executor) || resolve?.type !== AST_NODE_TYPES.Identifier) return false;
    walkSubtree(executor.body, ownerCode.visitorKeys, (assignment) => {
      if (assignment.type !== AST_NODE_TYPES.AssignmentExpression) return false;
      const target = getMemberPath(assignment.left);
      const value = unwrapExpression(assignment.right);
      if (target?.length === 2 && target[0] === "this" && value.type === AST_NODE_TYPES.Identifier)
        if (value.name === resolve.name) field = target[1]!;
      return false;
    });
    return false;
  });
  return field;
}

/** `setTimeout(() => resolve(…))` or `setTimeout(() => deferred.resolve(…))` in `fn`: the entry ends on its own. */
function settledByTimer(fn: TSESTree.FunctionLike, resolver: Resolver, sourceCode: Code): boolean {
  const settler = resolver.via ? `${resolver.name}.${resolver.via}` : resolver.name;
  let timed = false;
  walkSubtree(fn.body!, sourceCode.visitorKeys, (node) => {
    if (!isSetTimeoutCall(node)) return false;
    const callback = node.arguments[0];
    if (!callback) return false;
    walkSubtree(callback, sourceCode.visitorKeys, (inner) => {
      if (inner.type === AST_NODE_TYPES.CallExpression && getMemberPath(inner.callee)?.join(".") === settler)
        timed = true;
      return timed;
    });
    return timed;
  });
  return timed;
}

/** `store.set(key, value)` or `store.push(value)` whose value is the resolver or an object holding it. */
function storeWrite(call: TSESTree.CallExpression, resolver: Resolver, place: Place): ParkedPromptStore | null {
  const callee = unwrapExpression(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return null;
  const method = getCalleeName(call);
  const kind = method === "set" ? "map" : method === "push" ? "array" : null;
  const value = kind === "map" ? call.arguments[1] : kind === "array" ? call.arguments[0] : undefined;
  const path = getMemberPath(callee.object);
  if (!kind || !value || !path) return null;
  const written = unwrapExpression(value);
  const base = { path, name: path.at(-1)!, kind, parkedIn: place } as const;
  if (written.type === AST_NODE_TYPES.Identifier && written.name === resolver.name) {
    return { ...base, settle: resolver.via ? { property: resolver.via } : null, keepsSession: false };
  }
  if (written.type !== AST_NODE_TYPES.ObjectExpression) return null;
  for (const property of written.properties) {
    if (property.type !== AST_NODE_TYPES.Property) continue;
    const held = unwrapExpression(property.value);
    if (held.type !== AST_NODE_TYPES.Identifier || held.name !== resolver.name) continue;
    const keepsSession = findProperty(written, ACP_CANCEL_SESSION_FIELD) !== null;
    const key = getStaticPropertyName(property)!;
    return { ...base, settle: { property: resolver.via ? `${key}.${resolver.via}` : key }, keepsSession };
  }
  return null;
}

/**
 * The dialogs `place` shows with the option that keeps them open when focus leaves and no cancellation token
 * (`window.showQuickPick(items, { ignoreFocusOut: true })`): the cancel path has no way to close them.
 */
export function openDialogsIn(place: Place): OpenDialog[] {
  const { fn, sourceCode } = place;
  if (!fn.body || !CLOSABLE_DIALOGS.some((row) => sourceCode.text.includes(row.method))) return [];
  const imported = importedPackagesOf(sourceCode.ast);
  const rows = CLOSABLE_DIALOGS.filter((row) => row.packages.some((name) => imported.has(name)));
  const found: OpenDialog[] = [];
  walkSubtree(fn.body, sourceCode.visitorKeys, (node) => {
    if (node.type !== AST_NODE_TYPES.CallExpression) return false;
    const row = rows.find((candidate) => candidate.method === getCalleeName(node));
    if (!row || getReceiverName(node) !== row.receiverTail) return false;
    if (node.arguments.length > row.tokenArgIndex) return false;
    const options = node.arguments[row.optionsArgIndex];
    const object = options && unwrapExpression(options);
    const keepOpen = object?.type === AST_NODE_TYPES.ObjectExpression ? findProperty(object, row.keepOpenOption) : null;
    const value = keepOpen && unwrapExpression(keepOpen.value);
    if (value?.type === AST_NODE_TYPES.Literal && value.value === true) found.push({ call: node, row, shownIn: place });
    return false;
  });
  return found;
}
