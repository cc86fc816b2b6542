/**
 * A scripted person behind the real MCP SDK `Client`, connected to a server over the SDK's in-memory transport.
 *
 * Each elicitation the server sends gets one scripted step: accept (with content), decline, cancel, accept with
 * content that violates the schema, leave the dialog open, close the transport, abandon the outer `tools/call`
 * (the SDK then sends `notifications/cancelled` for it), or any of those after a delay. The connection records what
 * the client saw — every message, each elicitation, and whether the server withdrew it (`notifications/cancelled`
 * for the elicitation's own id, which the SDK sends when the server's deadline or signal fires) — and when and how
 * the server's handler for each tool call ended, including calls whose reply never reaches the client.
 */
import { ELICIT_ACTION } from "../protocol/answers.ts";
import { ELICITATION_CREATE_METHOD } from "../protocol/methods.ts";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolResultSchema,
  ElicitRequestSchema,
  type CallToolResult,
  type ElicitRequest,
  type ElicitResult,
  type JSONRPCMessage,
} from "@modelcontextprotocol/sdk/types.js";
import { invalidContentFor, validContentFor, type ElicitContent, type RequestedSchema } from "./content.ts";
import { KitError, messageOf, type ScriptStop } from "./errors.ts";

/**
 * The part of the SDK's low-level `Server` the kit uses. Structural on purpose: a project's server may come from
 * the SDK's ES module build and this kit from its CommonJS build, and the two classes' private fields differ.
 */
interface LowLevelServer {
  connect(transport: Transport): Promise<void>;
  setRequestHandler(...args: never[]): unknown;
}

/** A server as users build it: the high-level `McpServer` (which has `.server`) or the low-level `Server`. */
export type ServerUnderTest = LowLevelServer | { readonly server: LowLevelServer };

export type ElicitParams = ElicitRequest["params"];

/** Content for an accept: fixed, or computed from the elicitation (e.g. from its requested schema). */
export type ContentSource = ElicitContent | ((params: ElicitParams) => ElicitContent);

/** What the scripted person does with one elicitation. */
export type ElicitationStep =
  | { readonly kind: typeof ELICIT_ACTION.accept; readonly content?: ContentSource }
  | { readonly kind: typeof ELICIT_ACTION.decline }
  | { readonly kind: typeof ELICIT_ACTION.cancel }
  | { readonly kind: "accept-invalid"; readonly content?: ContentSource }
  | { readonly kind: "leave-open" }
  | { readonly kind: "close-transport" }
  | { readonly kind: "abort-call" }
  | { readonly kind: "after"; readonly ms: number; readonly then: ElicitationStep };

/** Accepts; without `content`, with content generated from the requested schema. */
export const accept = (content?: ContentSource): ElicitationStep => ({ kind: ELICIT_ACTION.accept, content });
/** Answers "no": the person saw the question and refused. */
export const decline = (): ElicitationStep => ({ kind: ELICIT_ACTION.decline });
/** Dismisses the dialog: no decision. */
export const cancel = (): ElicitationStep => ({ kind: ELICIT_ACTION.cancel });
/** Accepts with content that violates the requested schema (generated from it when not given). */
export const acceptInvalid = (content?: ContentSource): ElicitationStep => ({ kind: "accept-invalid", content });
/** Never answers: the dialog stays up until the server withdraws it or the connection ends. */
export const leaveOpen = (): ElicitationStep => ({ kind: "leave-open" });
/** Closes the client's transport while the question is up (a disconnect), and never answers. */
export const closeTransport = (): ElicitationStep => ({ kind: "close-transport" });
/** Abandons the tool calls in flight (the client sends `notifications/cancelled` for them) and never answers. */
export const abortCall = (): ElicitationStep => ({ kind: "abort-call" });
/** Does `step` after `ms` milliseconds, unless the server withdraws the question first. */
export const after = (ms: number, step: ElicitationStep): ElicitationStep => ({ kind: "after", ms, then: step });

/**
 * The script: one step for every elicitation, a list (the n-th elicitation gets the n-th step; the last step
 * repeats), or a function of the elicitation's index and params.
 */
export type Script =
  ElicitationStep | readonly ElicitationStep[] | ((index: number, params: ElicitParams) => ElicitationStep);

/** An elicitation the client received. Times are milliseconds since the connection was made. */
export interface SeenElicitation {
  readonly requestId: string | number;
  readonly params: ElicitParams;
  readonly receivedAtMs: number;
  /** The action the client answered with, if it answered. */
  answered: ElicitResult["action"] | null;
  /** When the server sent `notifications/cancelled` for this elicitation (took the dialog down), if it did. */
  withdrawnAtMs: number | null;
  /** The reason the server gave when it withdrew the question (e.g. a timeout, or the abandoned call's reason). */
  withdrawnReason: string | null;
}

/** What reached the client for a tool call. */
export type ClientReply =
  { readonly kind: "result"; readonly result: CallToolResult } | { readonly kind: "error"; readonly message: string };

/** How the server's `tools/call` handler ended: it returned (a result the SDK sends, or drops if abandoned) or threw. */
export type HandlerEnd =
  | { readonly kind: "returned"; readonly value: unknown; readonly atMs: number }
  | { readonly kind: "threw"; readonly error: unknown; readonly atMs: number };

export interface ToolCallHandle {
  readonly name: string;
  readonly startedAtMs: number;
  /** What the client received. Never rejects. */
  readonly reply: Promise<ClientReply>;
  /** Settles when the server's handler for this call ends, however it ends. Never rejects; pending while it runs. */
  readonly handlerEnded: Promise<HandlerEnd>;
  /** Abandons the call: the client sends `notifications/cancelled` for it. */
  abort(reason?: string): void;
}

export interface ScriptedConnection {
  readonly client: Client;
  /** The low-level SDK `Server` (for an `McpServer`, its `.server`). */
  readonly server: LowLevelServer;
  readonly elicitations: readonly SeenElicitation[];
  /** Every JSON-RPC message the client received, in order. */
  readonly received: readonly JSONRPCMessage[];
  /** Milliseconds since the connection was made. */
  now(): number;
  /** Calls a tool; `timeoutMs` is the client's own request timeout (default ten minutes). */
  callTool(name: string, args?: Record<string, unknown>, options?: { timeoutMs?: number }): ToolCallHandle;
  /**
   * Settles when the scripted person stops short of answering: the kit could not build an answer (a throwing
   * `acceptContent`, a schema no content can satisfy) or the step cannot apply to the question (invalid content
   * for a URL-mode question). The question is then left unanswered; the caller reports this, never the tool's outcome.
   */
  readonly stopped: Promise<ScriptStop>;
  /** Closes the connection and cancels pending scripted timers. Safe to call twice. */
  close(): Promise<void>;
}

export interface ScriptedClientOptions {
  readonly script: Script;
  /** The client's name in `initialize`. */
  readonly clientName?: string;
}

const DEFAULT_CALL_TIMEOUT_MS = 600_000;

type RequestHandler = (
  request: { id?: unknown; method: string; params?: { name?: unknown } },
  extra: unknown,
) => unknown;
/** How a handler ended, before the listening connection stamps it with its own clock. */
type Settled =
  { readonly kind: "returned"; readonly value: unknown } | { readonly kind: "threw"; readonly error: unknown };
type ToolCallListener = (toolName: string, settled: Promise<Settled>) => void;

/**
 * The servers whose `tools/call` handler the kit has wrapped, each with the connection listening to its tool calls
 * right now (a server serves one connection at a time). Lives as long as the server object.
 */
const instrumentedServers = new WeakMap<LowLevelServer, { listener: ToolCallListener | null }>();

function lowLevelServer(server: ServerUnderTest): LowLevelServer {
  return "server" in server && typeof server.server?.setRequestHandler === "function"
    ? server.server
    : (server as LowLevelServer);
}

/**
 * Wraps the server's `tools/call` handler so the kit learns when each call's handler ends, even when the
 * SDK drops its reply (the call was abandoned, or the transport closed). The SDK keeps request handlers in a
 * private map; there is no public hook for this.
 */
function instrumentToolCalls(server: LowLevelServer): void {
  if (instrumentedServers.has(server)) return;
  const handlers = (server as unknown as { _requestHandlers?: unknown })._requestHandlers;
  if (!(handlers instanceof Map) || typeof handlers.get("tools/call") !== "function") {
    throw new Error(
      "eslint-plugin-elicitation/testing: the server has no tools/call handler to observe " +
        "(register a tool first; this kit supports @modelcontextprotocol/sdk 1.x)",
    );
  }
  const original = handlers.get("tools/call") as RequestHandler;
  handlers.set("tools/call", (request: Parameters<RequestHandler>[0], extra: unknown) => {
    const outcome = Promise.resolve().then(() => original(request, extra));
    const settled: Promise<Settled> = outcome.then(
      (value) => ({ kind: "returned", value }),
      (error: unknown) => ({ kind: "threw", error }),
    );
    instrumentedServers.get(server)?.listener?.(String(request.params?.name), settled);
    return outcome;
  });
  instrumentedServers.set(server, { listener: null });
}

function stepFor(script: Script, index: number, params: ElicitParams): ElicitationStep {
  if (typeof script === "function") return script(index, params);
  if (Array.isArray(script)) {
    const steps = script as readonly ElicitationStep[];
    if (steps.length === 0) throw new Error("the elicitation script is an empty list");
    return steps[Math.min(index, steps.length - 1)]!;
  }
  return script as ElicitationStep;
}

function contentFrom(
  source: ContentSource | undefined,
  params: ElicitParams,
  fallback: (schema: RequestedSchema | undefined) => ElicitContent,
): ElicitContent {
  if (typeof source === "function") return source(params);
  if (source) return source;
  return fallback("requestedSchema" in params ? (params.requestedSchema as RequestedSchema) : undefined);
}

function isElicitationRequest(
  message: JSONRPCMessage,
): message is JSONRPCMessage & { id: string | number; method: string } {
  return "method" in message && message.method === ELICITATION_CREATE_METHOD && "id" in message;
}

function cancelledRequestId(message: JSONRPCMessage): unknown {
  if (!("method" in message) || message.method !== "notifications/cancelled" || "id" in message) return undefined;
  return (message.params as { requestId?: unknown } | undefined)?.requestId;
}

/** Connects a scripted client to `server` over a fresh in-memory transport pair. */
export async function connectScriptedClient(
  server: ServerUnderTest,
  options: ScriptedClientOptions,
): Promise<ScriptedConnection> {
  const started = performance.now();
  const now = (): number => Math.round(performance.now() - started);
  const lowLevel = lowLevelServer(server);
  const elicitations: SeenElicitation[] = [];
  const received: JSONRPCMessage[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const callsInFlight = new Set<AbortController>();
  const callsAwaitingHandler: Array<(ended: Promise<HandlerEnd>) => void> = [];
  let closed = false;
  let signalClosed: () => void = () => {};
  let signalStopped: (stop: ScriptStop) => void = () => {};
  const stopped = new Promise<ScriptStop>((resolve) => (signalStopped = resolve));
  const whenClosed = new Promise<void>((resolve) => (signalClosed = resolve));

  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  // Set before the client connects: the SDK chains an existing onmessage, so this sees every message first.
  clientTransport.onmessage = (message: JSONRPCMessage) => {
    received.push(message);
    if (isElicitationRequest(message)) {
      elicitations.push({
        requestId: message.id,
        params: (message as unknown as ElicitRequest).params,
        receivedAtMs: now(),
        answered: null,
        withdrawnAtMs: null,
        withdrawnReason: null,
      });
    }
    const cancelledId = cancelledRequestId(message);
    const withdrawn = elicitations.find((seen) => seen.requestId === cancelledId);
    if (withdrawn && withdrawn.withdrawnAtMs === null) {
      withdrawn.withdrawnAtMs = now();
      const reason = (message as { params?: { reason?: unknown } }).params?.reason;
      withdrawn.withdrawnReason = reason === undefined ? null : String(reason);
    }
  };

  const client = new Client(
    { name: options.clientName ?? "eslint-plugin-elicitation/testing", version: "1.0.0" },
    { capabilities: { elicitation: { form: {}, url: {} } } },
  );
  client.onerror = () => {}; // replies to a closed transport are expected on the disconnect path

  function later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  }

  /** Resolves after `ms` unless the question is withdrawn or the connection ends first (then rejects). */
  function wait(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const stop = (): void => reject(new Error("the question ended before the scripted person answered"));
      if (signal.aborted || closed) return stop();
      signal.addEventListener("abort", stop, { once: true });
      void whenClosed.then(stop);
      if (Number.isFinite(ms)) later(ms, resolve);
    });
  }

  /** Builds an answer's content; a failure is the kit's, so it stops the script instead of answering the server. */
  function contentOrStop(
    source: ContentSource | undefined,
    params: ElicitParams,
    fallback: (schema: RequestedSchema | undefined) => ElicitContent,
    what: string,
  ): ElicitContent | null {
    try {
      return contentFrom(source, params, fallback);
    } catch (error) {
      signalStopped({
        kind: "kit-error",
        error: new KitError(`could not build the ${what} for "${params.message}": ${messageOf(error)}`, {
          cause: error,
        }),
      });
      return null;
    }
  }

  async function perform(
    step: ElicitationStep,
    params: ElicitParams,
    signal: AbortSignal,
    seen: SeenElicitation | undefined,
  ): Promise<ElicitResult> {
    const answer = (result: ElicitResult): ElicitResult => {
      if (seen) seen.answered = result.action;
      return result;
    };
    const isUrl = params.mode === "url";
    switch (step.kind) {
      case ELICIT_ACTION.accept: {
        if (isUrl) return answer({ action: ELICIT_ACTION.accept });
        const content = contentOrStop(step.content, params, validContentFor, "accepted content");
        if (content) return answer({ action: ELICIT_ACTION.accept, content });
        break;
      }
      case "accept-invalid": {
        if (isUrl) {
          signalStopped({ kind: "not-applicable", reason: "a URL-mode question has no content to make invalid" });
          break;
        }
        const content = contentOrStop(step.content, params, invalidContentFor, "invalid content");
        if (content) return answer({ action: ELICIT_ACTION.accept, content });
        break;
      }
      case ELICIT_ACTION.decline:
        return answer({ action: ELICIT_ACTION.decline });
      case ELICIT_ACTION.cancel:
        return answer({ action: ELICIT_ACTION.cancel });
      case "after":
        await wait(step.ms, signal);
        return perform(step.then, params, signal, seen);
      case "close-transport":
        // At once, not on a timer: a timer here raced the server's own deadline timer, and under load the deadline
        // could fire first (the question was then withdrawn before the disconnect, and the path tested a timeout).
        // The close runs in this microtask chain, which no timer can interrupt.
        void clientTransport.close();
        break;
      case "abort-call":
        for (const call of callsInFlight) call.abort(new Error("the client abandoned the tool call"));
        break;
      case "leave-open":
        break;
      default: {
        const unknownStep: never = step;
        throw new Error(`unknown scripted step ${JSON.stringify(unknownStep)}`);
      }
    }
    await wait(Number.POSITIVE_INFINITY, signal);
    throw new Error("unreachable: an open question ends only by rejection");
  }

  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    const seen = elicitations.find((candidate) => candidate.requestId === extra.requestId);
    const index = seen ? elicitations.indexOf(seen) : elicitations.length;
    return perform(stepFor(options.script, index, request.params), request.params, extra.signal, seen);
  });

  instrumentToolCalls(lowLevel);
  instrumentedServers.get(lowLevel)!.listener = (_toolName, settled) =>
    callsAwaitingHandler.shift()?.(settled.then((end): HandlerEnd => ({ ...end, atMs: now() })));
  await lowLevel.connect(serverTransport);
  await client.connect(clientTransport);

  function callTool(
    name: string,
    args: Record<string, unknown> = {},
    callOptions: { timeoutMs?: number } = {},
  ): ToolCallHandle {
    const controller = new AbortController();
    callsInFlight.add(controller);
    const handlerEnded = new Promise<HandlerEnd>((resolve) => {
      callsAwaitingHandler.push((ended) => void ended.then(resolve));
    });
    const startedAtMs = now();
    const reply: Promise<ClientReply> = client
      .callTool({ name, arguments: args }, CallToolResultSchema, {
        signal: controller.signal,
        timeout: callOptions.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
      })
      .then(
        (result): ClientReply => ({ kind: "result", result: result as CallToolResult }),
        (error: unknown): ClientReply => ({ kind: "error", message: messageOf(error) }),
      )
      .finally(() => callsInFlight.delete(controller));
    return {
      name,
      startedAtMs,
      reply,
      handlerEnded,
      abort: (reason) => controller.abort(new Error(reason ?? "aborted by the test")),
    };
  }

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    signalClosed();
    const instrumentation = instrumentedServers.get(lowLevel);
    if (instrumentation) instrumentation.listener = null;
    await client.close().catch(() => {});
    await serverTransport.close().catch(() => {});
  }

  return { client, server: lowLevel, elicitations, received, now, callTool, stopped, close };
}
