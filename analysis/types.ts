/**
 * Opportunistic type information: every function answers "unknown" (or null) when the file was parsed
 * without a program, so rules work the same untyped and only see more when types are there.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import ts from "typescript";
import {
  isIntrinsicNullType,
  isIntrinsicUndefinedType,
  isIntrinsicVoidType,
  isSymbolFlagSet,
  isTypeFlagSet,
} from "ts-api-utils";
import { ANSWER_TYPE_SHAPES, ELICIT_ACTIONS, type ResultShape } from "../protocol/answers.ts";
import { MCP_V2_REQUEST_CONTEXT, MCP_V2_SIGNAL_PATH, OPTION_FIELDS, SIGNAL_FIELD } from "../protocol/apis.ts";
import { ANSWER_FUNCTION_TEXT_HINT } from "../protocol/words.ts";
import { findVariable, getCalleeName, outermostWrapper } from "./ast.ts";
import { Fact, fileFacts, programFacts } from "./cached-facts.ts";

/** A type that says nothing about its fields. */
const isAnyOrUnknown = (type: ts.Type) => isTypeFlagSet(type, ts.TypeFlags.Any | ts.TypeFlags.Unknown);

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
  if (!type || isAnyOrUnknown(type) || type.isUnion()) return "unknown";
  let anyOptional = false;
  for (const field of fields) {
    const property = type.getProperty(field);
    if (!property) continue;
    if (!isSymbolFlagSet(property, ts.SymbolFlags.Optional)) return "present";
    anyOptional = true;
  }
  if (anyOptional) return "unknown";
  return type.getProperties().length > 0 ? "absent" : "unknown";
}

/**
 * Whether the declared type of the call's parameter at `index` has a property `field` (optional or not): what the
 * program's own types say a callee of unknown origin takes. False without types, or where the parameter is `any`.
 */
export function parameterTakesField(
  call: TSESTree.CallExpression,
  index: number,
  field: string,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  const access = typeAccess(sourceCode);
  const tsNode = access?.toTsNode(call);
  if (!access || !tsNode || !ts.isCallLikeExpression(tsNode)) return false;
  const parameter = access.checker.getResolvedSignature(tsNode)?.getParameters()[index];
  if (!parameter) return false;
  const type = access.checker.getNonNullableType(access.checker.getTypeOfSymbolAtLocation(parameter, tsNode));
  return !isAnyOrUnknown(type) && type.getProperty(field) !== undefined;
}

/**
 * Member paths below a value that hold an `AbortSignal` (`["signal"]`, `["mcpReq", "signal"]`), read from its type.
 */
export function signalPathsOfType(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): string[][] {
  const access = typeAccess(sourceCode);
  if (!access) return [];
  const type = typeOf(node, access);
  const tsNode = access.toTsNode(node);
  if (!type || !tsNode || isAnyOrUnknown(type)) return [];
  const paths: string[][] = [];
  const propertyType = (owner: ts.Type, name: string): ts.Type | null => {
    const property = owner.getProperty(name);
    return property ? access.checker.getTypeOfSymbolAtLocation(property, tsNode) : null;
  };
  const direct = propertyType(type, SIGNAL_FIELD);
  if (direct && isAbortSignalType(direct)) paths.push([SIGNAL_FIELD]);
  const request = propertyType(type, MCP_V2_REQUEST_CONTEXT);
  const nested = request ? propertyType(request, SIGNAL_FIELD) : null;
  if (nested && isAbortSignalType(nested)) paths.push([...MCP_V2_SIGNAL_PATH]);
  return paths;
}

// ---------------------------------------------------------------------------------------------------------------
// A person's answer, read from types

/** The answer shapes a type can be (protocol/answers.ts). */
export type TypedAnswerShape = ResultShape;

/** Type names that are a person's answer wherever they are declared (the SDKs' own names). */
const ANSWER_TYPE_NAMES = ANSWER_TYPE_SHAPES;

const ELICIT_ACTION_SET = [...ELICIT_ACTIONS].sort();
/** `undefined`, `null`, `void`: members an answer type may carry besides the answer. */
export function isNullish(type: ts.Type): boolean {
  return isIntrinsicUndefinedType(type) || isIntrinsicNullType(type) || isIntrinsicVoidType(type);
}

/** Answers per checker and type: a program is built once per lint run, its types are asked about in every file. */
const ANSWER_SHAPES = new Fact<ts.Type, TypedAnswerShape | null>(
  "whether a type is a person's answer, per checker and type",
);

/**
 * Whether `type` (awaited) is a person's answer: MCP `ElicitResult`, ACP `RequestPermissionResponse` or elicitation
 * response, or any object type whose `action` is exactly `accept | decline | cancel`. `undefined`/`null`
 * members of a union are ignored (`ElicitResult | undefined`).
 */
function answerShapeOfType(type: ts.Type, checker: ts.TypeChecker): TypedAnswerShape | null {
  const facts = programFacts(checker);
  const known = facts.recall(ANSWER_SHAPES, type);
  if (known !== undefined) return known;
  let shape: TypedAnswerShape | null = null;
  try {
    shape = computeAnswerShape(type, checker, 0);
  } catch {
    // A type the checker cannot answer about is no answer of a person's.
    shape = null;
  }
  return facts.remember(ANSWER_SHAPES, type, () => shape);
}

function computeAnswerShape(type: ts.Type, checker: ts.TypeChecker, depth: number): TypedAnswerShape | null {
  if (depth > 3) return null;
  const awaited = checker.getAwaitedType?.(type) ?? type;
  if (isAnyOrUnknown(awaited)) return null;
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
  const current = outermostWrapper(call);
  const parent = current.parent;
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
  // Only calls to the program's own answering functions, or calls that name an answer (`request(…,
  // ElicitResultSchema)`, `request<ElicitResult>(…)`), are asked about: typing an arbitrary call can mean resolving
  // the SDK call around it (a callback's `request` is typed from `setRequestHandler(Schema, …)`), seconds per file.
  const ownFunction = namesProgramAnswerFunction(call, sourceCode);
  if (!ownFunction && !ANSWER_ARGUMENT_HINT.test(sourceCode.getText(call))) return null;
  const facts = fileFacts(sourceCode);
  const known = facts.recall(CALL_SHAPES, call);
  if (known !== undefined) return known;
  let shape: TypedAnswerShape | null = null;
  try {
    const declared = ownFunction ? programAnswerFunctionOf(call, sourceCode)?.shape : undefined;
    const fromCallee = declared !== undefined ? declared : answerShapeOfCallee(call, access, sourceCode);
    if (fromCallee === "resolve") {
      const type = typeOf(call, access);
      shape = type ? answerShapeOfType(type, access.checker) : null;
    } else {
      shape = fromCallee;
    }
  } catch {
    shape = null;
  }
  return facts.remember(CALL_SHAPES, call, () => shape);
}

/** Whether the callee is named (where it is declared) like one of the program's answering functions: no checker call. */
function namesProgramAnswerFunction(call: TSESTree.CallExpression, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const name = declaredCalleeName(call, sourceCode);
  return name !== null && answerFunctionNameSet(sourceCode).has(name);
}

/** The callee's name where it is declared: `askUser` for `ask()` after `import { askUser as ask }`. */
function declaredCalleeName(call: TSESTree.CallExpression, sourceCode: Readonly<TSESLint.SourceCode>): string | null {
  const name = getCalleeName(call);
  if (name === null || call.callee.type !== "Identifier") return name;
  const definition = findVariable(sourceCode.getScope(call), name)?.defs[0];
  const specifier = definition?.type === "ImportBinding" ? definition.node : null;
  return specifier?.type === "ImportSpecifier" && specifier.imported.type === "Identifier"
    ? specifier.imported.name
    : name;
}

/**
 * The program's own answering function a call reaches (its entry in the discovery scan), found by the callee's name
 * and then its symbol, without computing a type: the call's type would make the checker instantiate the SDK's
 * zod-inferred `ElicitResult`. Null untyped, for a package's function, or when the symbol leads to no scanned one.
 */
export function programAnswerFunctionOf(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): AnswerFunction | null {
  const access = typeAccess(sourceCode);
  const program = sourceCode.parserServices?.program;
  if (!access || !program || !namesProgramAnswerFunction(call, sourceCode)) return null;
  const callee = call.callee;
  const nameNode =
    callee.type === "Identifier"
      ? callee
      : callee.type === "MemberExpression" && !callee.computed
        ? callee.property
        : null;
  const tsName = nameNode && access.toTsNode(nameNode);
  let symbol = tsName ? access.checker.getSymbolAtLocation(tsName) : undefined;
  if (symbol && isSymbolFlagSet(symbol, ts.SymbolFlags.Alias)) symbol = access.checker.getAliasedSymbol(symbol);
  if (!symbol) return null;
  const entries = findAnswerFunctions(program, "named");
  for (const declaration of symbol.declarations ?? []) {
    const file = declaration.getSourceFile();
    const starts = [declaration.getStart()];
    const initializer = (declaration as { initializer?: ts.Node }).initializer;
    if (initializer) starts.push(initializer.getStart());
    const lines = starts.map((start) => file.getLineAndCharacterOfPosition(start).line + 1);
    const entry = entries.find(
      (candidate) =>
        candidate.fileName === file.fileName && candidate.name === symbol.name && lines.includes(candidate.line),
    );
    if (entry) return entry;
  }
  return null;
}

/** A parameter without a type annotation of a function written as an argument of a call (`f(async (a, b) => …)`). */
export function isContextuallyTypedParameter(name: TSESTree.Node, fn: TSESTree.Node): boolean {
  if ("typeAnnotation" in name && name.typeAnnotation) return false;
  if (fn.type !== "ArrowFunctionExpression" && fn.type !== "FunctionExpression") return false;
  const parent = fn.parent;
  return (
    (parent?.type === "CallExpression" || parent?.type === "NewExpression") &&
    parent.arguments.includes(fn as TSESTree.CallExpressionArgument)
  );
}

/**
 * Whether typing `node` means typing a callback's parameter first (`extra.taskStore`, `request.params.id`, a `const`
 * read from one): such a parameter is typed from the call the callback is passed to, so the checker must resolve that
 * whole call (a generic `setRequestHandler(Schema, …)`, a `registerTool` with a zod schema) before it can answer.
 */
export function typeComesFromEnclosingCall(
  node: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  depth = 0,
): boolean {
  let root = node;
  while (
    root.type === "MemberExpression" ||
    root.type === "ChainExpression" ||
    root.type === "TSNonNullExpression" ||
    root.type === "CallExpression" ||
    root.type === "AwaitExpression"
  ) {
    // `Object.entries(x)`, `Object.keys(x)`: typed from their argument.
    const argument = root.type === "CallExpression" && isObjectStatic(root) ? root.arguments[0] : undefined;
    root =
      argument !== undefined
        ? argument
        : root.type === "MemberExpression"
          ? root.object
          : root.type === "CallExpression"
            ? root.callee
            : root.type === "AwaitExpression"
              ? root.argument
              : root.expression;
  }
  if (root.type !== "Identifier") return false;
  for (let scope: TSESLint.Scope.Scope | null = sourceCode.getScope(root); scope; scope = scope.upper) {
    const variable = scope.set.get(root.name);
    if (!variable) continue;
    const definition = variable.defs[0];
    if (definition?.type === "Parameter") return isContextuallyTypedParameter(definition.name, definition.node);
    if (definition?.type !== "Variable" || depth > 2) return false;
    const declarator = definition.node;
    if (declarator.id.typeAnnotation) return false;
    // `for (const [key, value] of Object.entries(request.params.x))`: typed from what it iterates.
    const loop = declarator.parent?.parent;
    const source =
      declarator.init ?? (loop?.type === "ForOfStatement" || loop?.type === "ForInStatement" ? loop.right : null);
    return source !== null && typeComesFromEnclosingCall(source, sourceCode, depth + 1);
  }
  return false;
}

function isObjectStatic(call: TSESTree.CallExpression): boolean {
  const callee = call.callee;
  return callee.type === "MemberExpression" && callee.object.type === "Identifier" && callee.object.name === "Object";
}

/** Per call node: every rule asks about the same calls of a file. */
const CALL_SHAPES = new Fact<TSESTree.CallExpression, TypedAnswerShape | null>(
  "a call's answer shape from types, per call",
);

/** Text a generic call must show for its result to be a person's answer (the schema or type it is given). */
export const ANSWER_ARGUMENT_HINT = /Elicit|elicitation\/|Permission|["'`]accept["'`]/;

/**
 * The answer a call resolves with, read from what its callee declares it returns, without resolving the call: the
 * type of a call makes the checker pick an overload and infer its type arguments, and inside a callback passed to a
 * generic SDK method (`setRequestHandler(Schema, async (request) => …)`) that means resolving the SDK call first.
 * "resolve" where the declaration does not decide: a generic signature given an answer's schema or type in the
 * call, or overloads that answer differently.
 */
function answerShapeOfCallee(
  call: TSESTree.CallExpression,
  access: TypeAccess,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TypedAnswerShape | null | "resolve" {
  // The API table and the file's own functions cover what a callback's request object offers.
  if (typeComesFromEnclosingCall(call.callee, sourceCode)) return null;
  const callee = typeOf(call.callee, access);
  if (!callee) return null;
  const signatures = callee.getCallSignatures();
  if (signatures.length === 0) return null;
  const shapes = new Set<TypedAnswerShape | null>();
  for (const signature of signatures) {
    if (signature.getTypeParameters()?.length) {
      if (ANSWER_ARGUMENT_HINT.test(sourceCode.getText(call))) return "resolve";
      shapes.add(null);
      continue;
    }
    shapes.add(answerShapeOfType(access.checker.getReturnTypeOfSignature(signature), access.checker));
  }
  if (shapes.size > 1) return "resolve";
  return shapes.values().next().value ?? null;
}

/** The pieces of a TypeScript node that the discovery below reads, duck-typed (no compiler import). */
interface DeclarationLike {
  readonly kind: number;
  readonly parent?: DeclarationLike;
  readonly name?: { getText(): string };
  readonly body?: unknown;
  readonly parameters?: unknown;
  readonly initializer?: unknown;
  /** The return type annotation of a function. */
  readonly type?: { getText(): string };
  readonly end: number;
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

const ANSWER_FUNCTIONS = new Fact<"all" | "named", readonly AnswerFunction[]>(
  "the program's functions that answer with a person's answer, per program and scope",
);

/**
 * The project's own functions, methods and arrows whose awaited return type is a person's answer, across the whole
 * program (declaration files and `node_modules` excluded). Computed once per program.
 *
 * `scope: "named"` (what the rules use while linting) looks only at functions whose own text names a question or an
 * answer (`elicitInput`, `ElicitResult`, `accept`): inferring the return type of every function of a file checks
 * every body, a cost paid on each program an editor builds. It misses a wrapper of a wrapper that names neither,
 * which `scope: "all"` (`check --discover`) finds.
 */
export function findAnswerFunctions(program: ts.Program, scope: "all" | "named" = "all"): readonly AnswerFunction[] {
  return programFacts(program).remember(ANSWER_FUNCTIONS, scope, () => collectAnswerFunctions(program, scope));
}

function collectAnswerFunctions(program: ts.Program, scope: "all" | "named"): readonly AnswerFunction[] {
  const checker = program.getTypeChecker();
  const found: AnswerFunction[] = [];
  for (const sourceFile of program.getSourceFiles()) {
    if (sourceFile.isDeclarationFile || /[\\/]node_modules[\\/]/.test(sourceFile.fileName)) continue;
    if (!ANSWER_FUNCTION_TEXT_HINT.test(sourceFile.text)) continue;
    const text = sourceFile.text;
    const visit = (node: DeclarationLike): undefined => {
      if (
        node.body !== undefined &&
        node.parameters !== undefined &&
        (scope === "all" || ANSWER_FUNCTION_TEXT_HINT.test(text.slice(node.getStart(), node.end)))
      ) {
        const entry = describeAnswerFunction(node, checker, sourceFile);
        if (entry) found.push(entry);
      }
      node.forEachChild(visit);
      return undefined;
    };
    (sourceFile as unknown as DeclarationLike).forEachChild(visit);
  }
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
  const shape =
    annotatedAnswerName(node.type?.getText()) ??
    answerShapeOfType(checker.getReturnTypeOfSignature(signature), checker);
  if (!shape) return null;
  const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart());
  // Read when asked (discovery prints it; the rules only need the name): typing a parameter such as the SDK's
  // zod-inferred `ElicitRequestFormParams` costs the checker more than everything else here.
  let optionsArgIndex: number | null | undefined;
  return {
    name,
    fileName: sourceFile.fileName,
    line: line + 1,
    shape,
    get optionsArgIndex() {
      return optionsArgIndex !== undefined
        ? optionsArgIndex
        : (optionsArgIndex = optionsParameterIndex(signature, checker));
    },
  };
}

/** Index of the first parameter whose type carries a deadline or signal field, if any. */
function optionsParameterIndex(signature: ts.Signature, checker: ts.TypeChecker): number | null {
  const parameters = signature.getParameters();
  for (const [index, parameter] of parameters.entries()) {
    const declaration = parameter.valueDeclaration;
    if (!declaration) continue;
    const type = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(parameter, declaration));
    if (OPTION_FIELDS.some((field) => type.getProperty(field))) return index;
  }
  return null;
}

/**
 * The answer a return annotation names (`Promise<ElicitResult>`, `ElicitResult | undefined`), read from its text: the
 * SDK's `ElicitResult` is inferred from a zod schema, and resolving it costs the checker a third of a second.
 */
function annotatedAnswerName(annotation: string | undefined): TypedAnswerShape | null {
  if (annotation === undefined) return null;
  const inner = /^Promise\s*<([\s\S]*)>$/.exec(annotation.trim())?.[1] ?? annotation;
  const members = inner.split("|").map((member) => member.trim().replace(/^[\w$]+\./, ""));
  const named = members.filter((member) => member !== "undefined" && member !== "null" && member !== "void");
  const shapes = named.map((member) => (Object.hasOwn(ANSWER_TYPE_NAMES, member) ? ANSWER_TYPE_NAMES[member]! : null));
  const first = shapes[0];
  return first && shapes.every((shape) => shape === first) ? first : null;
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
export function answerFunctionNames(sourceCode: Readonly<TSESLint.SourceCode>): ReadonlySet<string> {
  return answerFunctionNameSet(sourceCode);
}

const ANSWER_FUNCTION_NAMES = new Fact<null, ReadonlySet<string>>(
  "names of the program's answering functions, per program",
);
/** Untyped, every file has none: one empty set, not a new one for each question. */
const NO_NAMES: ReadonlySet<string> = new Set();

function answerFunctionNameSet(sourceCode: Readonly<TSESLint.SourceCode>): ReadonlySet<string> {
  const program = sourceCode.parserServices?.program;
  if (!program) return NO_NAMES;
  return programFacts(program).remember(
    ANSWER_FUNCTION_NAMES,
    null,
    () => new Set(findAnswerFunctions(program, "named").map((entry) => entry.name)),
  );
}

/** A parameter's field that a function sends under a name of its own (`approvalId: call.id`). */
export interface EchoedField {
  readonly field: string;
  readonly argumentIndex: number;
  readonly path: string;
}

/**
 * Typed: the fields of its parameters that the function a call reaches writes into an object under a name of its
 * own, in whatever module it is declared: `approvalEvent(call)` whose body builds `{ approvalId: call.id }` gives
 * `{ field: "approvalId", argumentIndex: 0, path: "id" }`. Empty without types or a body to read.
 */
export function fieldsEchoedByCallee(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): EchoedField[] {
  const access = typeAccess(sourceCode);
  const callee = access?.toTsNode(call.callee);
  if (!access || !callee) return [];
  let symbol = access.checker.getSymbolAtLocation(callee);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = access.checker.getAliasedSymbol(symbol);
  let declaration: ts.Node | undefined = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  if (declaration && ts.isVariableDeclaration(declaration)) declaration = declaration.initializer;
  if (
    !declaration ||
    !(ts.isFunctionDeclaration(declaration) || ts.isFunctionExpression(declaration) || ts.isArrowFunction(declaration))
  ) {
    return [];
  }
  const params = declaration.parameters.map((param) => (ts.isIdentifier(param.name) ? param.name.text : null));
  const found: EchoedField[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAssignment(node) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
      ts.isPropertyAccessExpression(node.initializer) &&
      ts.isIdentifier(node.initializer.expression)
    ) {
      const argumentIndex = params.indexOf(node.initializer.expression.text);
      if (argumentIndex >= 0) found.push({ field: node.name.text, argumentIndex, path: node.initializer.name.text });
    }
    ts.forEachChild(node, visit);
  };
  if (declaration.body) visit(declaration.body);
  return found;
}

/**
 * Typed: the answer the code expects at `node`, from its contextual type (the parameter it is passed to, the type it
 * is returned as): `respond({ action: … })` where `respond(result: ElicitResult)`. Null untyped or for anything else.
 */
export function expectedAnswerShape(
  node: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TypedAnswerShape | null {
  const access = typeAccess(sourceCode);
  const tsNode = access?.toTsNode(node);
  if (!access || !tsNode || !ts.isExpression(tsNode)) return null;
  try {
    const type = access.checker.getContextualType(tsNode);
    return type ? answerShapeOfType(type, access.checker) : null;
  } catch {
    // A type the checker cannot answer about is no answer of a person's.
    return null;
  }
}
