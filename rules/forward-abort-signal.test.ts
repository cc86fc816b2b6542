import rule from "./forward-abort-signal.ts";
import { TYPED_FILE, typedRuleTester, untypedRuleTester } from "../test/rule-tester.ts";
import { locate } from "../test/locate.ts";
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

/** What the race suggestion puts in place of `ask` for a signal spelled `s` (TypeScript files get `<never>`). */
function raced(ask: string, s: string, typescript = true): string {
  return (
    `Promise.race([${ask}, new Promise${typescript ? "<never>" : ""}((_, reject) => { if (${s}.aborted) reject(${s}.reason); ` +
    `else ${s}.addEventListener("abort", () => reject(${s}.reason), { once: true }); })])`
  );
}

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
    name: "MCP v1: an existing timeout signal is merged through AbortSignal.any",
    code: `async function handle(args, extra) { return server.elicitInput(params, { signal: AbortSignal.timeout(120_000) }); }`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `async function handle(args, extra) { return server.elicitInput(params, { signal: AbortSignal.any([AbortSignal.timeout(120_000), extra.signal]) }); }`,
    ],
  },
  {
    name: "MCP v1: an existing AbortSignal.any list gets the caller's signal appended",
    code: `async function handle(args, extra) { return server.elicitInput(params, { signal: AbortSignal.any([AbortSignal.timeout(120_000)]) }); }`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `async function handle(args, extra) { return server.elicitInput(params, { signal: AbortSignal.any([AbortSignal.timeout(120_000), extra.signal]) }); }`,
    ],
  },
  {
    name: "MCP v1: a shorthand local timeout signal is merged",
    code: `async function handle(args, extra) {
  const signal = AbortSignal.timeout(600_000);
  return server.elicitInput(params, { signal });
}`,
    needle: "elicitInput",
    messageId: "notForwarded",
    suggestions: [
      `async function handle(args, extra) {
  const signal = AbortSignal.timeout(600_000);
  return server.elicitInput(params, { signal: AbortSignal.any([signal, extra.signal]) });
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
async function ask(ctx, signal) { return ${raced('ctx.elicit("Which branch?", schema, { timeout: 600_000 })', "signal")}; }`,
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
class Agent extends McpAgent { async ask(params, signal) { return ${raced("this.elicitInput(params, { relatedRequestId })", "signal")}; } }`,
    ],
  },
  {
    name: "ACP 0.x/1.x: requestPermission takes no options: race it",
    code: `async function authorize(conn, params, signal) { return conn.requestPermission(params); }`,
    needle: "requestPermission",
    messageId: "notRaced",
    data: { signal: "signal", label: "ACP `requestPermission`", companion: "" },
    suggestions: [
      `async function authorize(conn, params, signal) { return ${raced("conn.requestPermission(params)", "signal")}; }`,
    ],
  },
  {
    name: "ACP 0.x/1.x: createElicitation with a destructured { signal }",
    code: `async function onQuestion(request, { signal }) { return this.conn.createElicitation(request); }`,
    needle: "createElicitation",
    messageId: "notRaced",
    suggestions: [
      `async function onQuestion(request, { signal }) { return ${raced("this.conn.createElicitation(request)", "signal")}; }`,
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
      `async function handleAskUserQuestion(input, { signal }) {
  const response = await ${raced("this.client.unstable_createElicitation({ sessionId, message, requestedSchema })", "signal")};
  return response.action === "accept" ? allow(response) : deny(response);
}`,
    ],
  },
  {
    name: "layout: a race around a call spread over lines is spread over lines, in the file's indentation",
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
      `async function handleAskUserQuestion(input, { signal }) {
    const response = await Promise.race([
        this.client.unstable_createElicitation({
            sessionId,
            message: \`Delete
  \${name}?\`,
        }),
        new Promise<never>((_, reject) => {
            if (signal.aborted) reject(signal.reason);
            else signal.addEventListener("abort", () => reject(signal.reason), { once: true });
        }),
    ]);
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
      `async function authorize(conn, params, extra) { return ${raced("conn.requestPermission(params)", "extra.signal", false)}; }`,
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
      `app.onRequest(methods.agent.session.prompt, async ({ client, signal }) => client.request("session/request_permission", params, { cancellationSignal: AbortSignal.any([AbortSignal.timeout(120_000), signal]), stopWaitingOnCancel: true }));`,
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
      `async function authorize(params, signal) { return ${raced("requestToolPermission(params)", "signal")}; }`,
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
      name: "the race suggestion's own output is accepted",
      code: `async function authorize(conn, params, signal) { return ${raced("conn.requestPermission(params)", "signal")}; }`,
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

function at(code: string, needle: string) {
  const where = locate(code, needle);
  const token = /^[\w$]+/.exec(needle)![0];
  return { ...where, endColumn: where.column + token.length };
}

untypedRuleTester.run("forward-abort-signal (real code)", rule, {
  valid: [
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
              output: CONFIRM_CLASS.replace(
                'this.confirm("Deploy?")',
                raced('this.confirm("Deploy?")', "extra.signal"),
              ),
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

typedRuleTester.run("forward-abort-signal (typed, across files)", rule, {
  valid: [
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
              output: TYPED_DELEGATE.replace('askUser("Deploy?")', raced('askUser("Deploy?")', "extra.signal")),
            },
          ],
        },
      ],
    },
  ],
});
