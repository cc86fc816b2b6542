// ACP 2.x takes no timeout: the deadline is a timer signal, and the wait must stop when it fires.
import type { RequestPermissionResponse } from "@agentclientprotocol/sdk";

interface RequestOptions {
  cancellationSignal?: AbortSignal;
  stopWaitingOnCancel?: boolean;
}
declare const ctx: {
  request(method: string, params: object, options?: RequestOptions): Promise<RequestPermissionResponse>;
};
declare const methods: { client: { session: { requestPermission: string } } };

export async function askToRun(sessionId: string, signal: AbortSignal): Promise<string> {
  signal.throwIfAborted();
  const response = await ctx.request(methods.client.session.requestPermission, { sessionId });
  return response.outcome.outcome;
}
