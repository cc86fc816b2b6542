// A CRLF file stays CRLF-only: the helper and the wrapped call are written with its line ending.
import type { CreateElicitationResponse } from "@agentclientprotocol/sdk";

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
  createElicitation(params: { sessionId: string; message: string }): Promise<CreateElicitationResponse>;
};

export async function askName(sessionId: string, signal: AbortSignal): Promise<string> {
  const answer = await askWithin(connection.createElicitation({
    sessionId,
    message: "What should the new branch be called? It is created from main and pushed to the remote.",
  }), { signal, ms: 300_000, noAnswer: () => ({ action: "cancel" as const }) });
  return answer.action;
}
