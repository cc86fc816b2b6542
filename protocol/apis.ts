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
  /** A default its framework documents, given by a user's `humanWaitFunctions` entry: it bounds the wait, as it says. */
  | { kind: "documented"; ms: number }
  | { kind: "effectively-infinite"; ms: number }
  | { kind: "none" }
  | { kind: "fixed"; ms: number }
  /** A look-alike of a known API from a package the file does not import: its default is not ours to state. */
  | { kind: "unknown" }
  /** The package sets none and hands the wait to a runtime whose default is not in the package (Cloudflare Workflows). */
  | { kind: "runtime" };

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
   * Where a "request-method" row's call writes the JSON-RPC method: as the first argument itself (ACP
   * `request("session/request_permission", params, options)`) or in its `method` field (MCP `request({ method, params
   * }, …)`). Absent: either.
   */
  readonly requestMethodForm?: "first-argument" | "method-field";
  /**
   * Where a handler of this framework finds the caller's cancellation signal, for a call whose receiver starts at the
   * handler's context parameter: `receiver` is the receiver's path below that parameter (`mcpReq` for
   * `ctx.mcpReq.send`, `""` for `extra.sendRequest`), `path` the signal's (`mcpReq.signal`). Empty when the framework's
   * context carries no signal: no advice then names one.
   */
  readonly callerSignal: readonly CallerSignalPlace[];
  /** The package@version and `.d.ts` (with lines) the row was read from. */
  readonly evidence: string;
  /**
   * What the typed cases in rules/api-rows.test.ts compile against: the real package (a dev dependency), a
   * hand-written declaration copied from the package's `.d.ts` (test/typed-project), or none.
   */
  readonly typedFixture: "package" | "hand-written" | "none";
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
  /** The receiver's last name a "name" row needs (`elicitation` for `context.mcp.elicitation.sendRequest`). */
  readonly receiverTail?: string;
  /** The name alone is too common (`openLink`): the row matches only in a file that imports one of its packages. */
  readonly requiresImport?: boolean;
  /**
   * With `requiresImport`: the package's exports a receiver of the method comes from (`App`, `useApp`). The file must
   * import one of them (by name, or read it off the package's namespace), not just any name of the package.
   */
  readonly receiverExports?: readonly string[];
  /** For a "request-method" row: the kind the first argument must be (a generic client's `request(method, params)`). */
  readonly firstArgument?: "string";
  /** A method of the receiver that sets the wait's deadline before the call (`rpc.timeout(ms).request(…)`). */
  readonly receiverDeadlineMethod?: string;
  /**
   * The field of the answer that carries the person's decision, where the framework renames the protocol's
   * (FrontMCP's `{ status }` for MCP's `{ action }`); absent: the protocol's field for `result`.
   */
  readonly answerField?: string;
  /**
   * The row holds only where the installed `package` is below `major`, or its version cannot be read: from that major
   * on, the call asks nobody (@mastra/mcp 2.0.0's `elicitation.sendRequest` rejects), so no advice for it applies.
   */
  readonly installedBelow?: { readonly package: string; readonly major: number };
}

interface CallerSignalPlace {
  readonly receiver: string;
  readonly path: readonly string[];
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

/** The field of a handler's context (or of its request below it) that holds the caller's abort signal. */
export const SIGNAL_FIELD = "signal";
/**
 * MCP SDK 2.x's per-request part of a handler's context (`ctx.mcpReq`), which holds its signal
 * (@modelcontextprotocol/server@2.4.0 dist/mcp-BCJHyo7l.d.mts:2183).
 */
export const MCP_V2_REQUEST_CONTEXT = "mcpReq";
/** Where an MCP SDK 2.x handler's context holds the caller's signal (`ctx.mcpReq.signal`). */
export const MCP_V2_SIGNAL_PATH: readonly string[] = [MCP_V2_REQUEST_CONTEXT, SIGNAL_FIELD];
const MCP_V2_CONTEXT_SIGNAL: CallerSignalPlace = { receiver: MCP_V2_REQUEST_CONTEXT, path: MCP_V2_SIGNAL_PATH };
/** ACP 2.x handler context `{ client, signal }`: `ctx.client.request(…)` beside `ctx.signal`. */
const ACP_CONTEXT_SIGNAL: CallerSignalPlace = { receiver: "client", path: ["signal"] };
const ACP_PACKAGES = ["@agentclientprotocol/sdk", "@zed-industries/agent-client-protocol"];

/** @modelcontextprotocol/server@2.4.0 `dist/mcp-BCJHyo7l.d.mts` 2192–2197 (`send`), 2455/2459 (`request`). */
const MCP_V2_REQUEST_OVERLOADS: readonly CallOverload[] = [
  { signature: "(request, options?)", resultSchemaArgIndex: null, optionsArgIndex: 1 },
  { signature: "(request, resultSchema, options?)", resultSchemaArgIndex: 1, optionsArgIndex: 2 },
];

/** mcp-use@1.34.6 `ElicitOptions` is `{ timeout? }` only; the default is an inline 2147483647 (chunk-DI4WNZQC.js:272). */
const MCP_USE_ELICIT_OPTIONS = {
  deadlineFields: ["timeout"],
  signalField: null,
  signalCompanionField: null,
  defaultDeadline: { kind: "effectively-infinite", ms: MCP_USE_DEFAULT_TIMEOUT_MS },
} as const;

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
    callerSignal: [MCP_V2_CONTEXT_SIGNAL],
    evidence:
      "@modelcontextprotocol/sdk@1.32.2 dist/esm/server/index.d.ts:158; @modelcontextprotocol/server@2.4.0 dist/mcp-BCJHyo7l.d.mts:2238 (ctx.mcpReq.elicitInput), :3170 (Server.elicitInput), signal :2183",
    typedFixture: "package",
  },
  {
    id: "cloudflare-agents-elicit-input",
    label: "Cloudflare agents `McpAgent.elicitInput`",
    packages: ["agents"],
    method: "elicitInput",
    side: "server",
    // Its options hold only `relatedRequestId`: no timeout, no signal; the 60 s is a hard-coded `setTimeout(…, 6e4)`.
    optionsArgIndex: 1,
    deadlineFields: [],
    signalField: null,
    signalCompanionField: null,
    defaultDeadline: { kind: "fixed", ms: MCP_SDK_DEFAULT_TIMEOUT_MS },
    forwardsCallerSignal: false,
    result: "mcp-elicit-result",
    match: "name",
    callerSignal: [],
    evidence: "agents@0.32.0 dist/mcp/index.d.ts:516–524 (options { relatedRequestId? }), dist/mcp/index.js:1701–1704",
    typedFixture: "package",
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
    // `extra.sendRequest(…)` beside `extra.signal`.
    callerSignal: [{ receiver: "", path: ["signal"] }],
    evidence: "@modelcontextprotocol/sdk@1.32.2 dist/esm/shared/protocol.d.ts:213 (sendRequest), :177 (extra.signal)",
    typedFixture: "package",
  },
  {
    id: "mcp-v2-send",
    label: "MCP SDK v2 `ctx.mcpReq.send` for `elicitation/create`",
    packages: ["@modelcontextprotocol/server", "@modelcontextprotocol/sdk"],
    method: "send",
    side: "server",
    optionsArgIndex: 1,
    overloads: MCP_V2_REQUEST_OVERLOADS,
    ...MCP_REQUEST_OPTIONS,
    defaultDeadline: { kind: "request-default", ms: MCP_SDK_DEFAULT_TIMEOUT_MS },
    forwardsCallerSignal: false,
    result: "mcp-elicit-result",
    match: "request-method",
    requestMethods: [ELICITATION_CREATE_METHOD],
    callerSignal: [MCP_V2_CONTEXT_SIGNAL],
    evidence:
      "@modelcontextprotocol/server@2.4.0 dist/mcp-BCJHyo7l.d.mts:2192–2197 (send overloads), :2183 (ctx.mcpReq.signal)",
    typedFixture: "package",
  },
  {
    id: "mcp-request",
    label: "`server.request` for `elicitation/create`",
    packages: ["@modelcontextprotocol/sdk", "@modelcontextprotocol/server", "@modelcontextprotocol/client"],
    method: "request",
    side: "server",
    // SDK 1.x has only the schema overload (the schema is required); 2.x adds the spec-method one, options second.
    optionsArgIndex: 2,
    overloads: MCP_V2_REQUEST_OVERLOADS,
    ...MCP_REQUEST_OPTIONS,
    defaultDeadline: { kind: "request-default", ms: MCP_SDK_DEFAULT_TIMEOUT_MS },
    forwardsCallerSignal: false,
    result: "mcp-elicit-result",
    match: "request-method",
    requestMethods: [ELICITATION_CREATE_METHOD],
    requestMethodForm: "method-field",
    callerSignal: [],
    evidence:
      "@modelcontextprotocol/sdk@1.32.2 dist/esm/shared/protocol.d.ts:351; @modelcontextprotocol/server@2.4.0 dist/mcp-BCJHyo7l.d.mts:2455/2459",
    typedFixture: "package",
  },
  {
    id: "mcp-elicit-input-stream",
    label: "MCP SDK `experimental.tasks.elicitInputStream`",
    packages: ["@modelcontextprotocol/sdk"],
    method: "elicitInputStream",
    side: "server",
    optionsArgIndex: 1,
    ...MCP_REQUEST_OPTIONS,
    defaultDeadline: { kind: "request-default", ms: MCP_SDK_DEFAULT_TIMEOUT_MS },
    forwardsCallerSignal: false,
    // Yields `taskCreated` / `taskStatus`, then a `result` holding the ElicitResult or an `error`.
    result: "mcp-elicit-result",
    match: "name",
    callerSignal: [],
    evidence:
      "@modelcontextprotocol/sdk@1.32.2 dist/esm/experimental/tasks/server.d.ts:128, dist/esm/shared/responseMessage.d.ts:41",
    typedFixture: "package",
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
    callerSignal: [{ receiver: "", path: ["signal"] }],
    evidence: "fastmcp@4.20.16 dist/FastMCP.d.ts:171 (elicit), :204 (context.signal)",
    typedFixture: "none",
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
    callerSignal: [],
    evidence: "fastmcp@4.20.16 dist/FastMCP.d.ts:948",
    typedFixture: "none",
  },
  {
    id: "mcp-use-elicit",
    label: "mcp-use `ctx.elicit`",
    packages: ["mcp-use"],
    method: "elicit",
    side: "server",
    optionsArgIndex: 2,
    ...MCP_USE_ELICIT_OPTIONS,
    forwardsCallerSignal: false,
    result: "mcp-elicit-result",
    match: "string-message",
    callerSignal: [],
    evidence: "mcp-use@1.34.6 dist/src/server/types/tool-context.d.ts:220–226 (overloads a, b), :75–91 (ElicitOptions)",
    typedFixture: "hand-written",
  },
  {
    id: "mcp-use-elicit-params",
    label: "mcp-use `ctx.elicit`",
    packages: ["mcp-use"],
    method: "elicit",
    side: "server",
    optionsArgIndex: 1,
    ...MCP_USE_ELICIT_OPTIONS,
    forwardsCallerSignal: false,
    result: "mcp-elicit-result",
    match: "params-object",
    callerSignal: [],
    evidence: "mcp-use@1.34.6 dist/src/server/types/tool-context.d.ts:226 (overload c), :96–116 (params forms)",
    typedFixture: "hand-written",
  },
  {
    // FrontMCP hands the client's `{ action }` to the tool renamed `{ status }` (same three values), and throws
    // `ElicitationTimeoutError` when `ttl` (default 300 000 ms) runs out. Its @frontmcp/sdk is not on the registry
    // this project reads; the published @frontmcp/storage-sqlite@1.8.0 declares the same result type.
    id: "frontmcp-elicit",
    label: "FrontMCP `this.elicit`",
    packages: ["@frontmcp/sdk"],
    method: "elicit",
    side: "server",
    optionsArgIndex: 2,
    deadlineFields: ["ttl"],
    signalField: null,
    signalCompanionField: null,
    defaultDeadline: { kind: "documented", ms: 300_000 },
    forwardsCallerSignal: false,
    result: "mcp-elicit-result",
    answerField: "status",
    match: "string-message",
    requiresImport: true,
    callerSignal: [],
    evidence:
      "FrontMCP libs/sdk/src/elicitation/elicitation.types.ts (ElicitResult { status: accept, cancel or decline }, ElicitOptions { mode, ttl }, DEFAULT_ELICIT_TTL 300000), ToolContext.elicit(message, requestedSchema, options?); @frontmcp/storage-sqlite@1.8.0 sqlite-elicitation.store.d.ts:31–35 (ElicitResult { status }, matching @frontmcp/sdk)",
    typedFixture: "none",
  },
  {
    id: "acp-request-permission",
    label: "ACP `requestPermission`",
    packages: ACP_PACKAGES,
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
    callerSignal: [],
    evidence: "@agentclientprotocol/sdk@1.9.0 dist/acp.d.ts:786 (no options argument)",
    typedFixture: "none",
  },
  {
    id: "acp-create-elicitation",
    label: "ACP `createElicitation`",
    packages: ACP_PACKAGES,
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
    callerSignal: [],
    evidence: "@agentclientprotocol/sdk@1.9.0 dist/acp.d.ts:819",
    typedFixture: "none",
  },
  {
    id: "acp-unstable-create-elicitation",
    label: "ACP `unstable_createElicitation`",
    packages: ACP_PACKAGES,
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
    callerSignal: [],
    evidence: "@agentclientprotocol/sdk@1.9.0 dist/acp.d.ts (unstable_createElicitation)",
    typedFixture: "none",
  },
  {
    // A generic JSON-RPC client asking: json-rpc-2.0@1 `JSONRPCClient.request(method, params, clientParams)` takes no
    // timeout (its README: `client.timeout(10 * 1000).request(…)` sets one); other clients of this shape may have
    // one we cannot see, so the default is not ours to state.
    id: "jsonrpc-request-elicitation",
    label: "JSON-RPC `request`",
    packages: ["json-rpc-2.0"],
    method: "request",
    side: "server",
    optionsArgIndex: null,
    deadlineFields: [],
    signalField: null,
    signalCompanionField: null,
    defaultDeadline: { kind: "unknown" },
    forwardsCallerSignal: false,
    result: "mcp-elicit-result",
    match: "request-method",
    requestMethods: [ELICITATION_CREATE_METHOD],
    firstArgument: "string",
    receiverDeadlineMethod: "timeout",
    callerSignal: [],
    evidence: "json-rpc-2.0@1 README (JSONRPCClient.request(method, params, clientParams); client.timeout(ms))",
    typedFixture: "none",
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
    requestMethodForm: "first-argument",
    callerSignal: [ACP_CONTEXT_SIGNAL],
    evidence:
      "@agentclientprotocol/sdk@2.4.0 dist/v2/stable/acp.d.ts:263–265 (request), :619–647 (handler context), dist/core/jsonrpc.d.ts:64–96 (SendRequestOptions)",
    typedFixture: "package",
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
    requestMethods: [ELICITATION_CREATE_METHOD],
    requestMethodPaths: ["client.elicitation.create"],
    requestMethodForm: "first-argument",
    callerSignal: [ACP_CONTEXT_SIGNAL],
    evidence:
      "@agentclientprotocol/sdk@2.4.0 dist/v2/stable/acp.d.ts:131–167 (methods.client.elicitation.create), :263–265",
    typedFixture: "package",
  },
  {
    id: "mastra-elicitation-send-request",
    label: "Mastra `context.mcp.elicitation.sendRequest`",
    packages: ["@mastra/mcp", "@mastra/core"],
    method: "sendRequest",
    side: "server",
    optionsArgIndex: 1,
    ...MCP_REQUEST_OPTIONS,
    defaultDeadline: { kind: "request-default", ms: MCP_SDK_DEFAULT_TIMEOUT_MS },
    forwardsCallerSignal: false,
    result: "mcp-elicit-result",
    match: "name",
    receiverTail: "elicitation",
    callerSignal: [{ receiver: "mcp.elicitation", path: ["mcp", "extra", "signal"] }],
    // @mastra/mcp 2.0.0 keeps the name, but the call returns a rejected promise ("elicitation.sendRequest is not
    // available on a 2026-07-28 server; call context.suspend(payload) and read context.resumeData on the next
    // round", dist/index.js:25976, :25995, the only tool context it builds): there a tool asks through MRTR
    // (protocol/mrtr.ts), and this row's 1.x advice applies only where 1.x is installed.
    installedBelow: { package: "@mastra/mcp", major: 2 },
    evidence:
      "@mastra/mcp@1.18.0 dist/server/types.d.ts:129, dist/index.js:25648–25653 (server 2.0.0 default 6e4), :25179–25187 (mcp.extra.signal)",
    typedFixture: "none",
  },
  {
    id: "cloudflare-workflow-wait-for-approval",
    label: "Cloudflare agents `waitForApproval`",
    packages: ["agents"],
    method: "waitForApproval",
    side: "server",
    optionsArgIndex: 1,
    deadlineFields: ["timeout"],
    signalField: null,
    signalCompanionField: null,
    // No SDK default: `timeout` (possibly undefined) goes straight to the Workflows runtime's `step.waitForEvent`.
    defaultDeadline: { kind: "runtime" },
    forwardsCallerSignal: false,
    result: "workflow-approval",
    match: "name",
    requiresImport: true,
    callerSignal: [],
    evidence:
      "agents@0.32.0 dist/workflows.d.ts:170–173, dist/agent-routing-vVMA7m8Y.d.ts:3081 (WaitForApprovalOptions), dist/workflows.js:316–326",
    typedFixture: "package",
  },
  ...(["openLink", "downloadFile"] as const).map((method): HumanWaitApi => ({
    id: `mcp-apps-${method === "openLink" ? "open-link" : "download-file"}`,
    label: `MCP Apps \`app.${method}\``,
    packages: ["@modelcontextprotocol/ext-apps"],
    method,
    side: "server",
    optionsArgIndex: 1,
    ...MCP_REQUEST_OPTIONS,
    defaultDeadline: { kind: "request-default", ms: MCP_SDK_DEFAULT_TIMEOUT_MS },
    forwardsCallerSignal: false,
    result: "mcp-apps-result",
    match: "name",
    requiresImport: true,
    receiverExports: ["App", "useApp"],
    callerSignal: [],
    evidence: `@modelcontextprotocol/ext-apps@2.0.4 dist/src/app.d.ts:${method === "openLink" ? 987 : 1056} (client RequestOptions; client 2.4.0 DEFAULT_REQUEST_TIMEOUT_MSEC), dist/src/react/useApp.d.ts:49, :115 (useApp returns { app }, an App)`,
    typedFixture: "none",
  })),
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
  /** Dotted tails of a method constant in the first argument (`client.elicitation.create`), where the last name is ambiguous. */
  readonly schemaPaths?: readonly string[];
  /**
   * How the handler receives the request's cancellation signal, as a path from its n-th parameter; `name` is what
   * messages call that parameter when the handler does not name it (null: the handler destructures one context).
   */
  readonly signalParam: { index: number; path: readonly string[]; name: string | null } | null;
  readonly result: ResultShape;
  /** Packages the registration ships in; with `requiresImport`, a file must import one for the row to apply. */
  readonly packages: readonly string[];
  readonly requiresImport?: boolean;
  /** The receiver's last name the registration needs (`elicitation` for Mastra's `mcp.elicitation.onRequest`). */
  readonly receiverTail?: string;
  /** Keys of an object argument that hold the handlers (Cloudflare's `{ form, url }`), when it is not the argument itself. */
  readonly handlerKeys?: readonly string[];
  /** The registration is a construction, `new <method>(config)` (Mastra's `new MCPClient({ servers })`). */
  readonly constructs?: boolean;
  /** Keys from the argument down to the handler, `*` for any one key (`servers.*.inputRequests`). */
  readonly handlerPath?: readonly string[];
  /** The package@version and `.d.ts` the row was read from. */
  readonly evidence: string;
}

const ACP_CLIENT_HANDLER = {
  method: "onRequest",
  handlerArgIndex: 1,
  signalParam: { index: 0, path: ["signal"], name: null },
  packages: ["@agentclientprotocol/sdk"],
  requiresImport: true,
} as const;

export const ELICITATION_HANDLER_APIS: readonly HandlerRegistrationApi[] = [
  {
    id: "mcp-v2-set-request-handler",
    label: 'MCP client v2 `setRequestHandler("elicitation/create", …)`',
    method: "setRequestHandler",
    handlerArgIndex: 1,
    schemaNames: [ELICITATION_CREATE_METHOD],
    signalParam: { index: 1, path: ["mcpReq", "signal"], name: "ctx" },
    result: "mcp-elicit-result",
    packages: ["@modelcontextprotocol/client"],
    requiresImport: true,
    evidence: "@modelcontextprotocol/client@2.4.0 dist/index-BCNZS4Ap.d.mts:2329 (handler), :1972 (ctx.mcpReq.signal)",
  },
  {
    id: "mcp-v2-set-request-handler-schema",
    label: 'MCP client v2 `setRequestHandler("elicitation/create", { params }, …)`',
    method: "setRequestHandler",
    handlerArgIndex: 2,
    schemaNames: [ELICITATION_CREATE_METHOD],
    signalParam: { index: 1, path: ["mcpReq", "signal"], name: "ctx" },
    result: "mcp-elicit-result",
    packages: ["@modelcontextprotocol/client"],
    requiresImport: true,
    evidence: "@modelcontextprotocol/client@2.4.0 dist/index-BCNZS4Ap.d.mts:2330",
  },
  {
    id: "mcp-set-request-handler",
    label: "MCP client `setRequestHandler(ElicitRequestSchema, …)`",
    method: "setRequestHandler",
    handlerArgIndex: 1,
    schemaNames: ["ElicitRequestSchema", ELICITATION_CREATE_METHOD],
    signalParam: { index: 1, path: ["signal"], name: "extra" },
    result: "mcp-elicit-result",
    packages: ["@modelcontextprotocol/sdk"],
    evidence: "@modelcontextprotocol/sdk@1.32.2 dist/esm/client/index.d.ts:153, dist/esm/shared/protocol.d.ts:389",
  },
  {
    id: "ai-sdk-on-elicitation-request",
    label: "@ai-sdk/mcp `onElicitationRequest`",
    method: "onElicitationRequest",
    handlerArgIndex: 1,
    schemaNames: [],
    signalParam: null,
    result: "mcp-elicit-result",
    packages: ["@ai-sdk/mcp"],
    evidence: "@ai-sdk/mcp onElicitationRequest(schema, handler): the handler gets the request only",
  },
  {
    id: "acp2-on-request-permission",
    label: "ACP 2.x `ClientApp.onRequest` for `session/request_permission`",
    ...ACP_CLIENT_HANDLER,
    schemaNames: [ACP_REQUEST_PERMISSION_METHOD, "requestPermission"],
    result: "acp-permission-outcome",
    evidence:
      "@agentclientprotocol/sdk@2.4.0 dist/v2/stable/acp.d.ts:1016 (onRequest), :654–670 (ClientHandlerContext { params, signal })",
  },
  {
    id: "acp2-on-request-elicitation",
    label: "ACP 2.x `ClientApp.onRequest` for `elicitation/create`",
    ...ACP_CLIENT_HANDLER,
    schemaNames: [ELICITATION_CREATE_METHOD],
    schemaPaths: ["client.elicitation.create"],
    result: "acp-elicit-result",
    evidence: "@agentclientprotocol/sdk@2.4.0 dist/v2/stable/acp.d.ts:794–797 (handler map), :1016",
  },
  {
    id: "mastra-elicitation-on-request",
    label: "Mastra `mcp.elicitation.onRequest`",
    method: "onRequest",
    handlerArgIndex: 1,
    schemaNames: [],
    // The runtime registers `async (request) => handler(request.params)`: the context, and its signal, are dropped.
    signalParam: null,
    result: "mcp-elicit-result",
    packages: ["@mastra/mcp"],
    requiresImport: true,
    receiverTail: "elicitation",
    evidence: "@mastra/mcp@1.18.0 dist/client/configuration.d.ts:157, dist/index.js:22373–22376",
  },
  {
    // 2.x drops `mcp.elicitation.onRequest`: each server's `inputRequests` answers the embedded requests of an
    // `input_required` result. The runtime registers it for `elicitation/create` and hands on the request's signal.
    id: "mastra-mcp-client-input-requests",
    label: "Mastra 2.x `MCPClient` `inputRequests`",
    method: "MCPClient",
    constructs: true,
    handlerArgIndex: 0,
    handlerPath: ["servers", "*", "inputRequests"],
    schemaNames: [],
    signalParam: { index: 0, path: ["signal"], name: null },
    result: "mcp-elicit-result",
    packages: ["@mastra/mcp"],
    requiresImport: true,
    evidence:
      "@mastra/mcp@2.0.0 dist/client/types.d.ts:84–100 (MCPInputRequest { key, params, signal }, MCPInputRequestHandler), :291 (inputRequests), dist/client/configuration.d.ts:21, :94; dist/index.js:23179–23187 (signal: ctx.mcpReq.signal)",
  },
  {
    id: "cloudflare-configure-elicitation-handlers",
    label: "Cloudflare agents `configureElicitationHandlers`",
    method: "configureElicitationHandlers",
    handlerArgIndex: 0,
    schemaNames: [],
    // MCPClientManager's handlers are `(request, serverId, signal?)`: the signal is third.
    signalParam: { index: 2, path: [], name: "signal" },
    result: "mcp-elicit-result",
    packages: ["agents"],
    requiresImport: true,
    handlerKeys: ["form", "url"],
    evidence: "agents@0.32.0 dist/agent-routing-vVMA7m8Y.d.ts:2517 (MCPClientManager), :2215–2224 (handler type)",
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

/**
 * Server-side registrations whose callback answers a client's request and is handed that request's context last (MCP
 * SDK 1.x `RequestHandlerExtra`, whose `signal` aborts when the client cancels the request; 2.x `ctx.mcpReq.signal`).
 * Which parameter takes it depends on what the callback is given before it (`takes`):
 * - `arguments`: the parsed arguments when the registration gives a schema (`(args, extra)`), else nothing (`(extra)`);
 * - `resource`: the URI (`(uri, extra)`), and a template's variables when registered with a `ResourceTemplate`
 *   (`(uri, variables, extra)`);
 * - `request`: the request (`(request, extra)`).
 */
export interface RequestHandlerRegistration {
  readonly method: string;
  readonly takes: "arguments" | "resource" | "request";
  /** The key of a config object (`registerTool(name, config, cb)`) that holds the schema, when the method takes one. */
  readonly schemaKey?: string;
  readonly evidence: string;
}

export const REQUEST_HANDLER_REGISTRATIONS: readonly RequestHandlerRegistration[] = [
  {
    method: "tool",
    takes: "arguments",
    evidence: "@modelcontextprotocol/sdk@1.32.2 dist/esm/server/mcp.d.ts:261 (BaseToolCallback)",
  },
  {
    method: "registerTool",
    takes: "arguments",
    schemaKey: "inputSchema",
    evidence: "@modelcontextprotocol/sdk@1.32.2 dist/esm/server/mcp.d.ts:261 (BaseToolCallback)",
  },
  {
    method: "prompt",
    takes: "arguments",
    evidence: "@modelcontextprotocol/sdk@1.32.2 dist/esm/server/mcp.d.ts:173–189, :355 (PromptCallback)",
  },
  {
    method: "registerPrompt",
    takes: "arguments",
    schemaKey: "argsSchema",
    evidence: "@modelcontextprotocol/sdk@1.32.2 dist/esm/server/mcp.d.ts:192, :355 (PromptCallback)",
  },
  {
    method: "resource",
    takes: "resource",
    evidence: "@modelcontextprotocol/sdk@1.32.2 dist/esm/server/mcp.d.ts:93–108, :313 and :335 (read callbacks)",
  },
  {
    method: "registerResource",
    takes: "resource",
    evidence: "@modelcontextprotocol/sdk@1.32.2 dist/esm/server/mcp.d.ts:113–114, :313 and :335 (read callbacks)",
  },
  {
    method: "setRequestHandler",
    takes: "request",
    evidence: "@modelcontextprotocol/sdk@1.32.2 dist/esm/shared/protocol.d.ts:389 (handler(request, extra))",
  },
];

/** The class a resource template is built from: a resource registered with one is read as `(uri, variables, extra)`. */
export const RESOURCE_TEMPLATE_CLASS = "ResourceTemplate";

/** The suffix of the MCP SDK's request schemas (`CallToolRequestSchema`, `ReadResourceRequestSchema`). */
export const REQUEST_SCHEMA_SUFFIX = "RequestSchema";
