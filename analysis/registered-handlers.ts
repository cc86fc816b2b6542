/**
 * Handlers declared in one module and registered in another (docs/architecture.md, "The project model"): tool objects
 * `{ name, schema, handler }` collected in an array or object another module exports, and registered with
 * `server.tool(t.name, t.schema, t.handler)` or `(args, extra) => t.handler(args, extra)`; a handler passed by name, or
 * through a generic wrapper (`withErrorHandling(handler)`, analysis/pass-through.ts). For a registration of the linted
 * file, the functions it may hand a client's request to, each with the module it is declared in and the parameter the
 * request's extra reaches. Lazy: only the modules the registration's handler argument leads to are read.
 */
import path from "node:path";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "./node-types.ts";
import { getStaticPropertyName, isFunctionNode, unwrapExpression } from "./ast.ts";
import { requestHandlerRegistration } from "./calls.ts";
import { importedValueOf } from "./modules.ts";
import { projectFileOf } from "./project-files.ts";
import { passThroughOf } from "./pass-through.ts";
import { localFunctionOf, resolveIdentifier, singleInitializer } from "./walk.ts";

/** A node of some module of the project, with that module's SourceCode (the linted file's, or a module the model read). */
interface Located<T extends TSESTree.Node> {
  readonly node: T;
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
}

export interface RegisteredHandler {
  /** The function a client's request is handed to, a node of `sourceCode`. */
  readonly fn: TSESTree.FunctionLike;
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  /** The parameter of `fn` the request's extra (its signal) reaches, or null where it reaches none. */
  readonly extraIndex: number | null;
  /** MCP TS SDK major of the registration: the extra's signal is `extra.signal` (1) or `ctx.mcpReq.signal` (2). */
  readonly version: 1 | 2;
  /** Where the linted file names it: the registration's handler argument, or the adapter's call of it. */
  readonly at: TSESTree.Node;
}

/** How deep values are followed (constants, imports, properties, elements), and how many functions one leads to. */
const MAX_DEPTH = 8;
const MAX_FUNCTIONS = 200;

/**
 * The functions `registration` hands a client's request to, where they are not written at the registration: the
 * handler argument followed to its functions, or, for an adapter written there (`(args, extra) => t.handler(args,
 * extra)`), the functions it calls with the request's extra. Empty where `registration` registers no request handler.
 */
export function handlersRegisteredBy(
  registration: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): RegisteredHandler[] {
  const last = registration.arguments.at(-1);
  if (!last || !requestHandlerRegistration(registration, undefined)) return [];
  const argument = unwrapExpression(last);
  if (isFunctionNode(argument)) return adaptedHandlers(registration, argument, sourceCode);
  const found: RegisteredHandler[] = [];
  for (const held of functionsHeldBy(argument, sourceCode)) {
    const site = requestHandlerRegistration(registration, held.node.params[0]);
    const index = site?.signalParamIndex ?? null;
    if (!site || index === null) continue;
    found.push({
      fn: held.node,
      sourceCode: held.sourceCode,
      extraIndex: index < held.forwards ? index : null,
      version: site.version,
      at: argument,
    });
  }
  return found;
}

/** `(args, extra) => t.handler(args, extra)`: the functions the adapter hands its extra to, and at which parameter. */
function adaptedHandlers(
  registration: TSESTree.CallExpression,
  adapter: TSESTree.FunctionLike,
  sourceCode: Readonly<TSESLint.SourceCode>,
): RegisteredHandler[] {
  const site = requestHandlerRegistration(registration, adapter.params[0]);
  const extra = site?.signalParamIndex === null || !site ? null : adapter.params[site.signalParamIndex];
  if (!site || extra?.type !== AST_NODE_TYPES.Identifier || !adapter.body) return [];
  const found: RegisteredHandler[] = [];
  for (const { call, index } of callsHandedExtra(adapter, extra, sourceCode)) {
    const callee = unwrapExpression(call.callee);
    // Only what the adapter delegates to: a function of another module, or one a value of this file holds.
    if (callee.type !== AST_NODE_TYPES.MemberExpression && localFunctionOf(callee, sourceCode) !== null) continue;
    for (const held of functionsHeldBy(callee, sourceCode)) {
      found.push({ fn: held.node, sourceCode: held.sourceCode, extraIndex: index, version: site.version, at: call });
    }
  }
  return found;
}

/**
 * The calls the adapter hands its extra parameter to, as an argument, and at which position, in the order they are
 * written: read from the parameter's references, not from every call of a handler's body (most hand it nothing).
 */
function callsHandedExtra(
  adapter: TSESTree.FunctionLike,
  extra: TSESTree.Identifier,
  sourceCode: Readonly<TSESLint.SourceCode>,
): { call: TSESTree.CallExpression; index: number }[] {
  const variable = sourceCode.getDeclaredVariables(adapter).find((declared) => declared.name === extra.name);
  const found = new Map<TSESTree.CallExpression, number>();
  for (const reference of variable?.references ?? []) {
    const call = reference.identifier.parent;
    if (call?.type !== AST_NODE_TYPES.CallExpression || found.has(call)) continue;
    const index = call.arguments.indexOf(reference.identifier as TSESTree.Identifier);
    if (index >= 0) found.set(call, index);
  }
  return [...found].map(([call, index]) => ({ call, index })).sort((a, b) => a.call.range[0] - b.call.range[0]);
}

/** The file and line a handler is declared at, relative to the linted file (`./tools/delete.ts:7`). */
export function handlerLocation(handler: RegisteredHandler, linted: string): string {
  const declared = projectFileOf(handler.sourceCode) ?? linted;
  const relative = path.relative(path.dirname(linted), declared).split(path.sep).join("/");
  return `${relative.startsWith(".") ? relative : `./${relative}`}:${handler.fn.loc.start.line}`;
}

/** A function a value may hold, and how many leading arguments a wrapper on the way hands it (`Infinity`: all). */
interface HeldFunction extends Located<TSESTree.FunctionLike> {
  readonly forwards: number;
}

/** The functions `expression` may hold: itself, a local or imported function, a property of the objects it may be. */
function functionsHeldBy(expression: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): HeldFunction[] {
  const found: HeldFunction[] = [];
  const visit = (node: TSESTree.Node, code: Readonly<TSESLint.SourceCode>, forwards: number, depth: number) => {
    if (depth > MAX_DEPTH || found.length >= MAX_FUNCTIONS) return;
    const value = unwrapExpression(node);
    if (isFunctionNode(value)) {
      found.push({ node: value, sourceCode: code, forwards });
      return;
    }
    if (value.type === AST_NODE_TYPES.Identifier) {
      for (const held of valuesOfName(value, code)) visit(held.node, held.sourceCode, forwards, depth + 1);
      return;
    }
    if (value.type === AST_NODE_TYPES.MemberExpression) {
      for (const held of memberValues(value, code, depth + 1)) visit(held.node, held.sourceCode, forwards, depth + 1);
      return;
    }
    if (value.type === AST_NODE_TYPES.CallExpression) {
      const through = passThroughOf(value, code);
      const wrapped = through ? value.arguments[through.argumentIndex] : undefined;
      if (through && wrapped) visit(wrapped, code, Math.min(forwards, through.forwards), depth + 1);
    }
  };
  visit(expression, sourceCode, Infinity, 0);
  return found;
}

/** What an identifier names: a function or `const` of its module, or what another module of the project exports. */
function valuesOfName(
  identifier: TSESTree.Identifier,
  sourceCode: Readonly<TSESLint.SourceCode>,
): Located<TSESTree.Node>[] {
  const fn = localFunctionOf(identifier, sourceCode);
  if (fn) return [{ node: fn, sourceCode }];
  const variable = resolveIdentifier(identifier, sourceCode);
  const init = variable ? singleInitializer(variable) : null;
  if (init) return [{ node: init, sourceCode }];
  if (variable?.defs[0]?.type !== "ImportBinding") return [];
  const imported = importedValueOf(identifier, sourceCode);
  if (!imported) return [];
  return [{ node: imported.node, sourceCode: imported.module.sourceCode }];
}

/**
 * The object literals `expression` may be: a literal, a `const` or import holding one, a property of one, the loop
 * variable of `for (const t of tools)` or the callback parameter of `tools.forEach((t) => …)` over a list of them.
 */
function objectsHeldBy(
  expression: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  depth: number,
): Located<TSESTree.ObjectExpression>[] {
  if (depth > MAX_DEPTH) return [];
  const value = unwrapExpression(expression);
  if (value.type === AST_NODE_TYPES.ObjectExpression) return [{ node: value, sourceCode }];
  if (value.type === AST_NODE_TYPES.MemberExpression) {
    return memberValues(value, sourceCode, depth + 1).flatMap((held) =>
      objectsHeldBy(held.node, held.sourceCode, depth + 1),
    );
  }
  if (value.type !== AST_NODE_TYPES.Identifier) return [];
  const list = listIterated(value, sourceCode);
  if (list) return elementsOf(list, sourceCode, depth + 1);
  return valuesOfName(value, sourceCode).flatMap((held) => objectsHeldBy(held.node, held.sourceCode, depth + 1));
}

/** What `object.key` may hold: the value each object literal `object` may be gives `key`. */
function memberValues(
  member: TSESTree.MemberExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
  depth: number,
): Located<TSESTree.Node>[] {
  const key = getStaticPropertyName(member);
  if (key === null) return [];
  return objectsHeldBy(member.object, sourceCode, depth).flatMap((object) => {
    const property = propertyValue(object.node, key);
    return property ? [{ node: property, sourceCode: object.sourceCode }] : [];
  });
}

/** The list a name iterates: `for (const t of tools)`, `tools.forEach((t) => …)` (`map`, `flatMap` alike). */
function listIterated(
  identifier: TSESTree.Identifier,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.Node | null {
  const definition = resolveIdentifier(identifier, sourceCode)?.defs[0];
  if (!definition) return null;
  if (definition.type === "Variable") {
    const declaration = definition.node.parent;
    const loop = declaration?.parent;
    return loop?.type === AST_NODE_TYPES.ForOfStatement && loop.left === declaration ? loop.right : null;
  }
  if (definition.type !== "Parameter") return null;
  const callback = definition.node;
  if (!isFunctionNode(callback) || callback.params[0] !== definition.name) return null;
  const call = callback.parent;
  if (call?.type !== AST_NODE_TYPES.CallExpression || call.arguments[0] !== callback) return null;
  const callee = unwrapExpression(call.callee);
  const method = callee.type === AST_NODE_TYPES.MemberExpression ? getStaticPropertyName(callee) : null;
  return method !== null && ITERATING_METHODS.has(method) ? (callee as TSESTree.MemberExpression).object : null;
}

const ITERATING_METHODS: ReadonlySet<string> = new Set(["forEach", "map", "flatMap"]);

/** The object literals a list holds: an array's elements (spreads followed), `Object.values(o)` of an object. */
function elementsOf(
  list: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  depth: number,
): Located<TSESTree.ObjectExpression>[] {
  if (depth > MAX_DEPTH) return [];
  const value = unwrapExpression(list);
  if (value.type === AST_NODE_TYPES.ArrayExpression) {
    return value.elements.flatMap((element) => {
      if (!element) return [];
      if (element.type === AST_NODE_TYPES.SpreadElement) return elementsOf(element.argument, sourceCode, depth + 1);
      return objectsHeldBy(element, sourceCode, depth + 1);
    });
  }
  if (value.type === AST_NODE_TYPES.CallExpression) {
    const callee = unwrapExpression(value.callee);
    const method = callee.type === AST_NODE_TYPES.MemberExpression ? getStaticPropertyName(callee) : null;
    const owner = callee.type === AST_NODE_TYPES.MemberExpression ? unwrapExpression(callee.object) : null;
    if (
      method === "values" &&
      owner?.type === AST_NODE_TYPES.Identifier &&
      owner.name === "Object" &&
      value.arguments[0]
    )
      return objectsHeldBy(value.arguments[0], sourceCode, depth + 1).flatMap((object) =>
        object.node.properties.flatMap((property) =>
          property.type === AST_NODE_TYPES.Property ? objectsHeldBy(property.value, object.sourceCode, depth + 1) : [],
        ),
      );
    return [];
  }
  if (value.type === AST_NODE_TYPES.Identifier) {
    return valuesOfName(value, sourceCode).flatMap((held) => elementsOf(held.node, held.sourceCode, depth + 1));
  }
  return [];
}

/** The value an object literal gives `key` (`handler: fn`, `handler`, `handler() {}`). */
function propertyValue(object: TSESTree.ObjectExpression, key: string): TSESTree.Node | null {
  for (const property of object.properties) {
    if (property.type === AST_NODE_TYPES.Property && getStaticPropertyName(property) === key) return property.value;
  }
  return null;
}
