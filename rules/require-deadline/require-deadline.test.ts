import rule from "./index.ts";
import { TYPED_FILE, typedRuleTester, untypedRuleTester } from "../../test/rule-tester.ts";
import { locate } from "../../test/locate.ts";

const STRICT = [{ reportOpaqueOptions: true }] as const;

const MCP_DEFAULT = "Gives up after 60 s, a default made for HTTP";
const MCP_FIX = "pass `timeout` or `signal: AbortSignal.timeout(ms)` in its options";
const NO_OPTIONS_FIX = "race it against a timer and treat the timeout as a cancel";
/** strict asks an ACP permission prompt that already ends on the caller's signal for a timer too. */
const TIMED_PERMISSIONS = [{ timeCancellablePermissions: true }] as const;

type MessageId =
  | "missingDeadline"
  | "opaqueOptions"
  | "raceLeavesRequestOpen"
  | "deadlineKeepsWaiting"
  | "handRolledWait"
  | "timeoutLeavesQuestionOpen"
  | "clientWaitIgnoresRequestSignal"
  | "cancelOnlyBound";

/** One expected report at the `occurrence`-th `needle` of `code`. */
function error(code: string, needle: string, messageId: MessageId, data?: Record<string, string>, occurrence = 1) {
  const at = locate(code, needle, occurrence);
  // The needle may carry context (`request(methods`); the report covers only its leading name.
  const token = /^[\w$]+/.exec(needle)![0];
  return { messageId, ...(data ? { data } : {}), ...at, endColumn: at.column + token.length };
}

interface Case {
  name: string;
  code: string;
  needle: string;
  messageId?: MessageId;
  data?: Record<string, string>;
  options?: readonly unknown[];
  /** Extra reports beyond the first, as further occurrences of `needle`. */
  alsoAt?: number[];
}

/** Invalid cases written as code plus the token the report points at; expanded into RuleTester's shape below. */
const WITHIN_DEADLINE = `function withinDeadline(signal, ms, ask) {
  const controller = new AbortController();
  const stop = () => controller.abort(signal?.reason);
  const timer = setTimeout(() => controller.abort(new DOMException("No answer in time", "TimeoutError")), ms);
  if (signal?.aborted) stop();
  else signal?.addEventListener("abort", stop, { once: true });
  return ask(controller.signal).finally(() => {
    clearTimeout(timer);
    signal?.removeEventListener("abort", stop);
  });
}
`;
/** The same shape with no timer: it only passes the caller's cancellation on. */
const WITHOUT_TIMER = `function passCancel(signal, ms, ask) {
  const controller = new AbortController();
  const stop = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", stop, { once: true });
  return ask(controller.signal).finally(() => signal?.removeEventListener("abort", stop));
}
`;

const invalidCases: Case[] = [
  {
    name: "MCP v1: mcpServer.server.elicitInput without options names the SDK's 60 s HTTP default",
    code: `mcpServer.registerTool("register_user", {}, async () => {
  const result = await mcpServer.server.elicitInput({ mode: "form", message: "Register?", requestedSchema });
  return result;
});`,
    needle: "elicitInput",
    data: { defaultDeadline: MCP_DEFAULT, fix: MCP_FIX },
  },
  {
    name: "MCP v1: empty options object",
    code: `const answer = await server.elicitInput(params, {});`,
    needle: "elicitInput",
  },
  {
    name: "MCP v1: options with only relatedRequestId",
    code: `const answer = await server.elicitInput(params, { relatedRequestId: extra.requestId });`,
    needle: "elicitInput",
  },
  {
    name: "MCP v1: extra.sendRequest for elicitation/create without options",
    code: `const result = await extra.sendRequest({ method: "elicitation/create", params: { mode: "form", message, requestedSchema } }, ElicitResultSchema);`,
    needle: "sendRequest",
  },
  {
    name: "MCP v2: ctx.mcpReq.elicitInput without options",
    code: `server.registerTool("pick", {}, async (args, ctx) => ctx.mcpReq.elicitInput({ message: "Pick one", requestedSchema }));`,
    needle: "elicitInput",
  },
  {
    name: "MCP v2: ctx.mcpReq.send with only the caller's signal: cancellation is not a deadline",
    code: `server.registerTool("pick", {}, async (args, ctx) => {
  const answer = await ctx.mcpReq.send({ method: "elicitation/create", params }, ElicitResultSchema, { signal: ctx.mcpReq.signal });
});`,
    needle: "send(",
  },
  {
    name: "fastmcp: context.elicit without options",
    code: `import { FastMCP } from "fastmcp";
server.addTool({ name: "deploy", execute: async (args, context) => {
  const answer = await context.elicit({ message: "Deploy to production?", requestedSchema });
} });`,
    needle: "elicit(",
  },
  {
    name: "fastmcp: session.requestElicitation without options",
    code: `import { FastMCP } from "fastmcp";
const answer = await session.requestElicitation({ message: "Continue?", requestedSchema });`,
    needle: "requestElicitation",
  },
  {
    name: "mcp-use: ctx.elicit without options names its effectively infinite default",
    code: `import { MCPServer } from "mcp-use/server";
const answer = await ctx.elicit("Which branch?", z.object({ branch: z.string() }));`,
    needle: "elicit(",
    data: {
      defaultDeadline: "Waits forever by default if nobody answers",
      fix: "pass `timeout` in its options",
    },
  },
  {
    name: "ACP 0.x/1.x: conn.requestPermission has no deadline at all; the fix is a race",
    code: `const response = await conn.requestPermission({ sessionId, toolCall, options });`,
    needle: "requestPermission",
    data: {
      defaultDeadline: "Waits forever if nobody answers",
      fix: NO_OPTIONS_FIX,
    },
  },
  {
    name: "ACP 0.x/1.x: conn.createElicitation",
    code: `const answer = await this.conn.createElicitation({ sessionId, message, requestedSchema });`,
    needle: "createElicitation",
  },
  {
    name: "ACP 0.x/1.x: conn.unstable_createElicitation",
    code: `const answer = await client.unstable_createElicitation({ sessionId, message, requestedSchema });`,
    needle: "unstable_createElicitation",
  },
  {
    name: "ACP 0.x/1.x: a race against the caller's signal only is not a deadline",
    code: `const response = await Promise.race([conn.requestPermission(params), abortPromise(signal)]);`,
    needle: "requestPermission",
  },
  {
    name: "ACP 2.x: ctx.request for session/request_permission without options",
    code: `app.onRequest(methods.agent.session.prompt, async (ctx) => {
  const response = await ctx.client.request(methods.client.session.requestPermission, { sessionId, toolCall, options });
});`,
    needle: "request(methods.client",
    data: {
      defaultDeadline: "Waits forever if nobody answers",
      fix: "pass `cancellationSignal: AbortSignal.timeout(ms)` with `stopWaitingOnCancel: true`",
    },
  },
  {
    name: "ACP 2.x: an elicitation through methods.client.elicitation.create has no deadline",
    code: `const answer = await client.request(methods.client.elicitation.create, { sessionId, message, requestedSchema });`,
    needle: "request(",
    data: {
      defaultDeadline: "Waits forever if nobody answers",
      fix: "pass `cancellationSignal: AbortSignal.timeout(ms)` with `stopWaitingOnCancel: true`",
    },
  },
  {
    name: "ACP 2.x: a timeout signal without stopWaitingOnCancel only sends $/cancel_request",
    code: `const response = await client.request("session/request_permission", params, { cancellationSignal: AbortSignal.timeout(120_000) });`,
    needle: "request(",
    messageId: "deadlineKeepsWaiting",
  },
  {
    name: "strict: ACP 2.x: a helper's callback signal is no deadline when the helper sets no timer",
    code: `${WITHOUT_TIMER}async function ask(client, params, signal) {
  return passCancel(signal, 120_000, (cancellationSignal) => client.request("session/request_permission", params, { cancellationSignal, stopWaitingOnCancel: true }));
}`,
    needle: "request(",
    options: TIMED_PERMISSIONS,
    messageId: "cancelOnlyBound",
  },
  {
    name: "ACP 2.x: stopWaitingOnCancel: false keeps waiting too",
    code: `const response = await client.request("session/request_permission", params, { cancellationSignal: AbortSignal.timeout(120_000), stopWaitingOnCancel: false });`,
    needle: "request(",
    messageId: "deadlineKeepsWaiting",
  },
  {
    name: "user-land race: Promise.race([ask, setTimeout promise]) leaves the question open",
    code: `const result = await Promise.race([
  server.elicitInput(params),
  new Promise((_, reject) => setTimeout(() => reject(new Error("timed out")), 120_000)),
]);`,
    needle: "elicitInput",
    messageId: "raceLeavesRequestOpen",
    data: { defaultDeadline: MCP_DEFAULT, fix: MCP_FIX, cancelNotice: "`notifications/cancelled`", companion: "" },
  },
  {
    name: "user-land race through a const and a sleep() helper",
    code: `const ask = server.elicitInput(params).then((r) => r.action);
const winner = await Promise.race([ask, sleep(600_000).then(() => "cancel")]);`,
    needle: "elicitInput",
    messageId: "raceLeavesRequestOpen",
  },
  {
    name: "user-land race through a local timer function",
    code: `function expireAfter(ms) { return new Promise((resolve) => setTimeout(() => resolve({ action: "cancel" }), ms)); }
const winner = await Promise.race([extra.sendRequest({ method: "elicitation/create", params }, ElicitResultSchema), expireAfter(120_000)]);`,
    needle: "sendRequest",
    messageId: "raceLeavesRequestOpen",
  },
  {
    name: "user-land race: a withTimeout(ask, ms) helper",
    code: `const answer = await withTimeout(server.elicitInput(params), 120_000);`,
    needle: "elicitInput",
    messageId: "raceLeavesRequestOpen",
  },
  {
    name: "ACP 2.x race against a timer: nothing sends $/cancel_request",
    code: `const answer = await Promise.race([ctx.client.request(methods.client.session.requestPermission, params), delay(60_000)]);`,
    needle: "request(methods",
    messageId: "raceLeavesRequestOpen",
    data: {
      defaultDeadline: "Waits forever if nobody answers",
      fix: "pass `cancellationSignal: AbortSignal.timeout(ms)` with `stopWaitingOnCancel: true`",
      cancelNotice: "`$/cancel_request`",
      companion: "stopWaitingOnCancel",
    },
  },
  {
    name: "hand-rolled wait: new Promise stores its resolver for an elicitation answer",
    code: `const pendingElicitations = new Map();
function waitForElicitation(requestId) {
  return new Promise((resolve) => pendingElicitations.set(requestId, resolve));
}`,
    needle: "Promise",
    messageId: "handRolledWait",
  },
  {
    name: "hand-rolled wait: { resolve, reject } assigned into a permission store",
    code: `class Agent {
  askPermission(id) {
    return new Promise((resolve, reject) => {
      this.pendingPermissions[id] = { resolve, reject };
      this.conn.notify("session/request_permission", { id });
    });
  }
}`,
    needle: "Promise",
    messageId: "handRolledWait",
  },
  {
    name: "hand-rolled wait: a queue of questions for the terminal",
    code: `async function elicitationRequestHandler(request) {
  return new Promise((resolve, reject) => {
    elicitationQueue.push({ request, resolve, reject });
  });
}`,
    needle: "Promise",
    messageId: "handRolledWait",
  },
  {
    name: "client side: a queue behind a registered elicitation handler needs the request's signal, not a timer",
    code: `async function elicitationRequestHandler(request) {
  return new Promise((resolve, reject) => {
    elicitationQueue.push({ request, resolve, reject });
  });
}
client.setRequestHandler(ElicitRequestSchema, elicitationRequestHandler);`,
    needle: "Promise",
    messageId: "clientWaitIgnoresRequestSignal",
  },
  {
    name: "client side: a function the handler calls, in a file that also asks",
    code: `function queueQuestion(request) {
  return new Promise((resolve) => answers.set(request.id, resolve));
}
client.setRequestHandler(ElicitRequestSchema, (request) => queueQuestion(request));
await server.elicitInput(params, { timeout: 60_000 });`,
    needle: "Promise",
    messageId: "clientWaitIgnoresRequestSignal",
  },
  {
    name: "strict: options in a variable may not set a deadline",
    code: `async function ask(server, params, requestOptions) { return server.elicitInput(params, requestOptions); }`,
    needle: "elicitInput",
    messageId: "opaqueOptions",
    options: STRICT,
  },
  {
    name: "strict: options that only spread another object",
    code: `const answer = await server.elicitInput(params, { ...defaults });`,
    needle: "elicitInput",
    messageId: "opaqueOptions",
    options: STRICT,
  },
  {
    name: "strict: a signal of unknown origin may not be a timeout",
    code: `const answer = await server.elicitInput(params, { signal: options.signal });`,
    needle: "elicitInput",
    messageId: "opaqueOptions",
    options: STRICT,
  },
  {
    name: "a const options object without a deadline is read through",
    code: `const requestOptions = { relatedRequestId: extra.requestId };
const answer = await server.elicitInput(params, requestOptions);`,
    needle: "elicitInput",
  },
  {
    name: "timeout: undefined is no deadline",
    code: `const answer = await server.elicitInput(params, { timeout: undefined });`,
    needle: "elicitInput",
  },
  {
    name: "AbortSignal.any of the caller's signal alone is no deadline",
    code: `server.registerTool("pick", {}, async (args, extra) => {
  const answer = await server.elicitInput(params, { signal: AbortSignal.any([extra.signal]) });
});`,
    needle: "elicitInput",
  },
  {
    name: "a local controller nothing aborts on a timer is no deadline",
    code: `const controller = new AbortController();
const answer = await server.elicitInput(params, { signal: controller.signal });`,
    needle: "elicitInput",
  },
  {
    name: "user wrapper from humanWaitFunctions behaves like its row",
    code: `const answer = await askUser(params);`,
    needle: "askUser",
    options: [{ humanWaitFunctions: [{ from: "file", name: "askUser", behavesLike: "acp-request-permission" }] }],
  },
  {
    name: "two calls on one line are reported separately, each at its own method name",
    code: `const [a, b] = [await server.elicitInput(first), await server.elicitInput(second, { timeout: 1 }), await server.elicitInput(third)];`,
    needle: "elicitInput",
    alsoAt: [3],
  },
];

untypedRuleTester.run("require-deadline", rule, {
  valid: [
    {
      name: "ACP 2.x: the signal withinDeadline hands in carries the caller's signal and a timer it clears",
      code: `${WITHIN_DEADLINE}async function ask(client, params, signal) {
  return withinDeadline(signal, 120_000, (cancellationSignal) => client.request("session/request_permission", params, { cancellationSignal, stopWaitingOnCancel: true }));
}`,
    },
    {
      name: "ACP 0.x/1.x: a race helper handed the signal withinDeadline builds",
      code: `${WITHIN_DEADLINE}function raceWithSignal(promise, signal) {
  return new Promise((resolve, reject) => {
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });
}
import { AgentSideConnection } from "@agentclientprotocol/sdk";
async function ask(connection: AgentSideConnection, params, signal) {
  return withinDeadline(signal, 120_000, (cancellationSignal) => raceWithSignal(connection.requestPermission(params), cancellationSignal));
}`,
    },
    {
      name: "MCP: timeout chosen for a person (120 s for a four-option enum)",
      code: `await server.elicitInput(params, { timeout: 120_000 });`,
    },
    {
      name: "MCP: maxTotalTimeout",
      code: `await server.elicitInput(params, { maxTotalTimeout: 600_000, resetTimeoutOnProgress: true });`,
    },
    { name: "MCP: timeout from a variable", code: `await server.elicitInput(params, { timeout: lookupDeadlineMs });` },
    {
      name: "MCP: signal: AbortSignal.timeout(...)",
      code: `await server.elicitInput(params, { signal: AbortSignal.timeout(600_000) });`,
    },
    {
      name: "MCP: AbortSignal.any with the caller's signal and a timeout",
      code: `await server.elicitInput(params, { signal: AbortSignal.any([extra.signal, AbortSignal.timeout(120_000)]) });`,
    },
    {
      name: "MCP: a const holding a timeout signal",
      code: `const deadline = AbortSignal.timeout(120_000);
await server.elicitInput(params, { signal: deadline });`,
    },
    {
      name: "MCP: a local annotated AbortSignal holding a timeout is a deadline, not the caller's signal",
      code: `async function ask(server, params) {
  const deadline: AbortSignal = AbortSignal.timeout(120_000);
  return server.elicitInput(params, { signal: deadline });
}`,
    },
    {
      name: "MCP: a controller aborted by setTimeout",
      code: `const controller = new AbortController();
const timer = setTimeout(() => controller.abort(), 120_000);
await server.elicitInput(params, { signal: controller.signal });`,
    },
    {
      name: "MCP v1: sendRequest with a timeout",
      code: `await extra.sendRequest({ method: "elicitation/create", params }, ElicitResultSchema, { timeout: 120_000 });`,
    },
    {
      name: "mcp-use: ctx.elicit with a timeout",
      code: `import { MCPServer } from "mcp-use/server";
await ctx.elicit("Which branch?", schema, { timeout: 600_000 });`,
    },
    {
      name: "ACP 2.x: timeout signal that also stops waiting",
      code: `await ctx.client.request(methods.client.session.requestPermission, params, { cancellationSignal: AbortSignal.timeout(120_000), stopWaitingOnCancel: true });`,
    },
    {
      name: "ACP 0.x/1.x: a race against a timer is the only deadline the API allows",
      code: `const response = await Promise.race([
  conn.requestPermission(params),
  new Promise((resolve) => setTimeout(() => resolve({ outcome: { outcome: "cancelled" } }), 120_000)),
]);`,
    },
    {
      name: "Cloudflare agents: the SDK fixes the deadline, there is nothing to choose",
      code: `import { McpAgent } from "agents/mcp";
const answer = await this.elicitInput(params, { relatedRequestId });`,
    },
    {
      name: "recommended: options in a variable are not reported",
      code: `await server.elicitInput(params, requestOptions);`,
    },
    {
      name: "recommended: spread options are not reported",
      code: `await server.elicitInput(params, { ...defaults });`,
    },
    {
      name: "strict: spread plus an explicit timeout",
      code: `await server.elicitInput(params, { ...defaults, timeout: 120_000 });`,
      options: STRICT,
    },
    {
      name: "a race where the call has its own timeout",
      code: `await Promise.race([server.elicitInput(params, { timeout: 120_000 }), sleep(130_000)]);`,
    },
    {
      name: "sendRequest for another method is not a human wait",
      code: `await extra.sendRequest({ method: "sampling/createMessage", params }, Schema);`,
    },
    { name: "the browser's Notification.requestPermission", code: `await Notification.requestPermission();` },
    { name: "a generic ACP request", code: `await ctx.client.request(methods.client.fs.readTextFile, { path });` },
    {
      name: "a client-side elicitation handler is not a wait of this side",
      code: `client.setRequestHandler(ElicitRequestSchema, async (request, extra) => ({ action: "decline" }));`,
    },
    {
      name: "a file with no human-wait words is skipped (hand-rolled store on a job queue)",
      code: `const pending = new Map();
function waitForJob(id) { return new Promise((resolve) => pending.set(id, resolve)); }`,
    },
    {
      name: "client side: a wait its own timer bounds is not asked for anything more",
      code: `client.setRequestHandler(ElicitRequestSchema, async (request) => {
  return new Promise((resolve) => {
    pendingAnswers.set(request.id, resolve);
    setTimeout(() => resolve({ action: "cancel" }), 600_000);
  });
});`,
    },
    {
      name: "client side: a queued question settled when the request's signal aborts",
      code: `client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
  return new Promise((resolve) => {
    pendingAnswers.set(request.id, resolve);
    extra.signal.addEventListener("abort", () => resolve({ action: "cancel" }), { once: true });
  });
});`,
    },
    {
      name: "hand-rolled wait with a timer",
      code: `function waitForElicitation(id) {
  return new Promise((resolve) => {
    pendingElicitations.set(id, resolve);
    setTimeout(() => resolve({ action: "cancel" }), 120_000);
  });
}`,
    },
    {
      name: "hand-rolled wait that listens to an abort signal",
      code: `function waitForAnswer(id, signal) {
  return new Promise((resolve) => {
    pendingElicitations.set(id, resolve);
    signal.addEventListener("abort", () => resolve({ action: "cancel" }));
  });
}`,
    },
    {
      name: "hand-rolled store not tied to a person in a file that elicits elsewhere",
      code: `await server.elicitInput(params, { timeout: 60_000 });
function waitForUpload(id) { return new Promise((resolve) => uploads.set(id, resolve)); }`,
    },
    {
      name: "a work queue's one-slot wake-up is not a store of answers",
      code: `async function elicitationLoop() {
  await new Promise((resolve) => { elicitationQueueSignal = resolve; });
}`,
    },
    { name: "a promise resolved at once", code: `const elicited = new Promise((resolve) => resolve(cached));` },
    {
      name: "user wrapper with a timeout in its options",
      code: `await askUser(params, { timeout: 120_000 });`,
      options: [{ humanWaitFunctions: [{ from: "file", name: "askUser" }] }],
    },
  ],
  invalid: invalidCases.map((testCase) => ({
    name: testCase.name,
    code: testCase.code,
    ...(testCase.options ? { options: testCase.options as never } : {}),
    errors: [1, ...(testCase.alsoAt ?? [])].map((occurrence) =>
      error(testCase.code, testCase.needle, testCase.messageId ?? "missingDeadline", testCase.data, occurrence),
    ),
  })),
});

const MCP_IMPORTS = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
declare const server: Server;
declare const params: Parameters<Server["elicitInput"]>[0];
`;

const typedOpaque = `${MCP_IMPORTS}declare const requestOptions: RequestOptions;
export const answer = server.elicitInput(params, requestOptions);`;
const typedAbsent = `${MCP_IMPORTS}declare const requestOptions: { relatedRequestId: string };
export const answer = server.elicitInput(params, requestOptions);`;

typedRuleTester.run("require-deadline (typed)", rule, {
  valid: [
    {
      name: "typed strict: the options' type requires a timeout",
      filename: TYPED_FILE,
      code: `${MCP_IMPORTS}declare const requestOptions: RequestOptions & { timeout: number };
export const answer = server.elicitInput(params, requestOptions);`,
      options: STRICT,
    },
    {
      name: "typed recommended: RequestOptions whose timeout is optional is not reported",
      filename: TYPED_FILE,
      code: typedOpaque,
    },
  ],
  invalid: [
    {
      name: "typed strict: RequestOptions may not set a timeout",
      filename: TYPED_FILE,
      code: typedOpaque,
      options: STRICT,
      errors: [error(typedOpaque, "elicitInput(params", "opaqueOptions")],
    },
    {
      name: "typed recommended: a type without timeout or signal proves there is no deadline",
      filename: TYPED_FILE,
      code: typedAbsent,
      errors: [error(typedAbsent, "elicitInput(params", "missingDeadline")],
    },
  ],
});

// ---------------------------------------------------------------------------------------------------------------
// Real code (#13, #12): values and shapes, delegation, same-file adapters, installed APIs

const NEVER_FIRES_CONDITIONAL = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export async function ask(server, params, t) {
  return server.server.elicitInput(params, { timeout: t && t !== Infinity ? t : 2_147_483_647 });
}`;

const NEVER_FIRES_CONSTANT = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const NO_TIMEOUT = 2 ** 31 - 1;
export const ask = (server, params) => server.server.elicitInput(params, { timeout: NO_TIMEOUT });`;

const NEVER_FIRES_MAX_SAFE = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export const ask = (server, params, t) => server.server.elicitInput(params, { timeout: t ?? Number.MAX_SAFE_INTEGER });`;

const NEVER_FIRES_INFINITY = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const NO_TIMEOUT = Infinity;
export const ask = (server, params) => server.server.elicitInput(params, { timeout: NO_TIMEOUT });`;

const DAY_MS = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const DAY = 24 * 60 * 60_000;
`;
/** 30 days is 2,592,000,000 ms: past the largest timer delay (2^31-1 ms, about 24.8 days). */
const NEVER_FIRES_CONSTANT_CHAIN = `${DAY_MS}const A_MONTH = 30 * DAY;
export const ask = (server, params) => server.server.elicitInput(params, { timeout: A_MONTH });`;

const NEVER_FIRES_MAX_SAFE_DIRECT = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export const ask = (server, params) => server.server.elicitInput(params, { timeout: Number.MAX_SAFE_INTEGER });`;

const ACP_FREE_FUNCTION = `import { methods } from "@agentclientprotocol/sdk";
export async function askToRun(ctx, params, signal) {
  return ctx.request(methods.client.session.requestPermission, params, { cancellationSignal: signal, stopWaitingOnCancel: true });
}`;

const ACP_ADAPTER_WITHOUT_DEADLINE = `import { methods } from "@agentclientprotocol/sdk";
class AcpClient {
  async requestPermission(params, signal) {
    return this.ctx.request(methods.client.session.requestPermission, params);
  }
}
class Agent {
  constructor() { this.client = new AcpClient(); }
  async prompt(params, signal) { return this.client.requestPermission(params, signal); }
}`;

const CONST_METHOD = `import { ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js";
const ELICIT = "elicitation/create" as const;
server.tool("deploy", {}, async (args, extra) => extra.sendRequest({ method: ELICIT, params }, ElicitResultSchema));`;

const CONST_REQUEST = `import { ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js";
server.tool("deploy", {}, async (args, extra) => {
  const request = { method: "elicitation/create", params } satisfies Request;
  return extra.sendRequest(request, ElicitResultSchema);
});`;

const DELEGATED = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
class Deployer {
  async confirm(message) { return this.server.server.elicitInput({ message, requestedSchema }); }
  async run() { const answer = await this.confirm("Deploy?"); }
}`;

const FASTMCP_DESTRUCTURED = `import { FastMCP } from "fastmcp";
server.addTool({ name: "deploy", execute: async (args, { elicit }) => { const answer = await elicit({ message: "Deploy?" }); } });`;

untypedRuleTester.run("require-deadline (real code)", rule, {
  valid: [
    {
      name: "values: a conditional whose every branch is a finite deadline",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export const ask = (server, params, t) => server.server.elicitInput(params, { timeout: t ?? 120_000 });`,
    },
    {
      name: "values: a constant under the largest timer delay is a deadline",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const FIVE_MINUTES = 5 * 60_000;
export const ask = (server, params) => server.server.elicitInput(params, { timeout: FIVE_MINUTES });`,
    },
    {
      name: "values: a const naming another JSON-RPC method is no wait on a person",
      code: `import { CreateMessageResultSchema } from "@modelcontextprotocol/sdk/types.js";
const SAMPLE = "sampling/createMessage" as const;
server.tool("summarise", {}, async (args, extra) => extra.sendRequest({ method: SAMPLE, params }, CreateMessageResultSchema));`,
    },
    {
      name: "ACP adapter: its own signal parameter forwarded with stopWaitingOnCancel is its caller's to bound",
      code: `import { methods } from "@agentclientprotocol/sdk";
export class AcpClient {
  async requestPermission(params, signal) {
    return this.ctx.request(methods.client.session.requestPermission, params, { cancellationSignal: signal, stopWaitingOnCancel: true });
  }
}`,
    },
    {
      name: "same-file adapter: this.client.requestPermission(params, signal) is the file's own method, not the ACP API",
      code: `import { methods } from "@agentclientprotocol/sdk";
class AcpClient {
  async requestPermission(params, signal) {
    return this.ctx.request(methods.client.session.requestPermission, params, { cancellationSignal: AbortSignal.any([signal, AbortSignal.timeout(300_000)]), stopWaitingOnCancel: true });
  }
}
class Agent {
  constructor() { this.client = new AcpClient(); }
  async prompt(params, signal) { return this.client.requestPermission(params, signal); }
}`,
    },
    {
      name: "values: t && t !== Infinity ? t : 300_000 has a finite deadline on every branch",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export const ask = (server, params, t) => server.server.elicitInput(params, { timeout: t && t !== Infinity ? t : 300_000 });`,
    },
    {
      name: "values: a week, through same-file constants, is under the largest timer delay",
      code: `${DAY_MS}const A_WEEK = 7 * DAY;
export const ask = (server, params) => server.server.elicitInput(params, { timeout: A_WEEK });`,
    },
    {
      name: "values: Number.MAX_SAFE_INTEGER as a cap on retries, not as the deadline",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export const ask = (server, params) => server.server.elicitInput(params, { timeout: 300_000, maxRetries: Number.MAX_SAFE_INTEGER });`,
    },
    {
      name: "Cloudflare: this.elicitInput in an McpAgent (which takes no timeout) while the SDK is imported too",
      code: `import { McpAgent } from "agents/mcp";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export class MyMcp extends McpAgent {
  async deploy() { const answer = await this.elicitInput({ message: "Deploy?", requestedSchema }); }
}`,
    },
  ],
  invalid: [
    {
      name: "values: t && t !== Infinity ? t : 2_147_483_647 gives no deadline on one branch",
      code: NEVER_FIRES_CONDITIONAL,
      errors: [
        {
          messageId: "deadlineNeverFires" as never,
          data: { value: "t && t !== Infinity ? t : 2_147_483_647" },
          line: 3,
        },
      ],
    },
    {
      name: "values: a same-file constant equal to 2^31-1 is no deadline",
      code: NEVER_FIRES_CONSTANT,
      errors: [{ messageId: "deadlineNeverFires" as never, data: { value: "NO_TIMEOUT" }, line: 3 }],
    },
    {
      name: "values: a same-file constant equal to Infinity is no deadline",
      code: NEVER_FIRES_INFINITY,
      errors: [{ messageId: "deadlineNeverFires" as never, data: { value: "NO_TIMEOUT" }, line: 3 }],
    },
    {
      name: "values: a month, evaluated through same-file constants, is past the largest timer delay",
      code: NEVER_FIRES_CONSTANT_CHAIN,
      errors: [{ messageId: "deadlineNeverFires" as never, data: { value: "A_MONTH" }, line: 4 }],
    },
    {
      name: "values: Number.MAX_SAFE_INTEGER written as the timeout is no deadline",
      code: NEVER_FIRES_MAX_SAFE_DIRECT,
      errors: [{ messageId: "deadlineNeverFires" as never, data: { value: "Number.MAX_SAFE_INTEGER" }, line: 2 }],
    },
    {
      name: "strict: ACP: a free function forwarding only its signal parameter still owes its wait a deadline",
      code: ACP_FREE_FUNCTION,
      options: TIMED_PERMISSIONS,
      errors: [error(ACP_FREE_FUNCTION, "request(methods", "cancelOnlyBound")],
    },
    {
      name: "same-file adapter without a deadline: reported once, inside the adapter, not at this.client.requestPermission",
      code: ACP_ADAPTER_WITHOUT_DEADLINE,
      errors: [error(ACP_ADAPTER_WITHOUT_DEADLINE, "request(methods", "missingDeadline")],
    },
    {
      name: "values: t ?? Number.MAX_SAFE_INTEGER is no deadline when t is unset",
      code: NEVER_FIRES_MAX_SAFE,
      errors: [{ messageId: "deadlineNeverFires" as never, line: 2 }],
    },
    {
      name: "values: the JSON-RPC method named through a same-file const",
      code: CONST_METHOD,
      errors: [{ messageId: "missingDeadline", line: 3 }],
    },
    {
      name: "values: a request object built in a const before sendRequest(request)",
      code: CONST_REQUEST,
      errors: [{ messageId: "missingDeadline", line: 4 }],
    },
    {
      name: "delegation: the missing deadline is reported once, at the call inside the method",
      code: DELEGATED,
      errors: [error(DELEGATED, "elicitInput(", "missingDeadline")],
    },
    {
      name: "fastmcp: elicit destructured from the tool's context is fastmcp's, with its 60-second default",
      code: FASTMCP_DESTRUCTURED,
      errors: [
        {
          messageId: "missingDeadline",
          data: {
            defaultDeadline: "Gives up after 60 s, a default made for HTTP",
            fix: MCP_FIX,
          },
          line: 2,
        },
      ],
    },
  ],
});

const RESOLVER_CLASS = `class AnswerResolver {
  private _resolve?: (answer: ElicitResult) => void;
  wait(): Promise<ElicitResult> {
    return new Promise((resolve) => { this._resolve = resolve; });
  }
  answer(result: ElicitResult) { this._resolve?.(result); }
}
export async function onQuestion(resolver: AnswerResolver) { return await resolver.wait(); }`;

untypedRuleTester.run("require-deadline (pending waiter objects)", rule, {
  valid: [
    {
      name: "waiter object: a work queue's one-slot wake-up asks nobody",
      code: `class Queue {
  private next?: () => void;
  pop() { return new Promise<void>((resolve) => { this.next = resolve; }); }
  push(item) { this.items.push(item); this.next?.(); }
}`,
    },
    {
      name: "waiter object: a resolver the class settles only in its own executor is no pending store",
      code: `class Answer {
  wait(): Promise<ElicitResult> { return new Promise((resolve) => { this._resolve = resolve; resolve({ action: "cancel" }); }); }
}`,
    },
  ],
  invalid: [
    {
      name: "waiter object: this._resolve = resolve, settled by another method, awaited with no timer or signal",
      code: RESOLVER_CLASS,
      errors: [error(RESOLVER_CLASS, "Promise((resolve)", "handRolledWait")],
    },
  ],
});

// ---------------------------------------------------------------------------------------------------------------
// Typed, across files (#13 §2): a wait on a person is judged where its deadline can be given. The callers below are
// file.ts; the wrappers they await live in test/typed-project/deadline-wrappers.ts (and a package's declaration in
// people.d.ts). The wrappers' own file is linted as file.ts in the second half.

const WRAPPER_IMPORTS = `import { askUser, askUserInTime, rememberedAnswer, waitForAnswer, Asker } from "./deadline-wrappers.js";
import { askPerson } from "./people.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
declare const server: Server;
declare const params: Parameters<Server["elicitInput"]>[0];
`;

const CALLS_ASK_USER = `${WRAPPER_IMPORTS}export async function deploy() {
  const answer = await askUser("Deploy?");
  return answer.action;
}`;
/** The caller of a project wrapper named like the SDK's method, and the SDK's method itself. */
const CALLS_ASKER = `${WRAPPER_IMPORTS}const asker = new Asker();
export async function deploy() {
  return asker.elicitInput(params);
}`;
const CALLS_SDK = `${WRAPPER_IMPORTS}export async function deploy() {
  return server.elicitInput(params);
}`;

const A_IMPORTS = `import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CreateMessageResultSchema, ElicitResultSchema, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { ELICIT } from "./deadline-wrappers.js";
declare const server: Server;
declare const params: { message: string; requestedSchema: { type: "object"; properties: {} } };
/** A transport of the project's own: generic, it knows nothing of people. */
interface Transport {
  request<T>(method: string, params: unknown, options?: { timeout?: number; signal?: AbortSignal }): Promise<T>;
  notify(method: string, params: unknown): Promise<void>;
}
declare const transport: Transport;
`;

const A_LOW_LEVEL = `${A_IMPORTS}export async function askUser(): Promise<ElicitResult> {
  return server.request({ method: "elicitation/create", params }, ElicitResultSchema);
}
export async function deploy() {
  const answer = await askUser();
  return answer.action;
}`;
const A_GENERIC = `${A_IMPORTS}export async function askUser(): Promise<ElicitResult> {
  return transport.request<ElicitResult>(ELICIT, params);
}`;
const A_GENERIC_NEVER = `${A_IMPORTS}const NO_TIMEOUT = Number.MAX_SAFE_INTEGER;
export async function askUser(): Promise<ElicitResult> {
  return transport.request<ElicitResult>(ELICIT, params, { timeout: NO_TIMEOUT });
}`;
const A_SEND_REQUEST = `${A_IMPORTS}import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerRequest, ServerNotification } from "@modelcontextprotocol/sdk/types.js";
export async function askUser(extra: RequestHandlerExtra<ServerRequest, ServerNotification>): Promise<ElicitResult> {
  return extra.sendRequest({ method: "elicitation/create", params }, ElicitResultSchema);
}`;
const A_HAND_ROLLED = `${A_IMPORTS}const pending = new Map<string, (answer: ElicitResult) => void>();
export function askUser(questionId: string): Promise<ElicitResult> {
  return new Promise((resolve) => { pending.set(questionId, resolve); });
}`;

typedRuleTester.run("require-deadline (typed, across files)", rule, {
  valid: [
    {
      name: "typed callers: a wrapper of another file that asks with no deadline is reported there, not at its callers",
      filename: TYPED_FILE,
      code: CALLS_ASK_USER,
    },
    {
      name: "typed callers: a wrapper of another file that asks with a deadline",
      filename: TYPED_FILE,
      code: `${WRAPPER_IMPORTS}export const deploy = async () => (await askUserInTime("Deploy?")).action;`,
    },
    {
      name: "typed callers: a hand-rolled wait in another file is its file's finding",
      filename: TYPED_FILE,
      code: `${WRAPPER_IMPORTS}export const deploy = async (id: string) => (await waitForAnswer(id)).action;`,
    },
    {
      name: "typed callers: another file's function that answers without asking anybody",
      filename: TYPED_FILE,
      code: `${WRAPPER_IMPORTS}export const deploy = async () => (await rememberedAnswer()).action;`,
    },
    {
      name: "typed callers: the project's own elicitInput, declared in another file with its deadline inside",
      filename: TYPED_FILE,
      code: CALLS_ASKER,
    },
    {
      name: "typed callers: a package's function answering with ElicitResult names no question the table knows",
      filename: TYPED_FILE,
      code: `${WRAPPER_IMPORTS}export const deploy = async () => (await askPerson("Deploy?")).action;`,
    },
    {
      name: "typed wrapper: the SDK's lower-level request with a deadline",
      filename: TYPED_FILE,
      code: `${A_IMPORTS}export async function askUser(): Promise<ElicitResult> {
  return server.request({ method: "elicitation/create", params }, ElicitResultSchema, { timeout: 300_000 });
}`,
    },
    {
      name: "typed wrapper: a generic transport asked with a deadline",
      filename: TYPED_FILE,
      code: `${A_IMPORTS}const FIVE_MINUTES = 5 * 60_000;
export async function askUser(): Promise<ElicitResult> {
  return transport.request<ElicitResult>(ELICIT, params, { timeout: FIVE_MINUTES });
}`,
    },
    {
      name: "typed wrapper: the lower-level request for another JSON-RPC method is no question",
      filename: TYPED_FILE,
      code: `${A_IMPORTS}export async function summarise() {
  return server.request({ method: "sampling/createMessage", params: { messages: [], maxTokens: 100 } }, CreateMessageResultSchema);
}`,
    },
    {
      name: "typed wrapper: declared to answer, but builds the answer without asking anybody",
      filename: TYPED_FILE,
      code: `${A_IMPORTS}export async function askUser(): Promise<ElicitResult> {
  await transport.notify("notifications/message", { text: "Declined by policy" });
  return { action: "decline" };
}`,
    },
    {
      name: "typed wrapper: a cached answer, read with options that take a signal, asks nobody",
      filename: TYPED_FILE,
      code: `${A_IMPORTS}interface AnswerCache { fetch(key: string, options?: { signal?: AbortSignal }): Promise<ElicitResult> }
declare const answers: AnswerCache;
const remembered = new Map<string, ElicitResult>();
export async function askUser(key: string, signal: AbortSignal): Promise<ElicitResult> {
  return remembered.get(key) ?? (await answers.fetch(key, { signal }));
}`,
    },
    {
      name: "typed wrapper: a generic request whose signature takes no options has nothing at the call to bound",
      filename: TYPED_FILE,
      code: `${A_IMPORTS}interface Rpc { call<T>(method: string, params: unknown): Promise<T> }
declare const rpc: Rpc;
export async function askUser(): Promise<ElicitResult> {
  return rpc.call<ElicitResult>(ELICIT, params);
}`,
    },
  ],
  invalid: [
    {
      name: "typed callers: the SDK's own elicitInput, declared in a package, is judged at the call",
      filename: TYPED_FILE,
      code: CALLS_SDK,
      errors: [
        error(CALLS_SDK, "elicitInput(params", "missingDeadline", { defaultDeadline: MCP_DEFAULT, fix: MCP_FIX }),
      ],
    },
    {
      name: "typed callers: a wrapper the user lists in humanWaitFunctions is judged at its calls",
      filename: TYPED_FILE,
      code: CALLS_ASK_USER,
      options: [{ humanWaitFunctions: [{ from: "file", name: "askUser", optionsArgIndex: 1 }] }] as never,
      errors: [error(CALLS_ASK_USER, "askUser(", "missingDeadline")],
    },
    {
      name: "typed wrapper: the SDK's lower-level request with no deadline, reported once, inside the wrapper",
      filename: TYPED_FILE,
      code: A_LOW_LEVEL,
      errors: [
        error(A_LOW_LEVEL, "request({", "missingDeadline", {
          defaultDeadline: "Gives up after 60 s, a default made for HTTP",
          fix: MCP_FIX,
        }),
      ],
    },
    {
      name: "typed wrapper: a generic transport asked for elicitation/create through an imported constant",
      filename: TYPED_FILE,
      code: A_GENERIC,
      errors: [
        error(A_GENERIC, "request<ElicitResult>", "missingDeadline", {
          defaultDeadline: "No known package bounds this wait",
          fix: MCP_FIX,
        }),
      ],
    },
    {
      name: "typed wrapper: a generic transport's timeout that never fires",
      filename: TYPED_FILE,
      code: A_GENERIC_NEVER,
      errors: [
        {
          messageId: "deadlineNeverFires" as never,
          data: { value: "NO_TIMEOUT" },
          line: locate(A_GENERIC_NEVER, "timeout: NO_TIMEOUT").line,
        },
      ],
    },
    {
      name: "typed wrapper: sendRequest for elicitation/create with no deadline",
      filename: TYPED_FILE,
      code: A_SEND_REQUEST,
      errors: [error(A_SEND_REQUEST, "sendRequest(", "missingDeadline")],
    },
    {
      name: "typed wrapper: declared to answer, it parks the question in a pending map with no timer or signal",
      filename: TYPED_FILE,
      code: A_HAND_ROLLED,
      errors: [error(A_HAND_ROLLED, "Promise((resolve)", "handRolledWait")],
    },
  ],
});

untypedRuleTester.run("require-deadline (untyped, across files)", rule, {
  valid: [],
  invalid: [
    {
      name: "untyped: without types the project's own elicitInput looks like the SDK's and is judged at the call",
      code: CALLS_ASKER,
      errors: [error(CALLS_ASKER, "elicitInput(params", "missingDeadline")],
    },
  ],
});

/** The helper as forward-abort-signal's suggestion writes it: it arms its timer only when a call gives `ms`. */
const ASK_WITHIN = `function askWithin<T>(ask: Promise<T>, { signal, ms, noAnswer }: { signal?: AbortSignal; ms?: number; noAnswer: () => T }): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stopWaiting = () => { settle(); resolve(noAnswer()); };
    const timer = ms === undefined ? undefined : setTimeout(stopWaiting, ms);
    const settle = () => { clearTimeout(timer); signal?.removeEventListener("abort", stopWaiting); };
    if (signal?.aborted) return stopWaiting();
    signal?.addEventListener("abort", stopWaiting, { once: true });
    ask.then((answer) => { settle(); resolve(answer); }, (error) => { settle(); reject(error); });
  });
}
`;
/** The same shape under other names: the delay is `timeoutMs`. */
const RACE_ANSWER = `function raceAnswer(ask, { signal, timeoutMs, fallback }) {
  return new Promise((resolve, reject) => {
    const stop = () => { done(); resolve(fallback()); };
    const timer = timeoutMs ? setTimeout(stop, timeoutMs) : undefined;
    const done = () => { clearTimeout(timer); signal?.removeEventListener("abort", stop); };
    signal?.addEventListener("abort", stop, { once: true });
    ask.then((answer) => { done(); resolve(answer); }, (error) => { done(); reject(error); });
  });
}
`;
/** Listens to the signal but has no timer at all: there is no delay to give it. */
const ASK_UNTIL_ABORT = `function askUntilAbort(ask, { signal, noAnswer }) {
  return new Promise((resolve, reject) => {
    const stop = () => resolve(noAnswer());
    signal.addEventListener("abort", stop, { once: true });
    ask.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}
`;
const ACP_CONNECTION = `declare const connection: {
  requestPermission(params: { sessionId: string }): Promise<{ outcome: { outcome: string } }>;
};
`;
const CANCELLED = `() => ({ outcome: { outcome: "cancelled" as const } })`;
const ASK_WITHIN_NO_MS = `${ACP_CONNECTION}${ASK_WITHIN}export async function ask(sessionId: string, signal: AbortSignal) {
  return askWithin(connection.requestPermission({ sessionId }), { signal, noAnswer: ${CANCELLED} });
}`;
const RACE_ANSWER_NO_DELAY = `${RACE_ANSWER}export async function ask(conn, sessionId, signal) {
  const pending = conn.requestPermission({ sessionId });
  return raceAnswer(pending, { signal, fallback: () => ({ outcome: { outcome: "cancelled" } }) });
}`;
const UNTIL_ABORT = `${ASK_UNTIL_ABORT}export async function ask(conn, sessionId, signal) {
  return askUntilAbort(conn.requestPermission({ sessionId }), { signal, noAnswer: () => ({ outcome: { outcome: "cancelled" } }) });
}`;
const MCP_IN_ASK_WITHIN = `${ASK_WITHIN}export async function ask(server, params, signal) {
  return askWithin(server.elicitInput(params), { signal, noAnswer: () => ({ action: "cancel" }) });
}`;

untypedRuleTester.run("require-deadline (a race helper called without its delay)", rule, {
  valid: [
    {
      name: "contrast: askWithin given ms has a deadline",
      code: `${ACP_CONNECTION}${ASK_WITHIN}export async function ask(sessionId: string, signal: AbortSignal) {
  return askWithin(connection.requestPermission({ sessionId }), { signal, ms: 120_000, noAnswer: ${CANCELLED} });
}`,
    },
    {
      name: "contrast: a helper whose delay is named timeoutMs, given it, has a deadline",
      code: `${RACE_ANSWER}export async function ask(conn, sessionId, signal) {
  return raceAnswer(conn.requestPermission({ sessionId }), { signal, timeoutMs: 120_000, fallback: () => null });
}`,
    },
  ],
  invalid: [
    {
      name: "askWithin without ms on an option-less ACP call: the advice is to give the helper ms, not to race again",
      code: ASK_WITHIN_NO_MS,
      errors: [
        error(ASK_WITHIN_NO_MS, "requestPermission({", "missingDeadline", {
          defaultDeadline: "`askWithin` without `ms` sets no timer, so this may wait forever",
          fix: "pass `ms: 120_000`",
        }),
      ],
    },
    {
      name: "a helper of the file called without its delay (timeoutMs), the ask held in a const first",
      code: RACE_ANSWER_NO_DELAY,
      errors: [
        error(RACE_ANSWER_NO_DELAY, "requestPermission", "missingDeadline", {
          defaultDeadline: "`raceAnswer` without `timeoutMs` sets no timer, so this may wait forever",
          fix: "pass `timeoutMs: 120_000`",
        }),
      ],
    },
    {
      name: "strict contrast: a helper that has no timer to give a delay to: the advice stays a race against a timer",
      code: UNTIL_ABORT,
      options: TIMED_PERMISSIONS,
      errors: [
        error(UNTIL_ABORT, "requestPermission", "cancelOnlyBound", {
          defaultDeadline: "Waits forever if nobody answers",
          fix: NO_OPTIONS_FIX,
        }),
      ],
    },
    {
      name: "contrast: an MCP call inside askWithin without ms: the deadline belongs on the call, which withdraws it",
      code: MCP_IN_ASK_WITHIN,
      errors: [
        error(MCP_IN_ASK_WITHIN, "elicitInput", "missingDeadline", { defaultDeadline: MCP_DEFAULT, fix: MCP_FIX }),
      ],
    },
  ],
});

/** The deadline a person gets, as a project or `migrate --deadline-ms` sets it: 300 s. */
const WITH_DEADLINE = [{ deadlineMs: 300000 }] as const;
/** The import that ties `server.elicitInput` to the MCP SDK: without one, no edit writes the SDK's options. */
const MCP_IMPORT = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n`;
const MCP_NO_DEADLINE = `${MCP_IMPORT}export async function deploy(server, params) {
  return server.elicitInput(params);
}`;
/** The same call in a file that imports no package of MCP: a project's own `elicitInput` looks the same. */
const OWN_ELICIT_INPUT = `export async function deploy(server, params) {
  return server.elicitInput(params);
}`;
const ACP_IMPORT = `import { methods } from "@agentclientprotocol/sdk";\n`;
const ACP2_KEEPS_WAITING = `${ACP_IMPORT}const response = await client.request("session/request_permission", params, { cancellationSignal: AbortSignal.timeout(120_000) });`;
const PARKED_NO_SIGNAL = `const pendingElicitations = new Map();
function waitForElicitation(requestId) {
  return new Promise((resolve) => pendingElicitations.set(requestId, resolve));
}`;
const OPTIONS_SPREAD = `export async function deploy(server, params, base) {
  return server.elicitInput(params, { ...base });
}`;

untypedRuleTester.run("require-deadline (deadlineMs: the edit the deadline codemod writes)", rule, {
  valid: [],
  invalid: [
    // The deadline as the file's language writes it: TypeScript (the tester's default file) always with separators.
    ...(
      [
        ["TypeScript", "file.ts", undefined, "300_000"],
        ["a JavaScript file at ESLint's default ecmaVersion, latest", "deploy.js", "latest", "300_000"],
        ["a JavaScript file at ecmaVersion 2021, the edition with numeric separators", "deploy.js", 2021, "300_000"],
        ["a JavaScript file at ecmaVersion 12, the same edition by number", "deploy.js", 12, "300_000"],
        ["a JavaScript file at ecmaVersion 2020, whose parser reads no numeric separator", "deploy.js", 2020, "300000"],
      ] as const
    ).map(([why, filename, ecmaVersion, written]) => ({
      name: `deadlineMs, in ${why}: an MCP call without a deadline is offered that deadline as its timeout, ${written}`,
      code: MCP_NO_DEADLINE,
      filename,
      // Passed to ESLint whole; @typescript-eslint/rule-tester 8.72.0's type (TestLanguageOptions) lists no ecmaVersion.
      ...(ecmaVersion === undefined ? {} : { languageOptions: { ecmaVersion } as never }),
      options: WITH_DEADLINE as never,
      errors: [
        {
          ...error(MCP_NO_DEADLINE, "elicitInput", "missingDeadline", { defaultDeadline: MCP_DEFAULT, fix: MCP_FIX }),
          suggestions: [
            {
              messageId: "giveDeadline" as never,
              data: { seconds: "300" },
              output: `${MCP_IMPORT}export async function deploy(server, params) {\n  return server.elicitInput(params, { timeout: ${written} });\n}`,
            },
          ],
        },
      ],
    })),
    {
      name: "deadlineMs contrast: in a file that imports no MCP package the call is reported, but no edit writes the SDK's options",
      code: OWN_ELICIT_INPUT,
      options: WITH_DEADLINE as never,
      errors: [
        {
          ...error(OWN_ELICIT_INPUT, "elicitInput", "missingDeadline", { defaultDeadline: MCP_DEFAULT, fix: MCP_FIX }),
          suggestions: [],
        },
      ],
    },
    {
      name: "contrast: the same call without deadlineMs is reported with no edit, the deadline being yours to choose",
      code: MCP_NO_DEADLINE,
      errors: [
        {
          ...error(MCP_NO_DEADLINE, "elicitInput", "missingDeadline", { defaultDeadline: MCP_DEFAULT, fix: MCP_FIX }),
          suggestions: [],
        },
      ],
    },
    {
      name: "deadlineMs: an ACP 2.x timer signal that keeps waiting is offered stopWaitingOnCancel: true",
      code: ACP2_KEEPS_WAITING,
      options: WITH_DEADLINE as never,
      errors: [
        {
          ...error(ACP2_KEEPS_WAITING, "request(", "deadlineKeepsWaiting"),
          suggestions: [
            {
              messageId: "stopOnTimeout" as never,
              output: `${ACP_IMPORT}const response = await client.request("session/request_permission", params, {
  cancellationSignal: AbortSignal.timeout(120_000),
  stopWaitingOnCancel: true,
});`,
            },
          ],
        },
      ],
    },
    {
      name: "contrast: the same timer signal without deadlineMs is reported with no edit",
      code: ACP2_KEEPS_WAITING,
      errors: [{ ...error(ACP2_KEEPS_WAITING, "request(", "deadlineKeepsWaiting"), suggestions: [] }],
    },
    {
      name: "deadlineMs contrast: options that spread another object get no edit, which may set a deadline of its own",
      code: OPTIONS_SPREAD,
      options: [{ deadlineMs: 300000, reportOpaqueOptions: true }] as never,
      errors: [{ ...error(OPTIONS_SPREAD, "elicitInput", "opaqueOptions"), suggestions: [] }],
    },
    {
      name: "deadlineMs contrast: a parked promise with no caller's signal in reach gets no edit",
      code: PARKED_NO_SIGNAL,
      options: WITH_DEADLINE as never,
      errors: [{ ...error(PARKED_NO_SIGNAL, "Promise", "handRolledWait"), suggestions: [] }],
    },
  ],
});

/** A question sent by hand: its answer parked under the request's id, a timer that gives up on it, no withdrawal. */
const SENT_BY_HAND = `export class Session {
  pending = new Map();
  async askUser(params) {
    const id = crypto.randomUUID();
    let timer;
    const answer = new Promise((resolve, reject) => {
      timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error("no answer in time"));
      }, 300_000);
      this.pending.set(id, {
        resolve: (result) => { clearTimeout(timer); this.pending.delete(id); resolve(result); },
        reject: (error) => { clearTimeout(timer); this.pending.delete(id); reject(error); },
      });
    });
    await this.transport.send({ jsonrpc: "2.0", id, method: "elicitation/create", params });
    return answer;
  }
}`;
const WITHDRAWN_ON_TIMEOUT = SENT_BY_HAND.replace(
  "        this.pending.delete(id);\n        reject(",
  `        this.pending.delete(id);
        void this.transport.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id } });
        reject(`,
);
const WITHDRAWN_BY_A_CANCEL = SENT_BY_HAND.replace(
  "        this.pending.delete(id);\n        reject(",
  "        this.cancelRequest(id);\n        reject(",
);

untypedRuleTester.run("require-deadline (a question sent by hand, given up by a timer)", rule, {
  valid: [
    {
      name: "contrast: the timer withdraws the question with a cancel notification for its id",
      code: WITHDRAWN_ON_TIMEOUT,
    },
    {
      name: "contrast: the timer hands the id to the code's own cancel",
      code: WITHDRAWN_BY_A_CANCEL,
    },
    {
      name: "contrast: the same timer on a ping asks nobody",
      code: SENT_BY_HAND.replace('method: "elicitation/create"', 'method: "ping"').replace("askUser", "ping"),
    },
  ],
  invalid: [
    {
      name: "a question sent by hand, whose timer rejects and leaves it on the client's screen",
      code: SENT_BY_HAND,
      errors: [
        {
          messageId: "timeoutLeavesQuestionOpen",
          data: { notification: "notifications/cancelled" },
          ...locate(SENT_BY_HAND, "setTimeout"),
          endColumn: locate(SENT_BY_HAND, "setTimeout").column + "setTimeout".length,
        },
      ],
    },
    {
      name: "settlers wrapped with their clean-up are parked settlers too: with no timer, the wait is forever",
      code: SENT_BY_HAND.replace(/ {6}timer = setTimeout\([^]*?\}, 300_000\);\n/, ""),
      errors: [
        {
          ...error(
            SENT_BY_HAND.replace(/ {6}timer = setTimeout\([^]*?\}, 300_000\);\n/, ""),
            "Promise",
            "handRolledWait",
          ),
          suggestions: [],
        },
      ],
    },
  ],
});
