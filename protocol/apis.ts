/**
 * The table of APIs that stop an operation to wait on a person, as data (docs/architecture.md, "How to add an API").
 *
 * Each row was read from the package it names: @modelcontextprotocol/sdk@1.32.2 (`dist/esm/server/index.d.ts`,
 * `dist/esm/shared/protocol.d.ts` for `RequestOptions` and `DEFAULT_REQUEST_TIMEOUT_MSEC`),
 * @modelcontextprotocol/server@2.4.0 (`dist/index.d.mts`), @agentclientprotocol/sdk@2.4.0 (`dist/v1/acp.d.ts`,
 * `dist/v2/acp.d.ts`), fastmcp, mcp-use@1 and Cloudflare's agents as each row says. Rules and codemods never test
 * method names themselves: they ask analysis/human-wait.ts which row a call belongs to.
 */
import { ACP_REQUEST_PERMISSION_METHOD, ELICITATION_CREATE_METHOD } from "./methods.ts";
import type { ResultShape } from "./answers.ts";

/** Who is waiting: a server asking its client's user, or a client answering a server's question. */
type WaitSide = "server" | "client";

/** What happens when the caller sets no deadline. */
type DefaultDeadline =
  | { kind: "request-default"; ms: number }
  | { kind: "effectively-infinite"; ms: number }
  | { kind: "none" }
  | { kind: "fixed"; ms: number }
  /** A look-alike of a known API from a package the file does not import: its default is not ours to state. */
  | { kind: "unknown" };

export interface HumanWaitApi {
  /** Stable id, used in messages' data and in tests. */
  readonly id: string;
  /** How a person would name the API. */
  readonly label: string;
  /** npm packages the API ships in; an import of one of these ties a call in the file to the row. */
  readonly packages: readonly string[];
  /** The method name at the call site (`server.elicitInput(…)` → `elicitInput`). */
  readonly method: string;
  readonly side: WaitSide;
  /** Index of the options argument that carries deadline/cancellation fields, or null when the API takes none. */
  readonly optionsArgIndex: number | null;
  /** Option fields that set a deadline. */
  readonly deadlineFields: readonly string[];
  /** Option field that carries an AbortSignal, or null when the API has none. */
  readonly signalField: string | null;
  /** A field that must accompany the signal for the wait to actually end (ACP 2.x `stopWaitingOnCancel: true`). */
  readonly signalCompanionField: string | null;
  readonly defaultDeadline: DefaultDeadline;
  /** Whether the API passes the handler's own cancellation signal on by itself (none of the known ones do). */
  readonly forwardsCallerSignal: boolean;
  readonly result: ResultShape;
  /**
   * How the call is told apart from look-alikes when only its name is known:
   * - "name": the method name is specific enough on its own (`elicitInput`);
   * - "request-method": a generic request call whose first argument names the wait's JSON-RPC method;
   * - "string-message": mcp-use's `ctx.elicit(message, schema, options)` — first argument is text;
   * - "params-object": fastmcp's `context.elicit(params, options)` — first argument is not text;
   * - "acp-params": ACP `requestPermission(params)` — needs an argument and a receiver that is not a web global.
   */
  readonly match: "name" | "request-method" | "string-message" | "params-object" | "acp-params";
  /** JSON-RPC methods a "request-method" row recognises in its first argument. */
  readonly requestMethods?: readonly string[];
  /**
   * Dotted tails of a method constant a "request-method" row recognises in its first argument, where the last
   * segment alone is ambiguous (`methods.client.elicitation.create` vs `methods.client.terminal.create`).
   */
  readonly requestMethodPaths?: readonly string[];
  /**
   * The call's overloads where they put the options at different indexes (absent: `optionsArgIndex` for every call).
   * The first overload whose result-schema argument the call passes applies; one with none applies otherwise.
   */
  readonly overloads?: readonly CallOverload[];
}

/** One overload of a call: where its result schema (if it takes one) and its options go. */
export interface CallOverload {
  /** The overload as its `.d.ts` declares it, shortened. */
  readonly signature: string;
  /** Index of the result-schema argument, or null when the overload takes none (the method names the result). */
  readonly resultSchemaArgIndex: number | null;
  readonly optionsArgIndex: number;
}

/** MCP SDK default request timeout (DEFAULT_REQUEST_TIMEOUT_MSEC): chosen for HTTP round trips, not for a person. */
const MCP_SDK_DEFAULT_TIMEOUT_MS = 60_000;
/** mcp-use's elicitation default: the largest setTimeout delay, i.e. no timeout at all. */
const MCP_USE_DEFAULT_TIMEOUT_MS = 2_147_483_647;

const MCP_REQUEST_OPTIONS = {
  deadlineFields: ["timeout", "maxTotalTimeout"],
  signalField: "signal",
  signalCompanionField: null,
} as const;

/** ACP 2.x `RequestOptions` (@agentclientprotocol/sdk@2.4.0 `dist/v2/acp.d.ts`): a signal, and the flag that makes it end the wait. */
export const ACP_SIGNAL_OPTION = "cancellationSignal";
const ACP_REQUEST_OPTIONS = {
  deadlineFields: [],
  signalField: ACP_SIGNAL_OPTION,
  signalCompanionField: "stopWaitingOnCancel",
} as const;

export const HUMAN_WAIT_APIS: readonly HumanWaitApi[] = [
  {
    id: "mcp-elicit-input",
    label: "MCP SDK `elicitInput`",
    packages: ["@modelcontextprotocol/sdk", "@modelcontextprotocol/server"],
    method: "elicitInput",
    side: "server",
    optionsArgIndex: 1,
    ...MCP_REQUEST_OPTIONS,
    defaultDeadline: { kind: "request-default", ms: MCP_SDK_DEFAULT_TIMEOUT_MS },
    forwardsCallerSignal: false,
    result: "mcp-elicit-result",
    match: "name",
  },
  {
    id: "cloudflare-agents-elicit-input",
    label: "Cloudflare agents `McpAgent.elicitInput`",
    packages: ["agents"],
    method: "elicitInput",
    side: "server",
    optionsArgIndex: 1,
    deadlineFields: [],
    signalField: null,
    signalCompanionField: null,
    defaultDeadline: { kind: "fixed", ms: MCP_SDK_DEFAULT_TIMEOUT_MS },
    forwardsCallerSignal: false,
    result: "mcp-elicit-result",
    match: "name",
  },
  {
    id: "mcp-send-request",
    label: "MCP SDK `sendRequest` for `elicitation/create`",
    packages: ["@modelcontextprotocol/sdk", "@modelcontextprotocol/server"],
    method: "sendRequest",
    side: "server",
    optionsArgIndex: 2,
    ...MCP_REQUEST_OPTIONS,
    defaultDeadline: { kind: "request-default", ms: MCP_SDK_DEFAULT_TIMEOUT_MS },
    forwardsCallerSignal: false,
    result: "mcp-elicit-result",
    match: "request-method",
    requestMethods: [ELICITATION_CREATE_METHOD],
  },
  {
    id: "mcp-v2-send",
    label: "MCP SDK v2 `ctx.mcpReq.send` for `elicitation/create`",
    packages: ["@modelcontextprotocol/server", "@modelcontextprotocol/sdk"],
    method: "send",
    side: "server",
    optionsArgIndex: 1,
    // @modelcontextprotocol/server@2.4.0 `dist/mcp-BCJHyo7l.d.mts` 2192–2197: a spec method takes its options second.
    overloads: [
      { signature: "send(request, options?)", resultSchemaArgIndex: null, optionsArgIndex: 1 },
      { signature: "send(request, resultSchema, options?)", resultSchemaArgIndex: 1, optionsArgIndex: 2 },
    ],
    ...MCP_REQUEST_OPTIONS,
    defaultDeadline: { kind: "request-default", ms: MCP_SDK_DEFAULT_TIMEOUT_MS },
    forwardsCallerSignal: false,
    result: "mcp-elicit-result",
    match: "request-method",
    requestMethods: [ELICITATION_CREATE_METHOD],
  },
  {
    id: "fastmcp-elicit",
    label: "fastmcp `context.elicit`",
    packages: ["fastmcp"],
    method: "elicit",
    side: "server",
    optionsArgIndex: 1,
    ...MCP_REQUEST_OPTIONS,
    defaultDeadline: { kind: "request-default", ms: MCP_SDK_DEFAULT_TIMEOUT_MS },
    forwardsCallerSignal: false,
    result: "mcp-elicit-result",
    match: "params-object",
  },
  {
    id: "fastmcp-request-elicitation",
    label: "fastmcp `session.requestElicitation`",
    packages: ["fastmcp"],
    method: "requestElicitation",
    side: "server",
    optionsArgIndex: 1,
    ...MCP_REQUEST_OPTIONS,
    defaultDeadline: { kind: "request-default", ms: MCP_SDK_DEFAULT_TIMEOUT_MS },
    forwardsCallerSignal: false,
    result: "mcp-elicit-result",
    match: "name",
  },
  {
    id: "mcp-use-elicit",
    label: "mcp-use `ctx.elicit`",
    packages: ["mcp-use"],
    method: "elicit",
    side: "server",
    optionsArgIndex: 2,
    deadlineFields: ["timeout"],
    signalField: null,
    signalCompanionField: null,
    defaultDeadline: { kind: "effectively-infinite", ms: MCP_USE_DEFAULT_TIMEOUT_MS },
    forwardsCallerSignal: false,
    result: "mcp-elicit-result",
    match: "string-message",
  },
  {
    id: "acp-request-permission",
    label: "ACP `requestPermission`",
    packages: ["@agentclientprotocol/sdk", "@zed-industries/agent-client-protocol"],
    method: "requestPermission",
    side: "server",
    optionsArgIndex: null,
    deadlineFields: [],
    signalField: null,
    signalCompanionField: null,
    defaultDeadline: { kind: "none" },
    forwardsCallerSignal: false,
    result: "acp-permission-outcome",
    match: "acp-params",
  },
  {
    id: "acp-create-elicitation",
    label: "ACP `createElicitation`",
    packages: ["@agentclientprotocol/sdk", "@zed-industries/agent-client-protocol"],
    method: "createElicitation",
    side: "server",
    optionsArgIndex: null,
    deadlineFields: [],
    signalField: null,
    signalCompanionField: null,
    defaultDeadline: { kind: "none" },
    forwardsCallerSignal: false,
    result: "acp-elicit-result",
    match: "acp-params",
  },
  {
    id: "acp-unstable-create-elicitation",
    label: "ACP `unstable_createElicitation`",
    packages: ["@agentclientprotocol/sdk", "@zed-industries/agent-client-protocol"],
    method: "unstable_createElicitation",
    side: "server",
    optionsArgIndex: null,
    deadlineFields: [],
    signalField: null,
    signalCompanionField: null,
    defaultDeadline: { kind: "none" },
    forwardsCallerSignal: false,
    result: "acp-elicit-result",
    match: "acp-params",
  },
  {
    id: "acp2-request",
    label: "ACP 2.x `ctx.request`",
    packages: ["@agentclientprotocol/sdk"],
    method: "request",
    side: "server",
    optionsArgIndex: 2,
    ...ACP_REQUEST_OPTIONS,
    defaultDeadline: { kind: "none" },
    forwardsCallerSignal: false,
    result: "acp-permission-outcome",
    match: "request-method",
    requestMethods: [
      ACP_REQUEST_PERMISSION_METHOD,
      "requestPermission",
      "createElicitation",
      "unstable_createElicitation",
    ],
  },
  {
    id: "acp2-request-elicitation",
    label: "ACP 2.x `ctx.request` for `elicitation/create`",
    packages: ["@agentclientprotocol/sdk"],
    method: "request",
    side: "server",
    optionsArgIndex: 2,
    ...ACP_REQUEST_OPTIONS,
    defaultDeadline: { kind: "none" },
    forwardsCallerSignal: false,
    result: "acp-elicit-result",
    match: "request-method",
    requestMethods: [],
    requestMethodPaths: ["client.elicitation.create"],
  },
];

/**
 * Client-side registrations whose handler answers a server's question (the person sits behind them).
 * `schemaArgs` are the first-argument forms that name elicitation.
 */
export interface HandlerRegistrationApi {
  readonly id: string;
  readonly label: string;
  readonly method: string;
  /** Index of the handler function among the arguments. */
  readonly handlerArgIndex: number;
  /** First-argument identifiers or strings that make the registration an elicitation handler; empty = any. */
  readonly schemaNames: readonly string[];
  /** How the handler receives the request's cancellation signal, as a path from its n-th parameter. */
  readonly signalParam: { index: number; path: readonly string[] } | null;
  readonly result: ResultShape;
}

export const ELICITATION_HANDLER_APIS: readonly HandlerRegistrationApi[] = [
  {
    id: "mcp-set-request-handler",
    label: "MCP client `setRequestHandler(ElicitRequestSchema, …)`",
    method: "setRequestHandler",
    handlerArgIndex: 1,
    schemaNames: ["ElicitRequestSchema", ELICITATION_CREATE_METHOD],
    signalParam: { index: 1, path: ["signal"] },
    result: "mcp-elicit-result",
  },
  {
    id: "ai-sdk-on-elicitation-request",
    label: "@ai-sdk/mcp `onElicitationRequest`",
    method: "onElicitationRequest",
    handlerArgIndex: 1,
    schemaNames: [],
    signalParam: null,
    result: "mcp-elicit-result",
  },
];

/** Web platform globals that also have a `requestPermission` and are nothing of ours. */
export const WEB_PERMISSION_RECEIVERS = new Set([
  "Notification",
  "DeviceMotionEvent",
  "DeviceOrientationEvent",
  "navigator",
  "permissions",
]);

/** Keys only an MCP `elicitation/create` request's parameters have: an object holding one is a question. */
export const ELICITATION_PARAM_KEYS: readonly string[] = ["requestedSchema", "elicitationId"];

/** Every option field of any row that sets a deadline or carries a signal: what marks a parameter as the options. */
export const OPTION_FIELDS: readonly string[] = [
  ...new Set(HUMAN_WAIT_APIS.flatMap((api) => [...api.deadlineFields, ...(api.signalField ? [api.signalField] : [])])),
];
