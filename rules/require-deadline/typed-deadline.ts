/**
 * Where a wait's deadline belongs, read from types (require-deadline in typed mode).
 *
 * A call whose result is a person's answer is a wait on a person wherever its callee is declared. The deadline can
 * only be given where the question is asked: inside the program's own wrapper (`askUser(): Promise<ElicitResult>`,
 * judged when its file is linted, never at its callers), or at the call itself when the callee is a request API the
 * call names a question's JSON-RPC method to and whose signature takes deadline options (`server.request({ method:
 * elicitation/create, … }, ElicitResultSchema)`, a generic `transport.request<ElicitResult>(elicitation/create,
 * …)`). A function of a package that answers with a person's answer but is asked no JSON-RPC method by name is the
 * package's to bound: nothing is reported at its callers.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import type * as ts from "typescript";
import { findProperty, getMemberPath, unwrapExpression } from "../../analysis/ast.ts";
import type { HumanWaitCall } from "../../analysis/asks.ts";
import { HUMAN_WAIT_APIS, type HumanWaitApi } from "../../protocol/apis.ts";
import { type ResultShape } from "../../protocol/answers.ts";
import { programAnswerFunctionOf, typeAccess, type TypeAccess } from "../../analysis/types.ts";
import { followConstant } from "../../analysis/walk.ts";

/** The signature the checker resolved for a call, or null untyped or when it cannot say. */
function resolvedSignature(call: TSESTree.CallExpression, access: TypeAccess): ts.Signature | null {
  const tsCall = access.toTsNode(call);
  if (!tsCall) return null;
  try {
    return access.checker.getResolvedSignature(tsCall as ts.CallExpression) ?? null;
  } catch {
    return null;
  }
}

/**
 * Typed: whether `call` reaches a function, method or arrow of the program (not a declaration file, not a package)
 * whose own declared or inferred result is a person's answer. Such a wrapper holds the wait, and its deadline is
 * judged inside it, at the call that asks; its callers cannot give it one. False untyped.
 */
export function reachesProgramAnswerFunction(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  return programAnswerFunctionOf(call, sourceCode) !== null;
}

/** JSON-RPC methods that ask a person, from the table: what a request call must name to be a question. */
const QUESTION_METHODS: ReadonlySet<string> = new Set(
  HUMAN_WAIT_APIS.flatMap((api) => api.requestMethods ?? []).filter((method) => method.includes("/")),
);

const DEADLINE_FIELDS = [...new Set(HUMAN_WAIT_APIS.flatMap((api) => api.deadlineFields))];
const SIGNAL_FIELDS = [
  ...new Set(HUMAN_WAIT_APIS.flatMap((api) => (api.signalField === null ? [] : [api.signalField]))),
];
const COMPANION_FIELDS = [
  ...new Set(HUMAN_WAIT_APIS.flatMap((api) => (api.signalCompanionField === null ? [] : [api.signalCompanionField]))),
];

/**
 * The JSON-RPC method a request call's first argument names, by its value's type where the syntax does not show it:
 * `elicitation/create`, a constant typed as that literal (imported or not), `{ method: elicitation/create, … }`.
 */
function requestMethodOf(
  argument: TSESTree.CallExpressionArgument | undefined,
  access: TypeAccess,
  sourceCode: Readonly<TSESLint.SourceCode>,
): string | null {
  if (!argument || argument.type === AST_NODE_TYPES.SpreadElement) return null;
  const value = followConstant(argument, sourceCode);
  if (value.type === AST_NODE_TYPES.ObjectExpression) {
    const method = findProperty(value, "method");
    return method ? stringLiteralTypeOf(unwrapExpression(method.value), access) : null;
  }
  return stringLiteralTypeOf(unwrapExpression(argument), access);
}

function stringLiteralTypeOf(node: TSESTree.Node, access: TypeAccess): string | null {
  const tsNode = access.toTsNode(node);
  if (!tsNode) return null;
  const type = access.checker.getTypeAtLocation(tsNode);
  return type.isStringLiteral() ? type.value : null;
}

/** The package a declaration file belongs to (`@modelcontextprotocol/sdk`), read from its path. */
function packageOf(sourceFile: ts.SourceFile): string | null {
  const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(sourceFile.fileName);
  return match ? match[1]!.replace(/\\/g, "/") : null;
}

/** The first parameter after the request whose type carries a deadline or signal field, with those fields. */
function deadlineParameter(
  signature: ts.Signature,
  call: TSESTree.CallExpression,
  access: TypeAccess,
): { index: number; deadlineFields: string[]; signalField: string | null; companion: string | null } | null {
  const tsCall = access.toTsNode(call);
  if (!tsCall) return null;
  const parameters = signature.getParameters();
  for (let index = 1; index < parameters.length; index++) {
    const type = access.checker.getNonNullableType(
      access.checker.getTypeOfSymbolAtLocation(parameters[index]!, tsCall),
    );
    const deadlineFields = DEADLINE_FIELDS.filter((field) => type.getProperty(field));
    const signalField = SIGNAL_FIELDS.find((field) => type.getProperty(field)) ?? null;
    if (deadlineFields.length === 0 && signalField === null) continue;
    const companion = signalField === null ? null : (COMPANION_FIELDS.find((field) => type.getProperty(field)) ?? null);
    return { index, deadlineFields, signalField, companion };
  }
  return null;
}

const UNKNOWN_DEFAULT: HumanWaitApi["defaultDeadline"] = { kind: "unknown" };

/**
 * Typed: a call found to wait on a person only by its result type (`shape`), read as a request for a person's answer
 * that the call itself can bound: it names a question's JSON-RPC method (`elicitation/create`,
 * `session/request_permission`) and its callee, declared outside the program or generic, takes options with a
 * deadline or signal field. The row it returns says where those options go; the package's own default applies when
 * the table knows the package for that method. Null when the types do not show both.
 */
export function typedRequestWait(
  call: TSESTree.CallExpression,
  shape: ResultShape,
  sourceCode: Readonly<TSESLint.SourceCode>,
): HumanWaitCall | null {
  const access = typeAccess(sourceCode);
  if (!access) return null;
  const method = requestMethodOf(call.arguments[0], access, sourceCode);
  if (method === null || !QUESTION_METHODS.has(method)) return null;
  const signature = resolvedSignature(call, access);
  if (!signature) return null;
  const parameter = deadlineParameter(signature, call, access);
  if (!parameter) return null;
  const declaration = signature.declaration;
  const pkg = declaration ? packageOf(declaration.getSourceFile()) : null;
  const known =
    pkg === null
      ? undefined
      : HUMAN_WAIT_APIS.find((api) => api.packages.includes(pkg) && (api.requestMethods ?? []).includes(method));
  const path = getMemberPath(call.callee);
  const spelled = path ? path.join(".") : "request";
  const api: HumanWaitApi = {
    id: `typed:${spelled}`,
    label: `\`${spelled}\` for \`${method}\``,
    packages: pkg === null ? [] : [pkg],
    method: path?.at(-1) ?? spelled,
    side: "server",
    optionsArgIndex: parameter.index,
    deadlineFields: parameter.deadlineFields,
    signalField: parameter.signalField,
    signalCompanionField: parameter.companion,
    defaultDeadline: known?.defaultDeadline ?? UNKNOWN_DEFAULT,
    forwardsCallerSignal: false,
    result: shape,
    match: "request-method",
    requestMethods: [method],
    callerSignal: known?.callerSignal ?? [],
    evidence: known?.evidence ?? `the resolved signature of \`${spelled}\``,
    typedFixture: "none",
  };
  return { node: call, api, optionsArgument: call.arguments[parameter.index] ?? null, wrapper: null };
}
