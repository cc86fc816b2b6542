/**
 * forward-abort-signal on shapes first seen in published code (issue 23 false 1 and 7), each beside a contrast that
 * shares its words and is still reported.
 */
import rule from "./index.ts";
import { TYPED_FILE, typedRuleTester, untypedRuleTester } from "../../test/rule-tester.ts";

const ASK_WITHIN_WIDE = `/**
 * Waits for a person's answer until \`signal\` aborts or (when given) \`ms\`
 * pass, then stops waiting and resolves with \`noAnswer()\`: the API's own
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
}`;

/** The same helper in a narrower file (under 90 columns): its options' type spread over lines. */
const ASK_WITHIN_NARROW = ASK_WITHIN_WIDE.replace(
  "  { signal, ms, noAnswer }: { signal?: AbortSignal; ms?: number; noAnswer: () => T },",
  `  {
    signal,
    ms,
    noAnswer,
  }: {
    signal?: AbortSignal;
    ms?: number;
    noAnswer: () => T;
  },`,
);

const CANCELLED = `{
    signal: SIGNAL,
    noAnswer: () => ({ outcome: { outcome: "cancelled" as const } }),
  }`;

const KIT = (from: string, param: string) => `import { createServer } from "${from}";
createServer().tool("purge", async (_input, ${param}) => {
  const reply = await ${param}.elicit({ message: "Purge the cache?", schema: purgeSchema });
  return reply.action === "accept" ? purge() : keep();
});`;

const LINKED = (tie: string) => `export async function askLinked(conn, params, caller: AbortSignal) {
  const linked = new AbortController();
  ${tie}
  return Promise.race([conn.requestPermission(params), onAbort(linked.signal)]);
}`;

untypedRuleTester.run("forward-abort-signal (signals that are not there, signals that are forwarded)", rule, {
  valid: [
    {
      name: "unknown framework: kit.elicit of a package not in the table gives its context no known signal",
      code: KIT("tiny-mcp-kit", "kit"),
    },
    {
      name: "positional relay: this.next.requestPermission(req, abortSignal) hands the caller's signal on",
      code: `export class Relay {
  async requestPermission(req, abortSignal: AbortSignal) {
    return this.next.requestPermission(req, abortSignal);
  }
}`,
    },
    {
      name: "derived: a controller aborted from the caller's abort listener, its signal in the race",
      code: LINKED(`caller.addEventListener("abort", () => linked.abort(caller.reason), { once: true });`),
    },
    {
      name: "derived: a controller aborted from caller.onabort",
      code: LINKED(`caller.onabort = () => linked.abort();`),
    },
    {
      name: "derived: AbortSignal.any([caller, …]) handed on positionally",
      code: `export async function relay(next, req, caller: AbortSignal) {
  return next.requestPermission(req, AbortSignal.any([caller, shutdown.signal]));
}`,
    },
  ],
  invalid: [
    {
      name: "contrast: fastmcp's context.elicit, imported, does carry context.signal",
      code: KIT("fastmcp", "context"),
      errors: [
        {
          messageId: "notForwarded",
          suggestions: [
            {
              messageId: "addSignal",
              output: KIT("fastmcp", "context").replace(
                "schema: purgeSchema })",
                "schema: purgeSchema }, { signal: context.signal })",
              ),
            },
          ],
        },
      ],
    },
    {
      name: "contrast: the relay takes the signal but hands on only the request",
      code: `export class Relay {
  async requestPermission(req, abortSignal: AbortSignal) {
    return this.next.requestPermission(req);
  }
}`,
      errors: [
        {
          messageId: "notRaced",
          suggestions: [
            {
              messageId: "raceSignal",
              output: `${ASK_WITHIN_NARROW}

export class Relay {
  async requestPermission(req, abortSignal: AbortSignal) {
    return askWithin(this.next.requestPermission(req), ${CANCELLED.replace("SIGNAL", "abortSignal").replace(/\n/g, "\n  ")});
  }
}`,
            },
          ],
        },
      ],
    },
    {
      name: "contrast: a controller nothing ties to the caller's signal, raced instead of it",
      code: LINKED(`shutdown.addEventListener("abort", () => linked.abort());`),
      errors: [
        {
          messageId: "notRaced",
          suggestions: [
            {
              messageId: "raceSignal",
              output: `${ASK_WITHIN_NARROW}

${LINKED(`shutdown.addEventListener("abort", () => linked.abort());`).replace(
  "[conn.requestPermission(params), ",
  `[askWithin(conn.requestPermission(params), ${CANCELLED.replace("SIGNAL", "caller")}), `,
)}`,
            },
          ],
        },
      ],
    },
  ],
});

typedRuleTester.run("forward-abort-signal (typed: a context with no signal)", rule, {
  valid: [
    {
      name: "typed: a context whose type has no signal is not asked for one",
      filename: TYPED_FILE,
      code: `interface Kit { elicit(p: { message: string }): Promise<{ action: string }> }
declare function tool(name: string, cb: (input: unknown, kit: Kit) => Promise<unknown>): void;
tool("purge", async (_input, kit) => kit.elicit({ message: "Purge the cache?" }));`,
    },
  ],
  invalid: [],
});

const RELAY = (callback: string) => `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
upstream.onQuestion(${callback});`;

untypedRuleTester.run("forward-abort-signal (a relay registered through a wrapper)", rule, {
  valid: [
    {
      name: "relay contrast: the wrapper hands the callback the question's signal, and it is passed on",
      code: RELAY("async (q) => server.server.elicitInput(q.params, { timeout: 120_000, signal: q.signal })"),
    },
    {
      name: "relay contrast: a callback that asks its own question, not the one it was handed",
      code: RELAY(
        `async (event) => server.server.elicitInput({ message: "Continue?", requestedSchema }, { timeout: 120_000 })`,
      ),
    },
    {
      name: "relay contrast: a callback that relays nothing to a person",
      code: RELAY("async (q) => log.write(q.params)"),
    },
  ],
  invalid: [
    {
      name: "relay: upstream.onQuestion(async (q) => elicitInput(q.params, { timeout })) hides the withdrawal",
      code: RELAY("async (q) => server.server.elicitInput(q.params, { timeout: 120_000 })"),
      errors: [{ messageId: "relayHidesWithdrawal" }],
    },
  ],
});
