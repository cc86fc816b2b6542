/**
 * Waits on a person reached through the file's own code: `this.confirm()`, `this.ui.processRequest(…)`,
 * `askUser(…)` where the callee is a function, method or arrow of this file whose body waits on a person (or a
 * member declared to return a person's answer). For its callers such a call is itself a wait on a person.
 *
 * The table of APIs stays the only place that knows MCP/ACP method names: a local function waits when its body
 * holds a call the table (or the user's wrappers) recognises, a hand-rolled promise parked for an answer, or a
 * call to another local function that waits.
 */
import { ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "./node-types.ts";
import { getCalleeName, getMemberPath, getStaticPropertyName, isFunctionNode, unwrapExpression } from "./ast.ts";
import { matchHumanWaitCall, type HumanWaitCall } from "./calls.ts";
import { findHandRolledWaitIgnoringSignals, findWaiterObjectWait } from "./deadline.ts";
import { HUMAN_WAIT_APIS, type HumanWaitApi } from "../protocol/apis.ts";
import { type ResultShape } from "../protocol/answers.ts";
import { RESULT_TYPE_NAMES } from "../protocol/answers.ts";
import { answerFunctionNames, answerShapeOfCall } from "./types.ts";
import { isSpelledOutsideMember } from "./brackets.ts";
import { nodesWithin } from "./node-index.ts";
import { textFacts } from "./text-gate.ts";
import { localFunctionOf, walkSubtree } from "./walk.ts";
import { importedFunctionOf, importsModuleThatMayAsk } from "./modules.ts";
import { mentionsWrapper, type WrapperSpecifier } from "./wrappers.ts";
import { Fact, configurationFacts, fileFacts } from "./cached-facts.ts";

/** What a same-file callee does for its callers. */
export interface LocalWaitFacts {
  /** The call waits on a person before it settles (awaited or returned in the callee's own flow). */
  readonly waits: boolean;
  /** The call settles with the person's answer itself (it returns the wait's result, or is declared to). */
  readonly returnsAnswer: boolean;
  /** The first recognised wait the callee reaches, when it reaches one through the table. */
  readonly inner: HumanWaitCall | null;
  readonly shape: ResultShape;
}

export interface Delegation {
  /** The function the call reaches, or null when only a declared signature says it answers (`ui: { ask(): Promise<ElicitResult> }`). */
  readonly fn: TSESTree.FunctionLike | null;
  readonly facts: LocalWaitFacts;
  /**
   * How the wait was found: through the file's own code, through a function another module of the project exports
   * (`fn` is that module's node: read it with the module's SourceCode, never the linted file's), or (typed) through
   * the call's result type.
   */
  readonly via: "local" | "module" | "type";
}

const MAX_DEPTH = 4;
const NO_WRAPPERS: readonly WrapperSpecifier[] = [];

/** Facts per function, per set of wrappers (a rule's options): the same file is asked by several rules. */
const LOCAL_WAIT_FACTS = new Fact<null, Fact<TSESTree.Node, LocalWaitFacts | null>>(
  "per set of wrappers: what each function of a file does for its callers, per function",
);
/** Answers per call, per set of wrappers: three rules ask it of every call of a file. */
const WAIT_ANSWERS = new Fact<null, Fact<TSESTree.CallExpression, PersonWaitCall | null>>(
  "per set of wrappers: whether a call waits on a person, per call",
);

/** The fact `perWrappers` names for one set of wrappers (every empty set shares one). */
function factFor<Key, Value>(
  perWrappers: Fact<null, Fact<Key, Value>>,
  wrappers: readonly WrapperSpecifier[],
): Fact<Key, Value> {
  const key = wrappers.length === 0 ? NO_WRAPPERS : wrappers;
  return configurationFacts(key).remember(perWrappers, null, factLike<Key, Value>, perWrappers);
}

/** A fact of its own for one set of wrappers, described as the fact it stands for. */
function factLike<Key, Value>(_key: null, like: Fact<null, Fact<Key, Value>>): Fact<Key, Value> {
  return new Fact<Key, Value>(like.description);
}
const inProgress = new Set<TSESTree.Node>();

/**
 * The function of this file a call reaches: `f()`, `this.m()`, `this.field.m()` (a field holding an instance of a
 * class of this file, or an object literal), `obj.m()` for a `const obj = { m() {} }` or `new LocalClass()`.
 * A member declared with a signature only (`private ui: { ask(): Promise<ElicitResult> }`) yields its signature node.
 */
export function resolveLocalCallee(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.FunctionLike | TSESTree.TSMethodSignature | TSESTree.TSPropertySignature | null {
  const callee = unwrapExpression(call.callee);
  if (callee.type === AST_NODE_TYPES.Identifier) return localFunctionOf(callee, sourceCode);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return null;
  const name = getStaticPropertyName(callee);
  if (name === null) return null;
  const owner = unwrapExpression(callee.object);
  if (owner.type === AST_NODE_TYPES.ThisExpression) {
    const classBody = enclosingClassOfThis(call);
    return classBody ? classMember(classBody, name) : null;
  }
  // `this.field.m()`
  if (
    owner.type === AST_NODE_TYPES.MemberExpression &&
    unwrapExpression(owner.object).type === AST_NODE_TYPES.ThisExpression
  ) {
    const field = getStaticPropertyName(owner);
    const classBody = field === null ? null : enclosingClassOfThis(call);
    if (!classBody || field === null) return null;
    return fieldMember(classBody, field, name, sourceCode);
  }
  // `obj.m()` for a local `const obj = { m() {} }` / `const obj = new LocalClass()`
  if (owner.type === AST_NODE_TYPES.Identifier) {
    const variable = findVariableFrom(owner, sourceCode);
    const definition = variable?.defs[0];
    if (definition?.type === "Variable" && definition.node.init && variable!.defs.length === 1) {
      return memberOfValue(definition.node.init, name, sourceCode);
    }
  }
  return null;
}

function findVariableFrom(identifier: TSESTree.Identifier, sourceCode: Readonly<TSESLint.SourceCode>) {
  return ASTUtils.findVariable(sourceCode.getScope(identifier), identifier.name);
}

/** The class body whose instance `this` is at `node` (arrows keep the method's `this`; a `function` does not). */
function enclosingClassOfThis(node: TSESTree.Node): TSESTree.ClassBody | null {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type === AST_NODE_TYPES.FunctionDeclaration) return null;
    if (current.type === AST_NODE_TYPES.FunctionExpression) {
      const holder = current.parent;
      if (holder?.type === AST_NODE_TYPES.MethodDefinition || holder?.type === AST_NODE_TYPES.PropertyDefinition) {
        return holder.parent.type === AST_NODE_TYPES.ClassBody && !holder.static ? holder.parent : null;
      }
      return null;
    }
    if (
      current.type === AST_NODE_TYPES.PropertyDefinition &&
      !current.static &&
      current.parent.type === AST_NODE_TYPES.ClassBody
    ) {
      return current.parent;
    }
  }
  return null;
}

/** A non-static method, or a field holding a function, named `name`. */
function classMember(classBody: TSESTree.ClassBody, name: string): TSESTree.FunctionLike | null {
  for (const member of classBody.body) {
    if (
      member.type === AST_NODE_TYPES.MethodDefinition &&
      !member.static &&
      member.kind === "method" &&
      getStaticPropertyName(member) === name
    ) {
      return member.value;
    }
    if (member.type === AST_NODE_TYPES.PropertyDefinition && !member.static && getStaticPropertyName(member) === name) {
      const value = member.value && unwrapExpression(member.value);
      if (isFunctionNode(value)) return value;
    }
  }
  return null;
}

function classNamed(
  name: string,
  from: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.ClassBody | null {
  const variable = findVariableFrom(
    { type: AST_NODE_TYPES.Identifier, name, parent: from } as unknown as TSESTree.Identifier,
    sourceCode,
  );
  const definition = variable?.defs[0];
  if (definition?.type === "ClassName") {
    const node = definition.node as TSESTree.ClassDeclaration | TSESTree.ClassExpression;
    return node.body;
  }
  return null;
}

/** The member `name` of what `this.<field>` holds, from the field's declaration, its type annotation, or its assignment. */
function fieldMember(
  classBody: TSESTree.ClassBody,
  field: string,
  name: string,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.FunctionLike | TSESTree.TSMethodSignature | TSESTree.TSPropertySignature | null {
  for (const member of classBody.body) {
    if (
      member.type === AST_NODE_TYPES.PropertyDefinition &&
      !member.static &&
      getStaticPropertyName(member) === field
    ) {
      if (member.value) {
        const found = memberOfValue(member.value, name, sourceCode);
        if (found) return found;
      }
      const annotated = memberOfType(member.typeAnnotation?.typeAnnotation, name, member, sourceCode);
      if (annotated) return annotated;
    }
    if (member.type === AST_NODE_TYPES.MethodDefinition && member.kind === "constructor") {
      for (const parameter of member.value.params) {
        if (parameter.type !== AST_NODE_TYPES.TSParameterProperty) continue;
        const bound =
          parameter.parameter.type === AST_NODE_TYPES.AssignmentPattern
            ? parameter.parameter.left
            : parameter.parameter;
        if (bound.type === AST_NODE_TYPES.Identifier && bound.name === field) {
          return memberOfType(bound.typeAnnotation?.typeAnnotation, name, member, sourceCode);
        }
      }
      // `this.field = new Local()` / `this.field = { m() {} }` in the constructor
      // Read off the file's node index: a constructor's assignments, in source order, rather than a walk of its body.
      const body = member.value.body;
      for (const node of body ? nodesWithin(sourceCode, body, AST_NODE_TYPES.AssignmentExpression) : []) {
        if (
          node.left.type === AST_NODE_TYPES.MemberExpression &&
          node.left.object.type === AST_NODE_TYPES.ThisExpression &&
          getStaticPropertyName(node.left) === field
        ) {
          const found = memberOfValue(node.right, name, sourceCode);
          if (found) return found;
        }
      }
    }
  }
  return null;
}

function memberOfValue(
  value: TSESTree.Node,
  name: string,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.FunctionLike | null {
  const node = unwrapExpression(value);
  if (node.type === AST_NODE_TYPES.ObjectExpression) {
    for (const property of node.properties) {
      if (property.type !== AST_NODE_TYPES.Property || getStaticPropertyName(property) !== name) continue;
      const fn = unwrapExpression(property.value);
      return isFunctionNode(fn) ? fn : null;
    }
    return null;
  }
  if (node.type === AST_NODE_TYPES.NewExpression && node.callee.type === AST_NODE_TYPES.Identifier) {
    const body = classNamed(node.callee.name, node, sourceCode);
    return body ? classMember(body, name) : null;
  }
  return null;
}

function memberOfType(
  type: TSESTree.TypeNode | undefined,
  name: string,
  from: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.FunctionLike | TSESTree.TSMethodSignature | TSESTree.TSPropertySignature | null {
  if (!type) return null;
  if (type.type === AST_NODE_TYPES.TSTypeLiteral) {
    for (const member of type.members) {
      if (
        (member.type === AST_NODE_TYPES.TSMethodSignature || member.type === AST_NODE_TYPES.TSPropertySignature) &&
        !member.computed &&
        member.key.type === AST_NODE_TYPES.Identifier &&
        member.key.name === name
      ) {
        return member;
      }
    }
    return null;
  }
  if (type.type === AST_NODE_TYPES.TSTypeReference && type.typeName.type === AST_NODE_TYPES.Identifier) {
    const body = classNamed(type.typeName.name, from, sourceCode);
    return body ? classMember(body, name) : null;
  }
  return null;
}

/** The answer shape a type annotation names (`Promise<ElicitResult>`, `ElicitResult | undefined`), or null. */
export function annotatedAnswerShape(type: TSESTree.TypeNode | null | undefined, depth = 0): ResultShape | null {
  if (!type || depth > 4) return null;
  switch (type.type) {
    case AST_NODE_TYPES.TSTypeReference: {
      const name =
        type.typeName.type === AST_NODE_TYPES.Identifier
          ? type.typeName.name
          : type.typeName.type === AST_NODE_TYPES.TSQualifiedName
            ? type.typeName.right.name
            : null;
      if (name !== null && RESULT_TYPE_NAMES.has(name)) return shapeOfTypeName(name);
      if (name === "Promise" || name === "PromiseLike" || name === "Awaited") {
        return annotatedAnswerShape(type.typeArguments?.params[0], depth + 1);
      }
      return null;
    }
    case AST_NODE_TYPES.TSUnionType: {
      // `ElicitResult | undefined`: an answer when there is one.
      for (const member of type.types) {
        const shape = annotatedAnswerShape(member, depth + 1);
        if (shape) return shape;
      }
      return null;
    }
    case AST_NODE_TYPES.TSFunctionType:
      return annotatedAnswerShape(type.returnType?.typeAnnotation, depth + 1);
    default:
      return null;
  }
}

function shapeOfTypeName(name: string): ResultShape {
  if (name === "RequestPermissionResponse" || name === "RequestPermissionOutcome") return "acp-permission-outcome";
  if (name === "CreateElicitationResponse") return "acp-elicit-result";
  return "mcp-elicit-result";
}

/** Whether `node` is `await`ed, returned or is an arrow's body in the function `fn` (not in a callback of its own). */
function settlesIn(node: TSESTree.Node, fn: TSESTree.FunctionLike): boolean {
  let current: TSESTree.Node = node;
  for (let parent = current.parent; parent; current = parent, parent = parent.parent) {
    switch (parent.type) {
      case AST_NODE_TYPES.AwaitExpression:
      case AST_NODE_TYPES.ReturnStatement:
        return nearestFunction(parent) === fn;
      case AST_NODE_TYPES.ArrowFunctionExpression:
        return parent === fn && parent.body === current;
      case AST_NODE_TYPES.FunctionExpression:
      case AST_NODE_TYPES.FunctionDeclaration:
        return false;
      case AST_NODE_TYPES.VariableDeclarator: {
        // `const answer = ask(); … await answer` — the usual `const r = await ask()` is caught above.
        return false;
      }
      default:
        continue;
    }
  }
  return false;
}

function nearestFunction(node: TSESTree.Node): TSESTree.FunctionLike | null {
  for (let current = node.parent; current; current = current.parent) {
    if (isFunctionNode(current)) return current;
  }
  return null;
}

/** Whether the value at `node` is what `fn` returns (directly, or through a `const` it returns). */
function isReturnedBy(node: TSESTree.Node, fn: TSESTree.FunctionLike, keys: TSESLint.SourceCode.VisitorKeys): boolean {
  let current: TSESTree.Node = node;
  for (let parent = current.parent; parent; current = parent, parent = parent.parent) {
    if (
      parent.type === AST_NODE_TYPES.AwaitExpression ||
      parent.type === AST_NODE_TYPES.TSAsExpression ||
      parent.type === AST_NODE_TYPES.TSSatisfiesExpression ||
      parent.type === AST_NODE_TYPES.TSNonNullExpression
    ) {
      continue;
    }
    if (parent.type === AST_NODE_TYPES.ReturnStatement) return nearestFunction(parent) === fn;
    if (parent.type === AST_NODE_TYPES.ArrowFunctionExpression) return parent === fn && parent.body === current;
    if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.id.type === AST_NODE_TYPES.Identifier && fn.body) {
      const name = parent.id.name;
      return walkSubtree(fn.body, keys, (candidate) => {
        if (
          candidate.type !== AST_NODE_TYPES.ReturnStatement ||
          nearestFunction(candidate) !== fn ||
          !candidate.argument
        )
          return false;
        const returned = unwrapExpression(candidate.argument);
        return returned.type === AST_NODE_TYPES.Identifier && returned.name === name;
      });
    }
    return false;
  }
  return false;
}

/**
 * What the function `fn` does for its callers: whether it waits on a person, and whether it hands the answer back.
 * Null when it does neither. Asked of a function of this file or of a module the project model read (with that
 * module's `sourceCode`). Cached per function and per set of wrappers.
 */
export function localWaitFacts(
  fn: TSESTree.FunctionLike,
  sourceCode: Readonly<TSESLint.SourceCode>,
  wrappers: readonly WrapperSpecifier[] = NO_WRAPPERS,
  depth = 0,
): LocalWaitFacts | null {
  const store = fileFacts(sourceCode);
  const fact = factFor(LOCAL_WAIT_FACTS, wrappers);
  const known = store.recall(fact, fn);
  if (known !== undefined) return known;
  if (depth > MAX_DEPTH || inProgress.has(fn) || !fn.body) return null;
  inProgress.add(fn);
  let facts: LocalWaitFacts | null = null;
  try {
    facts = computeFacts(fn, sourceCode, wrappers, depth);
  } finally {
    inProgress.delete(fn);
  }
  return store.remember(fact, fn, () => facts);
}

/** The nodes through which a function may wait on a person: calls, awaits, and `new Promise`. */
const WAIT_CARRYING_TYPES = [
  AST_NODE_TYPES.CallExpression,
  AST_NODE_TYPES.AwaitExpression,
  AST_NODE_TYPES.NewExpression,
] as const;

function computeFacts(
  fn: TSESTree.FunctionLike,
  sourceCode: Readonly<TSESLint.SourceCode>,
  wrappers: readonly WrapperSpecifier[],
  depth: number,
): LocalWaitFacts | null {
  const declared = annotatedAnswerShape(fn.returnType?.typeAnnotation);
  let waits = false;
  let returnsAnswer = false;
  let inner: HumanWaitCall | null = null;
  let shape: ResultShape | null = declared;
  for (const node of nodesWithin(sourceCode, fn.body!, WAIT_CARRYING_TYPES)) {
    if (node.type === AST_NODE_TYPES.CallExpression) {
      const direct = matchHumanWaitCall(node, sourceCode, wrappers);
      const delegated = direct ? null : delegatedFacts(node, sourceCode, wrappers, depth + 1);
      if (!direct && !delegated?.waits) continue;
      if (!settlesIn(node, fn)) continue;
      waits = true;
      inner ??= direct ?? delegated?.inner ?? null;
      shape ??= direct?.api.result ?? delegated?.shape ?? null;
      if (isReturnedBy(node, fn, sourceCode.visitorKeys) && (direct !== null || delegated?.returnsAnswer === true))
        returnsAnswer = true;
      continue;
    }
    if (
      node.type === AST_NODE_TYPES.AwaitExpression &&
      !waits &&
      node.argument.type === AST_NODE_TYPES.CallExpression
    ) {
      // `await resolver.wait()` on a waiter object of this file, in a function that speaks of a person's answer.
      if (findWaiterObjectWait(node.argument, sourceCode) && nearestFunction(node) === fn) waits = true;
    }
    if (node.type === AST_NODE_TYPES.NewExpression && !waits) {
      // `return new Promise((resolve) => { this.queue.push({ request, resolve }) })` parked for a person's answer.
      if (findHandRolledWaitIgnoringSignals(node, sourceCode) && settlesIn(node, fn)) {
        waits = true;
        if (isReturnedBy(node, fn, sourceCode.visitorKeys) && declared) returnsAnswer = true;
      }
    }
  }
  if (!waits) return null;
  return { waits, returnsAnswer: returnsAnswer || declared !== null, inner, shape: shape ?? "mcp-elicit-result" };
}

function delegatedFacts(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
  wrappers: readonly WrapperSpecifier[],
  depth: number,
): LocalWaitFacts | null {
  if (depth > MAX_DEPTH) return null;
  // Every call inside a function is asked this: the same spelling test as `matchWaitOnPerson` turns most away.
  const method = getCalleeName(call);
  if (method !== null && !mayBeDefinedHere(call, method, sourceCode)) {
    const imported = mayNameNamespaceImport(call, sourceCode) ? importedFunctionOf(call.callee, sourceCode) : null;
    return imported ? localWaitFacts(imported.fn, imported.module.sourceCode, wrappers, depth) : null;
  }
  const target = resolveLocalCallee(call, sourceCode);
  if (!target) {
    const imported = importedFunctionOf(call.callee, sourceCode);
    return imported ? localWaitFacts(imported.fn, imported.module.sourceCode, wrappers, depth) : null;
  }
  if (target.type === AST_NODE_TYPES.TSMethodSignature || target.type === AST_NODE_TYPES.TSPropertySignature) {
    const type =
      target.type === AST_NODE_TYPES.TSMethodSignature
        ? target.returnType?.typeAnnotation
        : target.typeAnnotation?.typeAnnotation;
    const shape = annotatedAnswerShape(type);
    return shape ? { waits: true, returnsAnswer: true, inner: null, shape } : null;
  }
  return localWaitFacts(target, sourceCode, wrappers, depth);
}

const DEFAULT_ROW = HUMAN_WAIT_APIS.find((api) => api.id === "mcp-elicit-input")!;
const ROW_FOR_SHAPE: Readonly<Record<ResultShape, HumanWaitApi>> = {
  "mcp-elicit-result": DEFAULT_ROW,
  "acp-permission-outcome": HUMAN_WAIT_APIS.find((api) => api.id === "acp-request-permission")!,
  "acp-elicit-result": HUMAN_WAIT_APIS.find((api) => api.id === "acp-create-elicitation")!,
  "mcp-apps-result": HUMAN_WAIT_APIS.find((api) => api.id === "mcp-apps-open-link")!,
  "workflow-approval": HUMAN_WAIT_APIS.find((api) => api.id === "cloudflare-workflow-wait-for-approval")!,
};

const DELEGATE_ROWS = new Fact<TSESTree.CallExpression, HumanWaitApi>(
  "the row a delegated call behaves like, per call",
);

/** The row a delegated call behaves like: the inner call's defaults, the delegate's own options parameter (if any). */
function delegateRow(
  call: TSESTree.CallExpression,
  fn: TSESTree.FunctionLike | null,
  facts: LocalWaitFacts,
): HumanWaitApi {
  return fileFacts(call).remember(DELEGATE_ROWS, call, () => buildDelegateRow(call, fn, facts));
}

function buildDelegateRow(
  call: TSESTree.CallExpression,
  fn: TSESTree.FunctionLike | null,
  facts: LocalWaitFacts,
): HumanWaitApi {
  const base = facts.inner?.api ?? ROW_FOR_SHAPE[facts.shape];
  const name = getCalleeName(call) ?? "call";
  const path = getMemberPath(call.callee);
  const spelled = path ? path.join(".") : name;
  const optionsIndex = fn && facts.inner ? passedThroughOptionsIndex(fn, facts.inner) : null;
  const row: HumanWaitApi = {
    ...base,
    id: `local:${name}`,
    label: `\`${spelled}\` (waits through ${base.label})`,
    method: name,
    optionsArgIndex: optionsIndex,
    signalField: optionsIndex === null ? null : base.signalField,
    signalCompanionField: optionsIndex === null ? null : base.signalCompanionField,
  };
  return row;
}

/** `elicit: (p, options) => server.elicitInput(p, options)`: the index of the parameter passed as the inner options. */
export function passedThroughOptionsIndex(fn: TSESTree.FunctionLike, inner: HumanWaitCall): number | null {
  const passed = inner.optionsArgument && unwrapExpression(inner.optionsArgument);
  if (passed?.type !== AST_NODE_TYPES.Identifier) return null;
  const index = fn.params.findIndex((parameter) => {
    const bound = parameter.type === AST_NODE_TYPES.AssignmentPattern ? parameter.left : parameter;
    return bound.type === AST_NODE_TYPES.Identifier && bound.name === passed.name;
  });
  return index < 0 ? null : index;
}

export interface PersonWaitCall extends HumanWaitCall {
  /** Set when the call waits through the file's own code (or, typed, through a callee whose result is an answer). */
  readonly delegation: Delegation | null;
}

/**
 * Whether `call` waits on a person: a row of the table, a user's wrapper, a function/method/arrow of this file
 * that waits, or (typed) a call whose awaited result is a person's answer. The one question every rule asks.
 */
export function matchWaitOnPerson(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
  wrappers: readonly WrapperSpecifier[] = NO_WRAPPERS,
): PersonWaitCall | null {
  // Three rules ask it of every call of a file: answered once per call and set of wrappers.
  return fileFacts(sourceCode).remember(factFor(WAIT_ANSWERS, wrappers), call, matchUncached, sourceCode, wrappers);
}

function matchUncached(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
  wrappers: readonly WrapperSpecifier[],
): PersonWaitCall | null {
  const method = getCalleeName(call);
  // The user's own wrappers, by name, come first: the user said what they are.
  if (method !== null && wrappers.length > 0 && wrappers.some((wrapper) => wrapper.names.includes(method))) {
    const wrapped = matchHumanWaitCall(call, sourceCode, wrappers);
    if (wrapped) return { ...wrapped, delegation: null };
  }
  // A method of this file's own (an adapter named like the API it wraps) is resolved before the table is asked.
  // Most calls name nothing the file defines: `mayBeDefinedHere` turns them away from the text.
  const target =
    method !== null && mayBeDefinedHere(call, method, sourceCode) ? resolveLocalCallee(call, sourceCode) : null;
  if (target && isFunctionNode(target) && !target.body) {
    // `declare function askUser(): Promise<ElicitResult>`: only its signature speaks.
    const shape = annotatedAnswerShape(target.returnType?.typeAnnotation);
    if (shape)
      return delegated(call, {
        fn: null,
        facts: { waits: true, returnsAnswer: true, inner: null, shape },
        via: "local",
      });
  } else if (target) {
    const facts =
      target.type === AST_NODE_TYPES.TSMethodSignature || target.type === AST_NODE_TYPES.TSPropertySignature
        ? delegatedFacts(call, sourceCode, wrappers, 0)
        : localWaitFacts(target, sourceCode, wrappers);
    if (target.type !== AST_NODE_TYPES.TSMethodSignature && target.type !== AST_NODE_TYPES.TSPropertySignature) {
      // A local function that asks nobody is not a wait, whatever it is named.
      return facts ? delegated(call, { fn: target, facts, via: "local" }) : null;
    }
    if (facts) return delegated(call, { fn: null, facts, via: "local" });
  } else if (method !== null) {
    // A function another module of the project exports (`import { confirm } from "./ui"`, `ui.confirm(…)`).
    const imported =
      unwrapExpression(call.callee).type === AST_NODE_TYPES.Identifier || mayNameNamespaceImport(call, sourceCode)
        ? importedFunctionOf(call.callee, sourceCode)
        : null;
    if (imported) {
      const facts = localWaitFacts(imported.fn, imported.module.sourceCode, wrappers);
      // A function of the project that asks nobody is not a wait, whatever it is named.
      return facts ? delegated(call, { fn: imported.fn, facts, via: "module" }) : null;
    }
  }
  const direct = matchHumanWaitCall(call, sourceCode, wrappers);
  if (direct) return { ...direct, delegation: null };
  const shape = answerShapeOfCall(call, sourceCode);
  return shape
    ? delegated(call, { fn: null, facts: { waits: true, returnsAnswer: true, inner: null, shape }, via: "type" })
    : null;
}

/** `ns.name(…)` in a file that imports a namespace (`import * as ns`): the only member call an import may name. */
function mayNameNamespaceImport(call: TSESTree.CallExpression, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const callee = unwrapExpression(call.callee);
  return (
    callee.type === AST_NODE_TYPES.MemberExpression &&
    callee.object.type === AST_NODE_TYPES.Identifier &&
    // Asked of every member call: the text is searched once per file, not once per call.
    spellsNamespaceImport(sourceCode)
  );
}

function spellsNamespaceImport(sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return fileFacts(sourceCode).remember(SPELLS_NAMESPACE_IMPORT, null, spellsStarImport, sourceCode);
}

function spellsStarImport(_key: null, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return sourceCode.text.includes("* as ");
}

const SPELLS_NAMESPACE_IMPORT = new Fact<null, boolean>("whether a file's text spells `* as ` anywhere, per file");

/**
 * Whether the file may define the function `call` reaches by the name `method`: a bare call is resolved through its
 * scope; for a method call the file must spell the name somewhere other than after a dot (`m(…) {`, `m: …`,
 * `m = …`, `"m":`), as every definition does. Most calls name nothing the file defines, and this spares them the
 * lookup; `resolveLocalCallee` decides the rest.
 */
function mayBeDefinedHere(
  call: TSESTree.CallExpression,
  method: string,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  if (unwrapExpression(call.callee).type === AST_NODE_TYPES.Identifier) return true;
  return fileFacts(sourceCode).remember(SPELLED_OUTSIDE_MEMBER, method, spelledOutsideMember, sourceCode);
}

function spelledOutsideMember(method: string, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return isSpelledOutsideMember(sourceCode.text, method);
}

const SPELLED_OUTSIDE_MEMBER = new Fact<string, boolean>(
  "whether a file spells a name other than after a dot, per name",
);

function delegated(call: TSESTree.CallExpression, delegation: Delegation): PersonWaitCall {
  const api = delegateRow(call, delegation.fn, delegation.facts);
  const index = api.optionsArgIndex;
  return {
    node: call,
    api,
    optionsArgument: index === null ? null : (call.arguments[index] ?? null),
    wrapper: null,
    delegation,
  };
}

/** A declared member (`processRequest(p): Promise<ElicitResult>`) that answers with a person's answer. */
export function signatureAnswers(member: TSESTree.TSMethodSignature | TSESTree.TSPropertySignature): boolean {
  const type =
    member.type === AST_NODE_TYPES.TSMethodSignature
      ? member.returnType?.typeAnnotation
      : member.typeAnnotation?.typeAnnotation;
  return annotatedAnswerShape(type) !== null;
}

/**
 * The rules' cheap gate: a file that names no human-wait API, none of the user's wrappers, imports no module of the
 * project that may ask a person, and (typed) names none of the program's functions that answer with a person's answer
 * cannot wait on a person.
 */
export function fileMayWaitOnPerson(
  sourceCode: Readonly<TSESLint.SourceCode>,
  wrappers: readonly WrapperSpecifier[],
): boolean {
  const text = sourceCode.text;
  if (textFacts(sourceCode).mayAskPerson || mentionsWrapper(text, wrappers)) return true;
  if (importsModuleThatMayAsk(sourceCode)) return true;
  const names = answerFunctionNames(sourceCode);
  // Untyped there are none, and a pattern that can never match still reads the whole text.
  return names.size > 0 && callsOneOf(names).test(text);
}

const CALL_PATTERN = new Fact<null, RegExp>("a pattern matching a call of any name of a set, per set of names");

/**
 * One pattern per set of names (the program's, built once), matching a call of any of them or an import that may
 * rename it (`import { askUser as ask }`).
 */
function callsOneOf(names: ReadonlySet<string>): RegExp {
  return configurationFacts(names).remember(CALL_PATTERN, null, () => {
    const alternatives = [...names].map((name) => name.replace(/\$/g, "\\$"));
    return new RegExp(`\\b(?:${alternatives.join("|")})(?:\\s*\\(|\\s+as\\b)`);
  });
}
