/**
 * JSON-RPC method names of the questions.
 *
 * MCP: specification 2025-06-18 and later, "Elicitation"; @modelcontextprotocol/sdk@1.32.2 `dist/esm/types.d.ts`.
 * ACP: @agentclientprotocol/sdk@2.4.0 `dist/v2/schema/index.d.ts` (the method-name constants).
 */
export const ELICITATION_CREATE_METHOD = "elicitation/create";
export const ACP_REQUEST_PERMISSION_METHOD = "session/request_permission";

/**
 * The ACP SDK's client-side connection (@agentclientprotocol/sdk@2.4.0 `dist/v1/acp.d.ts`, `dist/v2/acp.d.ts`):
 * `new ClientSideConnection((agent) => client, stream)`, whose factory builds the client that answers the agent.
 */
export const ACP_CLIENT_CONNECTION_CLASS = "ClientSideConnection";

/** The ACP client's methods that answer a question of the agent (the same SDK files): a permission, an elicitation. */
export const ACP_CLIENT_HANDLER_METHODS: ReadonlySet<string> = new Set([
  "requestPermission",
  "createElicitation",
  "unstable_createElicitation",
]);

/**
 * The key every JSON-RPC 2.0 message carries on the wire (JSON-RPC 2.0 specification, section 4: "jsonrpc … MUST be
 * exactly "2.0""). The SDKs' request calls take `{ method, params }` and add it themselves, so an object that spells
 * it is a frame written to a transport (`transport.send(frame)`), not a request that waits for its answer.
 */
export const JSONRPC_FRAME_KEY = "jsonrpc";
