// The file already races its questions with a helper of its own: the rules accept it as forwarding the signal, so
// the transform keeps it and hands it the signal `withinDeadline` builds from the caller's and a timer.
import type { CreateElicitationResponse, RequestPermissionResponse } from "@agentclientprotocol/sdk";

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
  const response = await raceWithSignal(connection.requestPermission({ sessionId }), signal);
  return response.outcome.outcome;
}

export async function askName(sessionId: string, signal: AbortSignal): Promise<string> {
  const answer = await connection.createElicitation({ sessionId, message: "Name?" });
  return answer.action;
}
