/**
 * Recognises, on an ESTree call, a wait on a person (DESIGN §3) and client-side elicitation handlers.
 * The shared "domain parser" of every rule and codemod.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import {
  collectImportedPackages,
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
import {
  ELICITATION_HANDLER_APIS,
  findHumanWaitApi,
  HUMAN_WAIT_METHOD_NAMES,
  type CallFacts,
  type HandlerRegistrationApi,
  type HumanWaitApi,
} from "./human-wait.ts";
import type { WrapperSpecifier } from "./wrappers.ts";

export interface HumanWaitCall {
  readonly node: TSESTree.CallExpression;
  readonly api: HumanWaitApi;
  /** The options argument, when the call passes one. */
  readonly optionsArgument: TSESTree.CallExpressionArgument | null;
  /** Set when the call is a user's own wrapper listed in options rather than a row of the table. */
  readonly wrapper: WrapperSpecifier | null;
}

const importsByProgram = new WeakMap<TSESTree.Program, Set<string>>();

function importedPackagesOf(node: TSESTree.Node): Set<string> {
  let root: TSESTree.Node = node;
  while (root.parent) root = root.parent;
  const program = root as TSESTree.Program;
  let packages = importsByProgram.get(program);
  if (!packages) {
    packages = collectImportedPackages(program);
    importsByProgram.set(program, packages);
  }
  return packages;
}

/**
 * The JSON-RPC method a request call's first argument names:
 * `{ method: "elicitation/create", … }`, `"session/request_permission"`, or `methods.client.session.requestPermission`.
 */
export function getRequestMethod(firstArgument: TSESTree.Node | undefined): string | null {
  if (!firstArgument) return null;
  const argument = unwrapExpression(firstArgument);
  if (argument.type === AST_NODE_TYPES.ObjectExpression) {
    const methodProperty = findProperty(argument, "method");
    return methodProperty ? getStringValue(methodProperty.value) : null;
  }
  const text = getStringValue(argument);
  if (text !== null) return text;
  if (argument.type === AST_NODE_TYPES.MemberExpression) {
    const path = getMemberPath(argument);
    return path ? path[path.length - 1]! : null;
  }
  return null;
}

function describeCall(call: TSESTree.CallExpression): CallFacts {
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
    requestMethod: getRequestMethod(first),
    requestMethodPath: first ? (getMemberPath(first)?.join(".") ?? null) : null,
    importedPackages: importedPackagesOf(call),
  };
}

/**
 * Whether `call` waits on a person, and which API it is. `wrappers` are the user's own functions
 * (rule option `humanWaitFunctions`), matched by name.
 */
export function matchHumanWaitCall(
  call: TSESTree.CallExpression,
  wrappers: readonly WrapperSpecifier[] = [],
): HumanWaitCall | null {
  const method = getCalleeName(call);
  if (method === null) return null;
  const wrapper = wrappers.find((candidate) => candidate.names.includes(method)) ?? null;
  if (wrapper) {
    const api = wrapper.api;
    const index = api.optionsArgIndex;
    return { node: call, api, optionsArgument: index === null ? null : (call.arguments[index] ?? null), wrapper };
  }
  // Most calls in a file are nothing of ours: decide on the name before gathering the call's other facts.
  if (!HUMAN_WAIT_METHOD_NAMES.has(method)) return null;
  const api = findHumanWaitApi(describeCall(call));
  if (!api) return null;
  const index = api.optionsArgIndex;
  return { node: call, api, optionsArgument: index === null ? null : (call.arguments[index] ?? null), wrapper: null };
}

export interface ElicitationHandler {
  readonly registration: TSESTree.CallExpression;
  readonly api: HandlerRegistrationApi;
  readonly handler: TSESTree.FunctionLike;
}

/**
 * `client.setRequestHandler(ElicitRequestSchema | "elicitation/create", handler)` and
 * `mcpClient.onElicitationRequest(schema, handler)`: the handler answers a server's question for a person.
 * `resolveHandler` (optional) finds the function behind a handler passed by name
 * (`setRequestHandler(ElicitRequestSchema, onElicitation)`); without it only inline functions count.
 */
export function matchElicitationHandler(
  call: TSESTree.CallExpression,
  resolveHandler?: (argument: TSESTree.Node) => TSESTree.FunctionLike | null,
): ElicitationHandler | null {
  const method = getCalleeName(call);
  const api = ELICITATION_HANDLER_APIS.find((candidate) => candidate.method === method);
  if (!api) return null;
  const argument = call.arguments[api.handlerArgIndex];
  const handler = isFunctionNode(argument) ? argument : argument && resolveHandler ? resolveHandler(argument) : null;
  if (!handler) return null;
  if (api.schemaNames.length > 0) {
    const first = call.arguments[0];
    if (!first) return null;
    const firstPath = getMemberPath(first);
    const firstName = getStringValue(first) ?? (firstPath ? firstPath[firstPath.length - 1]! : null);
    if (firstName === null || !api.schemaNames.includes(firstName)) return null;
  }
  return { registration: call, api, handler };
}

/** ACP client classes answer permission requests in a `requestPermission(params)` method: a handler too. */
export function isAcpClientHandlerMethod(node: TSESTree.MethodDefinition | TSESTree.Property): boolean {
  const name = getStaticPropertyName(node);
  return (
    (name === "requestPermission" || name === "createElicitation" || name === "unstable_createElicitation") &&
    isFunctionNode(node.value)
  );
}
