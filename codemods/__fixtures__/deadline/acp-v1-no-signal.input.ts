// ACP 1.x requestPermission(params) takes no options: the call is handed to a helper that gives it a deadline.
import type { RequestPermissionResponse } from "@agentclientprotocol/sdk";

declare const connection: {
  requestPermission(params: { sessionId: string }): Promise<RequestPermissionResponse>;
};

export async function askPermission(sessionId: string): Promise<string> {
  const response = await connection.requestPermission({ sessionId });
  return response.outcome.outcome;
}
