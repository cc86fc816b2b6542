/**
 * Opportunistic type information: every function answers "unknown" (or null) when the file was parsed
 * without a program, so rules work the same untyped and only see more when types are there.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type * as ts from "typescript";

/** `ts.SymbolFlags.Optional`, spelled out so the rules never load the compiler themselves. */
const SYMBOL_FLAG_OPTIONAL = 1 << 24;
/** `ts.TypeFlags.Any | ts.TypeFlags.Unknown`. */
const TYPE_FLAGS_ANY_OR_UNKNOWN = 1 | 2;

/** The type checker and the node map, when the file was parsed with a program. */
export interface TypeAccess {
  readonly checker: ts.TypeChecker;
  readonly toTsNode: (node: TSESTree.Node) => ts.Node | undefined;
}

export function typeAccess(sourceCode: Readonly<TSESLint.SourceCode>): TypeAccess | null {
  const services = sourceCode.parserServices;
  if (!services?.program || !services.esTreeNodeToTSNodeMap) return null;
  const map = services.esTreeNodeToTSNodeMap;
  return { checker: services.program.getTypeChecker(), toTsNode: (node) => map.get(node as never) };
}

function typeOf(node: TSESTree.Node, access: TypeAccess): ts.Type | null {
  const tsNode = access.toTsNode(node);
  return tsNode ? access.checker.getTypeAtLocation(tsNode) : null;
}

function isAbortSignalType(type: ts.Type): boolean {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  return symbol?.getName() === "AbortSignal";
}

/** Whether the value at `node` is typed `AbortSignal`; false without types. */
export function hasAbortSignalType(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const access = typeAccess(sourceCode);
  if (!access) return false;
  const type = typeOf(node, access);
  return type !== null && isAbortSignalType(type);
}

export type FieldPresence = "present" | "absent" | "unknown";

/**
 * Whether the object at `node` certainly carries one of `fields` (a required property), certainly carries none
 * (an object type without any of them), or may or may not.
 */
export function fieldPresence(
  node: TSESTree.Node,
  fields: readonly string[],
  sourceCode: Readonly<TSESLint.SourceCode>,
): FieldPresence {
  const access = typeAccess(sourceCode);
  if (!access || fields.length === 0) return "unknown";
  const type = typeOf(node, access);
  if (!type || (type.flags & TYPE_FLAGS_ANY_OR_UNKNOWN) !== 0 || type.isUnion()) return "unknown";
  let anyOptional = false;
  for (const field of fields) {
    const property = type.getProperty(field);
    if (!property) continue;
    if ((property.flags & SYMBOL_FLAG_OPTIONAL) === 0) return "present";
    anyOptional = true;
  }
  if (anyOptional) return "unknown";
  return type.getProperties().length > 0 ? "absent" : "unknown";
}

/**
 * Member paths below a value that hold an `AbortSignal` (`["signal"]`, `["mcpReq", "signal"]`), read from its type.
 */
export function signalPathsOfType(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): string[][] {
  const access = typeAccess(sourceCode);
  if (!access) return [];
  const type = typeOf(node, access);
  const tsNode = access.toTsNode(node);
  if (!type || !tsNode || (type.flags & TYPE_FLAGS_ANY_OR_UNKNOWN) !== 0) return [];
  const paths: string[][] = [];
  const propertyType = (owner: ts.Type, name: string): ts.Type | null => {
    const property = owner.getProperty(name);
    return property ? access.checker.getTypeOfSymbolAtLocation(property, tsNode) : null;
  };
  const direct = propertyType(type, "signal");
  if (direct && isAbortSignalType(direct)) paths.push(["signal"]);
  const request = propertyType(type, "mcpReq");
  const nested = request ? propertyType(request, "signal") : null;
  if (nested && isAbortSignalType(nested)) paths.push(["mcpReq", "signal"]);
  return paths;
}

// ---------------------------------------------------------------------------------------------------------------
// A person's answer, read from types

/** The answer shapes a type can be, as `core/human-wait.ts` names them. */
export type TypedAnswerShape = "mcp-elicit-result" | "acp-permission-outcome" | "acp-elicit-result";

/** Type names that are a person's answer wherever they are declared (the SDKs' own names). */
const ANSWER_TYPE_NAMES: Readonly<Record<string, TypedAnswerShape>> = {
  ElicitResult: "mcp-elicit-result",
  RequestPermissionResponse: "acp-permission-outcome",
  CreateElicitationResponse: "acp-elicit-result",
};

const ELICIT_ACTION_SET = ["accept", "cancel", "decline"];
/** `undefined`, `null`, `void`: told by their intrinsic name, since TypeFlags values change between TypeScript majors. */
function isNullish(type: ts.Type): boolean {
  const name = (type as { intrinsicName?: string }).intrinsicName;
  return name === "undefined" || name === "null" || name === "void";
}

/** Answers per checker and type: a program is built once per lint run, its types are asked about in every file. */
const shapeCache = new WeakMap<ts.TypeChecker, WeakMap<ts.Type, TypedAnswerShape | null>>();

/**
 * Whether `type` (awaited) is a person's answer: MCP `ElicitResult`, ACP `RequestPermissionResponse` or elicitation
 * response, or any object type whose `action` is exactly `"accept" | "decline" | "cancel"`. `undefined`/`null`
 * members of a union are ignored (`ElicitResult | undefined`).
 */
function answerShapeOfType(type: ts.Type, checker: ts.TypeChecker): TypedAnswerShape | null {
  let cache = shapeCache.get(checker);
  if (!cache) {
    cache = new WeakMap();
    shapeCache.set(checker, cache);
  }
  if (cache.has(type)) return cache.get(type)!;
  let shape: TypedAnswerShape | null = null;
  try {
    shape = computeAnswerShape(type, checker, 0);
  } catch {
    // A type the checker cannot answer about is no answer of a person's.
    shape = null;
  }
  cache.set(type, shape);
  return shape;
}

function computeAnswerShape(type: ts.Type, checker: ts.TypeChecker, depth: number): TypedAnswerShape | null {
  if (depth > 3) return null;
  const awaited = checker.getAwaitedType?.(type) ?? type;
  if ((awaited.flags & TYPE_FLAGS_ANY_OR_UNKNOWN) !== 0) return null;
  if (awaited.isUnion()) {
    const members = awaited.types.filter((member) => !isNullish(member));
    if (members.length === 0) return null;
    const shapes = members.map((member) => computeAnswerShape(member, checker, depth + 1));
    const first = shapes[0];
    // A union whose every member is an answer of one shape (the SDK's discriminated ElicitResult) is that answer;
    // a union whose members together make the `action` union is checked below on its property.
    if (first && shapes.every((candidate) => candidate === first)) return first;
  }
  const name = (awaited.aliasSymbol ?? awaited.getSymbol())?.getName();
  if (name && Object.hasOwn(ANSWER_TYPE_NAMES, name)) return ANSWER_TYPE_NAMES[name]!;
  const action = awaited.getProperty("action");
  if (action) {
    const declaration = action.valueDeclaration ?? action.declarations?.[0];
    // Zod-inferred types (the SDK's ElicitResult) have properties with no declaration to ask at.
    const actionType = checker.getTypeOfSymbol
      ? checker.getTypeOfSymbol(action)
      : declaration
        ? checker.getTypeOfSymbolAtLocation(action, declaration)
        : null;
    if (actionType && isExactlyElicitActions(actionType)) return "mcp-elicit-result";
  }
  return null;
}

function isExactlyElicitActions(type: ts.Type): boolean {
  const members = type.isUnion() ? type.types : [type];
  const values = new Set<string>();
  for (const member of members) {
    if (isNullish(member)) continue;
    if (!member.isStringLiteral()) return false;
    values.add(member.value);
  }
  return values.size === ELICIT_ACTION_SET.length && ELICIT_ACTION_SET.every((value) => values.has(value));
}

/** Calls whose result is used as a value the caller waits for (awaited, returned, kept): the only ones worth a type. */
function isAwaitedOrKept(call: TSESTree.CallExpression): boolean {
  let current: TSESTree.Node = call;
  let parent = current.parent;
  while (
    parent &&
    (parent.type === "TSAsExpression" || parent.type === "TSNonNullExpression" || parent.type === "ChainExpression")
  ) {
    current = parent;
    parent = parent.parent;
  }
  if (!parent) return false;
  return (
    parent.type === "AwaitExpression" ||
    parent.type === "ReturnStatement" ||
    (parent.type === "VariableDeclarator" && parent.init === current) ||
    (parent.type === "ArrowFunctionExpression" && parent.body === current)
  );
}

/** Typed: the answer a call resolves with (`await askUser()` where `askUser(): Promise<ElicitResult>`); null untyped. */
export function answerShapeOfCall(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TypedAnswerShape | null {
  if (!isAwaitedOrKept(call)) return null;
  const access = typeAccess(sourceCode);
  if (!access) return null;
  const type = typeOf(call, access);
  return type ? answerShapeOfType(type, access.checker) : null;
}

/** The pieces of a TypeScript node that the discovery below reads, duck-typed (no compiler import). */
interface DeclarationLike {
  readonly kind: number;
  readonly parent?: DeclarationLike;
  readonly name?: { getText(): string };
  readonly body?: unknown;
  readonly parameters?: unknown;
  readonly initializer?: unknown;
  getStart(): number;
  getSourceFile(): ts.SourceFile;
  forEachChild<T>(visit: (node: DeclarationLike) => T | undefined): T | undefined;
}

export interface AnswerFunction {
  /** The name callers use (`askUser`, a method's name). */
  readonly name: string;
  readonly fileName: string;
  /** 1-based line of the declaration. */
  readonly line: number;
  readonly shape: TypedAnswerShape;
  /** Index of a parameter whose type carries a deadline or signal field (`timeout`, `signal`), if any. */
  readonly optionsArgIndex: number | null;
}

/** Source files that may declare a function answering with a person's answer (cheap text test before types). */
const ANSWER_TEXT_HINT = /elicit|requestPermission|RequestPermission|ElicitResult|"accept"|'accept'/;

const functionsCache = new WeakMap<ts.Program, readonly AnswerFunction[]>();

/**
 * The project's own functions, methods and arrows whose awaited return type is a person's answer, across the whole
 * program (declaration files and `node_modules` excluded). Computed once per program.
 */
export function findAnswerFunctions(program: ts.Program): readonly AnswerFunction[] {
  const cached = functionsCache.get(program);
  if (cached) return cached;
  const checker = program.getTypeChecker();
  const found: AnswerFunction[] = [];
  for (const sourceFile of program.getSourceFiles()) {
    if (sourceFile.isDeclarationFile || /[\\/]node_modules[\\/]/.test(sourceFile.fileName)) continue;
    if (!ANSWER_TEXT_HINT.test(sourceFile.text)) continue;
    const visit = (node: DeclarationLike): undefined => {
      if (node.body !== undefined && node.parameters !== undefined) {
        const entry = describeAnswerFunction(node, checker, sourceFile);
        if (entry) found.push(entry);
      }
      node.forEachChild(visit);
      return undefined;
    };
    (sourceFile as unknown as DeclarationLike).forEachChild(visit);
  }
  functionsCache.set(program, found);
  return found;
}

function describeAnswerFunction(
  node: DeclarationLike,
  checker: ts.TypeChecker,
  sourceFile: ts.SourceFile,
): AnswerFunction | null {
  const name = nameOfFunction(node);
  if (name === null) return null;
  const signature = checker.getSignatureFromDeclaration(node as unknown as ts.SignatureDeclaration);
  if (!signature) return null;
  const shape = answerShapeOfType(checker.getReturnTypeOfSignature(signature), checker);
  if (!shape) return null;
  const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart());
  let optionsArgIndex: number | null = null;
  signature.getParameters().forEach((parameter, index) => {
    if (optionsArgIndex !== null) return;
    const declaration = parameter.valueDeclaration;
    if (!declaration) return;
    const type = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(parameter, declaration));
    if (type.getProperty("timeout") || type.getProperty("signal") || type.getProperty("cancellationSignal"))
      optionsArgIndex = index;
  });
  return { name, fileName: sourceFile.fileName, line: line + 1, shape, optionsArgIndex };
}

/** `function askUser`, `askUser() {}` in a class or object, `const askUser = async () => …`. */
function nameOfFunction(node: DeclarationLike): string | null {
  if (node.name) return identifierText(node.name.getText());
  const parent = node.parent;
  if (parent && parent.initializer === node && parent.name) return identifierText(parent.name.getText());
  return null;
}

function identifierText(text: string): string | null {
  return /^[A-Za-z_$][\w$]*$/.test(text) ? text : null;
}

/** Typed mode: names of the program's functions that answer with a person's answer (for the rules' text gate). */
export function answerFunctionNames(sourceCode: Readonly<TSESLint.SourceCode>): readonly string[] {
  const program = sourceCode.parserServices?.program;
  if (!program) return [];
  return findAnswerFunctions(program).map((entry) => entry.name);
}
