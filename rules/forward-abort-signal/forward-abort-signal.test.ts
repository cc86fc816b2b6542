import rule from "./index.ts";
import { TYPED_FILE, typedRuleTester, untypedRuleTester } from "../../test/rule-tester.ts";
import { locate } from "../../test/locate.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

type MessageId = "notForwarded" | "notRaced" | "missingStopWaiting" | "handlerIgnoresSignal" | "handlerHasNoSignal";

const MCP = "MCP SDK `elicitInput`";
const ACP2 = "ACP 2.x `ctx.request`";

interface Case {
  name: string;
  code: string;
  /** The token the report points at; context after the name is allowed (`request(methods`). */
  needle: string;
  messageId: MessageId;
  data?: Record<string, string>;
  /** Each suggestion's full output, in order; omitted means "no suggestion". */
  suggestions?: string[];
  options?: readonly unknown[];
  filename?: string;
}

/**
 * The race helper the suggestion adds (the deadline codemod's `askWithin`), written out by hand: TypeScript, two-space
 * indent, double quotes, semicolons, trailing commas, for a file whose lines run to 90 columns or more.
 */
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

/** The helper in a JavaScript file. */
const ASK_WITHIN_JS = `/**
 * Waits for a person's answer until \`signal\` aborts or (when given) \`ms\`
 * pass, then stops waiting and resolves with \`noAnswer()\`: the API's own
 * "no decision". Whichever side wins, the timer is cleared and the listener
 * removed.
 *
 * @template T
 * @param {Promise<T>} ask
 * @param {{ signal?: AbortSignal, ms?: number, noAnswer: () => T }} options
 * @returns {Promise<T>}
 */
function askWithin(ask, { signal, ms, noAnswer }) {
  return new Promise((resolve, reject) => {
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
      (error) => {
        settle();
        reject(error);
      },
    );
  });
}`;

/** The deadline helper the merge suggestion adds for a timer signal, written out by hand (lines under 100 columns). */
const WITHIN_DEADLINE = `/**
 * Calls \`ask\` with a signal that aborts when \`signal\` does or \`ms\` pass. A
 * request that fails once so stopped resolves with \`noAnswer()\`, when given:
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
  const timer = setTimeout(
    () => controller.abort(new DOMException("No answer in time", "TimeoutError")),
    ms,
  );
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
}`;

/** The deadline helper in a file of 100 columns or more: the timer on one line. */
const WITHIN_DEADLINE_WIDE = WITHIN_DEADLINE.replace(
  `  const timer = setTimeout(
    () => controller.abort(new DOMException("No answer in time", "TimeoutError")),
    ms,
  );`,
  '  const timer = setTimeout(() => controller.abort(new DOMException("No answer in time", "TimeoutError")), ms);',
);

function expectedError(testCase: Case) {
  const at = locate(testCase.code, testCase.needle);
  const token = /^[\w$]+/.exec(testCase.needle)![0];
  const suggestMessage: "addStopWaiting" | "addSignal" | "raceSignal" =
    testCase.messageId === "missingStopWaiting"
      ? "addStopWaiting"
      : testCase.messageId === "notRaced"
        ? "raceSignal"
        : "addSignal";
  return {
    messageId: testCase.messageId,
    ...(testCase.data ? { data: testCase.data } : {}),
    ...at,
    endColumn: at.column + token.length,
    suggestions: (testCase.suggestions ?? []).map((output) => ({ messageId: suggestMessage, output })),
  };
}

const invalidCases: Case[] = [
  {
    name: "MCP v1: extra in reach, no options: suggestion creates the options",
    code: `server.registerTool("pick", {}, async (args, extra) => {
  const answer = await server.server.elicitInput({ message: "Pick one", requestedSchema });
});`,
    needle: "elicitInput",
    messageId: "notForwarded",
    data: { signal: "extra.signal", label: MCP, companion: "" },
    suggestions: [
      `server.registerTool("pick", {}, async (args, extra) => {
  const answer = await server.server.elicitInput({ message: "Pick one", requestedSchema }, { signal: extra.signal });
});`,
    ],
  },
  {
    name: "MCP v1: one-line options object gets the signal on the same line",
    code: `async function handle(args, extra) { return server.elicitInput(params, { timeout: 120_000 }); }`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `async function handle(args, extra) { return server.elicitInput(params, { timeout: 120_000, signal: extra.signal }); }`,
    ],
  },
  {
    name: "MCP v1: multi-line options object gets the signal on its own line at the same indent",
    code: `async function handle(args, extra) {
  return server.elicitInput(params, {
    timeout: 120_000,
    relatedRequestId: extra.requestId
  });
}`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `async function handle(args, extra) {
  return server.elicitInput(params, {
    timeout: 120_000,
    relatedRequestId: extra.requestId,
    signal: extra.signal
  });
}`,
    ],
  },
  {
    name: "MCP v1: multi-line options with a trailing comma keep it",
    code: `async function handle(args, extra) {
  return server.elicitInput(params, {
    timeout: 120_000,
  });
}`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `async function handle(args, extra) {
  return server.elicitInput(params, {
    timeout: 120_000,
    signal: extra.signal,
  });
}`,
    ],
  },
  {
    name: "MCP v1: one-line options with a trailing comma",
    code: `async function handle(args, extra) { return server.elicitInput(params, { timeout: 120_000, }); }`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `async function handle(args, extra) { return server.elicitInput(params, { timeout: 120_000, signal: extra.signal, }); }`,
    ],
  },
  {
    name: "MCP v1: the signal goes after the last property's same-line comment, not inside its note",
    code: `async function handle(args, extra) { return extra.sendRequest({ method: "elicitation/create", params }, ElicitResultSchema, { timeout: 10 * 60 * 1000 /* 10 minutes */ }); }`,
    needle: "sendRequest",
    messageId: "notForwarded",
    suggestions: [
      `async function handle(args, extra) { return extra.sendRequest({ method: "elicitation/create", params }, ElicitResultSchema, { timeout: 10 * 60 * 1000 /* 10 minutes */, signal: extra.signal }); }`,
    ],
  },
  {
    name: "MCP v1: multi-line options: a line comment after the last property stays with it",
    code: `async function handle(args, extra) {
  return server.elicitInput(params, {
    timeout: 120_000, // two minutes
  });
}`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `async function handle(args, extra) {
  return server.elicitInput(params, {
    timeout: 120_000, // two minutes
    signal: extra.signal,
  });
}`,
    ],
  },
  {
    name: "MCP v1: multi-line options without a trailing comma: the comma goes before the comment",
    code: `async function handle(args, extra) {
  return server.elicitInput(params, {
    timeout: 120_000 // two minutes
  });
}`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `async function handle(args, extra) {
  return server.elicitInput(params, {
    timeout: 120_000, // two minutes
    signal: extra.signal
  });
}`,
    ],
  },
  {
    name: "MCP v1: quoted keys stay quoted the same way",
    code: `async function handle(args, extra) { return server.elicitInput(params, { 'timeout': 120_000 }); }`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `async function handle(args, extra) { return server.elicitInput(params, { 'timeout': 120_000, 'signal': extra.signal }); }`,
    ],
  },
  {
    name: "MCP v1: an existing timeout signal is combined with the caller's through withinDeadline, not AbortSignal.any",
    code: `async function handle(args, extra) { return server.elicitInput(params, { signal: AbortSignal.timeout(120_000) }); }`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `${WITHIN_DEADLINE_WIDE}

async function handle(args, extra) { return withinDeadline(extra.signal, 120_000, (cancellationSignal) =>
  server.elicitInput(params, { signal: cancellationSignal }),
); }`,
    ],
  },
  {
    name: "MCP v1: an existing AbortSignal.any list without a timer gets the caller's signal appended",
    code: `async function handle(args, extra) {
  const controller = new AbortController();
  return server.elicitInput(params, { signal: AbortSignal.any([controller.signal]) });
}`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `async function handle(args, extra) {
  const controller = new AbortController();
  return server.elicitInput(params, { signal: AbortSignal.any([controller.signal, extra.signal]) });
}`,
    ],
  },
  {
    name: "MCP v1: an AbortSignal.any list holding a timer: the timer goes to withinDeadline, the other signals stay combined",
    code: `async function handle(args, extra) { return server.elicitInput(params, { signal: AbortSignal.any([AbortSignal.timeout(120_000), shutdown.signal]) }); }`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `${WITHIN_DEADLINE_WIDE}

async function handle(args, extra) { return withinDeadline(AbortSignal.any([shutdown.signal, extra.signal]), 120_000, (cancellationSignal) =>
  server.elicitInput(params, { signal: cancellationSignal }),
); }`,
    ],
  },
  {
    name: "MCP v1: a shorthand const holding a timeout signal: its delay goes to withinDeadline",
    code: `async function handle(args, extra) {
  const signal = AbortSignal.timeout(600_000);
  return server.elicitInput(params, { signal });
}`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `${WITHIN_DEADLINE}

async function handle(args, extra) {
  const signal = AbortSignal.timeout(600_000);
  return withinDeadline(extra.signal, 600_000, (cancellationSignal) =>
    server.elicitInput(params, { signal: cancellationSignal }),
  );
}`,
    ],
  },
  {
    name: "MCP v1: a local controller nothing ties to the caller",
    code: `async function handle(args, extra) {
  const controller = new AbortController();
  return server.elicitInput(params, { signal: controller.signal });
}`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `async function handle(args, extra) {
  const controller = new AbortController();
  return server.elicitInput(params, { signal: AbortSignal.any([controller.signal, extra.signal]) });
}`,
    ],
  },
  {
    name: "MCP v1: extra.sendRequest for elicitation/create (the SDK does not forward extra.signal)",
    code: `server.tool("collect", schema, async ({ infoType }, extra) => {
  const result = await extra.sendRequest({ method: "elicitation/create", params }, ElicitResultSchema);
});`,
    needle: "sendRequest",
    messageId: "notForwarded",
    data: { signal: "extra.signal", label: "MCP SDK `sendRequest` for `elicitation/create`", companion: "" },
    suggestions: [
      `server.tool("collect", schema, async ({ infoType }, extra) => {
  const result = await extra.sendRequest({ method: "elicitation/create", params }, ElicitResultSchema, { signal: extra.signal });
});`,
    ],
  },
  {
    name: "MCP v2: ctx.mcpReq.elicitInput (ctx.mcpReq.signal is not forwarded)",
    code: `server.registerTool("pick", {}, async (args, ctx) => ctx.mcpReq.elicitInput(params));`,
    needle: "elicitInput",
    messageId: "notForwarded",
    data: { signal: "ctx.mcpReq.signal", label: MCP, companion: "" },
    suggestions: [
      `server.registerTool("pick", {}, async (args, ctx) => ctx.mcpReq.elicitInput(params, { signal: ctx.mcpReq.signal }));`,
    ],
  },
  {
    name: "MCP v2: ctx.mcpReq.send for elicitation/create",
    code: `server.registerTool("pick", {}, async (args, ctx) => ctx.mcpReq.send({ method: "elicitation/create", params }, ElicitResultSchema, { timeout: 120_000 }));`,
    needle: "send(",
    messageId: "notForwarded",
    suggestions: [
      `server.registerTool("pick", {}, async (args, ctx) => ctx.mcpReq.send({ method: "elicitation/create", params }, ElicitResultSchema, { timeout: 120_000, signal: ctx.mcpReq.signal }));`,
    ],
  },
  {
    name: "MCP v2: a handler whose context is used as ctx.mcpReq elsewhere, asking through the server",
    code: `server.registerTool("pick", {}, async (args, ctx) => {
  log(ctx.mcpReq.id);
  return server.elicitInput(params, { timeout: 1 });
});`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `server.registerTool("pick", {}, async (args, ctx) => {
  log(ctx.mcpReq.id);
  return server.elicitInput(params, { timeout: 1, signal: ctx.mcpReq.signal });
});`,
    ],
  },
  {
    name: "fastmcp: context.elicit inside execute (context.signal exists but is not merged)",
    code: `import { FastMCP } from "fastmcp";
server.addTool({ name: "deploy", execute: async (args, context) => context.elicit({ message: "Deploy?" }) });`,
    needle: "elicit(",
    messageId: "notForwarded",
    data: { signal: "context.signal", label: "fastmcp `context.elicit`", companion: "" },
    suggestions: [
      `import { FastMCP } from "fastmcp";
server.addTool({ name: "deploy", execute: async (args, context) => context.elicit({ message: "Deploy?" }, { signal: context.signal }) });`,
    ],
  },
  {
    name: "fastmcp: session.requestElicitation with a signal parameter uses the shorthand",
    code: `async function confirm(session, signal) { return session.requestElicitation({ message: "Continue?" }); }`,
    needle: "requestElicitation",
    messageId: "notForwarded",
    suggestions: [
      `async function confirm(session, signal) { return session.requestElicitation({ message: "Continue?" }, { signal }); }`,
    ],
  },
  {
    name: "a parameter annotated AbortSignal, whatever its name",
    code: `async function confirm(server, done: AbortSignal) { return server.elicitInput(params); }`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `async function confirm(server, done: AbortSignal) { return server.elicitInput(params, { signal: done }); }`,
    ],
  },
  {
    name: "a signal destructured from extra in the body",
    code: `server.registerTool("pick", {}, async (args, meta) => {
  const { signal } = meta;
  return server.elicitInput(params);
});`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `server.registerTool("pick", {}, async (args, meta) => {
  const { signal } = meta;
  return server.elicitInput(params, { signal });
});`,
    ],
  },
  {
    name: "a nested callback still has the handler's signal in reach",
    code: `server.registerTool("review", {}, async (args, extra) => {
  await Promise.all(files.map((file) => server.elicitInput({ message: file })));
});`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `server.registerTool("review", {}, async (args, extra) => {
  await Promise.all(files.map((file) => server.elicitInput({ message: file }, { signal: extra.signal })));
});`,
    ],
  },
  {
    name: "in flow: an async IIFE the handler awaits still has the signal in reach",
    code: `async function handle(args, extra) { await (async () => { await server.elicitInput(params); })(); }`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `async function handle(args, extra) { await (async () => { await server.elicitInput(params, { signal: extra.signal }); })(); }`,
    ],
  },
  {
    name: "in flow: a task kept in a const and awaited later",
    code: `async function handle(args, extra) { const task = (async () => server.elicitInput(params))(); return await task; }`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `async function handle(args, extra) { const task = (async () => server.elicitInput(params, { signal: extra.signal }))(); return await task; }`,
    ],
  },
  {
    name: "in flow: a .then chain the handler returns",
    code: `async function handle(args, extra) { return ready.then(() => server.elicitInput(params)); }`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `async function handle(args, extra) { return ready.then(() => server.elicitInput(params, { signal: extra.signal })); }`,
    ],
  },
  {
    name: "detached but handed the signal: a runner that receives extra.signal passes it on",
    code: `async function handle(args, extra) { runner.start(async () => { await server.elicitInput(params); }, extra.signal); }`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `async function handle(args, extra) { runner.start(async () => { await server.elicitInput(params, { signal: extra.signal }); }, extra.signal); }`,
    ],
  },
  {
    name: "a race against a timer only does not end the ask when the caller gives up",
    code: `async function handle(args, extra) { return Promise.race([server.elicitInput(params), sleep(120_000)]); }`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `async function handle(args, extra) { return Promise.race([server.elicitInput(params, { signal: extra.signal }), sleep(120_000)]); }`,
    ],
  },
  {
    name: "options in a const are reported without a suggestion (they may be shared)",
    code: `async function handle(args, extra) {
  const requestOptions = { timeout: 120_000 };
  return server.elicitInput(params, requestOptions);
}`,
    needle: "elicitInput",
    messageId: "notForwarded",
  },
  {
    name: "mcp-use: ctx.elicit takes no signal: race it",
    code: `import { MCPServer } from "mcp-use/server";
async function ask(ctx, signal) { return ctx.elicit("Which branch?", schema, { timeout: 600_000 }); }`,
    needle: "elicit(",
    messageId: "notRaced",
    data: { signal: "signal", label: "mcp-use `ctx.elicit`", companion: "" },
    suggestions: [
      `import { MCPServer } from "mcp-use/server";

${ASK_WITHIN_WIDE}

async function ask(ctx, signal) { return askWithin(ctx.elicit("Which branch?", schema, { timeout: 600_000 }), {
  signal,
  noAnswer: () => ({ action: "cancel" as const }),
}); }`,
    ],
  },
  {
    name: "Cloudflare agents: elicitInput takes no signal: race it",
    code: `import { McpAgent } from "agents/mcp";
class Agent extends McpAgent { async ask(params, signal) { return this.elicitInput(params, { relatedRequestId }); } }`,
    needle: "elicitInput",
    messageId: "notRaced",
    suggestions: [
      `import { McpAgent } from "agents/mcp";

${ASK_WITHIN_WIDE}

class Agent extends McpAgent { async ask(params, signal) { return askWithin(this.elicitInput(params, { relatedRequestId }), {
  signal,
  noAnswer: () => ({ action: "cancel" as const }),
}); } }`,
    ],
  },
  {
    name: "ACP 0.x/1.x: requestPermission takes no options: race it",
    code: `async function authorize(conn, params, signal) { return conn.requestPermission(params); }`,
    needle: "requestPermission",
    messageId: "notRaced",
    data: { signal: "signal", label: "ACP `requestPermission`", companion: "" },
    suggestions: [
      `${ASK_WITHIN_WIDE}

async function authorize(conn, params, signal) { return askWithin(conn.requestPermission(params), {
  signal,
  noAnswer: () => ({ outcome: { outcome: "cancelled" as const } }),
}); }`,
    ],
  },
  {
    name: "ACP 0.x/1.x: createElicitation with a destructured { signal }",
    code: `async function onQuestion(request, { signal }) { return this.conn.createElicitation(request); }`,
    needle: "createElicitation",
    messageId: "notRaced",
    suggestions: [
      `${ASK_WITHIN_WIDE}

async function onQuestion(request, { signal }) { return askWithin(this.conn.createElicitation(request), {
  signal,
  noAnswer: () => ({ action: "cancel" as const }),
}); }`,
    ],
  },
  {
    name: "ACP seed: an unstable_createElicitation not raced against the callback's signal never settles",
    code: `async function handleAskUserQuestion(input, { signal }) {
  const response = await this.client.unstable_createElicitation({ sessionId, message, requestedSchema });
  return response.action === "accept" ? allow(response) : deny(response);
}`,
    needle: "unstable_createElicitation",
    messageId: "notRaced",
    suggestions: [
      `${ASK_WITHIN_WIDE}

async function handleAskUserQuestion(input, { signal }) {
  const response = await askWithin(this.client.unstable_createElicitation({ sessionId, message, requestedSchema }), {
    signal,
    noAnswer: () => ({ action: "cancel" as const }),
  });
  return response.action === "accept" ? allow(response) : deny(response);
}`,
    ],
  },
  {
    name: "layout: a call spread over lines keeps its lines, the options follow its last one, in the file's indentation",
    code: `async function handleAskUserQuestion(input, { signal }) {
    const response = await this.client.unstable_createElicitation({
        sessionId,
        message: \`Delete
  \${name}?\`,
    });
    return response;
}`,
    needle: "unstable_createElicitation",
    messageId: "notRaced",
    suggestions: [
      `/**
 * Waits for a person's answer until \`signal\` aborts or (when given) \`ms\`
 * pass, then stops waiting and resolves with \`noAnswer()\`: the API's own
 * "no decision". Whichever side wins, the timer is cleared and the listener
 * removed.
 */
function askWithin<T>(
    ask: Promise<T>,
    {
        signal,
        ms,
        noAnswer,
    }: {
        signal?: AbortSignal;
        ms?: number;
        noAnswer: () => T;
    },
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

async function handleAskUserQuestion(input, { signal }) {
    const response = await askWithin(this.client.unstable_createElicitation({
        sessionId,
        message: \`Delete
  \${name}?\`,
    }), { signal, noAnswer: () => ({ action: "cancel" as const }) });
    return response;
}`,
    ],
  },
  {
    name: "layout: options added to a call whose last argument spans lines hug it, spread over lines",
    code: `async function ask(client, params, signal) {
  return client.request(methods.client.elicitation.create, {
    mode: "form",
    message: question,
  });
}`,
    needle: "request(methods",
    messageId: "notForwarded",
    suggestions: [
      `async function ask(client, params, signal) {
  return client.request(methods.client.elicitation.create, {
    mode: "form",
    message: question,
  }, {
    cancellationSignal: signal,
    stopWaitingOnCancel: true,
  });
}`,
    ],
  },
  {
    name: "layout: options added to a call with one argument per line get a line of their own",
    code: `async function ask(params, extra) {
  return server.elicitInput(
    params
  );
}`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `async function ask(params, extra) {
  return server.elicitInput(
    params,
    {
      signal: extra.signal
    }
  );
}`,
    ],
  },
  {
    name: "ACP 0.x/1.x in a JavaScript file: the race's contender has no type argument",
    code: `async function authorize(conn, params, extra) { return conn.requestPermission(params); }`,
    filename: "agent.js",
    needle: "requestPermission",
    messageId: "notRaced",
    data: { signal: "extra.signal", label: "ACP `requestPermission`", companion: "" },
    suggestions: [
      `${ASK_WITHIN_JS}

async function authorize(conn, params, extra) { return askWithin(conn.requestPermission(params), {
  signal: extra.signal,
  noAnswer: () => ({ outcome: { outcome: "cancelled" } }),
}); }`,
    ],
  },
  {
    name: "ACP 2.x: ctx.client.request without options: suggestion adds cancellationSignal and stopWaitingOnCancel",
    code: `app.onRequest(methods.agent.session.prompt, async (ctx) => {
  const response = await ctx.client.request(methods.client.session.requestPermission, { sessionId, toolCall, options });
});`,
    needle: "request(methods.client",
    messageId: "notForwarded",
    data: { signal: "ctx.signal", label: ACP2, companion: "stopWaitingOnCancel" },
    suggestions: [
      `app.onRequest(methods.agent.session.prompt, async (ctx) => {
  const response = await ctx.client.request(methods.client.session.requestPermission, { sessionId, toolCall, options }, { cancellationSignal: ctx.signal, stopWaitingOnCancel: true });
});`,
    ],
  },
  {
    name: "ACP 2.x: destructured handler context { client, signal }",
    code: `app.onRequest(methods.agent.session.prompt, async ({ params, client, signal }) => client.request("session/request_permission", params, {}));`,
    needle: "request(",
    messageId: "notForwarded",
    suggestions: [
      `app.onRequest(methods.agent.session.prompt, async ({ params, client, signal }) => client.request("session/request_permission", params, { cancellationSignal: signal, stopWaitingOnCancel: true }));`,
    ],
  },
  {
    name: "ACP 2.x: no signal and stopWaitingOnCancel: false: one suggestion fixes both",
    code: `app.onRequest(methods.agent.session.prompt, async ({ client, signal }) => client.request("session/request_permission", params, { stopWaitingOnCancel: false }));`,
    needle: "request(",
    messageId: "notForwarded",
    suggestions: [
      `app.onRequest(methods.agent.session.prompt, async ({ client, signal }) => client.request("session/request_permission", params, { stopWaitingOnCancel: true, cancellationSignal: signal }));`,
    ],
  },
  {
    name: "ACP 2.x: an elicitation through methods.client.elicitation.create (the demo agent's question)",
    code: `async function askUserQuestion(client, params, signal) {
  if (signal.aborted) return { action: "cancel" };
  return client.request(methods.client.elicitation.create, params);
}`,
    needle: "request(methods",
    messageId: "notForwarded",
    data: {
      signal: "signal",
      label: "ACP 2.x `ctx.request` for `elicitation/create`",
      companion: "stopWaitingOnCancel",
    },
    suggestions: [
      `async function askUserQuestion(client, params, signal) {
  if (signal.aborted) return { action: "cancel" };
  return client.request(methods.client.elicitation.create, params, { cancellationSignal: signal, stopWaitingOnCancel: true });
}`,
    ],
  },
  {
    name: "ACP 2.x: the caller's signal passed without stopWaitingOnCancel",
    code: `app.onRequest(methods.agent.session.prompt, async ({ client, signal }) => client.request("session/request_permission", params, { cancellationSignal: signal }));`,
    needle: "request(",
    messageId: "missingStopWaiting",
    data: { signal: "signal", label: ACP2, companion: "stopWaitingOnCancel" },
    suggestions: [
      `app.onRequest(methods.agent.session.prompt, async ({ client, signal }) => client.request("session/request_permission", params, { cancellationSignal: signal, stopWaitingOnCancel: true }));`,
    ],
  },
  {
    name: "ACP 2.x: stopWaitingOnCancel: false is turned to true",
    code: `app.onRequest(methods.agent.session.prompt, async ({ client, signal }) => client.request("session/request_permission", params, { cancellationSignal: signal, stopWaitingOnCancel: false }));`,
    needle: "request(",
    messageId: "missingStopWaiting",
    suggestions: [
      `app.onRequest(methods.agent.session.prompt, async ({ client, signal }) => client.request("session/request_permission", params, { cancellationSignal: signal, stopWaitingOnCancel: true }));`,
    ],
  },
  {
    name: "ACP 2.x: a timeout-only cancellationSignal is merged with the caller's",
    code: `app.onRequest(methods.agent.session.prompt, async ({ client, signal }) => client.request("session/request_permission", params, { cancellationSignal: AbortSignal.timeout(120_000), stopWaitingOnCancel: true }));`,
    needle: "request(",
    messageId: "notForwarded",
    suggestions: [
      `${WITHIN_DEADLINE_WIDE}

app.onRequest(methods.agent.session.prompt, async ({ client, signal }) => withinDeadline(signal, 120_000, (cancellationSignal) =>
  client.request("session/request_permission", params, { cancellationSignal, stopWaitingOnCancel: true }),
));`,
    ],
  },
  {
    name: "user wrapper (default row: elicitInput) called without the signal",
    code: `server.registerTool("pick", {}, async (args, extra) => askUser(params));`,
    needle: "askUser",
    messageId: "notForwarded",
    options: [{ humanWaitFunctions: [{ from: "file", name: "askUser" }] }],
    suggestions: [`server.registerTool("pick", {}, async (args, extra) => askUser(params, { signal: extra.signal }));`],
  },
  {
    name: "user wrapper behaving like requestPermission must be raced",
    code: `async function authorize(params, signal) { return requestToolPermission(params); }`,
    needle: "requestToolPermission",
    messageId: "notRaced",
    options: [
      { humanWaitFunctions: [{ from: "file", name: "requestToolPermission", behavesLike: "acp-request-permission" }] },
    ],
    suggestions: [
      `${ASK_WITHIN_WIDE}

async function authorize(params, signal) { return askWithin(requestToolPermission(params), {
  signal,
  noAnswer: () => ({ outcome: { outcome: "cancelled" as const } }),
}); }`,
    ],
  },
  {
    name: "MCP client: an elicitation handler that awaits the UI and has no extra parameter",
    code: `client.setRequestHandler(ElicitRequestSchema, async (request) => {
  const answer = await dialog.show(request.params);
  return answer;
});`,
    needle: "setRequestHandler",
    messageId: "handlerIgnoresSignal",
    data: { signal: "extra.signal" },
  },
  {
    name: 'MCP client: an "elicitation/create" handler that reads extra but not its signal',
    code: `client.setRequestHandler("elicitation/create", async (request, extra) => {
  log(extra.sessionId);
  return await prompts.ask(request.params.message);
});`,
    needle: "setRequestHandler",
    messageId: "handlerIgnoresSignal",
    data: { signal: "extra.signal" },
  },
  {
    name: "MCP client: a handler passed by name that awaits the terminal",
    code: `async function onElicitation(request) {
  return await handleInTerminal(request.params);
}
client.setRequestHandler(ElicitRequestSchema, onElicitation);`,
    needle: "setRequestHandler",
    messageId: "handlerIgnoresSignal",
    data: { signal: "extra.signal" },
  },
  {
    name: "MCP client: a handler that returns a local function's wait for the person",
    code: `async function askInTerminal(params) {
  return { action: "accept", content: { confirm: (await question(params.message)) === "y" } };
}
client.setRequestHandler(ElicitRequestSchema, async (request) => askInTerminal(request.params));`,
    needle: "setRequestHandler",
    messageId: "handlerIgnoresSignal",
    data: { signal: "extra.signal" },
  },
  {
    name: "@ai-sdk/mcp: onElicitationRequest gives no signal: a UI wait with no timer",
    code: `mcpClient.onElicitationRequest(ElicitationRequestSchema, async (request) => {
  const answer = await rl.question(request.params.message);
  return { action: "accept", content: { answer } };
});`,
    needle: "onElicitationRequest",
    messageId: "handlerHasNoSignal",
    data: { label: "@ai-sdk/mcp `onElicitationRequest`" },
  },
  {
    name: "race helper: a file that already has askWithin gets the call wrapped, not a second helper",
    code: `${ASK_WITHIN_WIDE}

export async function authorize(conn, params, signal) { return conn.requestPermission(params); }`,
    needle: "requestPermission",
    messageId: "notRaced",
    suggestions: [
      `${ASK_WITHIN_WIDE}

export async function authorize(conn, params, signal) { return askWithin(conn.requestPermission(params), {
  signal,
  noAnswer: () => ({ outcome: { outcome: "cancelled" as const } }),
}); }`,
    ],
  },
  {
    name: "race helper: askWithin already names something else, so the helper is askWithin2",
    code: `function askWithin(question: string) {
  return prompt(question);
}
async function authorize(conn, params, signal) { return conn.requestPermission(params); }`,
    needle: "requestPermission",
    messageId: "notRaced",
    suggestions: [
      `${ASK_WITHIN_WIDE.replace("function askWithin<T>(", "function askWithin2<T>(")}

function askWithin(question: string) {
  return prompt(question);
}
async function authorize(conn, params, signal) { return askWithin2(conn.requestPermission(params), {
  signal,
  noAnswer: () => ({ outcome: { outcome: "cancelled" as const } }),
}); }`,
    ],
  },
  {
    name: "race helper: the file's own raceWithSignal(promise, signal) is used instead of adding one",
    code: `function raceWithSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
async function onQuestion(conn, request, signal) { return conn.createElicitation(request); }`,
    needle: "createElicitation",
    messageId: "notRaced",
    suggestions: [
      `function raceWithSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
async function onQuestion(conn, request, signal) { return raceWithSignal(conn.createElicitation(request), signal); }`,
    ],
  },
  {
    name: "race helper: an askWithin that always arms its timer (ms required) gets no suggestion: without ms it would fire at once",
    code: `function askWithin<T>(ask: Promise<T>, { signal, ms, noAnswer }: { signal?: AbortSignal; ms: number; noAnswer: () => T }): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stopWaiting = () => { settle(); resolve(noAnswer()); };
    const timer = setTimeout(stopWaiting, ms);
    const settle = () => { clearTimeout(timer); signal?.removeEventListener("abort", stopWaiting); };
    signal?.addEventListener("abort", stopWaiting, { once: true });
    ask.then((answer) => { settle(); resolve(answer); }, (error) => { settle(); reject(error); });
  });
}
async function authorize(conn, params, signal) { return conn.requestPermission(params); }`,
    needle: "requestPermission",
    messageId: "notRaced",
  },
  {
    name: "race helper in a CRLF file: the helper and the wrapped call end their lines with CRLF",
    code: "async function authorize(conn, params, signal) {\r\n  return conn.requestPermission(params);\r\n}\r\n",
    needle: "requestPermission",
    messageId: "notRaced",
    suggestions: [
      `${ASK_WITHIN_NARROW}

async function authorize(conn, params, signal) {
  return askWithin(conn.requestPermission(params), {
    signal,
    noAnswer: () => ({ outcome: { outcome: "cancelled" as const } }),
  });
}
`.replace(/\n/g, "\r\n"),
    ],
  },
  {
    name: "race helper in a tab-indented file without semicolons, with single quotes and trailing commas",
    code: `import { log } from './log'

export async function authorize(conn, params, signal) {
\tconst outcome = await conn.requestPermission({
\t\tsessionId: params.sessionId,
\t\ttoolCall: params.toolCall,
\t})
\tlog('answered')
\treturn outcome
}
`,
    needle: "requestPermission",
    messageId: "notRaced",
    suggestions: [
      `import { log } from './log'

/**
 * Waits for a person's answer until \`signal\` aborts or (when given) \`ms\`
 * pass, then stops waiting and resolves with \`noAnswer()\`: the API's own
 * "no decision". Whichever side wins, the timer is cleared and the listener
 * removed.
 */
function askWithin<T>(
\task: Promise<T>,
\t{
\t\tsignal,
\t\tms,
\t\tnoAnswer,
\t}: {
\t\tsignal?: AbortSignal;
\t\tms?: number;
\t\tnoAnswer: () => T;
\t},
): Promise<T> {
\treturn new Promise<T>((resolve, reject) => {
\t\tconst stopWaiting = () => {
\t\t\tsettle()
\t\t\tresolve(noAnswer())
\t\t}
\t\tconst timer = ms === undefined ? undefined : setTimeout(stopWaiting, ms)
\t\tconst settle = () => {
\t\t\tclearTimeout(timer)
\t\t\tsignal?.removeEventListener('abort', stopWaiting)
\t\t}
\t\tif (signal?.aborted) return stopWaiting()
\t\tsignal?.addEventListener('abort', stopWaiting, { once: true })
\t\task.then(
\t\t\t(answer) => {
\t\t\t\tsettle()
\t\t\t\tresolve(answer)
\t\t\t},
\t\t\t(error: unknown) => {
\t\t\t\tsettle()
\t\t\t\treject(error)
\t\t\t},
\t\t)
\t})
}

export async function authorize(conn, params, signal) {
\tconst outcome = await askWithin(conn.requestPermission({
\t\tsessionId: params.sessionId,
\t\ttoolCall: params.toolCall,
\t}), {
\t\tsignal,
\t\tnoAnswer: () => ({ outcome: { outcome: 'cancelled' as const } }),
\t})
\tlog('answered')
\treturn outcome
}
`,
    ],
  },
  {
    name: "race helper placement: after a shebang and a directive, above the comment of the first statement",
    filename: "cli.js",
    code: `#!/usr/bin/env node
"use strict";
// Asks before it deletes.
const run = async (conn, params, signal) => conn.requestPermission(params);
module.exports = { run };
`,
    needle: "requestPermission",
    messageId: "notRaced",
    suggestions: [
      `#!/usr/bin/env node
"use strict";

${ASK_WITHIN_JS}

// Asks before it deletes.
const run = async (conn, params, signal) => askWithin(conn.requestPermission(params), {
  signal,
  noAnswer: () => ({ outcome: { outcome: "cancelled" } }),
});
module.exports = { run };
`,
    ],
  },
  {
    name: "race helper placement: a function's doc comment stays with it; the helper goes under the file's header",
    code: `// Copyright header.

/** Asks for permission to run a command. */
export async function authorize(conn, params, signal) { return conn.requestPermission(params); }`,
    needle: "requestPermission",
    messageId: "notRaced",
    suggestions: [
      `// Copyright header.

${ASK_WITHIN_WIDE}

/** Asks for permission to run a command. */
export async function authorize(conn, params, signal) { return askWithin(conn.requestPermission(params), {
  signal,
  noAnswer: () => ({ outcome: { outcome: "cancelled" as const } }),
}); }`,
    ],
  },
  {
    name: "withinDeadline: a file that already has the helper gets the call wrapped, not a second helper",
    code: `${WITHIN_DEADLINE}

app.onRequest(methods.agent.session.prompt, async ({ client, signal }) =>
  client.request("session/request_permission", params, { cancellationSignal: AbortSignal.timeout(60_000), stopWaitingOnCancel: true }),
);`,
    needle: "request(",
    messageId: "notForwarded",
    suggestions: [
      `${WITHIN_DEADLINE}

app.onRequest(methods.agent.session.prompt, async ({ client, signal }) =>
  withinDeadline(signal, 60_000, (cancellationSignal) =>
    client.request("session/request_permission", params, { cancellationSignal, stopWaitingOnCancel: true }),
  ),
);`,
    ],
  },
  {
    name: "withinDeadline: a const timer whose delay the call cannot see gets no suggestion",
    code: `function makeDeadline() {
  const ms = 60_000 * factor();
  return ms;
}
const deadline = AbortSignal.timeout(makeDeadline());
async function handle(args, extra) { return server.elicitInput(params, { signal: deadline }); }`,
    needle: "elicitInput",
    messageId: "notForwarded",
  },
];

untypedRuleTester.run("forward-abort-signal", rule, {
  valid: [
    {
      name: "ACP 2.x: the caller's signal reaches the request through withinDeadline's callback",
      code: `function withinDeadline(signal, ms, ask) {
  const controller = new AbortController();
  const stop = () => controller.abort(signal?.reason);
  const timer = setTimeout(() => controller.abort(new DOMException("No answer in time", "TimeoutError")), ms);
  signal?.addEventListener("abort", stop, { once: true });
  return ask(controller.signal).finally(() => {
    clearTimeout(timer);
    signal?.removeEventListener("abort", stop);
  });
}
app.onRequest(methods.agent.session.prompt, async ({ params, client, signal }) => withinDeadline(signal, 120_000, (cancellationSignal) => client.request("session/request_permission", params, { cancellationSignal, stopWaitingOnCancel: true })));`,
    },
    {
      name: "MCP v1: signal: extra.signal",
      code: `server.registerTool("pick", {}, async (args, extra) => server.elicitInput(params, { timeout: 120_000, signal: extra.signal }));`,
    },
    {
      name: "MCP v1: AbortSignal.any with the caller's signal and a timeout",
      code: `server.registerTool("pick", {}, async (args, extra) => server.elicitInput(params, { signal: AbortSignal.any([extra.signal, AbortSignal.timeout(120_000)]) }));`,
    },
    {
      name: "MCP v1: a const combining the caller's signal",
      code: `server.registerTool("pick", {}, async (args, extra) => {
  const signal = AbortSignal.any([extra.signal, AbortSignal.timeout(120_000)]);
  return server.elicitInput(params, { signal });
});`,
    },
    {
      name: "MCP v1: a local controller tied to the caller's signal",
      code: `server.registerTool("pick", {}, async (args, extra) => {
  const controller = new AbortController();
  extra.signal.addEventListener("abort", () => controller.abort());
  return server.elicitInput(params, { signal: controller.signal });
});`,
    },
    {
      name: "MCP v1: a signal of unknown origin may be derived from the caller's",
      code: `server.registerTool("pick", {}, async (args, extra) => server.elicitInput(params, { signal: requestScope.signal }));`,
    },
    {
      name: "MCP v2: ctx.mcpReq.signal forwarded",
      code: `server.registerTool("pick", {}, async (args, ctx) => ctx.mcpReq.elicitInput(params, { signal: ctx.mcpReq.signal }));`,
    },
    {
      name: "ACP 2.x: cancellationSignal with stopWaitingOnCancel: true",
      code: `app.onRequest(methods.agent.session.prompt, async ({ client, signal }) => client.request("session/request_permission", params, { cancellationSignal: signal, stopWaitingOnCancel: true }));`,
    },
    {
      name: "ACP 2.x: another method whose constant also ends in create is not a question",
      code: `async function run(client, params, signal) { return client.request(methods.client.terminal.create, params); }`,
    },
    {
      name: "ACP seed's fix: the elicitation raced against the callback's signal",
      code: `async function elicitFromClient(client, request, { signal }) {
  return Promise.race([
    client.unstable_createElicitation(request),
    new Promise((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true })),
  ]);
}`,
    },
    {
      name: "the race suggestion's own output (askWithin with the signal, no ms) is accepted",
      code: `${ASK_WITHIN_NARROW}

async function authorize(conn, params, signal) {
  return askWithin(conn.requestPermission(params), { signal, noAnswer: () => ({ outcome: { outcome: "cancelled" as const } }) });
}`,
    },
    {
      name: "the merge suggestion's own output (withinDeadline) is accepted",
      code: `${WITHIN_DEADLINE}

async function handle(args, extra) {
  return withinDeadline(extra.signal, 600_000, (cancellationSignal) => server.elicitInput(params, { signal: cancellationSignal }));
}`,
    },
    {
      name: "an inline Promise.race against the signal (what the suggestion wrote before) is accepted",
      code: `async function authorize(conn, params, signal) { return Promise.race([conn.requestPermission(params), new Promise<never>((_, reject) => { if (signal.aborted) reject(signal.reason); else signal.addEventListener("abort", () => reject(signal.reason), { once: true }); })]); }`,
    },
    {
      name: "ACP 0.x/1.x: raced through a const built from the signal",
      code: `async function authorize(conn, params, signal) {
  const aborted = abortPromise(signal);
  return Promise.race([conn.requestPermission(params), aborted]);
}`,
    },
    {
      name: "mcp-use: raced against the signal",
      code: `import { MCPServer } from "mcp-use/server";
async function ask(ctx, signal) { return Promise.race([ctx.elicit("Which branch?", schema, { timeout: 1 }), once(signal, "abort")]); }`,
    },
    {
      name: "detached: a background task the handler starts and does not await is not cancelled by extra.signal",
      code: `server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const taskExecution = (async () => {
    const result = await taskSession.elicit("Delete it?", schema);
  })();
  taskStore.track({ taskId, promise: taskExecution });
  return { task };
});`,
    },
    {
      name: "detached: a callback given to setTimeout runs after the handler's flow",
      code: `async function handle(args, extra) { setTimeout(async () => { await server.elicitInput(params); }, 1000); }`,
    },
    {
      name: "detached: queueMicrotask",
      code: `async function handle(args, extra) { queueMicrotask(() => server.elicitInput(params)); }`,
    },
    {
      name: "detached: a .then on a promise nobody awaits or returns",
      code: `async function handle(args, extra) { ready.then(() => server.elicitInput(params)); return { ok: true }; }`,
    },
    {
      name: "detached: a task runner handed only the callback",
      code: `async function handle(args, extra) { runner.start(async () => { await server.elicitInput(params); }); }`,
    },
    { name: "module-level ask", code: `const answer = await server.elicitInput(params);` },
    {
      name: "options in a parameter are not guessed at",
      code: `async function ask(server, params, requestOptions, signal) { return server.elicitInput(params, requestOptions); }`,
    },
    {
      name: "spread options may carry the signal",
      code: `async function ask(server, params, base, signal) { return server.elicitInput(params, { ...base, timeout: 1 }); }`,
    },
    {
      name: "a process signal name is not an AbortSignal",
      code: `async function ask(server) {
  const signal = "SIGTERM";
  return server.elicitInput(params);
}`,
    },
    {
      name: "the function's own timeout is a deadline, not a caller's signal",
      code: `async function ask(server) {
  const signal = AbortSignal.timeout(120_000);
  return server.elicitInput(params, { signal });
}`,
    },
    {
      name: "wrapper handed the signal",
      code: `server.registerTool("pick", {}, async (args, extra) => askUser(params, extra.signal));`,
      options: [{ humanWaitFunctions: [{ from: "file", name: "askUser", optionsArgIndex: null }] }],
    },
    {
      name: "wrapper handed the whole handler context",
      code: `server.registerTool("pick", {}, async (args, extra) => askUser(extra, params));`,
      options: [{ humanWaitFunctions: [{ from: "file", name: "askUser" }] }],
    },
    {
      name: "MCP client: handler passes extra.signal to the dialog",
      code: `client.setRequestHandler(ElicitRequestSchema, async (request, extra) => dialog.show(request.params, { signal: extra.signal }).then((r) => r));`,
    },
    {
      name: "MCP client: handler listens on a destructured signal",
      code: `client.setRequestHandler(ElicitRequestSchema, async (request, { signal }) => {
  signal.addEventListener("abort", () => dialog.close());
  return await dialog.show(request.params);
});`,
    },
    {
      name: "MCP client: handler hands extra on whole",
      code: `client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
  return await askInTerminal(request, extra);
});`,
    },
    {
      name: "MCP client: handler that answers at once",
      code: `client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "decline" }));`,
    },
    {
      name: "MCP client: a handler that returns a local function's immediate answer",
      code: `function declineAll(params) { return { action: "decline" }; }
client.setRequestHandler(ElicitRequestSchema, async (request) => declineAll(request.params));`,
    },
    {
      name: "MCP client: handler for another request",
      code: `client.setRequestHandler(CreateMessageRequestSchema, async (request) => await model.generate(request.params));`,
    },
    {
      name: "@ai-sdk/mcp: handler bounds the wait with its own timer",
      code: `mcpClient.onElicitationRequest(ElicitationRequestSchema, async (request) => {
  const answer = await Promise.race([rl.question(request.params.message), new Promise((r) => setTimeout(r, 120_000))]);
  return answer ? { action: "accept", content: { answer } } : { action: "cancel" };
});`,
    },
    {
      name: "a file with no human-wait words is skipped",
      code: `async function run(signal) { return fetchSomething(url); }`,
    },
  ],
  invalid: invalidCases.map((testCase) => ({
    name: testCase.name,
    code: testCase.code,
    ...(testCase.options ? { options: testCase.options as never } : {}),
    ...(testCase.filename ? { filename: testCase.filename } : {}),
    errors: [expectedError(testCase)],
  })),
});

const typedHandler = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
declare const mcpServer: McpServer;
declare const params: Parameters<McpServer["server"]["elicitInput"]>[0];
mcpServer.registerTool("pick", {}, async (meta) => {
  const answer = await mcpServer.server.elicitInput(params, { timeout: 120_000 });
  return { content: [{ type: "text", text: answer.action }] };
});`;

const typedVariable = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
declare const server: Server;
export async function ask(params: Parameters<Server["elicitInput"]>[0], owner: AbortController) {
  const stop = owner.signal;
  return server.elicitInput(params, { timeout: 120_000 });
}`;

const typedContext = `interface ToolContext {
  signal: AbortSignal;
  elicit(request: { message: string }, options?: { signal?: AbortSignal }): Promise<{ action: string }>;
}
export const tool = {
  name: "deploy",
  execute: async (args: unknown, context: ToolContext) => context.elicit({ message: "Deploy?" }),
};`;

typedRuleTester.run("forward-abort-signal (typed)", rule, {
  valid: [
    {
      name: "typed: a parameter typed AbortSignal that is forwarded",
      filename: TYPED_FILE,
      code: `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
declare const server: Server;
export async function ask(params: Parameters<Server["elicitInput"]>[0], stop: AbortSignal) {
  return server.elicitInput(params, { signal: stop });
}`,
    },
    {
      name: "typed: a handler parameter named context whose type has no signal carries none",
      filename: TYPED_FILE,
      code: `interface ToolContext { elicit(request: { message: string }): Promise<{ action: string }> }
export const tool = {
  name: "deploy",
  execute: async (args: unknown, context: ToolContext) => context.elicit({ message: "Deploy?" }),
};`,
    },
    {
      name: "typed: a parameter named extra whose type has no signal carries none",
      filename: TYPED_FILE,
      code: `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
declare const server: Server;
export async function ask(params: Parameters<Server["elicitInput"]>[0], extra: { requestId: string }) {
  return server.elicitInput(params, { timeout: 120_000 });
}`,
    },
  ],
  invalid: [
    {
      name: "typed: a context whose type has a signal is still reported when the signal is not passed",
      filename: TYPED_FILE,
      code: typedContext,
      errors: [
        {
          messageId: "notForwarded",
          ...locate(typedContext, "elicit({"),
          endColumn: locate(typedContext, "elicit({").column + "elicit".length,
          suggestions: [
            {
              messageId: "addSignal",
              output: typedContext.replace(
                'context.elicit({ message: "Deploy?" })',
                'context.elicit({ message: "Deploy?" }, { signal: context.signal })',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "typed: a variable whose inferred type is AbortSignal, whatever its name",
      filename: TYPED_FILE,
      code: typedVariable,
      errors: [
        {
          messageId: "notForwarded",
          data: { signal: "stop", label: MCP, companion: "" },
          ...locate(typedVariable, "elicitInput(params"),
          endColumn: locate(typedVariable, "elicitInput(params").column + "elicitInput".length,
          suggestions: [
            {
              messageId: "addSignal",
              output: typedVariable.replace("{ timeout: 120_000 }", "{ timeout: 120_000, signal: stop }"),
            },
          ],
        },
      ],
    },
    {
      name: "typed: the handler's extra is found by its type, whatever its name",
      filename: TYPED_FILE,
      code: typedHandler,
      errors: [
        {
          messageId: "notForwarded",
          data: { signal: "meta.signal", label: MCP, companion: "" },
          ...locate(typedHandler, "elicitInput(params"),
          endColumn: locate(typedHandler, "elicitInput(params").column + "elicitInput".length,
          suggestions: [
            {
              messageId: "addSignal",
              output: typedHandler.replace("{ timeout: 120_000 }", "{ timeout: 120_000, signal: meta.signal }"),
            },
          ],
        },
      ],
    },
  ],
});

// ---------------------------------------------------------------------------------------------------------------
// Real code (#13, #12): waits reached through the file's own code, handlers that take no signal, version-aware advice

const BRIDGE = `export class Bridge {
  constructor(client: Client, private ui: { processRequest(p: unknown): Promise<ElicitResult> }) {
    client.setRequestHandler(ElicitRequestSchema, (request) => this.enqueue(request));
    client.setRequestHandler(ElicitRequestSchema, async (request) => { return this.ui.processRequest(request.params); });
  }
  private enqueue(request: ElicitRequest): Promise<ElicitResult> {
    return new Promise((resolve) => { this.queue.push({ request, resolve }); });
  }
}`;

const CONFIRM_CLASS = `class Deployer {
  async confirm(message: string) {
    return this.server.server.elicitInput({ message, requestedSchema }, { timeout: 120_000 });
  }
  register() {
    this.server.tool("deploy", { target: z.string() }, async ({ target }, extra) => {
      const answer = await this.confirm("Deploy?");
    });
  }
}`;

const PASS_THROUGH = `server.registerTool("deploy", {}, async (args, extra) => {
  const ctx = { elicit: (p, options) => server.server.elicitInput(p, options) };
  return runTool(args, ctx);
});`;

const NO_EXTRA = `server.tool("drop", { table: z.string() }, async ({ table }) => {
  const answer = await server.server.elicitInput({ message: \`Drop \${table}?\`, requestedSchema });
});`;

const NO_EXTRA_V2 = `import { McpServer } from "@modelcontextprotocol/server";
server.registerTool("drop", { inputSchema }, async ({ table }) => {
  const answer = await server.server.elicitInput({ message: "Drop?", requestedSchema }, { timeout: 120_000 });
});`;

const NO_PARAMS = `mcpServer.registerTool("register_user", {}, async () => mcpServer.server.elicitInput(params));`;

/** A project with @agentclientprotocol/sdk 1.4.0 installed (which has no `stopWaitingOnCancel`), made for this run. */
const ACP1_FILE = (() => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "acp1-project-"));
  const sdk = path.join(root, "node_modules", "@agentclientprotocol", "sdk");
  fs.mkdirSync(sdk, { recursive: true });
  fs.writeFileSync(
    path.join(sdk, "package.json"),
    JSON.stringify({ name: "@agentclientprotocol/sdk", version: "1.4.0" }),
  );
  return path.join(root, "src", "agent.ts");
})();
const ACP1_CODE = `import { AgentSideConnection } from "@agentclientprotocol/sdk";
connection.onRequest(async (params, { signal }) => {
  return ctx.request(methods.client.session.requestPermission, params, { cancellationSignal: signal });
});`;

/** mcp-framework@0.2.22 dist/tools/BaseTool.js:37–51, :231, :274: the call's signal kept in a field, never asked with. */
const STORED_SIGNAL = `export class MCPTool {
  server;
  _abortSignal;
  setAbortSignal(signal) {
    this._abortSignal = signal;
  }
  async elicit(message, requestedSchema, options) {
    return this.server.elicitInput({ mode: "form", message, requestedSchema }, options);
  }
  async elicitUrl(message, url, elicitationId) {
    return this.server.elicitInput({ mode: "url", message, url, elicitationId }, { timeout: 600_000 });
  }
}`;

/** A server class that keeps the request's signal from its handler's `extra`, and asks without it. */
const STORED_FROM_EXTRA = `class Session {
  listen(server) {
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      this.requestSignal = extra?.signal;
      return this.run(request);
    });
  }
  async ask(message) {
    return this.server.elicitInput({ message, requestedSchema }, { timeout: 120_000 });
  }
}`;

/** @mastra/mcp@0.14.5 dist/index.js:736-741: the application's callback's promise returned, unawaited. */
const RETURNED_CALLBACK = `class InternalMastraMCPClient {
  setElicitationRequestHandler(handler) {
    this.client.setRequestHandler(ElicitRequestSchema, async (request) => {
      this.log("debug", \`Received elicitation request: \${request.params.message}\`);
      return handler(request.params);
    });
  }
}`;

function at(code: string, needle: string) {
  const where = locate(code, needle);
  const token = /^[\w$]+/.exec(needle)![0];
  return { ...where, endColumn: where.column + token.length };
}

untypedRuleTester.run("forward-abort-signal (real code)", rule, {
  valid: [
    {
      name: "returned callback: a handler returning what a function of the file answers at once",
      code: RETURNED_CALLBACK.replace("return handler(request.params);", "return refuse(request.params);").concat(
        '\nfunction refuse(params) { return { action: "decline" }; }',
      ),
    },
    {
      name: "returned callback: a handler returning a settled promise of its own",
      code: RETURNED_CALLBACK.replace(
        "return handler(request.params);",
        'return Promise.resolve({ action: "decline" });',
      ),
    },
    {
      name: "returned callback: the callback is handed the request's signal",
      code: RETURNED_CALLBACK.replace("async (request) =>", "async (request, extra) =>").replace(
        "handler(request.params)",
        "handler(request.params, extra.signal)",
      ),
    },
    {
      name: "stored signal: the method that asks hands the kept signal on",
      code: STORED_SIGNAL.replace("}, options);", "}, { ...options, signal: this._abortSignal });").replace(
        "{ timeout: 600_000 }",
        "{ timeout: 600_000, signal: this._abortSignal }",
      ),
    },
    {
      name: "stored signal: a field the class's own controller fills, which it aborts itself",
      code: STORED_SIGNAL.replace(
        "this._abortSignal = signal;",
        "this.controller = new AbortController(); this._abortSignal = this.controller.signal;",
      ),
    },
    {
      name: "stored signal: a field holding the name of a process signal",
      code: STORED_SIGNAL.replace("_abortSignal;", 'signal = "SIGTERM";').replace(
        "this._abortSignal = signal;",
        "this.signal = signal;",
      ),
    },
    {
      name: "stored signal: a field typed as something other than an abort signal",
      code: `class Supervisor {
  constructor(private readonly killSignal: NodeJS.Signals) {}
  async stop(pid: number) {
    const answer = await this.server.elicitInput({ message: "Stop?", requestedSchema }, { timeout: 120_000 });
    if (answer.action === "accept") process.kill(pid, this.killSignal);
  }
}`,
    },
    {
      name: "delegation: a method of the class that asks nobody is not a wait",
      code: `class Tools {
  format(x) { return String(x); }
  register() {
    this.server.tool("x", {}, async (args, extra) => { const text = await this.format(args); await server.elicitInput(params, { signal: extra.signal }); });
  }
}`,
    },
    {
      name: "delegation: the signal passed positionally to the class's own method is forwarded",
      code: `class Deployer {
  async confirm(message, signal) { return this.server.server.elicitInput({ message }, { timeout: 120_000, signal }); }
  register() {
    this.server.tool("deploy", {}, async (args, extra) => { await this.confirm("Deploy?", extra.signal); });
  }
}`,
    },
    {
      name: "delegation: a closure that reads extra.signal itself forwards it",
      code: `server.tool("deploy", {}, async (args, extra) => {
  const ask = (message) => server.server.elicitInput({ message }, { signal: extra.signal });
  await ask("Deploy?");
});`,
    },
    {
      name: "same-file adapter: this.client.requestPermission(params, signal) names the file's own method",
      code: `class AcpClient {
  constructor(conn) { this.conn = conn; }
  async requestPermission(params, signal) {
    return this.conn.request(methods.client.session.requestPermission, params, { cancellationSignal: signal, stopWaitingOnCancel: true });
  }
}
class Agent {
  constructor(conn) { this.client = new AcpClient(conn); }
  async prompt(params, { signal }) { return this.client.requestPermission(params, signal); }
}`,
    },
    {
      name: "race helper: a same-file helper that listens to abort races the ask against the signal",
      code: `function raceWithSignal(promise, signal) {
  return new Promise((resolve, reject) => {
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });
}
async function onElicit(conn, params, signal) {
  return await raceWithSignal(conn.createElicitation(params), signal);
}`,
    },
    {
      name: "pass-through: options merged with the caller's signal",
      code: `server.registerTool("deploy", {}, async (args, extra) => {
  const ctx = { elicit: (p, options) => server.server.elicitInput(p, { ...options, signal: extra.signal }) };
  return runTool(args, ctx);
});`,
    },
    {
      name: "pass-through: with no caller signal in scope, options passed through are the caller's business",
      code: `export const ctx = { elicit: (p, options) => server.server.elicitInput(p, options) };`,
    },
    {
      name: "const method: setRequestHandler(M, …) with M naming another request is no elicitation handler",
      code: `const SAMPLE = "sampling/createMessage" as const;
client.setRequestHandler(SAMPLE, async (request) => await model.generate(request.params));`,
    },
    {
      name: "no extra: a tool handler that asks nobody",
      code: `server.tool("drop", { table: z.string() }, async ({ table }) => db.drop(table));`,
    },
    {
      name: "no extra: a route handler (not a tool registration) gives no signal to take",
      code: `app.get("/ask", async () => { await server.server.elicitInput({ message: "Hi?", requestedSchema }); });`,
    },
    {
      name: "no extra: options of unknown content may carry a signal",
      code: `server.tool("drop", { table: z.string() }, async ({ table }) => { await server.server.elicitInput(params, options); });`,
    },
    {
      name: "ACP 1.x installed: cancellationSignal alone is all the SDK has, no stopWaitingOnCancel to ask for",
      filename: ACP1_FILE,
      code: ACP1_CODE,
    },
  ],
  invalid: [
    {
      name: "returned callback: a client handler returns the application's callback's promise and takes no signal",
      code: RETURNED_CALLBACK,
      errors: [{ messageId: "handlerIgnoresSignal", data: { signal: "extra.signal" }, line: 3 }],
    },
    {
      name: "returned callback: the same handler written as an arrow's expression body",
      code: RETURNED_CALLBACK.replace(
        /async \(request\) => \{[\s\S]*?\n    \}\);/,
        "async (request) => handler(request.params));",
      ),
      errors: [{ messageId: "handlerIgnoresSignal", data: { signal: "extra.signal" }, line: 3 }],
    },
    {
      name: "stored signal: a class keeps its call's signal in a field; its questions are asked without it",
      code: STORED_SIGNAL,
      errors: [
        {
          messageId: "notForwarded",
          data: { signal: "this._abortSignal" },
          ...at(STORED_SIGNAL, 'elicitInput({ mode: "form"'),
          suggestions: [],
        },
        {
          messageId: "notForwarded",
          data: { signal: "this._abortSignal" },
          ...at(STORED_SIGNAL, 'elicitInput({ mode: "url"'),
          suggestions: [],
        },
      ],
    },
    {
      name: "stored signal: a class keeps its handler's extra.signal in a field and asks without it",
      code: STORED_FROM_EXTRA,
      errors: [
        {
          messageId: "notForwarded",
          data: { signal: "this.requestSignal" },
          ...at(STORED_FROM_EXTRA, "elicitInput("),
          suggestions: [],
        },
      ],
    },
    {
      name: "Bridge: a handler that waits through the class's queue and one that returns a declared answer drop extra.signal",
      code: BRIDGE,
      errors: [
        { messageId: "handlerIgnoresSignal", data: { signal: "extra.signal" }, line: 3 },
        { messageId: "handlerIgnoresSignal", data: { signal: "extra.signal" }, line: 4 },
      ],
    },
    {
      name: "delegation: await this.confirm() in a handler with extra: the class's method takes no signal",
      code: CONFIRM_CLASS,
      errors: [
        {
          messageId: "notRaced",
          ...at(CONFIRM_CLASS, 'confirm("Deploy'),
          suggestions: [
            {
              messageId: "raceSignal",
              output: `${ASK_WITHIN_WIDE}

${CONFIRM_CLASS.replace(
  '      const answer = await this.confirm("Deploy?");',
  `      const answer = await askWithin(this.confirm("Deploy?"), {
        signal: extra.signal,
        noAnswer: () => ({ action: "cancel" as const }),
      });`,
)}`,
            },
          ],
        },
      ],
    },
    {
      name: "pass-through: (p, options) => server.elicitInput(p, options) under a handler whose signal is never merged",
      code: PASS_THROUGH,
      errors: [{ messageId: "notForwarded", ...at(PASS_THROUGH, "elicitInput(p"), suggestions: [] }],
    },
    {
      name: "no extra: server.tool(name, schema, async ({ table }) => …) waits and never takes extra",
      code: NO_EXTRA,
      errors: [
        {
          messageId: "handlerTakesNoSignal",
          data: { param: "extra", signal: "extra.signal", label: MCP },
          ...at(NO_EXTRA, "elicitInput("),
          suggestions: [
            {
              messageId: "takeSignal",
              data: { param: "extra", signal: "extra.signal", label: MCP },
              output: NO_EXTRA.replace("async ({ table })", "async ({ table }, extra)").replace(
                "requestedSchema })",
                "requestedSchema }, { signal: extra.signal })",
              ),
            },
          ],
        },
      ],
    },
    {
      name: "no extra: registerTool without an input schema, a handler with no parameter at all",
      code: NO_PARAMS,
      errors: [
        {
          messageId: "handlerTakesNoSignal",
          ...at(NO_PARAMS, "elicitInput("),
          suggestions: [
            {
              messageId: "takeSignal",
              output: `mcpServer.registerTool("register_user", {}, async (extra) => mcpServer.server.elicitInput(params, { signal: extra.signal }));`,
            },
          ],
        },
      ],
    },
    {
      name: "no extra: SDK v2 handler gets ctx and forwards ctx.mcpReq.signal",
      code: NO_EXTRA_V2,
      errors: [
        {
          messageId: "handlerTakesNoSignal",
          data: { param: "ctx", signal: "ctx.mcpReq.signal", label: MCP },
          ...at(NO_EXTRA_V2, "elicitInput("),
          suggestions: [
            {
              messageId: "takeSignal",
              output: NO_EXTRA_V2.replace("async ({ table })", "async ({ table }, ctx)").replace(
                "{ timeout: 120_000 }",
                "{ timeout: 120_000, signal: ctx.mcpReq.signal }",
              ),
            },
          ],
        },
      ],
    },
    {
      name: "const method: setRequestHandler(M, …) with M a same-file const for elicitation/create",
      code: `const ELICIT = "elicitation/create" as const;
client.setRequestHandler(ELICIT, async (request) => await dialog.show(request.params));`,
      errors: [{ messageId: "handlerIgnoresSignal", data: { signal: "extra.signal" }, line: 2 }],
    },
    {
      name: "ACP 2.x installed (this repository): cancellationSignal without stopWaitingOnCancel keeps waiting",
      code: ACP1_CODE,
      errors: [
        {
          messageId: "missingStopWaiting",
          line: 3,
          suggestions: [
            {
              messageId: "addStopWaiting",
              output: ACP1_CODE.replace(
                "{ cancellationSignal: signal }",
                "{ cancellationSignal: signal, stopWaitingOnCancel: true }",
              ),
            },
          ],
        },
      ],
    },
  ],
});

const TYPED_DELEGATE = `import { askUser } from "./ask.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
declare const server: McpServer;
server.registerTool("deploy", {}, async (args, extra) => {
  const answer = await askUser("Deploy?");
  return { content: [{ type: "text" as const, text: answer.action }] };
});`;

const TYPED_TOOL_CONTEXT = `import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
declare const server: McpServer;
server.registerTool("deploy", { inputSchema: { service: z.string() } }, async ({ service }, ctx) => {
  const answer = await server.server.elicitInput(
    { message: \`Deploy \${service}?\`, requestedSchema: { type: "object", properties: {} } },
    { timeout: 120_000 },
  );
  return { content: [{ type: "text" as const, text: answer.action }] };
});`;

const TYPED_RENAMED_DELEGATE = TYPED_DELEGATE.replace("{ askUser }", "{ askUser as ask }").replace(
  'askUser("Deploy',
  'ask("Deploy',
);

typedRuleTester.run("forward-abort-signal (typed, across files)", rule, {
  valid: [
    {
      name: "typed: a tool handler's context under another name, its signal passed on",
      filename: TYPED_FILE,
      code: TYPED_TOOL_CONTEXT.replace("{ timeout: 120_000 }", "{ timeout: 120_000, signal: ctx.signal }"),
    },
    {
      name: "typed: a callee from another file whose action is any string asks nobody",
      filename: TYPED_FILE,
      code: `import { fetchAction } from "./ask.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
declare const server: McpServer;
server.registerTool("deploy", {}, async (args, extra) => {
  const saved = await fetchAction();
  return { content: [{ type: "text" as const, text: saved.action }] };
});`,
    },
  ],
  invalid: [
    {
      name: "typed: a wrapper from another file answering with ElicitResult, called without extra.signal",
      filename: TYPED_FILE,
      code: TYPED_DELEGATE,
      errors: [
        {
          messageId: "notRaced",
          ...at(TYPED_DELEGATE, 'askUser("Deploy'),
          suggestions: [
            {
              messageId: "raceSignal",
              output: `import { askUser } from "./ask.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

${ASK_WITHIN_NARROW}

declare const server: McpServer;
server.registerTool("deploy", {}, async (args, extra) => {
  const answer = await askWithin(askUser("Deploy?"), {
    signal: extra.signal,
    noAnswer: () => ({ action: "cancel" as const }),
  });
  return { content: [{ type: "text" as const, text: answer.action }] };
});`,
            },
          ],
        },
      ],
    },
    {
      // Typed from the registration, not from the checker: typing `ctx` would resolve the whole registerTool call.
      name: "typed: a tool handler's context under another name, its signal not passed on",
      filename: TYPED_FILE,
      code: TYPED_TOOL_CONTEXT,
      errors: [
        {
          messageId: "notForwarded",
          ...at(TYPED_TOOL_CONTEXT, "elicitInput("),
          suggestions: [
            {
              messageId: "addSignal",
              output: TYPED_TOOL_CONTEXT.replace("{ timeout: 120_000 }", "{ timeout: 120_000, signal: ctx.signal }"),
            },
          ],
        },
      ],
    },
    {
      name: "typed: a wrapper from another file imported under another name, called without extra.signal",
      filename: TYPED_FILE,
      code: TYPED_RENAMED_DELEGATE,
      errors: [
        {
          messageId: "notRaced",
          ...at(TYPED_RENAMED_DELEGATE, 'ask("Deploy'),
          suggestions: [
            {
              messageId: "raceSignal",
              output: `import { askUser as ask } from "./ask.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

${ASK_WITHIN_NARROW}

declare const server: McpServer;
server.registerTool("deploy", {}, async (args, extra) => {
  const answer = await askWithin(ask("Deploy?"), {
    signal: extra.signal,
    noAnswer: () => ({ action: "cancel" as const }),
  });
  return { content: [{ type: "text" as const, text: answer.action }] };
});`,
            },
          ],
        },
      ],
    },
  ],
});

const WITH_DEADLINE = [{ deadlineMs: 300_000 }] as const;
/** The import that ties `server.elicitInput` to the MCP SDK: without one, no edit writes the SDK's options. */
const MCP_IMPORT = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n`;
const NO_OPTIONS = `${MCP_IMPORT}async function handle(args, extra) { return server.elicitInput(params); }`;
const BOUNDED = `${MCP_IMPORT}async function handle(args, extra) { return server.elicitInput(params, { timeout: 120_000 }); }`;
const OWN_NO_OPTIONS = `async function handle(args, extra) { return server.elicitInput(params); }`;

untypedRuleTester.run("forward-abort-signal with deadlineMs", rule, {
  valid: [],
  invalid: [
    {
      name: "no options: the suggestion passes the signal and the deadline in one new options object",
      code: NO_OPTIONS,
      options: WITH_DEADLINE,
      errors: [
        {
          messageId: "notForwarded",
          ...at(NO_OPTIONS, "elicitInput"),
          suggestions: [
            {
              messageId: "addSignalWithin",
              data: { signal: "extra.signal", label: MCP, companion: "", seconds: "300" },
              // The deadline edits lay a new object out as the codemod does: past the file's width, one property a line.
              output: `${MCP_IMPORT}async function handle(args, extra) { return server.elicitInput(params, {
  signal: extra.signal,
  timeout: 300_000,
}); }`,
            },
          ],
        },
      ],
    },
    {
      name: "contrast: options that already set a deadline get the signal alone, and say so",
      code: BOUNDED,
      options: WITH_DEADLINE,
      errors: [
        {
          messageId: "notForwarded",
          ...at(BOUNDED, "elicitInput"),
          suggestions: [
            {
              messageId: "addSignal",
              output: `${MCP_IMPORT}async function handle(args, extra) { return server.elicitInput(params, {
  timeout: 120_000,
  signal: extra.signal,
}); }`,
            },
          ],
        },
      ],
    },
    {
      name: "contrast: in a file that imports no MCP package, the same call is reported with no edit of the SDK's options",
      code: OWN_NO_OPTIONS,
      options: WITH_DEADLINE,
      errors: [{ messageId: "notForwarded", ...at(OWN_NO_OPTIONS, "elicitInput"), suggestions: [] }],
    },
    {
      name: "contrast: without deadlineMs (an editor) the suggestion is still offered, for a person to apply or not",
      code: OWN_NO_OPTIONS,
      errors: [{ messageId: "notForwarded", ...at(OWN_NO_OPTIONS, "elicitInput"), suggestions: 1 as never }],
    },
    {
      name: "contrast: a wait through the class's own method has no row to write a deadline by, so no suggestion",
      code: CONFIRM_CLASS,
      options: WITH_DEADLINE,
      errors: [{ messageId: "notRaced", ...at(CONFIRM_CLASS, 'confirm("Deploy'), suggestions: [] }],
    },
  ],
});

/** A session that hands a prompt's code a context whose `elicit` asks, built by handlers that never take extra. */
const HANDS_OUT = (
  handler: string,
  build: string,
) => `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { GetPromptRequestSchema } from "@modelcontextprotocol/sdk/types.js";

export class Session {
  #server = new Server({ name: "prompts", version: "1.0.0" }, { capabilities: { prompts: {} } });
  #contextFor(meta, signal) {
    return {
      elicit: (params, options) => this.#server.elicitInput(params, { signal, ...options }),
      requestId: meta?.requestId,
    };
  }
  serve(prompts) {
    this.#server.setRequestHandler(GetPromptRequestSchema, async (${handler}) => {
      const prompt = prompts.get(request.params.name);
      return prompt.load(request.params.arguments, ${build});
    });
  }
}`;
/** fastmcp's shape: the context forwards the options its caller passes, and is given no signal to add. */
const WITHOUT_EXTRA = HANDS_OUT("request", "this.#contextFor(request.params._meta)")
  .replace("#contextFor(meta, signal)", "#contextFor(meta)")
  .replace("{ signal, ...options }", "options");
/** The same factory as a function of the module, called by name. */
const FUNCTION_FACTORY = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

const server = new McpServer({ name: "docs", version: "1.0.0" });
function loadContext() {
  return { elicit: (params) => server.server.elicitInput(params) };
}
server.server.setRequestHandler(ReadResourceRequestSchema, async (request) => readDoc(request.params.uri, loadContext()));`;

untypedRuleTester.run("forward-abort-signal (a context whose property asks, handed out by a handler)", rule, {
  valid: [
    {
      name: "contrast: the handler takes extra and hands its signal to the context",
      code: HANDS_OUT("request, extra", "this.#contextFor(request.params._meta, extra.signal)"),
    },
    {
      name: "contrast: a context whose properties ask nobody",
      code: WITHOUT_EXTRA.replace("this.#server.elicitInput(params, options)", "console.log(params)"),
    },
    {
      name: "contrast: the context built outside any request handler",
      code: FUNCTION_FACTORY.replace(
        "setRequestHandler(ReadResourceRequestSchema, async (request) => readDoc(request.params.uri, loadContext()))",
        "connect(transport).then(() => warmUp(loadContext()))",
      ),
    },
  ],
  invalid: [
    {
      name: "a prompts/get handler with no extra builds a context whose elicit asks",
      code: WITHOUT_EXTRA,
      errors: [
        {
          messageId: "handlerHandsOutAsk",
          data: { param: "extra", asker: "elicit" },
          ...locate(WITHOUT_EXTRA, "#contextFor(request"),
          endColumn: locate(WITHOUT_EXTRA, "#contextFor(request").column + "#contextFor".length,
        },
      ],
    },
    {
      name: "a resources/read handler with no extra calls a module function that builds one",
      code: FUNCTION_FACTORY,
      errors: [{ messageId: "handlerHandsOutAsk", ...at(FUNCTION_FACTORY, "loadContext()))") }],
    },
  ],
});
