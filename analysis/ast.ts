/**
 * Small, pure predicates over ESTree nodes shared by every rule, the one walker over a subtree, and what
 * `@typescript-eslint/utils` already gives, re-exported. Nothing here knows MCP or ACP.
 */
import { ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "./node-types.ts";
import { Fact, fileFacts } from "./cached-facts.ts";

/** The parser's visitor keys (`sourceCode.visitorKeys`): which properties of each node type hold its children. */
export type VisitorKeys = TSESLint.SourceCode.VisitorKeys;

/**
 * Calls `visit` on `root` and every node below it, depth first in source order, following the parser's visitor keys
 * (so comments and tokens are never children). `visit` returns true to stop the walk (`walkSubtree` then returns
 * true too) or "skip" to leave that node's children out.
 */
export function walkSubtree(
  root: TSESTree.Node,
  keys: VisitorKeys,
  visit: (node: TSESTree.Node) => boolean | "skip" | void,
): boolean {
  const stack: TSESTree.Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const verdict = visit(node);
    if (verdict === true) return true;
    if (verdict === "skip") continue;
    const nodeKeys = keys[node.type] ?? [];
    for (let index = nodeKeys.length - 1; index >= 0; index--) {
      const child = (node as unknown as Record<string, unknown>)[nodeKeys[index]!];
      if (Array.isArray(child)) {
        for (let item = child.length - 1; item >= 0; item--) {
          const element = child[item] as TSESTree.Node | null;
          if (element && typeof element.type === "string") stack.push(element);
        }
      } else if (child && typeof (child as TSESTree.Node).type === "string") {
        stack.push(child as TSESTree.Node);
      }
    }
  }
  return false;
}

/** Whether any node in `root`'s subtree, outside functions nested in it, passes `test`. */
export function someOwnNode(root: TSESTree.Node, keys: VisitorKeys, test: (node: TSESTree.Node) => boolean): boolean {
  return walkSubtree(root, keys, (node) =>
    test(node) ? true : node !== root && isFunctionNode(node) ? "skip" : false,
  );
}

/** The variable a name refers to, looked up from `scope` outwards (eslint-utils' `findVariable`). */
export function findVariable(scope: TSESLint.Scope.Scope | null, name: string): TSESLint.Scope.Variable | null {
  return scope ? ASTUtils.findVariable(scope, name) : null;
}

/** The initialiser of the one `const` declaration `identifier` names (`const x = …`), or null for anything else. */
export function constInitializer(
  identifier: TSESTree.Identifier,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.Expression | null {
  const variable = ASTUtils.findVariable(sourceCode.getScope(identifier), identifier.name);
  const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (definition?.type !== "Variable" || definition.node.id.type !== AST_NODE_TYPES.Identifier) return null;
  return definition.node.parent.kind === "const" ? (definition.node.init ?? null) : null;
}

/** Wrappers that only retype or guard a value: `x!`, `x as T`, `x satisfies T`, `<T>x`, `a?.b()`. */
const VALUE_WRAPPERS: ReadonlySet<string> = new Set([
  AST_NODE_TYPES.TSNonNullExpression,
  AST_NODE_TYPES.TSAsExpression,
  AST_NODE_TYPES.TSSatisfiesExpression,
  AST_NODE_TYPES.TSTypeAssertion,
  AST_NODE_TYPES.ChainExpression,
]);

/** The outermost of `node` and the value wrappers directly around it: where the value is used. */
export function outermostWrapper(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (current.parent && VALUE_WRAPPERS.has(current.parent.type)) current = current.parent;
  return current;
}

/** Strips the wrappers that do not change a value: `await`, `!`, `as`, `satisfies`, `<T>`, `?.` chains. */
export function unwrapExpression(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  for (;;) {
    switch (current.type) {
      case AST_NODE_TYPES.AwaitExpression:
        current = current.argument;
        continue;
      case AST_NODE_TYPES.TSNonNullExpression:
      case AST_NODE_TYPES.TSAsExpression:
      case AST_NODE_TYPES.TSSatisfiesExpression:
      case AST_NODE_TYPES.TSTypeAssertion:
        current = current.expression;
        continue;
      case AST_NODE_TYPES.ChainExpression:
        current = current.expression;
        continue;
      default:
        return current;
    }
  }
}

/**
 * The name of a property written as a name or a string (`a.b`, `a["b"]`, ``a[`b`]``, `{ b: 1 }`, `{ "b": 1 }`), or
 * null: `ASTUtils.getPropertyName`, kept to keys whose value is a string. The library also names numeric and other
 * literal keys (`{ 1: x }`, `a[0]`, `a[null]` → "1", "0", "null"), which would match a field of that name here.
 */
export function getStaticPropertyName(
  node: TSESTree.MemberExpression | TSESTree.Property | TSESTree.PropertyDefinition | TSESTree.MethodDefinition,
): string | null {
  const name = ASTUtils.getPropertyName(node);
  if (name === null) return null;
  const key = node.type === AST_NODE_TYPES.MemberExpression ? node.property : node.key;
  if (!node.computed && key.type !== AST_NODE_TYPES.Literal) return name;
  return typeof ASTUtils.getStaticValue(key)?.value === "string" ? name : null;
}

/** A member's name as a class writes it: `#name` for a private one (which `getStaticPropertyName` leaves out). */
export function memberName(
  node: TSESTree.MemberExpression | TSESTree.MethodDefinition | TSESTree.PropertyDefinition,
): string | null {
  const key = node.type === AST_NODE_TYPES.MemberExpression ? node.property : node.key;
  return key.type === AST_NODE_TYPES.PrivateIdentifier ? `#${key.name}` : getStaticPropertyName(node);
}

/**
 * The value of a string or template literal whose value is known without looking up names (`"a"`, `` `a` ``,
 * `` `a${1}` ``), or null: `ASTUtils.getStaticValue`, kept to strings. The library also gives `null`, numbers and
 * booleans (`getStringIfConstant` turns them into "null", "1", "true"), which are no string the code wrote. Only
 * literals are asked: the library would otherwise evaluate whatever callers pass (whole object literals, calls).
 */
export function getStringValue(node: TSESTree.Node | null | undefined): string | null {
  if (node?.type !== AST_NODE_TYPES.Literal && node?.type !== AST_NODE_TYPES.TemplateLiteral) return null;
  const value = ASTUtils.getStaticValue(node)?.value;
  return typeof value === "string" ? value : null;
}

export function isStringLike(node: TSESTree.Node): boolean {
  return (
    (node.type === AST_NODE_TYPES.Literal && typeof node.value === "string") ||
    node.type === AST_NODE_TYPES.TemplateLiteral
  );
}

/**
 * The dotted path of an identifier/member chain (`ctx.mcpReq.signal` → ["ctx", "mcpReq", "signal"]),
 * or null when any link is computed or not a name. `this` counts as a name.
 */
export function getMemberPath(node: TSESTree.Node): string[] | null {
  const target = unwrapExpression(node);
  if (target.type === AST_NODE_TYPES.Identifier) return [target.name];
  if (target.type === AST_NODE_TYPES.ThisExpression) return ["this"];
  if (target.type === AST_NODE_TYPES.MemberExpression) {
    const property = getStaticPropertyName(target);
    const objectPath = property === null ? null : getMemberPath(target.object);
    // Each call builds its own array: the object's path is extended in place rather than copied at every level.
    if (objectPath !== null) objectPath.push(property!);
    return objectPath;
  }
  return null;
}

/** The method name of `x.y.method(…)` or `method(…)`, or null. */
export function getCalleeName(call: TSESTree.CallExpression | TSESTree.NewExpression): string | null {
  const callee = unwrapExpression(call.callee);
  if (callee.type === AST_NODE_TYPES.Identifier) return callee.name;
  if (callee.type === AST_NODE_TYPES.MemberExpression) return getStaticPropertyName(callee);
  return null;
}

/** The rightmost name of a call's receiver (`mcpServer.server.elicitInput` → "server"), or null. */
export function getReceiverName(call: TSESTree.CallExpression): string | null {
  const callee = unwrapExpression(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return null;
  const path = getMemberPath(callee.object);
  return path ? path[path.length - 1]! : null;
}

/** The `key: value` property named `name` of an object literal (last one wins, as at run time), or null. */
export function findProperty(object: TSESTree.ObjectExpression, name: string): TSESTree.Property | null {
  let found: TSESTree.Property | null = null;
  for (const property of object.properties) {
    if (property.type === AST_NODE_TYPES.Property && getStaticPropertyName(property) === name) found = property;
  }
  return found;
}

/** Whether an object literal has a spread, which may bring in any field. */
export function hasSpread(object: TSESTree.ObjectExpression): boolean {
  return object.properties.some((property) => property.type === AST_NODE_TYPES.SpreadElement);
}

/** The nearest enclosing function of a node, or null at module level. */
export function getEnclosingFunction(node: TSESTree.Node): TSESTree.FunctionLike | null {
  for (let current = node.parent; current; current = current.parent) {
    if (
      current.type === AST_NODE_TYPES.FunctionDeclaration ||
      current.type === AST_NODE_TYPES.FunctionExpression ||
      current.type === AST_NODE_TYPES.ArrowFunctionExpression
    ) {
      return current;
    }
  }
  return null;
}

export function isFunctionNode(node: TSESTree.Node | null | undefined): node is TSESTree.FunctionLike {
  return (
    !!node &&
    (node.type === AST_NODE_TYPES.FunctionDeclaration ||
      node.type === AST_NODE_TYPES.FunctionExpression ||
      node.type === AST_NODE_TYPES.ArrowFunctionExpression)
  );
}

/** The package a module specifier names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
export function packageOfSpecifier(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

/** Per file: the packages it imports. */
const IMPORTED_PACKAGES = new Fact<null, ReadonlySet<string>>("the packages a file imports, once per file");

/** The packages the file holding `node` imports, worked out once per file. */
export function importedPackagesOf(node: TSESTree.Node): ReadonlySet<string> {
  let root: TSESTree.Node = node;
  while (root.parent) root = root.parent;
  if (root.type !== AST_NODE_TYPES.Program) return new Set();
  const program = root;
  return fileFacts(program).remember(IMPORTED_PACKAGES, null, () => collectImportedPackages(program));
}

/** Packages a program imports, requires or dynamically imports (string specifiers only). */
function collectImportedPackages(program: TSESTree.Program): Set<string> {
  const packages = new Set<string>();
  const addSpecifier = (specifier: string | null) => {
    if (specifier === null || specifier.startsWith(".") || specifier.startsWith("/")) return;
    packages.add(packageOfSpecifier(specifier));
  };
  for (const statement of program.body) {
    if (statement.type === AST_NODE_TYPES.ImportDeclaration) addSpecifier(statement.source.value);
    if (
      (statement.type === AST_NODE_TYPES.ExportNamedDeclaration ||
        statement.type === AST_NODE_TYPES.ExportAllDeclaration) &&
      statement.source
    ) {
      addSpecifier(statement.source.value);
    }
    if (statement.type === AST_NODE_TYPES.VariableDeclaration) {
      for (const declarator of statement.declarations) {
        const init = declarator.init && unwrapExpression(declarator.init);
        if (
          init?.type === AST_NODE_TYPES.CallExpression &&
          init.callee.type === AST_NODE_TYPES.Identifier &&
          init.callee.name === "require"
        ) {
          addSpecifier(getStringValue(init.arguments[0]));
        }
      }
    }
  }
  return packages;
}

/**
 * The narrowest stable place to report a call: the method name of `x.ask(…)` / `x?.ask(…)`, or the callee of
 * `ask(…)`. Users' `eslint-disable-line` comments depend on it not moving.
 */
export function narrowCallLocation(call: TSESTree.CallExpression | TSESTree.NewExpression): TSESTree.Node {
  const callee = call.callee.type === AST_NODE_TYPES.ChainExpression ? call.callee.expression : call.callee;
  return callee.type === AST_NODE_TYPES.MemberExpression ? callee.property : callee;
}

/** Whether `inner` lies within `outer`'s source range (`outer` itself included); false where there is no `outer`. */
export function containsNode(outer: TSESTree.Node | null | undefined, inner: TSESTree.Node): boolean {
  return !!outer && outer.range[0] <= inner.range[0] && inner.range[1] <= outer.range[1];
}

/** Code quoted in a message: on one line, and cut to 60 characters. */
export function shortText(text: string): string {
  const oneLine = text.replace(/\s+/g, " ");
  return oneLine.length > 60 ? `${oneLine.slice(0, 57)}...` : oneLine;
}
