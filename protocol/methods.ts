/**
 * JSON-RPC method names of the questions.
 *
 * MCP: specification 2025-06-18 and later, "Elicitation"; @modelcontextprotocol/sdk@1.32.2 `dist/esm/types.d.ts`.
 * ACP: @agentclientprotocol/sdk@2.4.0 `dist/v2/schema/index.d.ts` (the method-name constants).
 */
export const ELICITATION_CREATE_METHOD = "elicitation/create";
export const ACP_REQUEST_PERMISSION_METHOD = "session/request_permission";
