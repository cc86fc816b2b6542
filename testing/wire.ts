/**
 * The seven terminal paths for a server the kit cannot import: it speaks only MCP, over stdio to a child process
 * (each path gets a fresh process) or over Streamable HTTP to a URL. Since the kit cannot watch the handler, a path
 * "ended" when what the client can see says so: a reply arrived (accept, decline, cancel, invalid content, timeout),
 * the server took its question down after the caller abandoned the call (outer-cancel), or the server process
 * exited after its input closed (disconnect over stdio).
 */
import { ELICIT_ACTION } from "../protocol/answers.ts";
import { ELICITATION_CREATE_METHOD } from "../protocol/methods.ts";
import { spawn, type ChildProcess } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolResultSchema,
  ElicitRequestSchema,
  ErrorCode,
  McpError,
  type CallToolResult,
  type ElicitResult,
  type JSONRPCMessage,
} from "@modelcontextprotocol/sdk/types.js";
import { argumentsFor } from "./arguments.ts";
import { invalidAnswerFor, validContentFor, type RequestedSchema } from "./content.ts";
import { HandshakeError, KitError, messageOf } from "./errors.ts";
import { TERMINAL_PATHS, type TerminalPath } from "./path-names.ts";

/** Where the server is: a command to start (stdio), or a Streamable HTTP endpoint. */
export type ServerTarget =
  | { readonly command: readonly string[]; readonly cwd?: string; readonly env?: NodeJS.ProcessEnv }
  | { readonly url: string };

export interface WirePathsOptions {
  readonly target: ServerTarget;
  readonly tool: string;
  /** The tool's arguments; default: the smallest its input schema allows (see `argumentsFor`). */
  readonly arguments?: Record<string, unknown>;
  /** Hard cap per path, in milliseconds. */
  readonly timeoutMs: number;
  readonly paths?: readonly TerminalPath[];
  /**
   * A tool of the server that reports what it holds (locks, reservations): called with no arguments after each
   * path, its text read as a JSON array of names or one name per line.
   */
  readonly probeTool?: string;
}

export interface WirePathResult {
  readonly path: TerminalPath;
  /** Whether the path ended within the cap; `null` when the kit cannot see it (a disconnect over HTTP). */
  readonly ended: boolean | null;
  /** `result`, `error`, `not-applicable`, or `-` when nothing came back. */
  readonly outcome: "result" | "error" | "not-applicable" | "-";
  readonly text: string | null;
  /** From the call to the end the kit saw (the cap when it did not end). */
  readonly ms: number;
  /** Whether the server took its question down (`notifications/cancelled` for it). */
  readonly withdrawn: boolean;
  /** Whether the scripted person answered the question (accept, decline, cancel, invalid content). */
  readonly answered: boolean;
  /** What the probe tool reported held after the path; `null` without a probe or when it could not be asked. */
  readonly held: readonly string[] | null;
  /** What a second probe, on a new connection after this one closed, reported (HTTP only; `null` otherwise). */
  readonly heldAfterClose: readonly string[] | null;
  /**
   * On the invalid-content path, once a reply came: which constraint the answer broke, and whether the server
   * accepted it (the call returned a result that is not an error) or rejected it (an error). `null` elsewhere.
   */
  readonly invalidContent: { readonly violates: string; readonly accepted: boolean } | null;
  /** How many questions reached the client on this path (0: the path tested nothing). */
  readonly questions: number;
  /** Why the path failed, in the user's terms; `null` when it passed. */
  readonly hint: string | null;
}

export interface WireToolReport {
  readonly tool: string;
  /** The arguments the tool was called with (given, or generated from its input schema). */
  readonly arguments: Record<string, unknown>;
  /** How many questions the tool asked on the accept path. */
  readonly questions: number;
  readonly paths: readonly WirePathResult[];
}

/** A transport over a child process's stdin/stdout that lets the caller close stdin without killing the process. */
class ChildStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly exited: Promise<number | null>;
  readonly stderr: string[] = [];
  private readonly buffer = new ReadBuffer();
  private closed = false;

  constructor(readonly child: ChildProcess) {
    this.exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
    child.stdout!.on("data", (chunk: Buffer) => {
      this.buffer.append(chunk);
      for (let message = this.next(); message; message = this.next()) this.onmessage?.(message);
    });
    child.stderr!.on("data", (chunk: Buffer) => this.stderr.push(chunk.toString()));
    child.on("error", (error) => this.onerror?.(error));
    void this.exited.then(() => this.markClosed());
    child.stdin!.on("error", () => {}); // writes after the server exited
  }

  private next(): JSONRPCMessage | null {
    try {
      return this.buffer.readMessage();
    } catch (error) {
      this.onerror?.(error as Error);
      return null;
    }
  }

  private markClosed(): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed || !this.child.stdin!.writable) throw new Error("the server's stdin is closed");
    this.child.stdin!.write(serializeMessage(message));
  }

  /** The client disconnects: its end of the pipe closes. The process is not signalled. */
  endInput(): void {
    this.child.stdin!.end();
    this.markClosed();
  }

  async close(): Promise<void> {
    this.endInput();
  }

  /**
   * Stops the server once the path is over: its whole process group (a command such as `npx server` starts the
   * server as a grandchild that holds the pipes), then lets go of the pipes so nothing keeps this process alive.
   */
  async kill(): Promise<void> {
    const signalGroup = (signal: NodeJS.Signals): void => {
      try {
        if (this.child.pid !== undefined) process.kill(-this.child.pid, signal);
      } catch {
        // the group is gone already
      }
    };
    signalGroup("SIGTERM");
    const stopped = await Promise.race([
      this.exited.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 1_000).unref()),
    ]);
    if (!stopped) signalGroup("SIGKILL");
    this.child.stdout!.destroy();
    this.child.stderr!.destroy();
    this.child.stdin!.destroy();
  }
}

/**
 * What became of the standalone GET stream an HTTP client opens for what the server sends outside a request's
 * response: `open`, `refused` (the server answered the GET with an error status, 405 for "no such stream"),
 * `failed` (the GET itself failed), or `not-seen` (no GET within the wait). `null` over stdio.
 */
type StandaloneStream = "open" | "refused" | "failed" | "not-seen";

/**
 * Over Streamable HTTP a server sends what is not part of a request's response — a question asked with
 * `server.elicitInput(params)` and no `relatedRequestId`, as the SDK's own `elicitationFormExample` does — on the
 * standalone GET stream, and drops it silently when that stream is not open: @modelcontextprotocol/sdk@1.32.2
 * dist/esm/server/webStandardStreamableHttp.js:845-848 (no event store, no stream: `return`). The SDK's client opens
 * that stream only once the server has accepted `notifications/initialized`, and does not wait for it
 * (dist/esm/client/streamableHttp.js:388-390), so `connect()` resolves first and a tool called at once can ask into
 * nothing: a path then sees no question at all. The server registers the stream before it answers the GET
 * (webStandardStreamableHttp.js:284-296), so once the GET's response has arrived no question can be lost this way.
 * The session's fetch sees that response.
 *
 * It also asks for a fresh connection per request (`connection: close`). Node's fetch keeps idle sockets for reuse,
 * and a server closes an idle one after its own keep-alive timeout (Node's http server: 5 s); on a busy machine the
 * client can pick such a socket just as the server closes it, and the request fails ("fetch failed: other side
 * closed"). The SDK's client then drops an answer it could not send, or a question's stream, without a trace, and a
 * path that did nothing wrong reads as hung. Every path of `paths` sits idle for up to its cap, long past 5 s, so
 * its sockets would be the stale ones; a loopback connection per request costs nothing next to a wrong verdict.
 * Requests that still fail to reach the server are recorded, for the hint.
 */
function sessionFetch(): {
  fetch: typeof fetch;
  standaloneStream: Promise<StandaloneStream>;
  failures: string[];
} {
  let settle: (state: StandaloneStream) => void = () => {};
  const standaloneStream = new Promise<StandaloneStream>((resolve) => (settle = resolve));
  const failures: string[] = [];
  const watched: typeof fetch = async (input, init) => {
    const isGet = (init?.method ?? "GET").toUpperCase() === "GET";
    const headers = new Headers(init?.headers);
    headers.set("connection", "close");
    try {
      const response = await fetch(input, { ...init, headers });
      // A redirect is followed with another call of this fetch; the final response decides.
      if (isGet && !(response.status >= 300 && response.status < 400)) settle(response.ok ? "open" : "refused");
      return response;
    } catch (error) {
      if (isGet) settle("failed");
      // The client's own close aborts what is in flight: not a failure of the connection.
      if (!init?.signal?.aborted) failures.push(describeFailure(error));
      throw error;
    }
  };
  return { fetch: watched, standaloneStream, failures };
}

/** `fetch failed: other side closed`: the message and, for a network error, its cause. */
function describeFailure(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${messageOf(error)}${cause}`;
}

/** The stream's state, or `not-seen` after `ms`; the timer does not outlive the wait. */
async function settledWithin(settled: Promise<StandaloneStream>, ms: number): Promise<StandaloneStream> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      settled,
      new Promise<"not-seen">((resolve) => (timer = setTimeout(() => resolve("not-seen"), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

interface Session {
  readonly client: Client;
  readonly stdio: ChildStdioTransport | null;
  /** Over HTTP, what became of the standalone GET stream before the session was used; `null` over stdio. */
  readonly standaloneStream: StandaloneStream | null;
  /** Over HTTP, requests that never reached the server, as they failed (empty over stdio). */
  readonly connectionFailures: readonly string[];
  readonly questions: Array<{ id: string | number; withdrawn: boolean; answered: boolean; mode: string | undefined }>;
  close(): Promise<void>;
}

type Answer = (
  params: { mode?: string; requestedSchema?: unknown },
  index: number,
) => ElicitResult | "leave-open" | "disconnect" | "abort" | "not-applicable";

interface SessionHooks {
  onDisconnect(): void;
  onAbort(): void;
  onNotApplicable(): void;
  /** The kit could not build an answer: the question is left unanswered and the path throws this. */
  onKitError(error: KitError): void;
}

const IGNORE: SessionHooks = { onDisconnect() {}, onAbort() {}, onNotApplicable() {}, onKitError() {} };

/**
 * Connects a scripted client. Over HTTP it then waits, up to `streamWaitMs` (the path's cap: a server too slow to
 * open the stream would be too slow to answer within it anyway), for the standalone GET stream.
 */
async function openSession(
  target: ServerTarget,
  answer: Answer,
  hooks: SessionHooks,
  streamWaitMs: number,
): Promise<Session> {
  const questions: Session["questions"] = [];
  let stdio: ChildStdioTransport | null = null;
  let http: ReturnType<typeof sessionFetch> | null = null;
  let transport: Transport;
  if ("command" in target) {
    const [command, ...args] = target.command;
    if (!command) throw new KitError("paths: no server command given");
    const child = spawn(command, args, {
      cwd: target.cwd,
      env: target.env ?? process.env,
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    stdio = new ChildStdioTransport(child);
    transport = stdio;
  } else {
    http = sessionFetch();
    transport = new StreamableHTTPClientTransport(new URL(target.url), { fetch: http.fetch });
  }
  const client = new Client(
    { name: "eslint-plugin-elicitation paths", version: "1.0.0" },
    { capabilities: { elicitation: { form: {}, url: {} } } },
  );
  client.onerror = () => {};
  const never = new Promise<never>(() => {});
  // Set before the client connects, so the SDK chains it: it sees every message from the server first.
  transport.onmessage = (message: JSONRPCMessage) => {
    if ("method" in message && message.method === ELICITATION_CREATE_METHOD && "id" in message) {
      questions.push({
        id: message.id,
        withdrawn: false,
        answered: false,
        mode: (message.params as { mode?: string } | undefined)?.mode,
      });
    }
    if ("method" in message && message.method === "notifications/cancelled" && !("id" in message)) {
      const question = questions.find(
        (candidate) => candidate.id === (message.params as { requestId?: unknown } | undefined)?.requestId,
      );
      if (question) question.withdrawn = true;
    }
  };
  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    const index = questions.findIndex((question) => question.id === extra.requestId);
    let step: ReturnType<Answer>;
    try {
      step = answer(request.params as { mode?: string; requestedSchema?: unknown }, index);
    } catch (error) {
      hooks.onKitError(
        new KitError(`could not answer "${request.params.message}": ${messageOf(error)}`, { cause: error }),
      );
      return never;
    }
    switch (step) {
      case "disconnect":
        hooks.onDisconnect();
        return never;
      case "abort":
        hooks.onAbort();
        return never;
      case "not-applicable":
        hooks.onNotApplicable();
        return never;
      case "leave-open":
        return never;
      default:
        if (index >= 0) questions[index]!.answered = true;
        return step;
    }
  });
  try {
    await client.connect(transport);
  } catch (error) {
    const stderr = stdio ? stdio.stderr.join("").trim() : "";
    await stdio?.kill();
    const message = `could not connect to the server: ${describeFailure(error)}${stderr ? `\n${stderr}` : ""}`;
    // An ACP agent has a method named initialize too, and rejects MCP's parameters for it.
    if (error instanceof McpError && error.code === ErrorCode.InvalidParams)
      throw new HandshakeError(`${message} (the program rejected MCP's initialize request)`, "mcp", { cause: error });
    throw new KitError(message, { cause: error });
  }
  const standaloneStream = http ? await settledWithin(http.standaloneStream, streamWaitMs) : null;
  return {
    client,
    stdio,
    standaloneStream,
    connectionFailures: http?.failures ?? [],
    questions,
    async close() {
      await client.close().catch(() => {});
      await stdio?.kill();
    },
  };
}

/** The server's tools; a failure is the kit's (no path ran), with what went wrong. */
async function listTools(session: Session): Promise<Array<{ name: string; inputSchema: unknown }>> {
  try {
    return (await session.client.listTools()).tools;
  } catch (error) {
    throw new KitError(`the server did not list its tools: ${describeFailure(error)}`, { cause: error });
  }
}

function textOf(result: CallToolResult): string {
  return result.content
    .filter((item): item is { type: "text"; text: string } => item.type === "text")
    .map((item) => item.text)
    .join("\n");
}

/** Names from a probe tool's reply: a JSON array, or one per line. */
function heldNames(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) return parsed.map(String);
  } catch {
    // not JSON: one name per line
  }
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

async function probe(client: Client, tool: string | undefined): Promise<string[] | null> {
  if (!tool) return null;
  try {
    const result = (await client.callTool({ name: tool, arguments: {} }, CallToolResultSchema, {
      timeout: 5_000,
    })) as CallToolResult;
    return heldNames(textOf(result));
  } catch {
    return null;
  }
}

function answeredAny(session: Session): boolean {
  return session.questions.some((question) => question.answered);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * What the scripted person does on each path, for the question the path applies to. `onInvalid` hears which
 * constraint an invalid answer breaks.
 */
function answerFor(path: TerminalPath, onInvalid: (violates: string) => void = () => {}): Answer {
  return (params) => {
    const schema = params.requestedSchema as RequestedSchema | undefined;
    const isUrl = params.mode === "url";
    switch (path) {
      case ELICIT_ACTION.accept:
        return isUrl
          ? { action: ELICIT_ACTION.accept }
          : { action: ELICIT_ACTION.accept, content: validContentFor(schema) };
      case ELICIT_ACTION.decline:
        return { action: ELICIT_ACTION.decline };
      case ELICIT_ACTION.cancel:
        return { action: ELICIT_ACTION.cancel };
      case "invalid-content": {
        if (isUrl) return "not-applicable";
        const invalid = invalidAnswerFor(schema);
        onInvalid(invalid.violates);
        return { action: ELICIT_ACTION.accept, content: invalid.content };
      }
      case "timeout":
        return "leave-open";
      case "disconnect":
        return "disconnect";
      case "outer-cancel":
        return "abort";
      default: {
        const unknownPath: never = path;
        throw new KitError(`unknown terminal path ${String(unknownPath)}`);
      }
    }
  };
}

/**
 * Why a path that reached no question tested nothing. Over HTTP, a question sent outside the call's own response
 * needs the standalone GET stream (see sessionFetch): when that stream was not open, that is the likely cause.
 */
function noQuestionHint(path: TerminalPath, timeoutMs: number, stream: StandaloneStream | null): string {
  const hint = `no question reached the client within ${timeoutMs} ms, so the ${path} path tested nothing`;
  if (stream === null || stream === "open") return hint;
  const why = { refused: "refused it", failed: "could not be reached for it", "not-seen": "never saw it" }[stream];
  return (
    `${hint}: the client asked for the stream a server sends unrelated messages on, and the server ${why}; ` +
    `a question asked outside the tool call's own response (SDK 1.x: elicitInput without ` +
    `{ relatedRequestId: extra.requestId }) then has nowhere to go`
  );
}

/** Why the path failed, in the user's terms; over HTTP, with any request that failed to reach the server meanwhile. */
function hintFor(
  path: TerminalPath,
  ended: boolean | null,
  timeoutMs: number,
  held: readonly string[] | null,
  heldAfterClose: readonly string[] | null,
  session: Session,
): string | null {
  const hint = verdictHint();
  const [failure] = session.connectionFailures;
  if (hint === null || failure === undefined) return hint;
  return `${hint} (a request to the server failed meanwhile, "${failure}": the network may be the cause)`;

  function verdictHint(): string | null {
    if (ended === false && session.questions.length === 0)
      return noQuestionHint(path, timeoutMs, session.standaloneStream);
    if (ended === false) {
      switch (path) {
        // The fixes, in SDK 1.x terms (shared/protocol.js, 1.32.2): a request's `timeout` and `signal` options each
        // end the wait and send notifications/cancelled for the question; extra.sendRequest passes on the options it
        // is given, never the call's own signal.
        case "timeout":
          return (
            `no deadline within ${timeoutMs} ms: the question was still up when the cap passed; give the wait a ` +
            `deadline chosen for a person that takes the question down (SDK 1.x: elicitInput(params, { timeout: ` +
            `300_000 })), or, if it has one, a cap above it`
          );
        case "outer-cancel":
          return (
            `the caller's cancel did not end the wait: the question was still up after ${timeoutMs} ms; pass the ` +
            `call's signal to the question (SDK 1.x: elicitInput(params, { signal: extra.signal }); ` +
            `extra.sendRequest does not pass it on by itself)`
          );
        case "disconnect":
          // Over HTTP a disconnect's end cannot be seen (ended is null); this is the stdio process that kept running.
          // The MCP lifecycle expects a stdio server to exit when its input closes. SDK 1.x's StdioServerTransport
          // (server/stdio.js, 1.32.2) listens for data and errors on stdin, never for its end, so a question still up
          // waits out its own deadline and keeps the process alive. Closing the server rejects it at once.
          return (
            `the server kept running ${timeoutMs} ms after its client went away (stdin closed): SDK 1.x's ` +
            `StdioServerTransport does not notice stdin closing, so the question waits out its deadline; ` +
            `add process.stdin.on("close", () => server.close())`
          );
        default:
          return `no reply within ${timeoutMs} ms after the person answered`;
      }
    }
    // Over HTTP the handler cannot be seen after the client went away: unknown, not a failure.
    if (ended === null && session.stdio === null && path === "disconnect") return null;
    const leaked = heldAfterClose ?? held;
    if (leaked && leaked.length > 0) return `still held after the ${path} path: ${leaked.join(", ")}`;
    return null;
  }
}

/** Runs one path on a fresh connection; `called` receives the arguments the tool was called with. */
async function runWirePath(
  path: TerminalPath,
  options: WirePathsOptions,
  called: { arguments?: Record<string, unknown> },
): Promise<WirePathResult> {
  let signalEvent: (event: "disconnect" | "abort" | "not-applicable") => void = () => {};
  const event = new Promise<"disconnect" | "abort" | "not-applicable">((resolve) => (signalEvent = resolve));
  let failKit: (error: KitError) => void = () => {};
  const kitFailed = new Promise<never>((_resolve, reject) => (failKit = reject));
  kitFailed.catch(() => {});
  const controller = new AbortController();
  let violates: string | null = null;
  const session = await openSession(
    options.target,
    answerFor(path, (broken) => (violates = broken)),
    {
      onDisconnect: () => signalEvent("disconnect"),
      onAbort: () => signalEvent("abort"),
      onNotApplicable: () => signalEvent("not-applicable"),
      onKitError: (error) => failKit(error),
    },
    options.timeoutMs,
  );
  try {
    const tools = await listTools(session);
    const tool = tools.find((candidate) => candidate.name === options.tool);
    if (!tool) {
      throw new KitError(
        `the server has no tool "${options.tool}" (it has: ${tools.map((candidate) => candidate.name).join(", ") || "none"})`,
      );
    }
    const toolArguments = options.arguments ?? argumentsFor(tool.inputSchema);
    called.arguments = toolArguments;
    const started = performance.now();
    const elapsed = (): number => Math.round(performance.now() - started);
    const reply = session.client
      .callTool({ name: options.tool, arguments: toolArguments }, CallToolResultSchema, {
        signal: controller.signal,
        timeout: options.timeoutMs * 4,
      })
      .then(
        (result) => ({ kind: "reply" as const, result: result as CallToolResult, ms: elapsed() }),
        (error: unknown) => ({ kind: "failed" as const, message: messageOf(error), ms: elapsed() }),
      );
    const cap = sleep(options.timeoutMs).then(() => ({ kind: "cap" as const }));
    const first = await Promise.race([reply, event.then((kind) => ({ kind })), cap, kitFailed]);

    const base = { path, withdrawn: false, heldAfterClose: null, invalidContent: null };
    if (first.kind === "not-applicable") {
      return {
        ...base,
        ended: true,
        outcome: "not-applicable",
        text: "a URL-mode question has no content to make invalid",
        ms: elapsed(),
        held: null,
        hint: null,
        answered: answeredAny(session),
        questions: session.questions.length,
      };
    }
    if (first.kind === "reply" || first.kind === "failed" || first.kind === "cap") {
      if (session.questions.length === 0 && first.kind !== "cap") {
        const said = first.kind === "reply" ? textOf(first.result) : first.message;
        const generated = options.arguments === undefined ? "; the arguments were generated from its input schema" : "";
        throw new KitError(
          `"${options.tool}" with ${JSON.stringify(toolArguments)} asked no question on the ${path} path, so nothing was tested (it said: ${said}${generated})`,
        );
      }
      const ended = first.kind !== "cap";
      const held = await probe(session.client, options.probeTool);
      const withdrawn = session.questions.some((question) => question.withdrawn);
      const outcome =
        first.kind === "reply" ? (first.result.isError ? "error" : "result") : first.kind === "failed" ? "error" : "-";
      const text = first.kind === "reply" ? textOf(first.result) : first.kind === "failed" ? first.message : null;
      const ms = first.kind === "cap" ? options.timeoutMs : first.ms;
      const heldAfterClose = await secondProbe(session, options);
      return {
        path,
        ended,
        outcome,
        text,
        ms,
        withdrawn,
        held,
        heldAfterClose,
        invalidContent: violates !== null && first.kind !== "cap" ? { violates, accepted: outcome === "result" } : null,
        hint: hintFor(path, ended, options.timeoutMs, held, heldAfterClose, session),
        answered: answeredAny(session),
        questions: session.questions.length,
      };
    }
    if (first.kind === "abort") {
      // The client abandons the call (the SDK sends notifications/cancelled for it); no reply will come. The wait
      // ended if the server took its question down within the cap.
      const abortedAt = elapsed();
      controller.abort(new Error("the client abandoned the tool call"));
      const deadline = performance.now() + options.timeoutMs - abortedAt;
      while (!session.questions.some((question) => question.withdrawn) && performance.now() < deadline) await sleep(10);
      const withdrawn = session.questions.some((question) => question.withdrawn);
      const held = await probe(session.client, options.probeTool);
      const heldAfterClose = await secondProbe(session, options);
      const ms = withdrawn ? elapsed() : options.timeoutMs;
      return {
        path,
        ended: withdrawn,
        outcome: "-",
        text: null,
        ms,
        withdrawn,
        held,
        heldAfterClose,
        invalidContent: null,
        hint: hintFor(path, withdrawn, options.timeoutMs, held, heldAfterClose, session),
        answered: answeredAny(session),
        questions: session.questions.length,
      };
    }
    // Disconnect: the client's side of the connection closes while the question is up.
    if (session.stdio) {
      session.stdio.endInput();
      const remaining = Math.max(options.timeoutMs - elapsed(), 0);
      const exited = await Promise.race([session.stdio.exited.then(() => true), sleep(remaining).then(() => false)]);
      const ms = exited ? elapsed() : options.timeoutMs;
      return {
        path,
        ended: exited,
        outcome: "-",
        text: null,
        ms,
        withdrawn: false,
        held: null,
        heldAfterClose: null,
        invalidContent: null,
        hint: hintFor(path, exited, options.timeoutMs, null, null, session),
        answered: answeredAny(session),
        questions: session.questions.length,
      };
    }
    await session.client.close().catch(() => {});
    const heldAfterClose = await secondProbe(session, options);
    return {
      path,
      ended: null,
      outcome: "-",
      text: null,
      ms: elapsed(),
      withdrawn: false,
      held: null,
      heldAfterClose,
      invalidContent: null,
      hint: hintFor(path, null, options.timeoutMs, null, heldAfterClose, session),
      answered: answeredAny(session),
      questions: session.questions.length,
    };
  } finally {
    await session.close();
  }
}

/** Over HTTP the server outlives the connection: close it, wait a moment, and ask the probe on a new one. */
async function secondProbe(session: Session, options: WirePathsOptions): Promise<string[] | null> {
  if (!options.probeTool || "command" in options.target) return null;
  await session.client.close().catch(() => {});
  await sleep(Math.min(options.timeoutMs, 500));
  const fresh = await openSession(options.target, () => "leave-open", IGNORE, options.timeoutMs);
  try {
    return await probe(fresh.client, options.probeTool);
  } finally {
    await fresh.close();
  }
}

/**
 * Drives one tool of a server through the terminal paths over the real transport, each path on a fresh connection
 * (and, over stdio, a fresh process), in parallel. Throws a KitError when the tool asks nothing.
 */
export async function runWirePaths(options: WirePathsOptions): Promise<WireToolReport> {
  if (!(options.timeoutMs > 0)) throw new KitError("paths: the timeout (the hard cap per path) must be positive");
  const paths = options.paths ?? TERMINAL_PATHS;
  const called: Array<{ arguments?: Record<string, unknown> }> = paths.map(() => ({}));
  const results = await Promise.all(paths.map((path, index) => runWirePath(path, options, called[index]!)));
  const accepted = results.find((result) => result.path === ELICIT_ACTION.accept);
  return {
    tool: options.tool,
    arguments: options.arguments ?? called.find((entry) => entry.arguments)?.arguments ?? {},
    questions: accepted?.questions ?? Math.max(...results.map((result) => result.questions)),
    paths: results,
  };
}

/**
 * Which tools ask a person: each is called once, on its own connection, with `args` (or arguments generated from
 * its input schema), and the scripted person declines whatever is asked. A tool that asks within `timeoutMs` asks.
 */
export async function findAskingTools(
  target: ServerTarget,
  timeoutMs: number,
  args?: Record<string, unknown>,
  /** Called with the number of tools tried so far, from 0, as each call ends (for a progress line). */
  onProgress?: (tried: number, total: number) => void,
): Promise<Array<{ tool: string; arguments: Record<string, unknown> }>> {
  const lister = await openSession(target, () => ({ action: ELICIT_ACTION.decline }), IGNORE, timeoutMs);
  let tools: Array<{ name: string; inputSchema: unknown }>;
  try {
    tools = await listTools(lister);
  } finally {
    await lister.close();
  }
  let tried = 0;
  onProgress?.(tried, tools.length);
  const asking = await Promise.all(
    tools.map(async (tool) => {
      const toolArguments = args ?? argumentsFor(tool.inputSchema);
      let asked = false;
      const session = await openSession(
        target,
        () => {
          asked = true;
          return { action: ELICIT_ACTION.decline };
        },
        IGNORE,
        timeoutMs,
      );
      try {
        await Promise.race([
          session.client
            .callTool({ name: tool.name, arguments: toolArguments }, CallToolResultSchema, { timeout: timeoutMs })
            .catch(() => undefined),
          sleep(timeoutMs),
        ]);
      } finally {
        await session.close();
        onProgress?.((tried += 1), tools.length);
      }
      return asked ? { tool: tool.name, arguments: toolArguments } : null;
    }),
  );
  return asking.filter((entry): entry is { tool: string; arguments: Record<string, unknown> } => entry !== null);
}
