// A tool parks its question until the web page posts the answer: nothing ended the wait, not the caller's signal
// and no timer. The handler's `extra` carries the caller's signal, and the answer is an ElicitResult.
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";

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

type Extra = { readonly signal: AbortSignal };
declare function onTool(name: string, handler: (args: unknown, extra: Extra) => Promise<string>): void;
declare function showQuestion(id: string, text: string): void;

const pendingAnswers = new Map<string, (answer: ElicitResult) => void>();

onTool("deploy", async (_args, extra) => {
  const id = crypto.randomUUID();
  showQuestion(id, "Deploy?");
  const answer = await askWithin(new Promise<ElicitResult>((resolve) => pendingAnswers.set(id, resolve)), {
    signal: extra.signal,
    ms: 300_000,
    noAnswer: () => ({ action: "cancel" as const }),
  });
  return answer.action === "accept" ? "deployed" : "not deployed";
});
