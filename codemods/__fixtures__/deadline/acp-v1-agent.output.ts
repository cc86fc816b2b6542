// An agent on the ACP 0.x/1.x connection API, whose requestPermission and createElicitation take no options: each
// question is handed to one helper, added once, that ends it on the session's signal or after the deadline as the
// API's own "no decision" answer. test/acp-deadline-runtime.test.ts runs the output against the real SDK.
import type {
  CreateElicitationRequest,
  CreateElicitationResponse,
  RequestPermissionRequest,
  RequestPermissionResponse,
} from "@agentclientprotocol/sdk";

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
  createElicitation(params: CreateElicitationRequest): Promise<CreateElicitationResponse>;
}

/** What one turn did: the command it was allowed to run (or why not), and the suite the user picked. */
export async function runTurn(connection: AgentConnection, sessionId: string, signal: AbortSignal): Promise<string> {
  const permission = await askWithin(connection.requestPermission({
    sessionId,
    toolCall: { toolCallId: "run-tests", title: "Run `npm test`", kind: "execute", status: "pending" },
    options: [
      { optionId: "allow", name: "Allow", kind: "allow_once" },
      { optionId: "reject", name: "Reject", kind: "reject_once" },
    ],
  }), { signal, ms: 300_000, noAnswer: () => ({ outcome: { outcome: "cancelled" as const } }) });
  if (permission.outcome.outcome === "cancelled") return "no decision on running `npm test`";
  if (permission.outcome.optionId !== "allow") return "rejected `npm test`";
  const answer = await askWithin(connection.createElicitation({ mode: "form", sessionId, message: "Which suite?", requestedSchema: { type: "object", properties: {} } }), {
    signal,
    ms: 300_000,
    noAnswer: () => ({ action: "cancel" as const }),
  });
  switch (answer.action) {
    case "accept":
      return "running the suite";
    case "decline":
      return "the user declined to pick a suite";
    case "cancel":
      return "no suite was picked";
    default:
      return "an answer this agent does not know";
  }
}
