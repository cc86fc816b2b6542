import rule, { type MessageIds } from "./index.ts";
import { describe, expect, it } from "vitest";
import { compilePendingPatterns, textMayContainSessionKeyedPending, toSnakeName } from "./pending-names.ts";
import { TYPED_FILE, typedRuleTester, untypedRuleTester } from "../../test/rule-tester.ts";
import type { RunTests } from "@typescript-eslint/rule-tester";
import type { TSESLint } from "@typescript-eslint/utils";

type RuleOptions = typeof rule extends TSESLint.RuleModule<MessageIds, infer O> ? O : never;
/** The cases of one RuleTester run, kept in a const so the text gate's test can read every invalid one. */
type Cases = RunTests<MessageIds, RuleOptions>;

const SESSION = "Questions in one session";
const TOOL_CALL = "Questions of one tool call";
const SERVER = "Questions through one server";
const THREAD = "Questions in one thread";

/** The data every report carries: the key as written and who shares it. */
function shared(key: string, sharedBy: string): { messageId: MessageIds; data: Record<string, string> } {
  return { messageId: "sessionKeyedPending", data: { key, sharedBy } };
}

const CASES: Cases = {
  valid: [
    {
      name: "inline await: no store at all, the SDK correlates the answer",
      code: `
server.registerTool("create_ticket", {}, async (args, extra) => {
  const result = await server.server.elicitInput({ message: "Priority?", requestedSchema });
  return result;
});`,
    },
    {
      name: "keyed by the outbound request's id",
      code: `
const pending = new Map();
function ask(requestId, sessionId) {
  return new Promise((resolve) => pending.set(requestId, resolve));
}`,
    },
    {
      name: "keyed by the elicitation id",
      code: `
const pending = new Map();
const ask = (elicitationId, sessionId) => new Promise((resolve, reject) => { pending.set(elicitationId, { resolve, reject }); });`,
    },
    {
      name: "keyed by a member request id (`request.id`, `elicitation.id`)",
      code: `
function track(request, elicitation, sessionId, resolve) {
  waiters.set(request.id, resolve);
  waiters.set(elicitation.id, resolve);
}`,
    },
    {
      name: "keyed by randomUUID() and crypto.randomUUID()",
      code: `
import { randomUUID } from "node:crypto";
const pending = new Map();
function ask(sessionId) {
  return new Promise((resolve) => {
    pending.set(randomUUID(), resolve);
    pending.set(crypto.randomUUID(), { resolve, sessionId });
  });
}`,
    },
    {
      name: "keyed by a counter (`nextId++`, `const id = ++this.seq`)",
      code: `
class Dispatcher {
  seq = 0;
  pending = new Map();
  ask(sessionId) {
    const id = ++this.seq;
    return new Promise((resolve) => { this.pending.set(id, resolve); this.pending[nextId++] = resolve; });
  }
}`,
    },
    {
      name: "template literal that includes the request id",
      code: `
const pending = new Map();
function ask(sessionId, requestId) {
  return new Promise((resolve) => pending.set(\`\${sessionId}:\${requestId}\`, resolve));
}`,
    },
    {
      name: "template literal that includes a fresh UUID",
      code: `
const pending = new Map();
function ask(sessionId) {
  return new Promise((resolve) => pending.set(\`\${sessionId}/\${crypto.randomUUID()}\`, resolve));
}`,
    },
    {
      name: "the seed's correct store: keyed by request id, value carries the tool call and session",
      code: `
const pending = new Map();
function remember(requestId, toolCallId, sessionId, resume) {
  pending.set(requestId, { toolCallId, sessionId, startedAt: Date.now(), resume });
}`,
    },
    {
      name: "per-session flag",
      code: `
const pending = new Map();
function mark(sessionId) { pending.set(sessionId, true); }`,
    },
    {
      name: "per-session retry marker",
      code: `
const retries = {};
function retry(extra, attempts) { retries[extra.sessionId] = attempts + 1; }`,
    },
    {
      name: "per-session cache of a settled answer",
      code: `
const cache = new Map();
async function remember(sessionId) {
  const result = await server.elicitInput({ message: "Name?", requestedSchema });
  cache.set(sessionId, result);
  cache.set(sessionId, { action: result.action, at: Date.now() });
}`,
    },
    {
      name: "reads: get, has, delete, and calling what get returns",
      code: `
const pending = new Map();
function answer(sessionId, result) {
  if (!pending.has(sessionId)) return;
  const resolve = pending.get(sessionId);
  pending.delete(sessionId);
  pending.get(sessionId)?.(result);
  const waiter = pending[sessionId];
  resolve(result);
}`,
    },
    {
      name: "a stored promise (dedup of in-flight work per server) is not a waiter",
      code: `
const pendingConnections = new Map();
function connectOnce(serverName) {
  const connectPromise = connect(serverName);
  pendingConnections.set(serverName, connectPromise);
  pendingConnections.set(serverName, new Promise((resolve) => { resolve(connect(serverName)); }));
  return connectPromise;
}`,
    },
    {
      name: "opaque value in a store that is not named as a pending store",
      code: `
const listeners = new Map();
function on(sessionId, handler) { listeners.set(sessionId, handler); }`,
    },
    {
      name: "a call whose name merely contains resolve is not a waiter",
      code: `
const paths = new Map();
function remember(sessionId, base) { paths.set(sessionId, resolvePath(base)); }`,
    },
    {
      name: "key that names the session but ends in a request id",
      code: `
const pending = new Map();
function ask(sessionRequestId) {
  return new Promise((resolve) => pending.set(sessionRequestId, resolve));
}`,
    },
    {
      name: "key whose name is neither shared nor per-question",
      code: `
const pending = new Map();
function ask(key, sessionId) {
  return new Promise((resolve) => pending.set(key, resolve));
}`,
    },
    {
      name: "a reassigned let is not traced",
      code: `
const pending = new Map();
function ask(extra) {
  let key = extra.sessionId;
  key = makeKey();
  return new Promise((resolve) => pending.set(key, resolve));
}`,
    },
    {
      name: "compound assignment is not a store of a waiter",
      code: `
const counts = {};
function bump(sessionId) { counts[sessionId] += 1; }`,
    },
    {
      name: "a key outside the configured names (a user id) is not reported",
      code: `
const pending = new Map();
function ask(userId) {
  return new Promise((resolve) => pending.set(userId, resolve));
}`,
    },
    {
      name: "Reflect.set with three arguments is not a store write we read",
      code: `
function ask(target, sessionId) {
  return new Promise((resolve) => Reflect.set(target, sessionId, resolve));
}`,
    },
    {
      name: "a session registry whose entry's lifecycle callbacks settle a connect deferred",
      code: `
class Sessions {
  sessions = new Map();
  createSession(sessionId) {
    const defer = createDefer();
    this.sessions.set(sessionId, { connected: () => defer.resolve(), fail(error) { defer.reject(error); } });
    return defer;
  }
}`,
    },
    {
      name: "waits for the session's own connect, once per session",
      code: `
const connectWaiters = new Map();
function waitForBrowser(sessionId, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
    connectWaiters.set(sessionId, { resolve, reject, timer });
  });
}`,
    },
    {
      name: "waits for a tool call's own result, once per tool call",
      code: `
class Bridge {
  pendingToolCalls = new Map();
  runTool(toolCallId, args) {
    this.post({ toolCallId, args });
    return new Promise((resolve, reject) => { this.pendingToolCalls.set(toolCallId, { resolve, reject }); });
  }
}`,
    },
    {
      name: "a store of sessions keyed by the session's own id waits for the session (its name says what it holds)",
      code: `
class Hub {
  sessionsById = new Map();
  attach(sessionId) {
    return new Promise((resolve) => { this.sessionsById.set(sessionId, { resolve }); });
  }
}`,
    },
    {
      name: "a variable named sessionId that is minted fresh per request",
      code: `
const resolvers = new Map();
function callMain(method) {
  const sessionId = uuid.v4();
  send({ sessionId, method });
  return new Promise((resolve, reject) => { resolvers.set(sessionId, { resolve, reject }); });
}`,
    },
    {
      name: "an object literal with a computed key but no spread is not a store write",
      code: `
function ask(sessionId) {
  return new Promise((resolve) => send({ [sessionId]: resolve }));
}`,
    },
    {
      name: "a copy-on-write store keyed by the request id",
      code: `
function ask(setPending, requestId, sessionId) {
  return new Promise((resolve) => setPending((prev) => ({ ...prev, [requestId]: { resolve, sessionId } })));
}`,
    },
    {
      name: "a custom per-question pattern wins over the shared-key pattern",
      code: `
const pending = new Map();
function ask(callId) {
  return new Promise((resolve) => pending.set(callId, resolve));
}`,
      options: [{ perQuestionKeyPattern: "^call_id$" }],
    },
    {
      // Seen in an agent's task runner: one detach signal per running session, and nothing in the file asks anybody.
      name: "a per-session detach signal in a store with no name, in a file that asks nobody",
      code: `
const state = Instance.state(() => new Map());
export function register(sessionID) {
  return new Promise((resolve) => {
    state().set(sessionID, { resolve });
  });
}`,
    },
    {
      // Seen in a file-transfer app: the pairing of one device session, not a question asked inside it.
      name: "a device pairing keyed by its session, in a file that asks nobody",
      code: `
class Transfer {
  _pendingPairReqs = new Map();
  pair(sessionId) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("Pairing timed out")), 90000);
      this._pendingPairReqs.set(sessionId, { resolve, reject, timer });
    });
  }
}`,
    },
  ],
  invalid: [
    {
      name: "a store named after its key (`pendingBySession`) holds questions all the same",
      code: `
const pendingBySession = new Map();
function askUser(sessionId, message) {
  return new Promise((resolve) => { pendingBySession.set(sessionId, { resolve, message }); });
}`,
      errors: [shared("sessionId", SESSION)],
    },
    {
      name: "a store named after its key holds what the file's question parks, even when the value is opaque",
      code: `
const waitersPerThread = new Map();
function park(threadId, waiter) {
  waitersPerThread.set(threadId, waiter);
}
async function confirm(server, threadId) {
  const answer = await server.elicitInput({ message: "Go?", requestedSchema: { type: "object", properties: {} } });
  waitersPerThread.get(threadId)?.(answer);
}`,
      errors: [shared("threadId", THREAD)],
    },
    {
      name: "Map#set of the Promise executor's resolve under sessionId",
      code: `
const pending = new Map();
function ask(sessionId) {
  return new Promise((resolve) => {
    pending.set(sessionId, resolve);
  });
}`,
      errors: [{ ...shared("sessionId", SESSION), line: 5, column: 17, endLine: 5, endColumn: 26 }],
    },
    {
      name: "extra.sessionId with { resolve, reject }",
      code: `
const pending = new Map();
server.registerTool("t", {}, (args, extra) =>
  new Promise((resolve, reject) => pending.set(extra.sessionId, { resolve, reject })));`,
      errors: [{ ...shared("extra.sessionId", SESSION), line: 4, column: 48, endLine: 4, endColumn: 63 }],
    },
    {
      name: "the seed's shape: class field indexed by session id holding a future",
      code: `
class Dispatcher {
  _awaiting = {};
  ask(session_id) {
    const future = new Future();
    this._awaiting[session_id] = future;
    return future;
  }
}`,
      errors: [{ ...shared("session_id", SESSION), line: 6, column: 20, endLine: 6, endColumn: 30 }],
    },
    {
      name: "session.id key with new Deferred()",
      code: `
const waiters = new Map();
function ask(session) {
  const deferred = new Deferred();
  waiters.set(session.id, deferred);
  return deferred.promise;
}`,
      errors: [{ ...shared("session.id", SESSION), line: 5, column: 15, endLine: 5, endColumn: 25 }],
    },
    {
      name: "params.sessionId with Promise.withResolvers()",
      code: `
const pending = new Map();
function onPrompt(params) {
  const entry = Promise.withResolvers();
  pending.set(params.sessionId, entry);
  return entry.promise;
}`,
      errors: [{ ...shared("params.sessionId", SESSION), line: 5, column: 15, endLine: 5, endColumn: 31 }],
    },
    {
      name: "toolCallId with { resolve, reject, timer }",
      code: `
const pending = new Map();
function ask(toolCallId) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), 1000);
    pending.set(toolCallId, { resolve, reject, timer });
  });
}`,
      errors: [{ ...shared("toolCallId", TOOL_CALL), line: 6, column: 17, endLine: 6, endColumn: 27 }],
    },
    {
      name: "toolUseId with an executor parameter not named resolve",
      code: `
const waiting = new Map();
const ask = (toolUseId) => new Promise((done) => waiting.set(toolUseId, done));`,
      errors: [{ ...shared("toolUseId", TOOL_CALL), line: 3, column: 62, endLine: 3, endColumn: 71 }],
    },
    {
      name: "callId into a module-level Record",
      code: `
const waiters: Record<string, (value: unknown) => void> = {};
function ask(callId: string) {
  return new Promise((resolve) => { waiters[callId] = resolve; });
}`,
      errors: [{ ...shared("callId", TOOL_CALL), line: 4, column: 45, endLine: 4, endColumn: 51 }],
    },
    {
      name: "threadId into an object index",
      code: `
const waiters = {};
function ask(threadId) {
  return new Promise((resolve) => { waiters[threadId] = resolve; });
}`,
      errors: [{ ...shared("threadId", THREAD), line: 4, column: 45, endLine: 4, endColumn: 53 }],
    },
    {
      name: "serverName with createDeferred()",
      code: `
const pending = new Map();
function ask(serverName) {
  pending.set(serverName, createDeferred());
}`,
      errors: [{ ...shared("serverName", SERVER), line: 4, column: 15, endLine: 4, endColumn: 25 }],
    },
    {
      name: "template literal built only from a session id and a tool-call id",
      code: `
const pending = new Map();
function ask(sessionId, toolCallId) {
  return new Promise((resolve) => pending.set(\`\${sessionId}:\${toolCallId}\`, resolve));
}`,
      errors: [{ ...shared("`${sessionId}:${toolCallId}`", SESSION), line: 4, column: 47, endLine: 4, endColumn: 75 }],
    },
    {
      name: "string concatenation of a session id and a tool-call id",
      code: `
const pending = new Map();
function ask(sessionId, toolCallId) {
  return new Promise((resolve) => pending.set(sessionId + ":" + toolCallId, resolve));
}`,
      errors: [{ ...shared('sessionId + ":" + toolCallId', SESSION), line: 4, column: 47, endLine: 4, endColumn: 75 }],
    },
    {
      name: "WeakMap keyed by the session object",
      code: `
const waiters = new WeakMap();
function ask(session) {
  return new Promise((resolve) => waiters.set(session, resolve));
}`,
      errors: [{ ...shared("session", SESSION), line: 4, column: 47, endLine: 4, endColumn: 54 }],
    },
    {
      name: "a const key traced to extra.sessionId",
      code: `
const pending = new Map();
function ask(extra) {
  const key = extra.sessionId;
  return new Promise((resolve) => pending.set(key, resolve));
}`,
      errors: [{ ...shared("key", SESSION), line: 5, column: 47, endLine: 5, endColumn: 50 }],
    },
    {
      name: "a destructured, renamed session id",
      code: `
const pending = new Map();
function ask(extra) {
  const { sessionId: sid } = extra;
  return new Promise((resolve) => pending.set(sid, resolve));
}`,
      errors: [{ ...shared("sid", SESSION), line: 5, column: 47, endLine: 5, endColumn: 50 }],
    },
    {
      name: "a session id with a constant fallback",
      code: `
const pending = new Map();
function ask(extra) {
  return new Promise((resolve) => pending.set(extra.sessionId ?? "default", resolve));
}`,
      errors: [{ ...shared('extra.sessionId ?? "default"', SESSION), line: 4, column: 47, endLine: 4, endColumn: 75 }],
    },
    {
      name: "a continuation that settles the executor's resolve",
      code: `
const pending = new Map();
function ask(sessionId) {
  return new Promise((resolve) => pending.set(sessionId, (answer) => resolve(answer)));
}`,
      errors: [{ ...shared("sessionId", SESSION), line: 4, column: 47, endLine: 4, endColumn: 56 }],
    },
    {
      name: "opaque value in a store named as a pending store",
      code: `
const pendingElicitations = new Map();
function track(sessionId, entry) { pendingElicitations.set(sessionId, entry); }`,
      errors: [{ ...shared("sessionId", SESSION), line: 3, column: 60, endLine: 3, endColumn: 69 }],
    },
    {
      name: "ACP params.toolCall.toolCallId with a resolver bound by bind()",
      code: `
const pending = new Map();
function onPermission(params) {
  return new Promise((resolve) => pending.set(params.toolCall.toolCallId, resolve.bind(null)));
}`,
      errors: [{ ...shared("params.toolCall.toolCallId", TOOL_CALL), line: 4, column: 47, endLine: 4, endColumn: 73 }],
    },
    {
      name: "a private class field store, String(sessionId) key",
      code: `
class Asker {
  #pending = new Map();
  ask(sessionId) {
    return new Promise((resolve, reject) => this.#pending.set(String(sessionId), { resolve, reject }));
  }
}`,
      errors: [{ ...shared("String(sessionId)", SESSION), line: 5, column: 63, endLine: 5, endColumn: 80 }],
    },
    {
      name: "an entry object carrying a deferred",
      code: `
const pending = new Map();
function ask(toolCallId) {
  const deferred = pDefer();
  pending.set(toolCallId, { deferred, startedAt: Date.now() });
  return deferred.promise;
}`,
      errors: [{ ...shared("toolCallId", TOOL_CALL), line: 5, column: 15, endLine: 5, endColumn: 25 }],
    },
    {
      name: "destructured resolve of Promise.withResolvers under a renamed binding",
      code: `
const pending = new Map();
function ask(sessionId) {
  const { promise, resolve: done } = Promise.withResolvers();
  pending.set(sessionId, done);
  return promise;
}`,
      errors: [{ ...shared("sessionId", SESSION), line: 5, column: 15, endLine: 5, endColumn: 24 }],
    },
    {
      name: "snake_case member key on self (ported from Python)",
      code: `
class Server {
  constructor() { this.awaiting = {}; }
  ask(ctx) {
    return new Promise((resolve) => { this.awaiting[ctx.session_id] = resolve; });
  }
}`,
      errors: [{ ...shared("ctx.session_id", SESSION), line: 5, column: 53, endLine: 5, endColumn: 67 }],
    },
    {
      name: "two writes in one file, both reported",
      code: `
const pending = new Map();
function ask(sessionId, threadId) {
  return new Promise((resolve) => { pending.set(sessionId, resolve); pending.set(threadId, resolve); });
}`,
      errors: [
        { ...shared("sessionId", SESSION), line: 4, column: 49, endLine: 4, endColumn: 58 },
        { ...shared("threadId", THREAD), line: 4, column: 82, endLine: 4, endColumn: 90 },
      ],
    },
    {
      name: "a pending entry carrying a continuation that settles the executor's resolve",
      code: `
const pending = new Map();
function ask(sessionId) {
  return new Promise((resolve) => pending.set(sessionId, { onAnswer: (answer) => resolve(answer) }));
}`,
      errors: [{ ...shared("sessionId", SESSION), line: 4, column: 47, endLine: 4, endColumn: 56 }],
    },
    {
      name: "a session registry entry that holds the resolver itself",
      code: `
const sessions = new Map();
function ask(sessionId) {
  return new Promise((resolve) => sessions.set(sessionId, { pendingPermission: resolve }));
}`,
      errors: [{ ...shared("sessionId", SESSION), line: 4, column: 48, endLine: 4, endColumn: 57 }],
    },
    {
      name: "permission approvals keyed by the tool-call id (one call may ask twice)",
      code: `
const pendingApprovals = new Map();
export function requestApproval(toolCallId, toolName) {
  return new Promise((resolve) => { pendingApprovals.set(toolCallId, { resolve, toolName }); });
}`,
      errors: [{ ...shared("toolCallId", TOOL_CALL), line: 4, column: 58, endLine: 4, endColumn: 68 }],
    },
    {
      name: "a question word in the entry outweighs a lifecycle word in the function name",
      code: `
const pending = new Map();
function startTurn(sessionId) {
  return new Promise((resolve) => pending.set(sessionId, { resolve, question: "Priority?" }));
}`,
      errors: [{ ...shared("sessionId", SESSION), line: 4, column: 47, endLine: 4, endColumn: 56 }],
    },
    {
      name: "a copy-on-write store: { ...prev, [toolCallId]: { resolve, reject } }",
      code: `
function useAsk(setPending) {
  return (toolCallId) =>
    new Promise((resolve, reject) => setPending((prev) => ({ ...prev, [toolCallId]: { resolve, reject } })));
}`,
      errors: [{ ...shared("toolCallId", TOOL_CALL), line: 4, column: 72, endLine: 4, endColumn: 82 }],
    },
    {
      name: "a custom key-name pattern (tenant ids) is checked even without session words",
      code: `
const pending = new Map();
function ask(tenantId) {
  return new Promise((resolve) => pending.set(tenantId, resolve));
}`,
      options: [{ keyNamePattern: "(?:^|_)tenant_id$" }],
      errors: [{ ...shared("tenantId", "Concurrent questions"), line: 4, column: 47, endLine: 4, endColumn: 55 }],
    },
    {
      name: "a custom store-name pattern makes an opaque value count",
      code: `
const inbox = new Map();
function track(sessionId, entry) { inbox.set(sessionId, entry); }`,
      options: [{ storeNamePattern: "^inbox$" }],
      errors: [{ ...shared("sessionId", SESSION), line: 3, column: 46, endLine: 3, endColumn: 55 }],
    },
    {
      name: "a store whose names say nothing, in a file that asks a person, is still reported",
      code: `
const relay = new Map();
async function forward(sessionId, params) {
  const answered = new Promise((resolve) => relay.set(sessionId, resolve));
  server.server.elicitInput(params).then((answer) => relay.get(sessionId)?.(answer));
  return answered;
}`,
      errors: [{ ...shared("sessionId", SESSION), line: 4, column: 55, endLine: 4, endColumn: 64 }],
    },
  ],
};
untypedRuleTester.run("no-session-keyed-pending", rule, CASES);

const TYPED_CASES: Cases = {
  valid: [
    {
      name: "typed: a key typed as a request id is per-question",
      filename: TYPED_FILE,
      code: `
type RequestId = string | number;
const pending = new Map<RequestId, (value: unknown) => void>();
export function ask(ref: RequestId, sessionId: string) {
  return new Promise((resolve) => pending.set(ref, resolve));
}`,
    },
    {
      name: "typed: a plain string key with an unrelated name",
      filename: TYPED_FILE,
      code: `
const pending = new Map<string, (value: unknown) => void>();
export function ask(ref: string, sessionId: string) {
  return new Promise((resolve) => pending.set(ref, resolve));
}`,
    },
  ],
  invalid: [
    {
      name: "typed: a parameter declared as a SessionId alias of string",
      filename: TYPED_FILE,
      code: `
type SessionId = string;
const pending = new Map<string, (value: unknown) => void>();
export function ask(sid: SessionId) {
  return new Promise((resolve) => pending.set(sid, resolve));
}`,
      errors: [{ ...shared("sid", SESSION), line: 5, column: 47, endLine: 5, endColumn: 50 }],
    },
    {
      name: "typed: a property declared as a branded ToolCallId",
      filename: TYPED_FILE,
      code: `
type ToolCallId = string & { readonly brand: "ToolCallId" };
interface Job { ref: ToolCallId }
const waiters: Record<string, (value: unknown) => void> = {};
export function ask(job: Job) {
  return new Promise((resolve) => { waiters[job.ref] = resolve; });
}`,
      errors: [{ ...shared("job.ref", TOOL_CALL), line: 6, column: 45, endLine: 6, endColumn: 52 }],
    },
    {
      name: "typed: still reports untyped shapes",
      filename: TYPED_FILE,
      code: `
const pending = new Map<string, { resolve: (value: unknown) => void }>();
export function ask(sessionId: string) {
  return new Promise((resolve) => pending.set(sessionId, { resolve }));
}`,
      errors: [{ ...shared("sessionId", SESSION), line: 4, column: 47, endLine: 4, endColumn: 56 }],
    },
  ],
};
typedRuleTester.run("no-session-keyed-pending (typed)", rule, TYPED_CASES);

describe("no-session-keyed-pending helpers", () => {
  it("reads every spelling of a name in snake_case", () => {
    expect(
      ["sessionId", "session_id", "SESSION_ID", "MCPSessionId", "_toolCallId", "tool-use-id"].map(toSnakeName),
    ).toEqual(["session_id", "session_id", "session_id", "mcp_session_id", "tool_call_id", "tool_use_id"]);
  });

  it("skips a file with no waiter words, and with default keys a file with no session words", () => {
    const both = { checkWaiterWords: true, checkKeyWords: true };
    expect(textMayContainSessionKeyedPending("cache.set(userId, value)", both)).toBe(false);
    expect(textMayContainSessionKeyedPending("new Promise((r) => waiters.set(userId, r))", both)).toBe(false);
    expect(textMayContainSessionKeyedPending("new Promise((r) => waiters.set(sessionId, r))", both)).toBe(true);
    expect(
      textMayContainSessionKeyedPending("new Promise((r) => waiters.set(tenantId, r))", {
        ...both,
        checkKeyWords: false,
      }),
    ).toBe(true);
  });

  it("names the option when a pattern is not a valid regular expression", () => {
    expect(() => compilePendingPatterns({ storeNamePattern: "(" })).toThrow(
      /option storeNamePattern is not a valid regular expression/,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Real code (#13): a tool-call id that is sent as the question's own id and read back by it

const REAL_CODE_CASES: Cases = {
  valid: [
    {
      name: "echoed id: store.set(args.toolCallId) sent as approvalId and read back by store.get(args.approvalId)",
      code: `const approvals = new Map();
export async function requestApproval(args, client) {
  const answer = new Promise((resolve) => approvals.set(args.toolCallId, resolve));
  await client.notify("approval/request", { approvalId: args.toolCallId, message: args.message });
  return answer;
}
export function onApproval(args) {
  approvals.get(args.approvalId)?.(args.decision);
  approvals.delete(args.approvalId);
}`,
    },
  ],
  invalid: [
    {
      name: "echoed id: sent as approvalId but the answer is looked up by the session, so the slot is shared",
      code: `const approvals = new Map();
export async function requestApproval(args, client) {
  const answer = new Promise((resolve) => approvals.set(args.toolCallId, resolve));
  await client.notify("approval/request", { approvalId: args.toolCallId, message: args.message });
  return answer;
}
export function onApproval(args) {
  approvals.get(args.toolCallId)?.(args.decision);
}`,
      errors: [{ messageId: "sessionKeyedPending", line: 3 }],
    },
    {
      name: "echoed id: read back by approvalId but never sent as one",
      code: `const approvals = new Map();
export async function requestApproval(args, client) {
  const answer = new Promise((resolve) => approvals.set(args.toolCallId, resolve));
  await client.notify("approval/request", { message: args.message });
  return answer;
}
export function onApproval(args) {
  approvals.get(args.approvalId)?.(args.decision);
}`,
      errors: [{ messageId: "sessionKeyedPending", line: 3 }],
    },
  ],
};
untypedRuleTester.run("no-session-keyed-pending (real code)", rule, REAL_CODE_CASES);

// ---------------------------------------------------------------------------------------------------------------
// The text gate: files that cannot report are skipped before a single node is walked, and no finding is lost.

/** Ordinary modules that mention a `Promise` and a server or connection, and hold no pending answer. */
const ORDINARY_FILES: Record<string, string> = {
  "an HTTP server that wraps listen() in a Promise": `import http from "node:http";

export function startServer(port: number): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    response.setHeader("content-type", "text/plain");
    response.end("ok");
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => resolve(server));
  });
}`,
  "a fetch helper that waits before retrying a busy server": `export async function fetchWithRetry(url: string, attempts = 3): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url);
    if (response.status < 500 || attempt === attempts) return response;
    // The server is busy: wait a little and try again.
    await new Promise((resolve) => setTimeout(resolve, attempt * 250));
  }
}`,
  "a connection pool keyed by host": `import { connect, type Connection } from "./driver.js";

export class Pool {
  private readonly byHost = new Map<string, Connection>();

  async acquire(host: string): Promise<Connection> {
    const existing = this.byHost.get(host);
    if (existing) return existing;
    const connection = await connect(host);
    this.byHost.set(host, connection);
    return connection;
  }
}`,
  "a WebSocket server that counts messages per connection": `import { WebSocketServer } from "ws";

const counts: Record<string, number> = {};
export function listen(port: number): Promise<void> {
  const server = new WebSocketServer({ port });
  server.on("connection", (socket, request) => {
    const connectionId = request.headers["sec-websocket-key"] ?? "anonymous";
    socket.on("message", () => {
      counts[connectionId] = (counts[connectionId] ?? 0) + 1;
    });
  });
  return new Promise((resolve) => server.on("listening", () => resolve()));
}`,
};

/** The gate's hints as the rule works them out for a case: its options, and whether it runs typed. */
function hintsFor(testCase: { options?: readonly unknown[] }, typed: boolean) {
  const options = (testCase.options?.[0] ?? {}) as { keyNamePattern?: string; storeNamePattern?: string };
  return {
    checkWaiterWords: options.storeNamePattern === undefined,
    checkKeyWords: options.keyNamePattern === undefined && !typed,
  };
}

describe("no-session-keyed-pending's text gate", () => {
  it.each(Object.entries(ORDINARY_FILES))("skips %s", (_, text) => {
    expect(textMayContainSessionKeyedPending(text, { checkWaiterWords: true, checkKeyWords: true })).toBe(false);
  });

  it("lets through the code of every invalid case, with that case's options", () => {
    const runs = [
      { cases: CASES, typed: false },
      { cases: TYPED_CASES, typed: true },
      { cases: REAL_CODE_CASES, typed: false },
    ];
    const invalid = runs.flatMap(({ cases, typed }) => cases.invalid.map((testCase) => ({ testCase, typed })));
    expect(invalid.length).toBeGreaterThan(30);
    const skipped = invalid
      .filter(({ testCase, typed }) => !textMayContainSessionKeyedPending(testCase.code, hintsFor(testCase, typed)))
      .map(({ testCase }) => testCase.name);
    expect(skipped).toEqual([]);
  });
});
