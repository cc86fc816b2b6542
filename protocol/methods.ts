/**
 * JSON-RPC method names of the questions.
 *
 * MCP: specification 2025-06-18 and later, "Elicitation"; @modelcontextprotocol/sdk@1.32.2 `dist/esm/types.d.ts`.
 * ACP: @agentclientprotocol/sdk@2.4.0 `dist/v2/schema/index.d.ts` (the method-name constants).
 */
export const ELICITATION_CREATE_METHOD = "elicitation/create";

/**
 * MCP's withdrawal of a request it sent (specification 2025-06-18, "Cancellation": the sender sends this notification
 * with `{ requestId, reason }`, and the receiver stops working on it). @modelcontextprotocol/sdk@1.32.2
 * `dist/esm/shared/protocol.js`:702–711: the SDK's own `request()` sends it when its timeout fires or its signal
 * aborts, so a question it gave up on leaves the client's screen.
 */
export const MCP_CANCELLED_NOTIFICATION = "notifications/cancelled";
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

/**
 * ACP's cancel of a prompt turn and what it obliges the client to do. The client sends the `session/cancel`
 * notification (`CancelNotification { sessionId }`, @agentclientprotocol/sdk@2.4.0 `dist/v1/schema/types.gen.d.ts`;
 * the method constant `methods.agent.session.cancel`, `dist/v1/acp.d.ts`), through `ClientSideConnection.cancel(params)`
 * in 1.x or `notify(methods.agent.session.cancel, params)` in 2.x. The prompt-turn section of the ACP specification
 * ("Cancellation"): the client MUST respond to all pending `session/request_permission` requests with the
 * `cancelled` outcome, which its own `requestPermission(params)` handler returns.
 */
export const ACP_CANCEL_NOTIFICATION = "session/cancel";
export const ACP_CANCEL_METHOD = "cancel";
/** The tail of the 2.x method constant's path (`methods.agent.session.cancel`). */
export const ACP_CANCEL_METHOD_PATH = "agent.session.cancel";
/** The 2.x connection's notification method. */
export const ACP_NOTIFY_METHOD = "notify";
/** The field of `CancelNotification` that names the session: what tells `conn.cancel({ sessionId })` from `abort()`. */
export const ACP_CANCEL_SESSION_FIELD = "sessionId";
/** The client's handler of `session/request_permission` (the `Client` interface's method). */
export const ACP_PERMISSION_HANDLER_METHOD = "requestPermission";
/**
 * The method of the agent's interface that runs a prompt turn, `session/prompt` (@agentclientprotocol/sdk@2.4.0
 * dist/v1/acp.d.ts:544 `AGENT_METHODS.session_prompt`; the 1.x `Agent` interface's `prompt(params)` beside
 * `cancel(params)`, as use-acp@0.2.6 dist/client/acp-client.d.ts:50–51 implements it): an object that offers it
 * beside `cancel` stands for the agent, and its `cancel(params)` sends `session/cancel`.
 */
export const ACP_PROMPT_METHOD = "prompt";
