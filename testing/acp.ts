/**
 * The terminal paths for an ACP agent: a scripted client (the real `@agentclientprotocol/sdk` client side) sends one
 * prompt and meets the agent's questions — permission requests and elicitations. The question the paths apply to
 * (`askIndex`, counting both kinds in the order asked; earlier ones get a yes) is answered with each option kind
 * the agent offers, or accept / decline / cancel / invalid content for an elicitation, dismissed (`cancelled`),
 * never answered, the connection closed, or the turn cancelled with `session/cancel` while the question is up.
 * For each path: whether the turn ended (the prompt returned) within the cap, its stop reason, whether the agent
 * withdrew its question (`$/cancel_request`), what the agent said, and what the probe says stayed held.
 */
import { ACP_OUTCOME, ELICIT_ACTION } from "../protocol/answers.ts";
import { spawn } from "node:child_process";
import { Readable, Writable } from "node:stream";
import type * as acp from "@agentclientprotocol/sdk";
import { invalidContentFor, validContentFor, type RequestedSchema } from "./content.ts";
import { HandshakeError, KitError, messageOf } from "./errors.ts";
import { formatTable } from "./table.ts";

/** An agent to drive: an app built in this process (a fresh one per path from a factory), or a command over stdio. */
export type AgentUnderTest<A extends acp.AgentApp = acp.AgentApp> =
  (() => A | Promise<A>) | { readonly command: readonly string[]; readonly cwd?: string };

/** How the scripted person meets the question the path applies to. */
export type AcpPath =
  | `select:${acp.PermissionOptionKind}`
  | typeof ELICIT_ACTION.accept
  | typeof ELICIT_ACTION.decline
  | typeof ACP_OUTCOME.cancelled
  | "invalid-content"
  | "never-answered"
  | "connection-closed"
  | "session-cancel";

/** A question the agent asked: a permission request (with the kinds of its options) or an elicitation. */
export type AcpQuestion =
  | { readonly kind: "permission"; readonly title: string; readonly optionKinds: readonly acp.PermissionOptionKind[] }
  | { readonly kind: "elicitation"; readonly message: string; readonly mode: string };

export interface AcpPathsOptions<A extends acp.AgentApp = acp.AgentApp> {
  readonly agent: AgentUnderTest<A>;
  /** The prompt's text (default "Go ahead."). */
  readonly prompt?: string;
  /** Hard cap per path, in milliseconds: a turn not ended by then is reported `ended: false`. */
  readonly timeoutMs: number;
  /** Which question the paths apply to, from 0, counting permission requests and elicitations in order (default 0). */
  readonly askIndex?: number;
  /** Which paths to run (default: every path that applies to the question). */
  readonly paths?: readonly AcpPath[];
  /**
   * What the agent still holds (in-process agents only): called when the turn ended or the cap passed, and again
   * after the connection closed. Receives the app the factory built for the path.
   */
  readonly probe?: (agent: A) => Iterable<string> | Promise<Iterable<string>>;
  /** Client capabilities sent in `initialize` (default: form and URL elicitation). */
  readonly clientCapabilities?: acp.ClientCapabilities;
}

export interface AcpPathResult {
  readonly path: AcpPath;
  /** Whether the prompt returned within the cap; `null` when the connection was closed (the client cannot see it). */
  readonly ended: boolean | null;
  /** The turn's stop reason, or the error the prompt failed with; `null` when it did not end. */
  readonly stopReason: string | null;
  readonly ms: number;
  /** Whether the agent withdrew its question (`$/cancel_request` for it reached the client). */
  readonly withdrawn: boolean;
  /** The agent's message chunks during the turn. */
  readonly said: readonly string[];
  /** What the probe reported held when the turn ended (or at the cap); `null` without a probe. */
  readonly held: readonly string[] | null;
  /** What the probe reported after the connection closed; `null` without a probe. */
  readonly heldAfterClose: readonly string[] | null;
  /** How many questions the agent asked. */
  readonly questions: number;
  /** Why the path failed (the turn did not end within the cap), in the user's terms, naming the fix; `null` when it passed. */
  readonly hint: string | null;
}

export interface AcpPathsReport {
  /** The question the paths applied to. */
  readonly question: AcpQuestion;
  readonly results: readonly AcpPathResult[];
}

const DEFAULT_PROMPT = "Go ahead.";

/** How messages name their caller and its options: `runAcpPaths` and its `askIndex`, or the CLI and `--ask-index`. */
export interface AcpWording {
  /** Put before each message (the CLI adds its own). */
  readonly prefix: string;
  readonly askIndex: string;
}

const KIT_WORDING: AcpWording = { prefix: "runAcpPaths: ", askIndex: "askIndex" };

/** The ACP SDK, loaded when an ACP run starts, so the rest of the kit works without it installed. */
let loadedSdk: typeof acp | undefined;
function sdk(): typeof acp {
  if (!loadedSdk) throw new KitError("runAcpPaths: the ACP SDK is not loaded");
  return loadedSdk;
}
async function loadSdk(wording: AcpWording): Promise<void> {
  try {
    loadedSdk ??= (await import("@agentclientprotocol/sdk")) as typeof acp;
  } catch (error) {
    throw new KitError(
      `${wording.prefix}driving an ACP agent needs @agentclientprotocol/sdk installed ` +
        `(npm install --save-dev @agentclientprotocol/sdk): ${messageOf(error)}`,
      { cause: error },
    );
  }
}

type Step =
  | { readonly kind: "answer"; readonly response: unknown }
  | { readonly kind: "leave-open" }
  | { readonly kind: "close" }
  | { readonly kind: "session-cancel" };

interface Connected<A> {
  readonly app: A | null;
  readonly connection: acp.ClientConnection;
  /** Resolves when the agent process exits (stdio only). */
  readonly exited: Promise<void> | null;
  /** Rejects when the agent process could not be started (stdio only); never settles otherwise. */
  readonly failed: Promise<never>;
  /** The client goes away: closes the connection and, over stdio, the agent's stdin (which closing alone does not). */
  disconnect(): void;
  stop(): Promise<void>;
}

type PermissionParams = acp.RequestPermissionRequest;
type ElicitationParams = acp.CreateElicitationRequest;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The scripted person's default for questions the path does not target: the first allow option, or accept. */
function yes(
  question: { kind: "permission"; params: PermissionParams } | { kind: "elicitation"; params: ElicitationParams },
): unknown {
  if (question.kind === "permission") {
    const allow =
      question.params.options.find((option) => option.kind.startsWith("allow")) ?? question.params.options[0];
    if (!allow)
      throw new KitError(
        `the permission request "${question.params.toolCall.title ?? ""}" offers no options to select`,
      );
    return { outcome: { outcome: ACP_OUTCOME.selected, optionId: allow.optionId } };
  }
  return acceptElicitation(question.params);
}

function schemaOf(params: ElicitationParams): RequestedSchema | undefined {
  return "requestedSchema" in params ? (params.requestedSchema as RequestedSchema) : undefined;
}

function acceptElicitation(params: ElicitationParams): unknown {
  return params.mode === "url"
    ? { action: ELICIT_ACTION.accept }
    : { action: ELICIT_ACTION.accept, content: validContentFor(schemaOf(params)) };
}

function stepFor(
  path: AcpPath,
  question: { kind: "permission"; params: PermissionParams } | { kind: "elicitation"; params: ElicitationParams },
): Step | "not-applicable" {
  switch (path) {
    case "never-answered":
      return { kind: "leave-open" };
    case "connection-closed":
      return { kind: "close" };
    case "session-cancel":
      return { kind: "session-cancel" };
    case ACP_OUTCOME.cancelled:
      return {
        kind: "answer",
        response:
          question.kind === "permission"
            ? { outcome: { outcome: ACP_OUTCOME.cancelled } }
            : { action: ELICIT_ACTION.cancel },
      };
    case ELICIT_ACTION.accept:
      return question.kind === "elicitation"
        ? { kind: "answer", response: acceptElicitation(question.params) }
        : "not-applicable";
    case ELICIT_ACTION.decline:
      return question.kind === "elicitation"
        ? { kind: "answer", response: { action: ELICIT_ACTION.decline } }
        : "not-applicable";
    case "invalid-content":
      if (question.kind !== "elicitation" || question.params.mode === "url") return "not-applicable";
      return {
        kind: "answer",
        response: { action: ELICIT_ACTION.accept, content: invalidContentFor(schemaOf(question.params)) },
      };
    default: {
      if (question.kind !== "permission") return "not-applicable";
      const kind = path.slice("select:".length);
      const option = question.params.options.find((candidate) => candidate.kind === kind);
      return option
        ? { kind: "answer", response: { outcome: { outcome: ACP_OUTCOME.selected, optionId: option.optionId } } }
        : "not-applicable";
    }
  }
}

/** The paths that apply to a question: every option kind it offers, or the elicitation answers; then the four non-answers. */
export function acpPathsFor(question: AcpQuestion): AcpPath[] {
  const answers: AcpPath[] =
    question.kind === "permission"
      ? [...new Set(question.optionKinds)].map((kind): AcpPath => `select:${kind}`)
      : question.mode === "url"
        ? [ELICIT_ACTION.accept, ELICIT_ACTION.decline]
        : [ELICIT_ACTION.accept, ELICIT_ACTION.decline, "invalid-content"];
  return [...answers, ACP_OUTCOME.cancelled, "never-answered", "connection-closed", "session-cancel"];
}

async function connect<A extends acp.AgentApp>(target: AgentUnderTest<A>, app: acp.ClientApp): Promise<Connected<A>> {
  if (typeof target === "function") {
    const agentApp = await target();
    const connection = app.connect(agentApp);
    return {
      app: agentApp,
      connection,
      exited: null,
      failed: new Promise<never>(() => {}),
      disconnect: () => connection.close(),
      stop: async () => connection.close(),
    };
  }
  const [command, ...args] = target.command;
  if (!command) throw new KitError("no agent command given");
  const child = spawn(command, args, { cwd: target.cwd, stdio: ["pipe", "pipe", "inherit"], detached: true });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const failed = new Promise<never>((_resolve, reject) =>
    child.once("error", (error) =>
      reject(
        new KitError(`could not start the agent (${target.command.join(" ")}): ${error.message}`, { cause: error }),
      ),
    ),
  );
  failed.catch(() => {});
  child.stdin.on("error", () => {});
  const stream = sdk().ndJsonStream(
    Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
    Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
  );
  const connection = app.connect(stream);
  return {
    app: null,
    connection,
    exited,
    failed,
    disconnect: () => {
      connection.close();
      child.stdin.end();
    },
    stop: async () => {
      connection.close();
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
      await Promise.race([exited, sleep(1_000)]);
      child.stdout.destroy();
    },
  };
}

/** A peer's error, short enough for one line of a report. */
function briefly(error: unknown): string {
  const text = messageOf(error).replace(/\s+/g, " ").trim();
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

/**
 * `initialize` and `session/new`, within the cap. A program that answers `initialize` with an error does not speak
 * ACP (an MCP server rejects it as invalid params): a HandshakeError, so the caller can say which protocol to try.
 */
async function openAcpSession(
  agent: acp.ClientConnection["agent"],
  options: Pick<AcpPathsOptions, "clientCapabilities" | "timeoutMs">,
  failed: Promise<never>,
): Promise<string> {
  const setUp = (async () => {
    try {
      await agent.request(sdk().methods.agent.initialize, {
        protocolVersion: sdk().PROTOCOL_VERSION,
        clientCapabilities: options.clientCapabilities ?? { elicitation: { form: {}, url: {} } },
      });
    } catch (error) {
      if (error instanceof sdk().RequestError)
        throw new HandshakeError(`the program rejected ACP's initialize request: ${briefly(error)}`, "acp", {
          cause: error,
        });
      throw new KitError(`the agent did not answer ACP's initialize request: ${briefly(error)}`, { cause: error });
    }
    try {
      return (await agent.request(sdk().methods.agent.session.new, { cwd: process.cwd(), mcpServers: [] })).sessionId;
    } catch (error) {
      throw new KitError(`the agent did not open a session (session/new): ${briefly(error)}`, { cause: error });
    }
  })();
  setUp.catch(() => {}); // settles after the race when the cap or a failed start came first
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new KitError(`the agent did not answer initialize and session/new within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
  });
  try {
    return await Promise.race([setUp, failed, cap]);
  } finally {
    clearTimeout(timer);
  }
}

interface Asked {
  readonly question: AcpQuestion;
  withdrawn: boolean;
}

/** Runs one prompt with a scripted client; `decide` picks the step for the n-th question. */
async function runTurn<A extends acp.AgentApp>(
  options: AcpPathsOptions<A>,
  decide: (
    index: number,
    question: { kind: "permission"; params: PermissionParams } | { kind: "elicitation"; params: ElicitationParams },
  ) => Step | "not-applicable",
  pathName: AcpPath | null,
): Promise<Omit<AcpPathResult, "hint"> & { asked: Asked[]; notApplicable: boolean }> {
  const asked: Asked[] = [];
  const said: string[] = [];
  const never = new Promise<never>(() => {});
  let onEvent: (event: "close" | "not-applicable" | Error) => void = () => {};
  const event = new Promise<"close" | "not-applicable" | Error>((resolve) => (onEvent = resolve));
  let cancelTurn: () => void = () => {};
  // The client's own close aborts its handlers' signals too: only an abort before that is the agent's withdrawal.
  let closing = false;

  async function handle(
    question: { kind: "permission"; params: PermissionParams } | { kind: "elicitation"; params: ElicitationParams },
    signal: AbortSignal,
  ): Promise<never | unknown> {
    const record: Asked = {
      question:
        question.kind === "permission"
          ? {
              kind: "permission",
              title: question.params.toolCall.title ?? "",
              optionKinds: question.params.options.map((option) => option.kind),
            }
          : { kind: "elicitation", message: question.params.message, mode: question.params.mode ?? "form" },
      withdrawn: false,
    };
    asked.push(record);
    signal.addEventListener("abort", () => (record.withdrawn ||= !closing), { once: true });
    let step: Step | "not-applicable";
    try {
      step = decide(asked.length - 1, question);
    } catch (error) {
      onEvent(
        error instanceof KitError
          ? error
          : new KitError(`could not answer the agent's question: ${messageOf(error)}`, { cause: error }),
      );
      return never;
    }
    if (step === "not-applicable") {
      onEvent("not-applicable");
      return never;
    }
    switch (step.kind) {
      case "answer":
        return step.response;
      case "leave-open":
        return never;
      case "close":
        onEvent("close");
        return never;
      case "session-cancel":
        cancelTurn();
        return never;
    }
  }

  const app = sdk()
    .client({ name: "eslint-plugin-elicitation/testing" })
    .onRequest(
      sdk().methods.client.session.requestPermission,
      ({ params, signal }) => handle({ kind: "permission", params }, signal) as Promise<acp.RequestPermissionResponse>,
    )
    .onRequest(
      sdk().methods.client.elicitation.create,
      ({ params, signal }) => handle({ kind: "elicitation", params }, signal) as Promise<acp.CreateElicitationResponse>,
    )
    .onNotification(sdk().methods.client.session.update, ({ params }) => {
      if (params.update.sessionUpdate === "agent_message_chunk" && params.update.content.type === "text")
        said.push(params.update.content.text);
    });
  const connected = await connect(options.agent, app);
  const probe = async (): Promise<string[] | null> =>
    options.probe && connected.app ? [...(await options.probe(connected.app))] : null;
  let stopped = false;
  try {
    const agent = connected.connection.agent;
    const sessionId = await openAcpSession(agent, options, connected.failed);
    cancelTurn = () => void agent.notify(sdk().methods.agent.session.cancel, { sessionId }).catch(() => {});
    const started = performance.now();
    const elapsed = (): number => Math.round(performance.now() - started);
    const prompt = agent
      .request(sdk().methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: "text", text: options.prompt ?? DEFAULT_PROMPT }],
      })
      .then(
        (response) => ({ kind: "ended" as const, stopReason: String(response.stopReason), ms: elapsed() }),
        (error: unknown) => ({ kind: "ended" as const, stopReason: `error: ${messageOf(error)}`, ms: elapsed() }),
      );
    const first = await Promise.race([prompt, event, sleep(options.timeoutMs).then(() => "cap" as const)]);
    if (first instanceof Error) throw first;
    const base = {
      path: pathName ?? (ELICIT_ACTION.accept as AcpPath),
      said,
      asked,
      questions: asked.length,
      withdrawn: false,
    };
    if (first === "not-applicable") {
      closing = true;
      await connected.stop();
      stopped = true;
      return {
        ...base,
        ended: null,
        stopReason: null,
        ms: elapsed(),
        held: null,
        heldAfterClose: null,
        notApplicable: true,
      };
    }
    if (first === "close") {
      // The client goes away while the question is up: nothing more can reach it. Over stdio the agent ended if its
      // process exited within the cap; in process only the probe can tell.
      const closedAt = elapsed();
      closing = true;
      connected.disconnect();
      let ended: boolean | null = null;
      if (connected.exited)
        ended = await Promise.race([
          connected.exited.then(() => true),
          sleep(Math.max(options.timeoutMs - closedAt, 0)).then(() => false),
        ]);
      else await sleep(Math.min(options.timeoutMs, 200));
      const heldAfterClose = await probe();
      await connected.stop();
      stopped = true;
      return {
        ...base,
        withdrawn: asked.some((entry) => entry.withdrawn),
        ended,
        stopReason: null,
        ms: ended ? elapsed() : options.timeoutMs,
        held: heldAfterClose,
        heldAfterClose,
        notApplicable: false,
      };
    }
    const held = await probe();
    const withdrawn = asked.some((entry) => entry.withdrawn);
    closing = true;
    await connected.stop();
    stopped = true;
    await sleep(Math.min(options.timeoutMs, 200));
    const heldAfterClose = await probe();
    if (first === "cap")
      return {
        ...base,
        withdrawn,
        ended: false,
        stopReason: null,
        ms: options.timeoutMs,
        held,
        heldAfterClose,
        notApplicable: false,
      };
    return {
      ...base,
      withdrawn,
      ended: true,
      stopReason: first.stopReason,
      ms: first.ms,
      held,
      heldAfterClose,
      notApplicable: false,
    };
  } finally {
    if (!stopped) await connected.stop();
  }
}

/**
 * Why a path whose turn did not end within the cap failed, naming the fix (ACP SDK 2.x terms: a request's
 * `cancellationSignal` sends `$/cancel_request` for the question and, with `stopWaitingOnCancel: true`, ends the wait
 * at once — core/jsonrpc.d.ts, 2.4.0). The deadline is a timer the agent holds, not `AbortSignal.timeout` inside
 * `AbortSignal.any`, which Node 20 can collect before it fires (see edits/race-helper-text.ts). `null` for a path that
 * passed or whose end the client cannot see.
 */
function acpHint(
  path: AcpPath,
  ended: boolean | null,
  asked: number,
  askIndex: number,
  timeoutMs: number,
): string | null {
  if (ended !== false) return null;
  if (asked <= askIndex)
    return `the agent had not asked question ${askIndex + 1} when the cap passed, so the ${path} path tested nothing`;
  switch (path) {
    case "never-answered":
      return (
        `no deadline within ${timeoutMs} ms: the question was still up when the cap passed; give the wait a deadline ` +
        `chosen for a person that takes the question down: abort its cancellationSignal from a timer you hold and ` +
        `clear, with stopWaitingOnCancel: true (ACP SDK 2.x), or, if it has one, a cap above it`
      );
    case "session-cancel":
      return (
        `the turn did not end when the client cancelled it (session/cancel): the question was still up after ` +
        `${timeoutMs} ms; race the question against the turn: abort its cancellationSignal from the session/cancel ` +
        `handler, with stopWaitingOnCancel: true, and end the turn with stopReason "${ACP_OUTCOME.cancelled}"`
      );
    case "connection-closed":
      return (
        `the agent kept running ${timeoutMs} ms after its client went away (stdin closed); end the process when the ` +
        `connection closes (the connection's closed promise settles then)`
      );
    default:
      return `the turn did not end within ${timeoutMs} ms after the person answered`;
  }
}

/** The first turn, every question answered yes: the questions the agent asks, in order. */
async function discoverQuestions<A extends acp.AgentApp>(
  options: AcpPathsOptions<A>,
): Promise<{
  questions: AcpQuestion[];
  stopReason: string | null;
}> {
  const discovery = await runTurn(options, (_index, question) => ({ kind: "answer", response: yes(question) }), null);
  return { questions: discovery.asked.map((entry) => entry.question), stopReason: discovery.stopReason };
}

function noSuchQuestion(
  options: Pick<AcpPathsOptions, "prompt">,
  discovered: { questions: readonly AcpQuestion[]; stopReason: string | null },
  askIndex: number,
  wording: AcpWording,
): KitError {
  const what =
    discovered.questions.length === 0
      ? "asked no question"
      : `asked only ${discovered.questions.length} question(s), so ${wording.askIndex} ${askIndex} names none`;
  return new KitError(
    `${wording.prefix}the agent ${what} when prompted "${options.prompt ?? DEFAULT_PROMPT}" (the turn ended: ${discovered.stopReason ?? "no"}), so nothing was tested`,
  );
}

/** Each path that applies to the question (of those asked for), each on a fresh agent, in parallel. */
async function runQuestionPaths<A extends acp.AgentApp>(
  options: AcpPathsOptions<A>,
  askIndex: number,
  question: AcpQuestion,
  wording: AcpWording,
): Promise<AcpPathResult[]> {
  const applicable = acpPathsFor(question);
  const paths = options.paths ? options.paths.filter((path) => applicable.includes(path)) : applicable;
  const results = await Promise.all(
    paths.map(async (path) => {
      const result = await runTurn(
        options,
        (index, asked) => (index === askIndex ? stepFor(path, asked) : { kind: "answer", response: yes(asked) }),
        path,
      );
      // The agent asked something else this time than on the first turn.
      if (result.notApplicable) return null;
      if (result.questions <= askIndex && result.ended) {
        throw new KitError(
          `${wording.prefix}on the ${path} path the agent asked ${result.questions} question(s), so ${wording.askIndex} ${askIndex} was never reached`,
        );
      }
      return {
        path: result.path,
        ended: result.ended,
        stopReason: result.stopReason,
        ms: result.ms,
        withdrawn: result.withdrawn,
        said: result.said,
        held: result.held,
        heldAfterClose: result.heldAfterClose,
        questions: result.questions,
        hint: acpHint(path, result.ended, result.questions, askIndex, options.timeoutMs),
      } satisfies AcpPathResult;
    }),
  );
  return results.filter((result): result is AcpPathResult => result !== null);
}

/**
 * Drives an ACP agent through the paths for one of its questions. A first turn, with every question answered yes,
 * finds the questions; each path then runs on a fresh agent (a factory call, or a new process). Throws a KitError
 * when the agent asks no question, or fewer than `askIndex + 1`.
 */
export async function runAcpPaths<A extends acp.AgentApp>(options: AcpPathsOptions<A>): Promise<AcpPathsReport> {
  if (!(options.timeoutMs > 0)) throw new KitError("runAcpPaths: timeoutMs (the hard cap per path) must be positive");
  await loadSdk(KIT_WORDING);
  const askIndex = options.askIndex ?? 0;
  if (!Number.isInteger(askIndex) || askIndex < 0)
    throw new KitError(`runAcpPaths: askIndex must be a whole number from 0 (got ${String(options.askIndex)})`);
  const discovered = await discoverQuestions(options);
  const question = discovered.questions[askIndex];
  if (!question) throw noSuchQuestion(options, discovered, askIndex, KIT_WORDING);
  return { question, results: await runQuestionPaths(options, askIndex, question, KIT_WORDING) };
}

/**
 * What `paths --acp` runs: one turn finds the questions the agent asks; then every one of them (or those at
 * `askIndexes`), one after another, goes through the paths that apply to it.
 */
export async function runAcpAgentPaths(
  options: Omit<AcpPathsOptions, "askIndex" | "probe">,
  askIndexes: readonly number[] | undefined,
  wording: AcpWording,
): Promise<{ asked: number; reports: Array<AcpPathsReport & { askIndex: number }> }> {
  await loadSdk(wording);
  const discovered = await discoverQuestions(options);
  const indexes = askIndexes ?? discovered.questions.map((_question, index) => index);
  if (indexes.length === 0) throw noSuchQuestion(options, discovered, 0, wording);
  const reports: Array<AcpPathsReport & { askIndex: number }> = [];
  for (const askIndex of indexes) {
    const question = discovered.questions[askIndex];
    if (!question) throw noSuchQuestion(options, discovered, askIndex, wording);
    reports.push({ askIndex, question, results: await runQuestionPaths(options, askIndex, question, wording) });
  }
  return { asked: discovered.questions.length, reports };
}

/** The results as a fixed-width table: path, ended, stop reason, time, question withdrawn or left up, held. */
export function formatAcpPaths(report: AcpPathsReport): string {
  const rows = report.results.map((result) => [
    result.path,
    result.ended === null ? "unknown" : result.ended ? "ended" : "not ended",
    result.stopReason ?? "-",
    `${result.ms} ms`,
    result.withdrawn ? "withdrawn" : "-",
    result.held === null
      ? "-"
      : result.held.length > 0
        ? `held: ${result.held.join(", ")}${result.heldAfterClose?.length ? " (leaked)" : " (until close)"}`
        : "released",
  ]);
  return formatTable(rows);
}
