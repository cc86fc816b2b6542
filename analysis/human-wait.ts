/**
 * The table of APIs that stop an operation to wait on a person (DESIGN §3), as data.
 *
 * This module and its siblings in `core/` are the only places in the code base that know MCP and ACP.
 * Rules and codemods ask `matchHumanWaitCall` whether a call waits on a person and read the row it
 * returns; they never test method names themselves.
 */
import { isRequestBuilderName } from "./mrtr.ts";
import { RESULT_TYPE_NAMES } from "./result-shapes.ts";

/** Who is waiting: a server asking its client's user, or a client answering a server's question. */
type WaitSide = "server" | "client";

/** The shape of the answer the wait resolves with. */
export type ResultShape =
  /** MCP `ElicitResult`: `{ action: "accept" | "decline" | "cancel", content? }`. */
  | "mcp-elicit-result"
  /** ACP `RequestPermissionResponse`: `{ outcome: { outcome: "selected", optionId } | { outcome: "cancelled" } }`. */
  | "acp-permission-outcome"
  /** ACP elicitation: `{ action: "accept" | "decline" | "cancel" }`, custom strings allowed in 2.x. */
  | "acp-elicit-result";

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

const ACP_REQUEST_OPTIONS = {
  deadlineFields: [],
  signalField: "cancellationSignal",
  signalCompanionField: "stopWaitingOnCancel",
} as const;

const ELICITATION_CREATE_METHOD = "elicitation/create";
const ACP_REQUEST_PERMISSION_METHOD = "session/request_permission";

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
    optionsArgIndex: 2,
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
const WEB_PERMISSION_RECEIVERS = new Set([
  "Notification",
  "DeviceMotionEvent",
  "DeviceOrientationEvent",
  "navigator",
  "permissions",
]);

/** Every method name that may start a human wait; used for cheap pre-filtering. */
export const HUMAN_WAIT_METHOD_NAMES: ReadonlySet<string> = new Set(HUMAN_WAIT_APIS.map((api) => api.method));

/** Keys only an MCP `elicitation/create` request's parameters have: an object holding one is a question. */
export const ELICITATION_PARAM_KEYS: readonly string[] = ["requestedSchema", "elicitationId"];

/**
 * Words at least one of which a file must contain to hold a wait on a person, an elicitation handler or an answer,
 * derived from the tables: a row's method name where that name alone is specific, else the JSON-RPC methods and
 * method constants it recognises in its first argument; a handler registration's schema names (or its method);
 * the answer types' names; the request parameters' keys.
 */
const HUMAN_WAIT_WORDS: readonly string[] = [
  ...new Set([
    ...HUMAN_WAIT_APIS.flatMap((api) =>
      api.match === "request-method"
        ? [...(api.requestMethods ?? []), ...(api.requestMethodPaths ?? [])]
        : [api.method],
    ),
    ...ELICITATION_HANDLER_APIS.flatMap((api) => (api.schemaNames.length > 0 ? api.schemaNames : [api.method])),
    ...RESULT_TYPE_NAMES,
    ...ELICITATION_PARAM_KEYS,
  ]),
];

/**
 * A file that contains none of the words, in any case (`waitForElicitation` names a hand-rolled wait), cannot
 * contain a human wait: rules skip it before walking a single node.
 */
const HUMAN_WAIT_TEXT_HINT = new RegExp(
  HUMAN_WAIT_WORDS.map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|"),
  "i",
);

export function textMayContainHumanWait(text: string): boolean {
  return HUMAN_WAIT_TEXT_HINT.test(text);
}

/** The facts a recogniser needs about a call, independent of any parser's node types. */
export interface CallFacts {
  /** Method name, or null for a call that is not `x.method(…)` / `method(…)`. */
  readonly method: string | null;
  /** Rightmost identifier of the receiver (`mcpServer.server` → `server`), when it has one. */
  readonly receiverName: string | null;
  readonly argumentCount: number;
  /** Kind of the first argument, as far as syntax says. */
  readonly firstArgument: "string" | "object" | "other" | "none";
  /** The JSON-RPC method the first argument names (`{ method: "elicitation/create" }`,
   * `methods.client.session.requestPermission`), when it names one. */
  readonly requestMethod: string | null;
  /** The whole dotted path of a method constant in the first argument (`methods.client.elicitation.create`), if any. */
  readonly requestMethodPath?: string | null;
  /** Packages the file imports or requires. */
  readonly importedPackages: ReadonlySet<string>;
}

/** Finds the row of the table that a call belongs to, or null when it does not wait on a person. */
export function findHumanWaitApi(call: CallFacts): HumanWaitApi | null {
  if (call.method === null || !HUMAN_WAIT_METHOD_NAMES.has(call.method)) return null;
  // MRTR's `inputRequired.elicit(…)` builds a request the handler returns; nothing waits at the call.
  if (isRequestBuilderName(call.receiverName, call.method)) return null;
  const candidates = HUMAN_WAIT_APIS.filter((api) => api.method === call.method && matchesShape(api, call));
  const imported = candidates.find((api) => api.packages.some((pkg) => call.importedPackages.has(pkg)));
  if (imported) return imported;
  const first = candidates[0];
  if (!first) return null;
  // `elicit` is fastmcp's and mcp-use's, told apart only by the call's shape; with neither imported it is a wait on a
  // person (the SDK's own examples define one), but which package's default applies is unknown: messages must not name one.
  return SHAPE_ONLY_MATCHES.has(first.match) ? asUnknownOrigin(first) : first;
}

const SHAPE_ONLY_MATCHES: ReadonlySet<HumanWaitApi["match"]> = new Set(["string-message", "params-object"]);

const unknownOriginRows = new Map<HumanWaitApi, HumanWaitApi>();

function asUnknownOrigin(api: HumanWaitApi): HumanWaitApi {
  let row = unknownOriginRows.get(api);
  if (!row) {
    row = { ...api, label: `\`${api.method}\``, defaultDeadline: { kind: "unknown" } };
    unknownOriginRows.set(api, row);
  }
  return row;
}

function matchesShape(api: HumanWaitApi, call: CallFacts): boolean {
  switch (api.match) {
    case "name":
      return call.argumentCount >= 1;
    case "request-method":
      return (
        (call.requestMethod !== null && (api.requestMethods ?? []).includes(call.requestMethod)) ||
        (api.requestMethodPaths ?? []).some((tail) => isPathTail(call.requestMethodPath ?? null, tail))
      );
    case "string-message":
      return call.firstArgument === "string" && call.argumentCount >= 2;
    case "params-object":
      return call.firstArgument !== "string" && call.firstArgument !== "none";
    case "acp-params":
      return (
        call.argumentCount >= 1 &&
        call.firstArgument !== "string" &&
        !(call.receiverName !== null && WEB_PERMISSION_RECEIVERS.has(call.receiverName))
      );
    default: {
      const unknownMatch: never = api.match;
      throw new Error(`unknown match kind ${String(unknownMatch)}`);
    }
  }
}

/** Whether `path` is `tail` or ends with `.tail`. */
function isPathTail(path: string | null, tail: string): boolean {
  return path !== null && (path === tail || path.endsWith(`.${tail}`));
}

/** Describes an API's default deadline in a person's words, for messages. */
export function describeDefaultDeadline(api: HumanWaitApi): string {
  const deadline = api.defaultDeadline;
  switch (deadline.kind) {
    case "request-default":
      return `${api.label} gives up after ${deadline.ms / 1000} seconds, a default made for HTTP, not a person`;
    case "effectively-infinite":
      return `${api.label} waits ${deadline.ms} ms by default, which is no deadline at all`;
    case "fixed":
      return `${api.label} always gives up after ${deadline.ms / 1000} seconds`;
    case "none":
      return `${api.label} has no deadline of its own and waits until the client answers`;
    case "unknown":
      return `${api.label} comes from no package this plugin knows, so nothing at this call says how long it waits for a person`;
    default: {
      const unknownKind: never = deadline;
      throw new Error(`unknown deadline ${JSON.stringify(unknownKind)}`);
    }
  }
}

const withoutCompanion = new Map<HumanWaitApi, HumanWaitApi>();

/**
 * The row as the installed SDK has it: @agentclientprotocol/sdk before 2.0 has no `stopWaitingOnCancel`, so advice
 * and fixes must not name it. `installedMajor` reads the version the linted file would load.
 */
export function apiForInstalledVersions(
  api: HumanWaitApi,
  filename: string,
  installedMajor: (pkg: string, filename: string) => number | null,
): HumanWaitApi {
  if (api.signalCompanionField === null || !api.packages.includes("@agentclientprotocol/sdk")) return api;
  const major = installedMajor("@agentclientprotocol/sdk", filename);
  if (major === null || major >= 2) return api;
  let row = withoutCompanion.get(api);
  if (!row) {
    row = { ...api, signalCompanionField: null };
    withoutCompanion.set(api, row);
  }
  return row;
}
