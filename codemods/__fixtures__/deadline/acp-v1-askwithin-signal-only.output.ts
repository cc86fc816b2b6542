// The editor's suggestion raced these questions against the session's signal through the file's `askWithin`, but
// could not know how long a person should get, so it left out `ms`: the codemod adds the deadline it was given.
import type { CreateElicitationResponse, RequestPermissionResponse } from "@agentclientprotocol/sdk";

declare const connection: {
  requestPermission(params: { sessionId: string }): Promise<RequestPermissionResponse>;
  createElicitation(params: { sessionId: string; message: string }): Promise<CreateElicitationResponse>;
};

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

export async function askPermission(sessionId: string, signal: AbortSignal): Promise<string> {
  const response = await askWithin(connection.requestPermission({ sessionId }), {
    signal,
    noAnswer: () => ({ outcome: { outcome: "cancelled" as const } }),
    ms: 300_000,
  });
  return response.outcome.outcome;
}

const noAnswer = () => ({ action: "cancel" as const });

export async function askName(sessionId: string, signal: AbortSignal): Promise<string> {
  const name = connection.createElicitation({ sessionId, message: "Name?" });
  const answer = await askWithin(name, { signal, noAnswer, ms: 300_000 });
  return answer.action;
}

export async function askAge(sessionId: string, signal: AbortSignal): Promise<string> {
  // Given a deadline already: left as it is.
  const age = connection.createElicitation({ sessionId, message: "Age?" });
  const answer = await askWithin(age, { signal, ms: 60_000, noAnswer });
  return answer.action;
}
