/**
 * Drives one tool of an MCP server through the seven ways a wait on a person can end — the person accepts,
 * declines or dismisses; nobody answers in time; the client disconnects; the answer violates the schema; the
 * client abandons the whole tool call — and reports, for each, whether and how the call ended, how long it took,
 * whether the question was withdrawn from the person's screen, and what the caller's probe says is still held.
 */
import { ELICIT_ACTION } from "../protocol/answers.ts";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  abortCall,
  accept,
  acceptInvalid,
  after,
  cancel,
  closeTransport,
  connectScriptedClient,
  decline,
  leaveOpen,
  type ContentSource,
  type ElicitationStep,
  type HandlerEnd,
  type ServerUnderTest,
} from "./scripted-client.ts";
import { KitError } from "./errors.ts";
import { formatTable } from "./table.ts";

import { TERMINAL_PATHS, type TerminalPath } from "./path-names.ts";

export { TERMINAL_PATHS, type TerminalPath };

export interface TerminalPathsOptions<S extends ServerUnderTest = ServerUnderTest> {
  /** The server, or a function that builds a fresh one (preferred: each path then runs on its own server, in parallel). */
  readonly server: S | (() => S | Promise<S>);
  /** The tool to call, and its arguments. */
  readonly tool: string;
  readonly arguments?: Record<string, unknown>;
  /**
   * Names of whatever the operation still holds (locks, transactions, reservations) on this server. Called once
   * per path, when the call has ended or the path's cap has passed.
   */
  readonly probe?: (server: S) => Iterable<string> | Promise<Iterable<string>>;
  /** Hard cap per path, in milliseconds: a call that has not ended by then is reported as `hung`. */
  readonly timeoutMs: number;
  /** Which paths to run (default: all seven, in the order of TERMINAL_PATHS). */
  readonly paths?: readonly TerminalPath[];
  /** Content for accepts (default: generated from the requested schema). */
  readonly acceptContent?: ContentSource;
  /** Content for the invalid-content path (default: generated to violate the requested schema). */
  readonly invalidContent?: ContentSource;
  /** On the timeout path, the person accepts this late (default: never). */
  readonly lateAnswerMs?: number;
  /** Which elicitation of the call the path's behaviour applies to, counting from 0; earlier ones are accepted. */
  readonly askIndex?: number;
  /**
   * After the connection closes, how long to wait for the handler to end before the second probe (default: the
   * smaller of `timeoutMs` and 1000). The second probe tells "held while it waited" from "leaked".
   */
  readonly closeGraceMs?: number;
}

export interface TerminalPathResult {
  readonly path: TerminalPath;
  /**
   * How the server's handler for the call ended: `result` (returned a result that is not an error), `error`
   * (returned `isError: true` or threw), or `hung` (still running when the cap passed). On the disconnect and
   * outer-cancel paths no reply reaches the client; this is still how the handler ended.
   */
  readonly state: "result" | "error" | "hung" | "not-applicable";
  /** The text the tool reported (its text content, or the thrown error's message); null when hung. */
  readonly text: string | null;
  /** From the call to the end of the handler (the cap, when hung). */
  readonly elapsedMs: number;
  /** Whether the server took its question down (`notifications/cancelled` for the elicitation reached the client). */
  readonly withdrawn: boolean;
  /** How long the withdrawn question had been on the client's screen when it was taken down; null if never. */
  readonly withdrawnAfterMs: number | null;
  /** The reason the server sent with the withdrawal (a timeout's message, or the abandoned call's reason); null if none. */
  readonly withdrawnReason?: string | null;
  /** How many elicitations the client received during the call. */
  readonly elicitations: number;
  /** What the probe reported still held when the call ended (or at the cap). */
  readonly held: readonly string[];
  /**
   * What the probe reported still held after the connection closed and the handler had ended (or the grace had
   * passed): what was never released. `null` without a probe. A name in `held` but not here was held while the
   * call waited and released when the connection went away (typically a tool with no deadline that releases in
   * `finally`).
   */
  readonly heldAfterClose: readonly string[] | null;
  /** Why the path could not apply (e.g. invalid content for a URL-mode question); set when `state` is `not-applicable`. */
  readonly notApplicable?: string;
}

type PathAnswers = Pick<TerminalPathsOptions, "acceptContent" | "invalidContent" | "lateAnswerMs">;

function stepForPath(path: TerminalPath, options: PathAnswers): ElicitationStep {
  switch (path) {
    case ELICIT_ACTION.accept:
      return accept(options.acceptContent);
    case ELICIT_ACTION.decline:
      return decline();
    case ELICIT_ACTION.cancel:
      return cancel();
    case "timeout":
      return options.lateAnswerMs === undefined
        ? leaveOpen()
        : after(options.lateAnswerMs, accept(options.acceptContent));
    case "disconnect":
      return closeTransport();
    case "invalid-content":
      return acceptInvalid(options.invalidContent);
    case "outer-cancel":
      return abortCall();
    default: {
      const unknownPath: never = path;
      throw new Error(`unknown terminal path ${String(unknownPath)}`);
    }
  }
}

function textOf(value: unknown): string {
  const content = (value as Partial<CallToolResult> | null)?.content;
  if (!Array.isArray(content)) return JSON.stringify(value);
  return content
    .filter((item): item is { type: "text"; text: string } => item.type === "text")
    .map((item) => item.text)
    .join("\n");
}

function describeEnd(end: HandlerEnd): { state: "result" | "error"; text: string } {
  if (end.kind === "threw")
    return { state: "error", text: end.error instanceof Error ? end.error.message : String(end.error) };
  const isError = (end.value as { isError?: unknown } | null)?.isError === true;
  return { state: isError ? "error" : "result", text: textOf(end.value) };
}

/** `promise`, or `null` after `ms` milliseconds, whichever comes first; the timer never outlives the race. */
async function withinCap<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([promise, cap]);
  } finally {
    clearTimeout(timer);
  }
}

async function runPath<S extends ServerUnderTest>(
  path: TerminalPath,
  server: S,
  options: TerminalPathsOptions<S>,
): Promise<TerminalPathResult> {
  const askIndex = options.askIndex ?? 0;
  const pathStep = stepForPath(path, options);
  const connection = await connectScriptedClient(server, {
    script: (index) => (index < askIndex ? accept(options.acceptContent) : pathStep),
  });
  let closed = false;
  try {
    const { tools } = await connection.client.listTools();
    if (!tools.some((tool) => tool.name === options.tool)) {
      throw new KitError(
        `runTerminalPaths: the server has no tool "${options.tool}" (it has: ${tools.map((tool) => tool.name).join(", ") || "none"})`,
      );
    }
    const call = connection.callTool(options.tool, options.arguments ?? {}, {
      timeoutMs: options.timeoutMs * 2 + 1_000,
    });
    const first = await withinCap(Promise.race([call.handlerEnded, connection.stopped]), options.timeoutMs);
    if (first?.kind === "kit-error") throw first.error;
    const probe = async (): Promise<string[]> => (options.probe ? [...(await options.probe(server))] : []);
    const held = await probe();
    const elicitations = connection.elicitations;
    const withdrawnQuestion = elicitations.find((seen) => seen.withdrawnAtMs !== null);
    const counted = elicitations.length;
    await connection.close();
    closed = true;
    await withinCap(call.handlerEnded, options.closeGraceMs ?? Math.min(options.timeoutMs, 1_000));
    const heldAfterClose = options.probe ? await probe() : null;
    const base = {
      path,
      withdrawn: withdrawnQuestion !== undefined,
      withdrawnAfterMs: withdrawnQuestion ? withdrawnQuestion.withdrawnAtMs! - withdrawnQuestion.receivedAtMs : null,
      withdrawnReason: withdrawnQuestion?.withdrawnReason ?? null,
      elicitations: counted,
      held,
      heldAfterClose,
    };
    if (first?.kind === "not-applicable") {
      return {
        ...base,
        state: "not-applicable",
        text: null,
        elapsedMs: connection.now() - call.startedAtMs,
        notApplicable: first.reason,
      };
    }
    if (first === null) return { ...base, state: "hung", text: null, elapsedMs: options.timeoutMs };
    const ended = { ...describeEnd(first), elapsedMs: first.atMs - call.startedAtMs };
    if (counted <= askIndex) throw new KitError(noQuestionReason(options, path, counted, ended.text));
    return { ...base, ...ended };
  } finally {
    if (!closed) await connection.close();
  }
}

/** Why a path that ended without reaching its question tested nothing. */
function noQuestionReason(
  options: Pick<TerminalPathsOptions, "tool" | "arguments" | "askIndex">,
  path: TerminalPath,
  asked: number,
  text: string,
): string {
  const call = `"${options.tool}" with ${JSON.stringify(options.arguments ?? {})}`;
  const said = text ? `; it said: ${text}` : "";
  if (asked === 0)
    return `runTerminalPaths: ${call} asked no question on the ${path} path, so nothing was tested (the call ended without one${said})`;
  return `runTerminalPaths: askIndex ${options.askIndex} names question ${Number(options.askIndex) + 1}, but ${call} asked only ${asked} on the ${path} path${said}`;
}

/**
 * Runs the tool through each terminal path and returns one result per path, in the order asked for.
 * With a server factory, every path gets a fresh server and the paths run in parallel; with a server instance
 * they run one after another on it (so whatever one path leaks, the next one meets).
 */
export async function runTerminalPaths<S extends ServerUnderTest>(
  options: TerminalPathsOptions<S>,
): Promise<TerminalPathResult[]> {
  if (!(options.timeoutMs > 0))
    throw new KitError("runTerminalPaths: timeoutMs (the hard cap per path) must be positive");
  if (options.askIndex !== undefined && !(Number.isInteger(options.askIndex) && options.askIndex >= 0)) {
    throw new KitError(`runTerminalPaths: askIndex must be a whole number from 0 (got ${String(options.askIndex)})`);
  }
  const paths = options.paths ?? TERMINAL_PATHS;
  const source = options.server;
  if (typeof source === "function") {
    const build = source as () => S | Promise<S>;
    return Promise.all(paths.map(async (path) => runPath(path, await build(), options)));
  }
  const results: TerminalPathResult[] = [];
  for (const path of paths) results.push(await runPath(path, source, options));
  return results;
}

/** What stayed held: `released`, `held: x (leaked)` when still held after the connection closed, or `held: x (until close)`. */
function heldCell(result: TerminalPathResult): string {
  if (result.held.length === 0) return "released";
  if (result.heldAfterClose === null) return `held: ${result.held.join(", ")}`;
  const leaked = result.held.filter((name) => result.heldAfterClose!.includes(name));
  const untilClose = result.held.filter((name) => !result.heldAfterClose!.includes(name));
  return [
    leaked.length > 0 ? `held: ${leaked.join(", ")} (leaked)` : "",
    untilClose.length > 0 ? `held: ${untilClose.join(", ")} (until close)` : "",
  ]
    .filter(Boolean)
    .join("; ");
}

const TABLE_HEADER = ["path", "state", "time", "question", "held", "text"];

/** The results as a small fixed-width table under a header row, for logs and failure messages. */
export function formatTerminalPaths(results: readonly TerminalPathResult[]): string {
  const rows = results.map((result) => [
    result.path,
    result.state,
    `${result.elapsedMs} ms`,
    result.withdrawn ? "withdrawn" : "-",
    heldCell(result),
    result.text ?? result.notApplicable ?? "",
  ]);
  return formatTable([TABLE_HEADER, ...rows]);
}
