/**
 * JSON-RPC method names of the questions and of the notices that end them.
 *
 * MCP: specification 2025-06-18 and later, "Elicitation" (`elicitation/create`) and "Cancellation"
 * (`notifications/cancelled`); @modelcontextprotocol/sdk@1.32.2 `dist/esm/types.d.ts`.
 * ACP: @agentclientprotocol/sdk@2.4.0 `dist/v2/schema/index.d.ts` (the method-name constants): `session/cancel`,
 * `session/request_permission`, and the elicitation method `elicitation/create`.
 */
export const ELICITATION_CREATE_METHOD = "elicitation/create";
export const ACP_REQUEST_PERMISSION_METHOD = "session/request_permission";
export const ACP_SESSION_CANCEL_METHOD = "session/cancel";
export const MCP_CANCELLED_NOTIFICATION = "notifications/cancelled";
