// The few ACP shapes these modules use (@agentclientprotocol/sdk@2.4.0 dist/v1/schema/types.gen.d.ts), and the
// connection the app opens to its agent (`ClientSideConnection` in the SDK's 1.x API).
export interface PermissionOption {
  optionId: string;
  name: string;
  kind: "allow_once" | "allow_always" | "reject_once" | "reject_always";
}

export interface RequestPermissionRequest {
  sessionId: string;
  toolCall: { toolCallId: string; title?: string };
  options: PermissionOption[];
}

export interface RequestPermissionResponse {
  outcome: { outcome: "selected"; optionId: string } | { outcome: "cancelled" };
}

export interface AgentConnection {
  cancel(params: { sessionId: string }): Promise<void>;
}

export declare function connectAgent(client: object): AgentConnection;
