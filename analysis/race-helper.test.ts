/**
 * Same-file race helpers, as the rules see them (analysis/race-helper.ts): a call handed to a function of the file that
 * listens to `abort` is forwarded; one whose helper also sets a timer has a deadline. Contrast cases share the words
 * but not the listening or the timer.
 */
import forwardAbortSignal from "../rules/forward-abort-signal/index.ts";
import requireDeadline from "../rules/require-deadline/index.ts";
import { untypedRuleTester } from "../test/rule-tester.ts";

const CONNECTION = `declare const connection: {
  requestPermission(params: { sessionId: string }): Promise<{ outcome: { outcome: string } }>;
  createElicitation(params: { sessionId: string; message: string }): Promise<{ action: string }>;
};`;

/** Races against the signal only: forwarded, no deadline. */
const RACE_WITH_SIGNAL = `function raceWithSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}`;

/** The deadline transform's own helper: signal and timer. */
const ASK_WITHIN = `function askWithin<T>(ask: Promise<T>, { signal, ms, noAnswer }: { signal?: AbortSignal; ms: number; noAnswer: () => T }): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stopWaiting = () => { settle(); resolve(noAnswer()); };
    const timer = setTimeout(stopWaiting, ms);
    const settle = () => { clearTimeout(timer); signal?.removeEventListener("abort", stopWaiting); };
    signal?.addEventListener("abort", stopWaiting, { once: true });
    ask.then((answer) => { settle(); resolve(answer); }, (error) => { settle(); reject(error); });
  });
}`;

/** The helper as the editor's suggestion writes it: the timer is armed only when a call gives `ms`. */
const ASK_WITHIN_OPTIONAL_MS = `function askWithin<T>(ask: Promise<T>, { signal, ms, noAnswer }: { signal?: AbortSignal; ms?: number; noAnswer: () => T }): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stopWaiting = () => { settle(); resolve(noAnswer()); };
    const timer = ms === undefined ? undefined : setTimeout(stopWaiting, ms);
    const settle = () => { clearTimeout(timer); signal?.removeEventListener("abort", stopWaiting); };
    if (signal?.aborted) return stopWaiting();
    signal?.addEventListener("abort", stopWaiting, { once: true });
    ask.then((answer) => { settle(); resolve(answer); }, (error) => { settle(); reject(error); });
  });
}`;

/** Shares the shape (promise, signal) but never listens to the signal: not a race. */
const LOGS_ONLY = `function withLogging<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  console.log("asking", signal.aborted);
  return promise;
}`;

untypedRuleTester.run("forward-abort-signal: same-file race helpers", forwardAbortSignal, {
  valid: [
    {
      name: "a call handed to the file's helper that listens to abort is forwarded",
      code: `${CONNECTION}
${RACE_WITH_SIGNAL}
export async function ask(sessionId: string, signal: AbortSignal) {
  return raceWithSignal(connection.createElicitation({ sessionId, message: "Name?" }), signal);
}`,
    },
    {
      name: "the deadline transform's askWithin forwards the signal in its options",
      code: `${CONNECTION}
${ASK_WITHIN}
export async function ask(sessionId: string, signal: AbortSignal) {
  return askWithin(connection.requestPermission({ sessionId }), { signal, ms: 120000, noAnswer: () => ({ outcome: { outcome: "cancelled" } }) });
}`,
    },
  ],
  invalid: [
    {
      name: "contrast: a helper of the same shape that never listens to abort does not race (the file's racing helper is offered)",
      code: `${CONNECTION}
${RACE_WITH_SIGNAL}
${LOGS_ONLY}
export async function ask(sessionId: string, signal: AbortSignal) {
  return withLogging(connection.createElicitation({ sessionId, message: "Name?" }), signal);
}`,
      errors: [
        {
          messageId: "notRaced",
          suggestions: [
            {
              messageId: "raceSignal",
              output: `${CONNECTION}
${RACE_WITH_SIGNAL}
${LOGS_ONLY}
export async function ask(sessionId: string, signal: AbortSignal) {
  return withLogging(raceWithSignal(connection.createElicitation({ sessionId, message: "Name?" }), signal), signal);
}`,
            },
          ],
        },
      ],
    },
  ],
});

untypedRuleTester.run("require-deadline: same-file race helpers", requireDeadline, {
  valid: [
    {
      name: "askWithin sets a timer: the option-less ACP call has its deadline",
      code: `${CONNECTION}
${ASK_WITHIN}
export async function ask(sessionId: string, signal: AbortSignal) {
  return askWithin(connection.requestPermission({ sessionId }), { signal, ms: 120000, noAnswer: () => ({ outcome: { outcome: "cancelled" } }) });
}`,
    },
    {
      name: "askWithin whose timer is optional, called with ms: the call has its deadline",
      code: `${CONNECTION}
${ASK_WITHIN_OPTIONAL_MS}
export async function ask(sessionId: string, signal: AbortSignal) {
  return askWithin(connection.requestPermission({ sessionId }), { signal, ms: 120000, noAnswer: () => ({ outcome: { outcome: "cancelled" } }) });
}`,
    },
    {
      name: "a signal-only helper handed a timer signal has a deadline",
      code: `${CONNECTION}
${RACE_WITH_SIGNAL}
export async function ask(sessionId: string, signal: AbortSignal) {
  return raceWithSignal(connection.createElicitation({ sessionId, message: "Name?" }), AbortSignal.any([signal, AbortSignal.timeout(120000)]));
}`,
    },
  ],
  invalid: [
    {
      name: "contrast: a signal-only helper is no deadline",
      code: `${CONNECTION}
${RACE_WITH_SIGNAL}
export async function ask(sessionId: string, signal: AbortSignal) {
  return raceWithSignal(connection.createElicitation({ sessionId, message: "Name?" }), signal);
}`,
      errors: [{ messageId: "missingDeadline" }],
    },
    {
      name: "contrast: askWithin whose timer is armed only when given ms, called without it, is no deadline",
      code: `${CONNECTION}
${ASK_WITHIN_OPTIONAL_MS}
export async function ask(sessionId: string, signal: AbortSignal) {
  return askWithin(connection.requestPermission({ sessionId }), { signal, noAnswer: () => ({ outcome: { outcome: "cancelled" } }) });
}`,
      errors: [{ messageId: "missingDeadline" }],
    },
  ],
});
