// ACP 1.x requestPermission(params) takes no options: the call is raced against the caller's signal and a timer by a helper.
import type { RequestPermissionResponse } from "@agentclientprotocol/sdk";

declare const connection: {
  requestPermission(params: { sessionId: string }): Promise<RequestPermissionResponse>;
};

export async function askPermission(sessionId: string, signal: AbortSignal): Promise<string> {
  signal.throwIfAborted();
  const response = await connection.requestPermission({ sessionId });
  return response.outcome.outcome;
}
