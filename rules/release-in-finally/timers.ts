/**
 * What release-in-finally needs to know about a stored timer beyond the pair itself: the other names it is stored
 * under (`const t = setTimeout(…); this.timer = t`), whether it is handed on, whether it is the wait's own deadline
 * (it only aborts or settles what is waited on, so firing late does nothing), and whether it was unref'd.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import {
  findVariable,
  getEnclosingFunction,
  getMemberPath,
  isFunctionNode,
  outermostWrapper,
  unwrapExpression,
} from "../../analysis/ast.ts";
import { resourcePath, timerClearArgument, type Acquisition } from "./acquisitions.ts";
import { findEscapeIn, type AcquisitionSite } from "./sites.ts";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** Where a timer's handle is read: through `!`, `as` and `satisfies` up to the node that uses it. */
function usedAt(identifier: TSESTree.Node): { node: TSESTree.Node; parent: TSESTree.Node } {
  const node = outermostWrapper(identifier);
  return { node, parent: node.parent! };
}

/** `this.timer = t` or `const alias = t` in the acquiring function: the path it is also stored under. */
function aliasOf(identifier: TSESTree.Node, owner: TSESTree.Node | null): string | null {
  const { node, parent } = usedAt(identifier);
  if (getEnclosingFunction(node) !== owner) return null;
  if (parent.type === AST_NODE_TYPES.AssignmentExpression && parent.operator === "=" && parent.right === node) {
    return resourcePath(parent.left);
  }
  if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.init === node) {
    return parent.id.type === AST_NODE_TYPES.Identifier ? parent.id.name : null;
  }
  return null;
}

function handleVariables(sourceCode: SourceCode, site: AcquisitionSite): TSESLint.Scope.Variable[] {
  return site.handles.flatMap((handle) => findVariable(sourceCode.getScope(handle), handle.name) ?? []);
}

/** The paths a timer's handle is copied to in the acquiring function (`this.timer`, `pending.timer`, `alias`). */
export function timerAliases(sourceCode: SourceCode, site: AcquisitionSite, owner: TSESTree.Node | null): string[] {
  return handleVariables(sourceCode, site).flatMap((variable) =>
    variable.references.flatMap((reference) =>
      reference.isRead() ? (aliasOf(reference.identifier, owner) ?? []) : [],
    ),
  );
}

/**
 * The first read of the timer's handle that hands it on (`timers.push(t)`, `return t`, `{ timer: t }`): somebody
 * else may clear it, and this function alone cannot tell. Clearing it, copying it in this function, and calling its
 * own methods (`t.refresh()`) are not hand-offs.
 */
export function findTimerEscape(
  sourceCode: SourceCode,
  site: AcquisitionSite,
  owner: TSESTree.Node | null,
): TSESTree.Identifier | null {
  for (const variable of handleVariables(sourceCode, site)) {
    const definition = site.handles.find((handle) => variable.identifiers.includes(handle)) ?? site.handles[0]!;
    const escape = findEscapeIn(variable, definition, (identifier) => {
      const { node, parent } = usedAt(identifier);
      return timerClearArgument(parent) === node || aliasOf(identifier, owner) !== null;
    });
    if (escape) return escape;
  }
  return null;
}

/** What a deadline does when it fires: abort or cancel the wait, or settle the promise that stands for it. */
const ENDS_THE_WAIT: ReadonlySet<string> = new Set(["abort", "cancel", "resolve", "reject"]);

/**
 * A one-shot timer whose firing after the wait does no harm. Mostly the wait's own deadline: its callback only
 * aborts or cancels (`() => controller.abort()`, `controller.abort.bind(controller)`) or settles the promise that
 * stands for the wait (`setTimeout(reject, ms)`, `() => deferred.resolve(noAnswer)`, a parameter of the
 * `new Promise` executor around it), perhaps after setting a flag or writing to the console. Firing after the wait
 * ended aborts or settles what already finished, which does nothing; a late console line is noise, not a fault.
 * Reporting either would cost more trust than it is worth.
 */
export function firesHarmlessly(acquisition: Acquisition, sourceCode: SourceCode): boolean {
  if (acquisition.pair.kind !== "timer" || acquisition.pair.repeats) return false;
  const call = innerTimerCall(acquisition.node);
  const callback = call?.arguments[0];
  if (!callback) return false;
  const target = unwrapExpression(callback);
  if (target.type === AST_NODE_TYPES.Identifier) return endsTheWait(target, sourceCode);
  if (target.type === AST_NODE_TYPES.CallExpression) {
    const path = getMemberPath(target.callee);
    return path !== null && path.length >= 3 && ENDS_THE_WAIT.has(path.at(-2)!) && path.at(-1) === "bind";
  }
  if (target.type !== AST_NODE_TYPES.ArrowFunctionExpression && target.type !== AST_NODE_TYPES.FunctionExpression) {
    return false;
  }
  const body = target.body;
  if (body.type !== AST_NODE_TYPES.BlockStatement) return isHarmlessCall(body, sourceCode);
  let calls = false;
  for (const statement of body.body) {
    if (statement.type !== AST_NODE_TYPES.ExpressionStatement) return false;
    const expression = unwrapExpression(statement.expression);
    if (expression.type === AST_NODE_TYPES.AssignmentExpression && resourcePath(expression.left) !== null) continue;
    if (!isHarmlessCall(expression, sourceCode)) return false;
    calls = true;
  }
  return calls;
}

/** The `setTimeout(…)` call itself, when the acquisition is `setTimeout(…).unref()` or the call. */
function innerTimerCall(node: TSESTree.Node): TSESTree.CallExpression | null {
  if (node.type !== AST_NODE_TYPES.CallExpression) return null;
  const callee = unwrapExpression(node.callee);
  if (callee.type === AST_NODE_TYPES.MemberExpression && callee.object.type === AST_NODE_TYPES.CallExpression) {
    return callee.object;
  }
  return node;
}

/** A call that ends the wait (`x.abort(…)`, `deferred.resolve(…)`, `reject(…)`), or `console.warn(…)`. */
function isHarmlessCall(node: TSESTree.Node, sourceCode: SourceCode): boolean {
  const expression = unwrapExpression(node);
  if (expression.type !== AST_NODE_TYPES.CallExpression) return false;
  const path = getMemberPath(expression.callee);
  return (path?.length === 2 && path[0] === "console") || endsTheWait(expression.callee, sourceCode);
}

/** `abort`, `cancel`, `resolve` or `reject` by name (`x.abort`, `reject`), or a parameter of the enclosing executor. */
function endsTheWait(callee: TSESTree.Node, sourceCode: SourceCode): boolean {
  const target = unwrapExpression(callee);
  const name = getMemberPath(target)?.at(-1);
  if (name !== undefined && ENDS_THE_WAIT.has(name)) return true;
  return target.type === AST_NODE_TYPES.Identifier && settlesEnclosingPromise(target, sourceCode);
}

/** Whether `identifier` names a parameter of a `new Promise((resolve, reject) => …)` executor. */
function settlesEnclosingPromise(identifier: TSESTree.Identifier, sourceCode: SourceCode): boolean {
  const variable = findVariable(sourceCode.getScope(identifier), identifier.name);
  return !!variable?.defs.some((def) => {
    if (def.type !== "Parameter" || !isFunctionNode(def.node)) return false;
    const parent = def.node.parent;
    return (
      parent?.type === AST_NODE_TYPES.NewExpression &&
      parent.arguments[0] === def.node &&
      parent.callee.type === AST_NODE_TYPES.Identifier &&
      parent.callee.name === "Promise"
    );
  });
}

/**
 * Whether the timer's name is this function's own: a variable declared in it, or a member path (`this.timer`). A
 * variable of an enclosing scope re-armed here (`if (h) clearTimeout(h); h = setTimeout(flush, 200)`) is a debounce
 * or a shared timer whose life spans many calls; no single call's `finally` is where it ends.
 */
export function isOwnTimer(sourceCode: SourceCode, site: AcquisitionSite, owner: TSESTree.Node | null): boolean {
  if (site.acquisition.collected) return isOwnCollection(sourceCode, site, owner);
  if (site.acquisition.path.includes(".")) return true;
  const variables = handleVariables(sourceCode, site);
  return (
    variables.length > 0 &&
    variables.every((variable) =>
      variable.defs.every((def) => def.type === "Variable" && getEnclosingFunction(def.node) === owner),
    )
  );
}

/** `t.unref()` in the acquiring function, for any path the timer is stored under. */
export function isUnrefd(
  calls: readonly TSESTree.CallExpression[],
  paths: ReadonlySet<string>,
  owner: TSESTree.Node | null,
): boolean {
  return calls.some((call) => {
    const callee = unwrapExpression(call.callee);
    if (callee.type !== AST_NODE_TYPES.MemberExpression || getMemberPath(callee)?.at(-1) !== "unref") return false;
    const path = resourcePath(callee.object);
    return path !== null && paths.has(path) && getEnclosingFunction(call) === owner;
  });
}

/**
 * `const timers = []` in the acquiring function, only pushed to and iterated (`timers.forEach(clearTimeout)`): the
 * function alone holds the timers it collects. A collection handed on, returned or kept elsewhere is somebody else's.
 */
function isOwnCollection(sourceCode: SourceCode, site: AcquisitionSite, owner: TSESTree.Node | null): boolean {
  const name = site.acquisition.path;
  if (name.includes(".")) return false;
  const variable = findVariable(sourceCode.getScope(site.acquisition.node), name);
  const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (
    definition?.type !== "Variable" ||
    getEnclosingFunction(definition.node) !== owner ||
    definition.node.init?.type !== AST_NODE_TYPES.ArrayExpression
  ) {
    return false;
  }
  return variable!.references.every((reference) => {
    if (reference.init) return true;
    const parent = reference.identifier.parent;
    return (
      parent?.type === AST_NODE_TYPES.MemberExpression &&
      parent.object === reference.identifier &&
      COLLECTION_METHODS.has(getMemberPath(parent)?.at(-1) ?? "")
    );
  });
}

const COLLECTION_METHODS: ReadonlySet<string> = new Set(["push", "forEach", "length"]);
