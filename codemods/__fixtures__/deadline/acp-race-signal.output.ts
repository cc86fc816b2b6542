// ACP 1.x requestPermission(params) takes no options: the call is raced against the caller's signal and a timer by a helper.
import type { RequestPermissionResponse } from "@agentclientprotocol/sdk";

/**
 * Waits for a person's answer until `signal` aborts or (when given) `ms`
 * pass, then stops waiting and resolves with `noAnswer()`: the API's own
 * "no decision". Whichever side wins, the timer is cleared and the listener
 * removed.
 */
function askWithin<T>(
  ask: Promise<T>,
  { signal, ms, noAnswer }: { signal?: AbortSignal; ms?: number; noAnswer: () => T },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stopWaiting = () => {
      settle();
      resolve(noAnswer());
    };
    const timer = ms === undefined ? undefined : setTimeout(stopWaiting, ms);
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", stopWaiting);
    };
    if (signal?.aborted) return stopWaiting();
    signal?.addEventListener("abort", stopWaiting, { once: true });
    ask.then(
      (answer) => {
        settle();
        resolve(answer);
      },
      (error: unknown) => {
        settle();
        reject(error);
      },
    );
  });
}

declare const connection: {
  requestPermission(params: { sessionId: string }): Promise<RequestPermissionResponse>;
};

export async function askPermission(sessionId: string, signal: AbortSignal): Promise<string> {
  signal.throwIfAborted();
  const response = await askWithin(connection.requestPermission({ sessionId }), {
    signal,
    ms: 300_000,
    noAnswer: () => ({ outcome: { outcome: "cancelled" as const } }),
  });
  return response.outcome.outcome;
}
