// ACP 2.x: a request spread over lines whose params hug the parenthesis. The caller's signal and the deadline go in
// one options object after the params' closing brace, on that line when they fit.
import type { CreateElicitationResponse } from "@agentclientprotocol/sdk";

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
declare const methods: { client: { elicitation: { create: string } } };
interface AgentContext {
  request(method: string, params: object, options?: RequestOptions): Promise<CreateElicitationResponse>;
}

export async function askSuite(client: AgentContext, sessionId: string, signal: AbortSignal): Promise<string> {
  const answer = await withinDeadline(
    signal,
    300_000,
    (cancellationSignal) =>
      client.request(methods.client.elicitation.create, {
        mode: "form",
        sessionId,
        message: "Which test suite should I run?",
      }, { cancellationSignal, stopWaitingOnCancel: true }),
    () => ({ action: "cancel" as const }),
  );
  return answer.action;
}
