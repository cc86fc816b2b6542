/**
 * Recognises, on an ESTree call, a wait on a person (a row of protocol/apis.ts) and client-side elicitation handlers.
 * The shared "domain parser" of every rule and codemod.
 */
import { ACP_CLIENT_HANDLER_METHODS } from "../protocol/methods.ts";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "./node-types.ts";
import { followConstant } from "./walk.ts";
import {
  importedPackagesOf,
  packageOfSpecifier,
  findProperty,
  getCalleeName,
  getMemberPath,
  getReceiverName,
  getStaticPropertyName,
  getStringValue,
  isFunctionNode,
  isStringLike,
  unwrapExpression,
} from "./ast.ts";
import { findHumanWaitApi, HUMAN_WAIT_METHOD_NAMES, type CallFacts } from "./human-wait.ts";
import {
  ELICITATION_HANDLER_APIS,
  HUMAN_WAIT_APIS,
  REQUEST_HANDLER_REGISTRATIONS,
  REQUEST_SCHEMA_SUFFIX,
  RESOURCE_TEMPLATE_CLASS,
  type HandlerRegistrationApi,
  type HumanWaitApi,
  type RequestHandlerRegistration,
} from "../protocol/apis.ts";
import { importedSchemaOf } from "./modules.ts";
import { passThroughOf } from "./pass-through.ts";
import { receiverIsProjectOwn } from "./own-receivers.ts";
import { JSONRPC_FRAME_KEY } from "../protocol/methods.ts";
import type { WrapperSpecifier } from "./wrappers.ts";
import { Fact, fileFacts } from "./cached-facts.ts";

export interface HumanWaitCall {
  readonly node: TSESTree.CallExpression;
  readonly api: HumanWaitApi;
  /** The options argument, when the call passes one. */
  readonly optionsArgument: TSESTree.CallExpressionArgument | null;
  /** Set when the call is a user's own wrapper listed in options rather than a row of the table. */
  readonly wrapper: WrapperSpecifier | null;
}

/**
 * Whether the file proves which package the wait's API comes from: it is one of the user's own listed functions
 * (`humanWaitFunctions`), or the file imports a package of the row. A name and a call's shape alone are no proof (a
 * project's own `server.request(message)` or `permissions.requestPermission(params)` looks the same): an edit that
 * writes an API's options or answers is made only where this holds, though the report may still stand.
 */
export function provesPackage(wait: Pick<HumanWaitCall, "node" | "api" | "wrapper">): boolean {
  if (wait.wrapper) return true;
  const imported = importedPackagesOf(wait.node);
  return wait.api.packages.some((pkg) => imported.has(pkg));
}

/**
 * The JSON-RPC method a request call's first argument names:
 * `{ method: elicitation/create, … }`, `session/request_permission`, or `methods.client.session.requestPermission`.
 */
function getRequestMethod(
  firstArgument: TSESTree.Node | undefined,
  sourceCode: Readonly<TSESLint.SourceCode>,
): string | null {
  if (!firstArgument) return null;
  // `const M = elicitation/create as const; send(M, …)`, `const request = { method: …, params }; send(request)`
  const argument = followConstant(firstArgument, sourceCode);
  if (argument.type === AST_NODE_TYPES.ObjectExpression) {
    const methodProperty = findProperty(argument, "method");
    return methodProperty ? getStringValue(followConstant(methodProperty.value, sourceCode)) : null;
  }
  const text = getStringValue(argument);
  if (text !== null) return text;
  if (argument.type === AST_NODE_TYPES.MemberExpression) {
    const path = getMemberPath(argument);
    return path ? path[path.length - 1]! : null;
  }
  return null;
}

function describeCall(call: TSESTree.CallExpression, sourceCode: Readonly<TSESLint.SourceCode>): CallFacts {
  const first = call.arguments[0];
  const firstUnwrapped = first ? unwrapExpression(first) : null;
  return {
    method: getCalleeName(call),
    receiverName: getReceiverName(call),
    argumentCount: call.arguments.length,
    firstArgument: !firstUnwrapped
      ? "none"
      : isStringLike(firstUnwrapped)
        ? "string"
        : firstUnwrapped.type === AST_NODE_TYPES.ObjectExpression
          ? "object"
          : "other",
    requestMethod: getRequestMethod(first, sourceCode),
    requestMethodForm: !first
      ? null
      : followConstant(first, sourceCode).type === AST_NODE_TYPES.ObjectExpression
        ? "method-field"
        : "first-argument",
    requestMethodPath: first ? (getMemberPath(first)?.join(".") ?? null) : null,
    importedPackages: importedPackagesOf(call),
    optionsLikeArguments: call.arguments.map((argument) => looksLikeOptions(argument, sourceCode)),
  };
}

/** Names that hold a call's options rather than a result schema. */
const OPTIONS_NAME = /^(?:options|opts|requestOptions)$/i;

/** Whether an argument's syntax shows an options object: `{ … }`, a `const` of one, `undefined`, `options`. */
function looksLikeOptions(
  argument: TSESTree.CallExpressionArgument,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  const node = unwrapExpression(argument);
  if (node.type === AST_NODE_TYPES.Identifier && (node.name === "undefined" || OPTIONS_NAME.test(node.name)))
    return true;
  return followConstant(node, sourceCode).type === AST_NODE_TYPES.ObjectExpression;
}

/**
 * Whether `call` waits on a person, and which API it is. `wrappers` are the user's own functions
 * (rule option `humanWaitFunctions`), matched by name.
 */
export function matchHumanWaitCall(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
  wrappers: readonly WrapperSpecifier[] = [],
): HumanWaitCall | null {
  const method = getCalleeName(call);
  if (method === null) return null;
  // A wrapper given `from: "package"` is that package's function only in a file that imports the package.
  const wrapper =
    wrappers.find(
      (candidate) =>
        candidate.names.includes(method) &&
        (!candidate.api.requiresImport || candidate.api.packages.some((pkg) => importedPackagesOf(call).has(pkg))),
    ) ?? null;
  if (wrapper) {
    const api = wrapper.api;
    const index = api.optionsArgIndex;
    return { node: call, api, optionsArgument: index === null ? null : (call.arguments[index] ?? null), wrapper };
  }
  // Most calls in a file are nothing of ours: decide on the name before gathering the call's other facts.
  if (!HUMAN_WAIT_METHOD_NAMES.has(method)) return null;
  // From here the answer depends on the call alone, and a call inside nested functions is asked once per function.
  return fileFacts(sourceCode).remember(TABLE_ANSWERS, call, matchTable, sourceCode);
}

const TABLE_ANSWERS = new Fact<TSESTree.CallExpression, HumanWaitCall | null>("the table's row for a call, per call");

/** The row of the table `call` (whose name is one of the table's) belongs to, and where its options go. */
function matchTable(call: TSESTree.CallExpression, sourceCode: Readonly<TSESLint.SourceCode>): HumanWaitCall | null {
  const facts = describeCall(call, sourceCode);
  const found = findHumanWaitApi(facts);
  if (!found || (found.match === "request-method" && writesWireFrame(call, sourceCode))) return null;
  if (isProjectOwnLookAlike(found, call, facts, sourceCode)) return null;
  if (found.receiverExports && !importsReceiverExport(found, sourceCode)) return null;
  const api = refineOrigin(found, call, facts);
  const index = api.optionsArgIndex;
  return { node: call, api, optionsArgument: index === null ? null : (call.arguments[index] ?? null), wrapper: null };
}

/**
 * `transport.send({ jsonrpc: "2.0", id, method, params })`: the first argument is a whole JSON-RPC
 * frame, which only a transport takes. Writing it waits for nothing; whatever waits for the answer is elsewhere.
 */
function writesWireFrame(call: TSESTree.CallExpression, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const first = call.arguments[0];
  if (!first) return false;
  const request = followConstant(first, sourceCode);
  return request.type === AST_NODE_TYPES.ObjectExpression && findProperty(request, JSONRPC_FRAME_KEY) !== null;
}

/**
 * `this.gate.requestPermission({ tool, command })` in a file that imports no package of the row, on a receiver built
 * from (or declared as) a class or type of the project's own: an in-process method that shares the API's name. The
 * same call on a receiver of unknown origin is still the API (bundles and plain-JS agents import nothing).
 */
function isProjectOwnLookAlike(
  api: HumanWaitApi,
  call: TSESTree.CallExpression,
  facts: CallFacts,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  if (api.match !== "acp-params" || api.packages.some((pkg) => facts.importedPackages.has(pkg))) return false;
  return receiverIsProjectOwn(call, sourceCode);
}

/** Per file: the names it takes from each package (`import { App }`, `const { App } = require(…)`, `ns.App`). */
const IMPORTED_NAMES = new Fact<null, Map<string, Set<string>>>("the names a file takes from each package, per file");

/**
 * Whether the file takes one of the row's `receiverExports` from one of its packages: mcp-use's own `McpAppsBridge`
 * has an `openLink` too, in a bundle that requires @modelcontextprotocol/ext-apps only for a constant.
 */
function importsReceiverExport(api: HumanWaitApi, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const bindings = fileFacts(sourceCode).remember(IMPORTED_NAMES, null, () =>
    collectImportedNames(sourceCode.ast, sourceCode),
  );
  const names = api.receiverExports ?? [];
  return api.packages.some((pkg) => names.some((name) => bindings.get(pkg)?.has(name) === true));
}

function collectImportedNames(
  program: TSESTree.Program,
  sourceCode: Readonly<TSESLint.SourceCode>,
): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  const add = (pkg: string, name: string) => {
    let set = names.get(pkg);
    if (!set) names.set(pkg, (set = new Set()));
    set.add(name);
  };
  // A namespace (`import * as ns`, `import ns from`, `const ns = require(…)`): the names read off it.
  const addReadsOf = (pkg: string, binding: TSESTree.Identifier) => {
    const variable = sourceCode.getDeclaredVariables(binding.parent).find((v) => v.name === binding.name);
    for (const reference of variable?.references ?? []) {
      const member = reference.identifier.parent;
      if (member?.type === AST_NODE_TYPES.MemberExpression && member.object === reference.identifier) {
        const name = getStaticPropertyName(member);
        if (name !== null) add(pkg, name);
      }
    }
  };
  for (const statement of program.body) {
    if (statement.type === AST_NODE_TYPES.ImportDeclaration) {
      const pkg = packageOfSpecifier(statement.source.value);
      for (const specifier of statement.specifiers) {
        if (specifier.type === AST_NODE_TYPES.ImportSpecifier) {
          const imported = specifier.imported;
          add(pkg, imported.type === AST_NODE_TYPES.Identifier ? imported.name : String(imported.value));
        } else {
          addReadsOf(pkg, specifier.local);
        }
      }
    }
    if (statement.type !== AST_NODE_TYPES.VariableDeclaration) continue;
    for (const declarator of statement.declarations) {
      const init = declarator.init && unwrapExpression(declarator.init);
      if (
        init?.type !== AST_NODE_TYPES.CallExpression ||
        init.callee.type !== AST_NODE_TYPES.Identifier ||
        init.callee.name !== "require"
      )
        continue;
      const specifier = getStringValue(init.arguments[0]);
      if (specifier === null) continue;
      const pkg = packageOfSpecifier(specifier);
      if (declarator.id.type === AST_NODE_TYPES.Identifier) addReadsOf(pkg, declarator.id);
      if (declarator.id.type === AST_NODE_TYPES.ObjectPattern) {
        for (const property of declarator.id.properties) {
          const name = property.type === AST_NODE_TYPES.Property ? getStaticPropertyName(property) : null;
          if (name !== null) add(pkg, name);
        }
      }
    }
  }
  return names;
}

const FASTMCP_ELICIT = HUMAN_WAIT_APIS.find((api) => api.id === "fastmcp-elicit")!;
const CLOUDFLARE_ELICIT_INPUT = HUMAN_WAIT_APIS.find((api) => api.id === "cloudflare-agents-elicit-input")!;

/**
 * What the call's own shape says beyond the imports: `{ elicit }` destructured from a handler's context and called
 * with a params object is fastmcp's (mcp-use's takes a message string); `this.elicitInput(…)` in a file that imports
 * Cloudflare's `agents` is `McpAgent.elicitInput` (no timeout option), even when the MCP SDK is imported too.
 */
function refineOrigin(api: HumanWaitApi, call: TSESTree.CallExpression, facts: CallFacts): HumanWaitApi {
  const callee = unwrapExpression(call.callee);
  if (api.method === "elicit" && api.defaultDeadline.kind === "unknown" && api.match === "params-object") {
    if (callee.type === AST_NODE_TYPES.Identifier && isDestructuredFromParameter(callee)) return FASTMCP_ELICIT;
  }
  if (
    api.id === "mcp-elicit-input" &&
    facts.importedPackages.has("agents") &&
    callee.type === AST_NODE_TYPES.MemberExpression &&
    callee.object.type === AST_NODE_TYPES.ThisExpression
  ) {
    return CLOUDFLARE_ELICIT_INPUT;
  }
  return api;
}

/** `async (args, { elicit }) => { … elicit(…) }`: the name is bound by a parameter's object pattern. */
function isDestructuredFromParameter(identifier: TSESTree.Identifier): boolean {
  for (let current: TSESTree.Node | undefined = identifier.parent; current; current = current.parent) {
    if (!isFunctionNode(current)) continue;
    for (const parameter of current.params) {
      const pattern = parameter.type === AST_NODE_TYPES.AssignmentPattern ? parameter.left : parameter;
      if (pattern.type !== AST_NODE_TYPES.ObjectPattern) continue;
      for (const property of pattern.properties) {
        if (property.type !== AST_NODE_TYPES.Property) continue;
        const value = property.value.type === AST_NODE_TYPES.AssignmentPattern ? property.value.left : property.value;
        if (value.type === AST_NODE_TYPES.Identifier && value.name === identifier.name) return true;
      }
    }
  }
  return false;
}

export interface ElicitationHandler {
  readonly registration: TSESTree.CallExpression | TSESTree.NewExpression;
  readonly api: HandlerRegistrationApi;
  readonly handler: TSESTree.FunctionLike;
  /** Whether the handler is written at the registration, rather than a function of the file passed by name. */
  readonly inline: boolean;
}

/** The names a question's handler is registered by (`setRequestHandler`, `MCPClient`): most calls name none. */
const HANDLER_REGISTRATION_NAMES: ReadonlySet<string | null> = new Set(
  ELICITATION_HANDLER_APIS.map((api) => api.method),
);

/** Whether `call` is named like a registration of a question's handler (`matchElicitationHandler`'s first test). */
export function mayRegisterQuestionHandler(call: TSESTree.CallExpression | TSESTree.NewExpression): boolean {
  return HANDLER_REGISTRATION_NAMES.has(getCalleeName(call));
}

/**
 * `client.setRequestHandler(ElicitRequestSchema | elicitation/create, handler)` and
 * `mcpClient.onElicitationRequest(schema, handler)`: the handler answers a server's question for a person.
 * `resolveHandler` (optional) finds the function behind a handler passed by name
 * (`setRequestHandler(ElicitRequestSchema, onElicitation)`); without it only inline functions count.
 */
export function matchElicitationHandler(
  call: TSESTree.CallExpression | TSESTree.NewExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
  resolveHandler?: (argument: TSESTree.Node) => TSESTree.FunctionLike | null,
): ElicitationHandler | null {
  const method = getCalleeName(call);
  const constructs = call.type === AST_NODE_TYPES.NewExpression;
  for (const api of ELICITATION_HANDLER_APIS) {
    if (api.method !== method || (api.constructs ?? false) !== constructs) continue;
    if (!registrationApplies(api, call, sourceCode)) continue;
    const found = handlerOf(api, call, resolveHandler);
    if (found) return { registration: call, api, ...found };
  }
  return null;
}

/** Whether the registration's receiver, imports and first argument are those of the row. */
function registrationApplies(
  api: HandlerRegistrationApi,
  call: TSESTree.CallExpression | TSESTree.NewExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  if (
    api.receiverTail !== undefined &&
    (call.type !== AST_NODE_TYPES.CallExpression || getReceiverName(call) !== api.receiverTail)
  )
    return false;
  if (api.requiresImport && !api.packages.some((pkg) => importedPackagesOf(call).has(pkg))) return false;
  if (api.schemaNames.length === 0) return true;
  const written = call.arguments[0];
  if (!written) return false;
  const first = followConstant(written, sourceCode);
  const firstPath = getMemberPath(first);
  if (firstPath && (api.schemaPaths ?? []).some((tail) => `.${firstPath.join(".")}`.endsWith(`.${tail}`))) return true;
  const firstName = getStringValue(first) ?? (firstPath ? firstPath[firstPath.length - 1]! : null);
  if (firstName !== null && api.schemaNames.includes(firstName)) return true;
  const literal = schemaMethodLiteral(first, sourceCode);
  return literal !== null && api.schemaNames.includes(literal);
}

/**
 * The method a request schema built by the project names: `z.object({ method: z.literal(…), … })` with a question's
 * method (chained `.extend`, `.strict()`, … alike), written here, in a `const`, or exported by another module of the
 * project.
 */
function schemaMethodLiteral(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): string | null {
  let schema = unwrapExpression(node);
  let code = sourceCode;
  if (schema.type === AST_NODE_TYPES.Identifier) {
    const imported = importedSchemaOf(schema, sourceCode);
    if (!imported) return null;
    schema = unwrapExpression(imported.node);
    code = imported.module.sourceCode;
  }
  for (let call: TSESTree.Node = schema; call.type === AST_NODE_TYPES.CallExpression;) {
    for (const argument of call.arguments) {
      const object = followConstant(argument, code);
      const method = object.type === AST_NODE_TYPES.ObjectExpression ? findProperty(object, "method") : null;
      const value = method && unwrapExpression(method.value);
      if (value?.type === AST_NODE_TYPES.CallExpression && getCalleeName(value) === "literal")
        return getStringValue(value.arguments[0]);
    }
    const callee: TSESTree.Node = unwrapExpression(call.callee);
    if (callee.type !== AST_NODE_TYPES.MemberExpression) break;
    call = unwrapExpression(callee.object);
  }
  return null;
}

function handlerOf(
  api: HandlerRegistrationApi,
  call: TSESTree.CallExpression | TSESTree.NewExpression,
  resolveHandler?: (argument: TSESTree.Node) => TSESTree.FunctionLike | null,
): { handler: TSESTree.FunctionLike; inline: boolean } | null {
  let argument: TSESTree.Node | undefined = call.arguments[api.handlerArgIndex];
  if (api.handlerPath && argument) argument = valueAtPath(argument, api.handlerPath);
  if (api.handlerKeys && argument) {
    const object = unwrapExpression(argument);
    if (object.type !== AST_NODE_TYPES.ObjectExpression) return null;
    argument = api.handlerKeys.map((key) => findProperty(object, key)?.value).find((value) => value !== undefined);
  }
  if (!argument) return null;
  if (isFunctionNode(argument)) return { handler: argument, inline: true };
  const resolved = resolveHandler ? resolveHandler(argument) : null;
  return resolved ? { handler: resolved, inline: false } : null;
}

/** The value below an object literal at `path` (`*`: the first key under which the rest of the path is found). */
function valueAtPath(node: TSESTree.Node, path: readonly string[]): TSESTree.Node | undefined {
  if (path.length === 0) return node;
  const object = unwrapExpression(node);
  if (object.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
  const [key, ...rest] = path;
  if (key !== "*") {
    const property = findProperty(object, key!);
    return property ? valueAtPath(property.value, rest) : undefined;
  }
  for (const property of object.properties) {
    const found = property.type === AST_NODE_TYPES.Property ? valueAtPath(property.value, rest) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** ACP client classes answer permission requests in a `requestPermission(params)` method: a handler too. */
export function isAcpClientHandlerMethod(node: TSESTree.MethodDefinition | TSESTree.Property): boolean {
  const name = getStaticPropertyName(node);
  return name !== null && ACP_CLIENT_HANDLER_METHODS.has(name) && isFunctionNode(node.value);
}

/** Keys of MCP `ToolAnnotations`: an object of only these in `server.tool(name, {…}, cb)` is annotations, not a schema. */
const TOOL_ANNOTATION_KEYS = new Set(["title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"]);

export interface ToolHandler {
  readonly registration: TSESTree.CallExpression;
  /** Which parameter of the handler receives the request's extra/context (with its signal); null when unknown. */
  readonly signalParamIndex: number | null;
  /** MCP TS SDK major: 1 (`extra.signal`) or 2 (`ctx.mcpReq.signal`, `@modelcontextprotocol/server`). */
  readonly version: 1 | 2;
}

/** The registration rows by their method name (a table, not a cache): the first row of a name where several share it. */
const REGISTRATION_ROWS: ReadonlyMap<string | null, RequestHandlerRegistration> = new Map(
  REQUEST_HANDLER_REGISTRATIONS.filter(
    (row, index, rows) => rows.findIndex((other) => other.method === row.method) === index,
  ).map((row) => [row.method, row]),
);

/** The row of a call named like a request handler's registration (`tool`, `registerTool`, …); most calls have none. */
function registrationRowOf(call: TSESTree.CallExpression): RequestHandlerRegistration | undefined {
  return REGISTRATION_ROWS.get(getCalleeName(call));
}

/**
 * `server.tool(name, …, handler)`, `registerTool`, `resource`/`registerResource`, `prompt`/`registerPrompt`,
 * `server.setRequestHandler(CallToolRequestSchema, handler)` (MCP TS SDK; protocol/apis.ts
 * `REQUEST_HANDLER_REGISTRATIONS`): where the handler gets the request's extra. Given the file's `sourceCode`, a
 * handler registered through a generic wrapper (`withErrorHandling(handler)`, analysis/pass-through.ts) is one too;
 * where the wrapper does not hand it the extra, it has none to take (`signalParamIndex` null).
 */
export function matchToolHandler(
  handler: TSESTree.FunctionLike,
  sourceCode?: Readonly<TSESLint.SourceCode>,
): ToolHandler | null {
  let attached: TSESTree.Node = handler;
  let registration = handler.parent;
  let forwards = Infinity;
  if (sourceCode && registration?.type === AST_NODE_TYPES.CallExpression && !registrationRowOf(registration)) {
    const through = passThroughOf(registration, sourceCode);
    if (through && registration.arguments[through.argumentIndex] === handler) {
      attached = registration;
      forwards = through.forwards;
      registration = registration.parent;
    }
  }
  if (registration?.type !== AST_NODE_TYPES.CallExpression || registration.arguments.at(-1) !== attached) return null;
  const found = requestHandlerRegistration(registration, handler.params[0]);
  if (!found || found.signalParamIndex === null || found.signalParamIndex < forwards) return found;
  return { ...found, signalParamIndex: null };
}

/**
 * Whether `registration` registers a handler of a client's request (its last argument), and where that handler gets
 * the request's extra; `firstParameter` is the handler's first parameter, where it is known (a destructured one is
 * the arguments).
 */
export function requestHandlerRegistration(
  registration: TSESTree.CallExpression,
  firstParameter: TSESTree.Parameter | undefined,
): ToolHandler | null {
  const row = registrationRowOf(registration);
  if (!row || registration.callee.type !== AST_NODE_TYPES.MemberExpression) return null;
  const args = registration.arguments;
  if (args.length < 2) return null;
  const version = importedPackagesOf(registration).has("@modelcontextprotocol/server") ? 2 : 1;
  const middle = args.slice(1, -1).map((argument) => unwrapExpression(argument));
  const destructuredArgs = firstParameter?.type === AST_NODE_TYPES.ObjectPattern;
  if (row.takes === "request") {
    return answersClientRequest(args[0]!) ? { registration, signalParamIndex: 1, version } : null;
  }
  if (!namesRegistered(args[0]!)) return null;
  if (row.takes === "resource") {
    const template = middle[0];
    const fromTemplate =
      template?.type === AST_NODE_TYPES.NewExpression &&
      template.callee.type === AST_NODE_TYPES.Identifier &&
      template.callee.name === RESOURCE_TEMPLATE_CLASS;
    return { registration, signalParamIndex: fromTemplate ? 2 : 1, version };
  }
  let signalParamIndex: number | null;
  if (row.schemaKey !== undefined) {
    const config = middle[0];
    signalParamIndex =
      config?.type === AST_NODE_TYPES.ObjectExpression
        ? findProperty(config, row.schemaKey) === null
          ? 0
          : 1
        : destructuredArgs
          ? 1
          : null;
  } else {
    const objects = middle.filter((argument) => !isStringLike(argument));
    if (objects.length === 0) signalParamIndex = 0;
    else if (objects.length >= 2) signalParamIndex = 1;
    else {
      const only = objects[0]!;
      signalParamIndex =
        only.type === AST_NODE_TYPES.ObjectExpression
          ? only.properties.length > 0 &&
            only.properties.every(
              (property) =>
                property.type === AST_NODE_TYPES.Property &&
                TOOL_ANNOTATION_KEYS.has(getStaticPropertyName(property) ?? ""),
            )
            ? 0
            : 1
          : destructuredArgs || namesSchema(only)
            ? 1
            : null;
    }
  }
  return { registration, signalParamIndex, version };
}

/** `"delete_file"`, `t.name`, `toolName`: the name a tool, prompt or resource is registered under. */
function namesRegistered(argument: TSESTree.Node): boolean {
  const value = unwrapExpression(argument);
  if (isStringLike(value)) return true;
  const name = getMemberPath(value)?.at(-1);
  return name !== undefined && /name$/i.test(name);
}

/** `t.schema`, `inputSchema`, `deleteShape`: an argument whose name says it is the arguments' schema. */
function namesSchema(argument: TSESTree.Node): boolean {
  const name = getMemberPath(argument)?.at(-1);
  return name !== undefined && /(?:schema|shape)$/i.test(name);
}

/**
 * `CallToolRequestSchema`, `"tools/call"`: the schema or method of a request a client sends a server. A question's own
 * (`ElicitRequestSchema`, or its method spelled out) is the client's handler, judged as one.
 */
function answersClientRequest(first: TSESTree.Node): boolean {
  const value = unwrapExpression(first);
  const name = getStringValue(value) ?? getMemberPath(value)?.at(-1) ?? null;
  if (name === null || QUESTION_SCHEMA_NAMES.has(name)) return false;
  return name.endsWith(REQUEST_SCHEMA_SUFFIX) || (isStringLike(value) && name.includes("/"));
}

const QUESTION_SCHEMA_NAMES: ReadonlySet<string> = new Set(ELICITATION_HANDLER_APIS.flatMap((api) => api.schemaNames));
