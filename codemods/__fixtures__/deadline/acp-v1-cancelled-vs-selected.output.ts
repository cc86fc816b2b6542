// The ACP agent shape where handing the question to askWithin once silenced exhaustive-action (issue 24): the answer
// was no longer traced through the helper, so the merged `cancelled`-vs-`selected` branch below went unreported
// although nothing fixed it, and migrate's before/after check kept the file. The branch must stay reported after.
import type { RequestPermissionRequest, RequestPermissionResponse } from "@agentclientprotocol/sdk";

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

export interface AgentConnection {
  requestPermission(params: RequestPermissionRequest): Promise<RequestPermissionResponse>;
}

export async function applyEdit(connection: AgentConnection, sessionId: string, signal: AbortSignal): Promise<string> {
  const response = await askWithin(connection.requestPermission({
    sessionId,
    toolCall: { toolCallId: "edit", title: "Edit `README.md`", kind: "edit", status: "pending" },
    options: [
      { optionId: "allow", name: "Allow", kind: "allow_once" },
      { optionId: "reject", name: "Reject", kind: "reject_once" },
    ],
  }), { signal, ms: 300_000, noAnswer: () => ({ outcome: { outcome: "cancelled" as const } }) });
  if (response.outcome.outcome === "selected" && response.outcome.optionId === "allow") {
    return "edited";
  } else {
    return "not edited";
  }
}
