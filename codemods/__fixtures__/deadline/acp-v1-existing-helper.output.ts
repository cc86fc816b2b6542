// The file already races its questions with a helper of its own: the rules accept it as forwarding the signal, so
// the transform keeps it and hands it the signal `withinDeadline` builds from the caller's and a timer.
import type { CreateElicitationResponse, RequestPermissionResponse } from "@agentclientprotocol/sdk";

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

declare const connection: {
  requestPermission(params: { sessionId: string }): Promise<RequestPermissionResponse>;
  createElicitation(params: { sessionId: string; message: string }): Promise<CreateElicitationResponse>;
};

function raceWithSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

export async function askPermission(sessionId: string, signal: AbortSignal): Promise<string> {
  // Already raced by the helper, but against no timer.
  const response = await withinDeadline(signal, 300_000, (cancellationSignal) =>
    raceWithSignal(connection.requestPermission({ sessionId }), cancellationSignal),
  );
  return response.outcome.outcome;
}

export async function askName(sessionId: string, signal: AbortSignal): Promise<string> {
  const answer = await withinDeadline(signal, 300_000, (cancellationSignal) =>
    raceWithSignal(connection.createElicitation({ sessionId, message: "Name?" }), cancellationSignal),
  );
  return answer.action;
}
