// ACP 2.x with no caller's signal in reach: the deadline alone goes through `withinDeadline` (handed `undefined` for
// the caller's signal), and the request it stops at the deadline resolves as "cancelled" instead of rejecting.
import type { RequestPermissionResponse } from "@agentclientprotocol/sdk";

interface RequestOptions {
  cancellationSignal?: AbortSignal;
  stopWaitingOnCancel?: boolean;
}
declare const ctx: {
  request(method: string, params: object, options?: RequestOptions): Promise<RequestPermissionResponse>;
};
declare const methods: { client: { session: { requestPermission: string } } };

export async function askToRun(sessionId: string): Promise<string> {
  const response = await ctx.request(methods.client.session.requestPermission, { sessionId });
  return response.outcome.outcome;
}
