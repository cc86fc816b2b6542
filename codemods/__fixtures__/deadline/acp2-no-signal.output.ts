// ACP 2.x with no caller's signal in reach: the deadline alone goes through `withinDeadline` (handed `undefined` for
// the caller's signal), and the request it stops at the deadline resolves as "cancelled" instead of rejecting.
import type { RequestPermissionResponse } from "@agentclientprotocol/sdk";

/**
 * Calls `ask` with a signal that aborts when `signal` does or `ms` pass. A
 * request that fails once so stopped resolves with `noAnswer()`, when given:
 * the API's own "no decision". Once it settles, the timer is cleared and the
 * listener removed.
 */
function withinDeadline<T, U = T>(
  signal: AbortSignal | undefined,
  ms: number,
  ask: (cancellationSignal: AbortSignal) => Promise<T>,
  noAnswer?: () => U,
): Promise<T | U> {
  const controller = new AbortController();
  const stop = () => controller.abort(signal?.reason);
  const timer = setTimeout(() => controller.abort(new DOMException("No answer in time", "TimeoutError")), ms);
  if (signal?.aborted) stop();
  else signal?.addEventListener("abort", stop, { once: true });
  return ask(controller.signal)
    .catch((error: unknown) => {
      if (noAnswer && controller.signal.aborted) return noAnswer();
      throw error;
    })
    .finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", stop);
    });
}

interface RequestOptions {
  cancellationSignal?: AbortSignal;
  stopWaitingOnCancel?: boolean;
}
declare const ctx: {
  request(method: string, params: object, options?: RequestOptions): Promise<RequestPermissionResponse>;
};
declare const methods: { client: { session: { requestPermission: string } } };

export async function askToRun(sessionId: string): Promise<string> {
  const response = await withinDeadline(
    undefined,
    300_000,
    (cancellationSignal) =>
      ctx.request(methods.client.session.requestPermission, { sessionId }, {
        cancellationSignal,
        stopWaitingOnCancel: true,
      }),
    () => ({ outcome: { outcome: "cancelled" as const } }),
  );
  return response.outcome.outcome;
}
