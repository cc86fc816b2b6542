/**
 * MCP multi-round-trip requests (MRTR, protocol revision 2026-07-28), as data.
 *
 * Under MRTR a tool does not wait on a person. It returns `inputRequired({ inputRequests, requestState? })`; the
 * client asks the person and retries the call with the answers in `ctx.mcpReq.inputResponses`, which the handler
 * reads with `inputResponse(responses, key)` (a view: missing | elicit with `action` | sampling | roots) or
 * `acceptedContent(responses, key, schema?)` (the content if accepted, otherwise `undefined`, for a missing answer,
 * a decline, a cancel and invalid content alike). `requestState` round-trips through the client and comes back
 * attacker-controlled; `createRequestStateCodec({ key })` mints and verifies it, and its `verify` goes into the
 * server's `requestState.verify` option.
 *
 * Read from @modelcontextprotocol/server@2.4.0 `dist/index.d.mts`. @modelcontextprotocol/client and
 * @modelcontextprotocol/core 2.4.0 export none of these names, so only the server package ties a call to MRTR.
 */
/**
 * Frameworks that re-export the SDK's MRTR builders and readers under their own name, so that an import from them
 * is an import of the SDK's: mcp-use@2.5.2 `dist/index.d.ts`:37 re-exports `acceptedContent`,
 * `createRequestStateCodec`, `inputRequired`, `inputResponse` and `isInputRequiredResult` from
 * @modelcontextprotocol/server (2.0.0, pinned). fastmcp@4.20.16, @mastra/mcp@2.0.0 and agents@0.32.0 re-export none.
 */
const MRTR_REEXPORTING_PACKAGES: readonly { readonly package: string; readonly reexports: string }[] = [
  { package: "mcp-use", reexports: "@modelcontextprotocol/server" },
];

/*
 * Mastra 2.x maps its tools' continuation onto MRTR itself, and leaves the tool no MRTR call to get wrong:
 * `context.suspend(payload)` ends the round as `inputRequired({ inputRequests: { input: elicit(…) }, requestState })`
 * with a state the server mints with its own HMAC codec (`requestState: { key?, ttlSeconds? }`, 600 s default); on the
 * retry the server verifies it, ends a declined or cancelled round with its own result ("Tool '…' was declined" /
 * "cancelled") before the tool runs, and hands the tool only accepted content as `context.resumeData`.
 * @mastra/mcp@2.0.0 dist/server/types.d.ts:23–33, :77–94, dist/index.js:26058–26076 (readContinuation),
 * :26508–26530 (inputRequired), :26573 (decline and cancel end the call); @mastra/core@1.71.0 dist/tools/types.d.ts:546–552
 * (`suspend`, "on an MCP 2.x server this ends the request as `input_required`"; `resumeData`), :213–219
 * (`mcp.elicitation.sendRequest` deprecated, "a 2026-07-28 server throws"). No rule reads it: there is no action for the
 * tool to fold, no state for it to hand-make, and nothing in the process waits.
 */

/** Packages that export the MRTR builders and readers: the SDK's server package and those re-exporting it. */
export const MRTR_PACKAGES: readonly string[] = [
  "@modelcontextprotocol/server",
  ...MRTR_REEXPORTING_PACKAGES.map((entry) => entry.package),
];

/** `inputRequired(spec)` builds the input-required result; its methods build the embedded requests. */
export const REQUEST_BUILDER = "inputRequired";
/** `inputRequired.elicit(…)` and siblings: each builds one embedded request. None of them waits. */
export const REQUEST_BUILDER_METHODS: ReadonlySet<string> = new Set([
  "elicit",
  "elicitUrl",
  "createMessage",
  "listRoots",
]);

/** The readers of a retried request's answers. */
export const ANSWER_READERS = ["inputResponse", "acceptedContent"] as const;
export type AnswerReader = (typeof ANSWER_READERS)[number];

/** `InputResponseView.kind`: which kind of answer (if any) the retry carried for a key. */
export const INPUT_RESPONSE_KINDS = ["missing", "elicit", "sampling", "roots"] as const;
/** The view's kind under which `action` exists. */
export const ELICIT_KIND = "elicit";

/** Where the handler finds the retry's answers (`ctx.mcpReq.inputResponses`) and its state accessor. */
const REQUEST_CONTEXT_FIELD = "mcpReq";
export const INPUT_RESPONSES_FIELD = "inputResponses";
export const REQUEST_STATE_FIELD = "requestState";

/**
 * Where a framework's tool handler context holds the retry's answers (`inputResponses`), the state accessor
 * (`requestState()`) and the caller's signal.
 */
export interface MrtrContext {
  readonly packages: readonly string[];
  /** The path below the handler's context to the object holding both: `mcpReq` (SDK), none (mcp-use 2.x `ctx`). */
  readonly holder: readonly string[];
  /** The caller's abort signal, as a path below the context. */
  readonly signal: readonly string[];
  /** The holder alone is too common (`ctx.inputResponses`): it counts only in a file importing one of `packages`. */
  readonly requiresImport: boolean;
  readonly evidence: string;
}

export const MRTR_CONTEXTS: readonly MrtrContext[] = [
  {
    packages: ["@modelcontextprotocol/server"],
    holder: [REQUEST_CONTEXT_FIELD],
    signal: [REQUEST_CONTEXT_FIELD, "signal"],
    requiresImport: false,
    evidence:
      "@modelcontextprotocol/server@2.4.0 dist/mcp-BCJHyo7l.d.mts:2155 (mcpReq.inputResponses), :2179 (mcpReq.requestState), :2183 (mcpReq.signal)",
  },
  {
    packages: ["mcp-use"],
    holder: [],
    signal: ["signal"],
    requiresImport: true,
    evidence:
      "mcp-use@2.5.2 dist/context.d.ts:155 (ctx.signal), :170 (ctx.inputResponses), :176 (ctx.requestState: RequestStateAccessor)",
  },
];

/** A server class whose constructor takes `requestState: { verify }` in its options argument. */
export interface MrtrServerClass {
  readonly name: string;
  readonly optionsArgIndex: number;
  readonly evidence: string;
}

export const MRTR_SERVER_CLASSES: readonly MrtrServerClass[] = [
  {
    name: "McpServer",
    optionsArgIndex: 1,
    evidence: "@modelcontextprotocol/server@2.4.0 dist/mcp-BCJHyo7l.d.mts:3267",
  },
  {
    name: "Server",
    optionsArgIndex: 1,
    evidence: "@modelcontextprotocol/server@2.4.0 dist/mcp-BCJHyo7l.d.mts:2962, :2897",
  },
  // `new MCPServer({ name, version, requestState })`: one config object, whose `requestState` is the SDK's option.
  { name: "MCPServer", optionsArgIndex: 0, evidence: "mcp-use@2.5.2 dist/server.d.ts:95, dist/config.d.ts:208" },
];
/** `createMcpHandler(factory, options)` and similar take server options too; a `requestState` key there counts. */
export const VERIFY_OPTION_PATH = ["requestState", "verify"] as const;

/** Type names (as written in annotations and casts) that declare a value to be one answer read under MRTR. */
export const VIEW_TYPE_NAME = "InputResponseView";

/** A file that matches none of these cannot use MRTR: rules skip it at once. */
export const MRTR_TEXT_HINT = /inputRequired|inputResponse|acceptedContent|requestState/;
