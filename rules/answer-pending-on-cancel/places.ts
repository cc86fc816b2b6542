/**
 * The functions a cancel path or a permission handler runs, wherever in the project they are (docs/architecture.md,
 * "The project model"): a function of the same module called by name, an imported function, and a method of an
 * object whose class is known — a `const` of the module or one it imports (`permissions.cancelAll()` on
 * `export const permissions = new PermissionStore()`), or a field of `this` (`this.gate.ask(…)` with
 * `gate = new PermissionGate()`). Each function comes with the module's `SourceCode`, so what it does is read there.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import {
  getCalleeName,
  getMemberPath,
  getStaticPropertyName,
  isFunctionNode,
  unwrapExpression,
  walkSubtree,
} from "../../analysis/ast.ts";
import { importedBindingOf, type ModuleGate } from "../../analysis/modules.ts";
import { nodesOfTypes } from "../../analysis/node-index.ts";
import { resolveIdentifier, singleInitializer } from "../../analysis/walk.ts";
import { ACP_PERMISSION_HANDLER_METHOD } from "../../protocol/methods.ts";
import { ACP_OUTCOME } from "../../protocol/answers.ts";
import { CLOSABLE_DIALOGS } from "../../protocol/dismissals.ts";

export type Code = Readonly<TSESLint.SourceCode>;

/** A function of the project and the module (its `SourceCode`) it is written in. */
export interface Place {
  readonly fn: TSESTree.FunctionLike;
  readonly sourceCode: Code;
}

/**
 * The modules a cancel path may lead to: those that may hold a permission handler, a store of pending prompts or
 * the code that answers them (`cancelled`), or a dialog. Others are not parsed for this rule.
 */
const WORDS = [
  ACP_PERMISSION_HANDLER_METHOD,
  ACP_OUTCOME.cancelled,
  "Promise",
  ...CLOSABLE_DIALOGS.map((row) => row.method),
];
export const CANCEL_PATH_GATE: ModuleGate = (text) => WORDS.some((word) => text.includes(word));

const NAMED = [
  AST_NODE_TYPES.FunctionDeclaration,
  AST_NODE_TYPES.MethodDefinition,
  AST_NODE_TYPES.Property,
  AST_NODE_TYPES.PropertyDefinition,
  AST_NODE_TYPES.VariableDeclarator,
] as const;

/** A function with a name other code can call it by: a declaration, a method, `name = () => …`, `const name = …`. */
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

/** The module's functions named `name` (a method of any of its classes counts: a close-all is often elsewhere). */
export function functionsNamed(sourceCode: Code, name: string): Place[] {
  if (!sourceCode.text.includes(name)) return [];
  const found: Place[] = [];
  for (const node of nodesOfTypes(sourceCode, NAMED)) {
    const named = namedFunction(node);
    if (named?.name === name) found.push({ fn: named.fn, sourceCode });
  }
  return found;
}

/** The functions `call` may run: by name in its module, imported, or a method of an object whose class is known. */
export function calleesOf(call: TSESTree.CallExpression, sourceCode: Code): Place[] {
  const name = getCalleeName(call);
  if (!name) return [];
  const local = functionsNamed(sourceCode, name);
  const callee = unwrapExpression(call.callee);
  if (callee.type === AST_NODE_TYPES.Identifier) {
    const imported = importedBindingOf(callee, sourceCode, CANCEL_PATH_GATE);
    return imported && isFunctionNode(imported.node)
      ? [...local, { fn: imported.node, sourceCode: imported.module.sourceCode }]
      : local;
  }
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return local;
  // `ns.name(…)` on a namespace import.
  const exported = importedBindingOf(callee, sourceCode, CANCEL_PATH_GATE);
  if (exported && isFunctionNode(exported.node))
    return [...local, { fn: exported.node, sourceCode: exported.module.sourceCode }];
  const owner = classOfValue(callee.object, sourceCode, 0);
  if (!owner || owner.sourceCode === sourceCode) return local;
  return [...local, ...methodsOf(owner.node, name).map((fn) => ({ fn, sourceCode: owner.sourceCode }))];
}

/**
 * `fn` and what it runs, a few calls deep (`this.rejectAll()`, `cancelPending(id)`, `permissions.cancelAll()`);
 * `follow` says which calls of a function lead on (every call, for a cancel path).
 */
export function reachablePlaces(
  start: Place,
  depth: number,
  follow: (call: TSESTree.CallExpression) => boolean = () => true,
): Place[] {
  const reached = [start];
  for (let level = 0, frontier = [start]; level < depth && frontier.length > 0; level++) {
    const next: Place[] = [];
    for (const place of frontier) {
      if (!place.fn.body) continue;
      walkSubtree(place.fn.body, place.sourceCode.visitorKeys, (node) => {
        if (node.type !== AST_NODE_TYPES.CallExpression || !follow(node)) return false;
        for (const callee of calleesOf(node, place.sourceCode)) {
          if (reached.some((known) => known.fn === callee.fn)) continue;
          reached.push(callee);
          next.push(callee);
        }
        return false;
      });
    }
    frontier = next;
  }
  return reached;
}

interface ClassPlace {
  readonly node: TSESTree.ClassDeclaration | TSESTree.ClassExpression;
  readonly sourceCode: Code;
}

/** The class of the object `node` holds: `new C()` kept in a `const`, an imported instance, a field of `this`. */
function classOfValue(node: TSESTree.Node, sourceCode: Code, hops: number): ClassPlace | null {
  if (hops > 3) return null;
  const value = unwrapExpression(node);
  if (value.type === AST_NODE_TYPES.NewExpression) return classNamed(value.callee, sourceCode);
  if (value.type === AST_NODE_TYPES.MemberExpression) {
    const path = getMemberPath(value);
    return path?.length === 2 && path[0] === "this" ? classOfField(value, path[1]!, sourceCode, hops) : null;
  }
  if (value.type !== AST_NODE_TYPES.Identifier) return null;
  const variable = resolveIdentifier(value, sourceCode);
  if (variable?.defs[0]?.type === "ImportBinding") {
    const imported = importedBindingOf(value, sourceCode, CANCEL_PATH_GATE);
    return imported ? classOfValue(imported.node, imported.module.sourceCode, hops + 1) : null;
  }
  const init = variable ? singleInitializer(variable) : null;
  return init ? classOfValue(init, sourceCode, hops + 1) : null;
}

/** The class a name refers to: declared in the module, or imported. */
function classNamed(callee: TSESTree.Node, sourceCode: Code): ClassPlace | null {
  const target = unwrapExpression(callee);
  if (target.type !== AST_NODE_TYPES.Identifier) return null;
  const definition = resolveIdentifier(target, sourceCode)?.defs[0];
  if (definition?.type === "ClassName") {
    const node = definition.node;
    return node.type === AST_NODE_TYPES.ClassDeclaration || node.type === AST_NODE_TYPES.ClassExpression
      ? { node, sourceCode }
      : null;
  }
  if (definition?.type !== "ImportBinding") return null;
  const imported = importedBindingOf(target, sourceCode, CANCEL_PATH_GATE);
  const node = imported?.node;
  if (node?.type === AST_NODE_TYPES.ClassDeclaration || node?.type === AST_NODE_TYPES.ClassExpression)
    return { node, sourceCode: imported!.module.sourceCode };
  return null;
}

/** `this.gate` read in a class: the class of what its field or constructor puts there. */
function classOfField(
  read: TSESTree.MemberExpression,
  field: string,
  sourceCode: Code,
  hops: number,
): ClassPlace | null {
  let owner: TSESTree.Node | undefined = read.parent;
  while (owner && owner.type !== AST_NODE_TYPES.ClassBody) owner = owner.parent;
  if (!owner) return null;
  for (const member of owner.body) {
    if (member.type === AST_NODE_TYPES.PropertyDefinition && getStaticPropertyName(member) === field && member.value)
      return classOfValue(member.value, sourceCode, hops + 1);
    if (member.type !== AST_NODE_TYPES.MethodDefinition || member.kind !== "constructor") continue;
    for (const statement of member.value.body?.body ?? []) {
      const expression = statement.type === AST_NODE_TYPES.ExpressionStatement ? statement.expression : null;
      if (expression?.type !== AST_NODE_TYPES.AssignmentExpression) continue;
      const target = getMemberPath(expression.left);
      if (target?.length === 2 && target[0] === "this" && target[1] === field)
        return classOfValue(expression.right, sourceCode, hops + 1);
    }
  }
  return null;
}

/** The methods (and function-valued fields) of a class named `name`. */
function methodsOf(owner: TSESTree.ClassDeclaration | TSESTree.ClassExpression, name: string): TSESTree.FunctionLike[] {
  return owner.body.body.flatMap((member) => {
    const named = namedFunction(member);
    return named?.name === name ? [named.fn] : [];
  });
}
