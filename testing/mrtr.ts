/**
 * Multi-round-trip requests (MCP 2026-07-28, `@modelcontextprotocol/server` 2.x): a tool does not wait on the
 * person; it returns `inputRequired(...)`, the client asks, and the client retries the call with the answers in
 * `ctx.mcpReq.inputResponses`. The kit serves the tool over the modern era in process (`serveStdio` over an
 * in-memory transport), lets the real v2 `Client` drive the rounds, and answers the question the path targets with
 * accept, decline, cancel or invalid content. It reports the retry's outcome, and whether the tool asked the same
 * question again after that answer: a person who declined and is asked again is the collapse `exhaustive-action`
 * reports on `acceptedContent(...) === undefined → inputRequired(...)`.
 *
 * The v2 packages are loaded when this runs, so the rest of the kit works without them.
 */
import { ELICIT_ACTION } from "../protocol/answers.ts";
import { ELICITATION_CREATE_METHOD } from "../protocol/methods.ts";
import { invalidContentFor, validContentFor, type ElicitContent, type RequestedSchema } from "./content.ts";
import { KitError, messageOf } from "./errors.ts";
import { formatTable } from "./table.ts";

export const MRTR_PATHS = [
  ELICIT_ACTION.accept,
  ELICIT_ACTION.decline,
  ELICIT_ACTION.cancel,
  "invalid-content",
] as const;
export type MrtrPath = (typeof MRTR_PATHS)[number];

/** An elicitation embedded in an `input_required` round, as the client's handler receives it. */
export interface MrtrQuestion {
  readonly message: string;
  readonly mode: string;
  readonly requestedSchema?: RequestedSchema;
}

export interface MrtrPathsOptions {
  /** Builds a fresh v2 `McpServer` (or low-level `Server`) from `@modelcontextprotocol/server`; called per path. */
  readonly server: () => object | Promise<object>;
  readonly tool: string;
  readonly arguments?: Record<string, unknown>;
  /** Hard cap per path, in milliseconds. */
  readonly timeoutMs: number;
  readonly paths?: readonly MrtrPath[];
  /** Which distinct question the path applies to, from 0; earlier ones are accepted (default 0). */
  readonly askIndex?: number;
  /** The client's round cap (`inputRequired.maxRounds`, default 4): a tool that keeps asking fails at it. */
  readonly maxRounds?: number;
  /** Content for accepts (default: generated from the requested schema). */
  readonly acceptContent?: ElicitContent | ((question: MrtrQuestion) => ElicitContent);
  /** Content for the invalid-content path (default: generated to violate the requested schema). */
  readonly invalidContent?: ElicitContent | ((question: MrtrQuestion) => ElicitContent);
}

export interface MrtrPathResult {
  readonly path: MrtrPath;
  /**
   * `result` / `error`: the retry ended the call (an error result or a failed call is `error`); `asked again`: the
   * tool put the same question to the person again after the path's answer, until the client's round cap;
   * `hung`: nothing came back within the cap; `not-applicable`: invalid content on a URL question.
   */
  readonly outcome: "result" | "error" | "asked again" | "hung" | "not-applicable";
  /** The tool's text, or the error's message. */
  readonly text: string | null;
  /** The answer after which the same question came back (`"asked again after decline"`), or null. */
  readonly askedAgainAfter: MrtrPath | null;
  /** How many times the client's handler was asked (all questions, all rounds). */
  readonly rounds: number;
  readonly ms: number;
}

type Answer =
  | { action: typeof ELICIT_ACTION.accept; content?: ElicitContent }
  | { action: typeof ELICIT_ACTION.decline }
  | { action: typeof ELICIT_ACTION.cancel };

function contentOf(
  source: MrtrPathsOptions["acceptContent"],
  question: MrtrQuestion,
  fallback: (schema: RequestedSchema | undefined) => ElicitContent,
): ElicitContent {
  if (typeof source === "function") return source(question);
  return source ?? fallback(question.requestedSchema);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

interface Loaded {
  Client: new (
    info: { name: string; version: string },
    options: Record<string, unknown>,
  ) => {
    setRequestHandler(
      method: typeof ELICITATION_CREATE_METHOD,
      handler: (request: { params: Record<string, unknown> }) => Promise<unknown>,
    ): void;
    connect(transport: unknown): Promise<void>;
    callTool(params: {
      name: string;
      arguments: Record<string, unknown>;
    }): Promise<{ content?: Array<{ type: string; text?: string }>; isError?: boolean }>;
    close(): Promise<void>;
  };
  InMemoryTransport: { createLinkedPair(): [unknown, unknown] };
  serveStdio: (
    factory: () => unknown,
    options: { transport: unknown; onerror?: (error: Error) => void },
  ) => { close(): Promise<void> };
}

async function load(): Promise<Loaded> {
  try {
    const client = (await import("@modelcontextprotocol/client")) as unknown as Pick<
      Loaded,
      "Client" | "InMemoryTransport"
    >;
    const stdio = (await import("@modelcontextprotocol/server/stdio")) as unknown as Pick<Loaded, "serveStdio">;
    return { Client: client.Client, InMemoryTransport: client.InMemoryTransport, serveStdio: stdio.serveStdio };
  } catch (error) {
    throw new KitError(
      `runMrtrPaths needs @modelcontextprotocol/server and @modelcontextprotocol/client 2.x installed: ${messageOf(error)}`,
      { cause: error },
    );
  }
}

async function runMrtrPath(path: MrtrPath, options: MrtrPathsOptions, sdk: Loaded): Promise<MrtrPathResult> {
  const askIndex = options.askIndex ?? 0;
  /** The answer last given to each distinct question, by its signature. */
  const answered = new Map<string, MrtrPath>();
  const distinct: string[] = [];
  let rounds = 0;
  let askedAgainAfter: MrtrPathResult["askedAgainAfter"] = null;
  let notApplicable = false;
  let kitError: KitError | null = null;

  const [clientTransport, serverTransport] = sdk.InMemoryTransport.createLinkedPair();
  const handle = sdk.serveStdio(() => options.server(), { transport: serverTransport, onerror: () => {} });
  const client = new sdk.Client(
    { name: "eslint-plugin-elicitation/testing", version: "1.0.0" },
    {
      capabilities: { elicitation: { form: {}, url: {} } },
      versionNegotiation: { mode: { pin: "2026-07-28" } },
      inputRequired: { maxRounds: options.maxRounds ?? 4 },
    },
  );
  client.setRequestHandler(ELICITATION_CREATE_METHOD, async (request) => {
    rounds += 1;
    const params = request.params;
    const question: MrtrQuestion = {
      message: String(params.message ?? ""),
      mode: String(params.mode ?? "form"),
      requestedSchema: params.requestedSchema as RequestedSchema | undefined,
    };
    const signature = JSON.stringify([question.message, question.mode, question.requestedSchema ?? params.url ?? null]);
    if (!distinct.includes(signature)) distinct.push(signature);
    const previous = answered.get(signature);
    if (previous !== undefined && askedAgainAfter === null) askedAgainAfter = previous;
    const targeted = distinct.indexOf(signature) === askIndex;
    let answer: Answer;
    try {
      answer = targeted ? answerFor(path, question, options) : accept(question, options);
    } catch (error) {
      kitError = new KitError(`could not build the answer for "${question.message}": ${messageOf(error)}`, {
        cause: error,
      });
      answer = { action: ELICIT_ACTION.cancel };
    }
    if (answer === NOT_APPLICABLE) {
      notApplicable = true;
      answer = { action: ELICIT_ACTION.cancel };
    }
    answered.set(signature, targeted ? path : ELICIT_ACTION.accept);
    return answer;
  });

  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  try {
    await client.connect(clientTransport);
    const call = client.callTool({ name: options.tool, arguments: options.arguments ?? {} }).then(
      (result) => ({
        kind: "ended" as const,
        outcome: result.isError ? ("error" as const) : ("result" as const),
        text: (result.content ?? [])
          .filter((item) => item.type === "text")
          .map((item) => item.text ?? "")
          .join("\n"),
      }),
      (error: unknown) => ({ kind: "ended" as const, outcome: "error" as const, text: messageOf(error) }),
    );
    const end = await Promise.race([call, sleep(options.timeoutMs).then(() => null)]);
    if (kitError) throw kitError;
    const base = { path, rounds, askedAgainAfter, ms: end === null ? options.timeoutMs : elapsed() };
    if (notApplicable)
      return {
        ...base,
        outcome: "not-applicable",
        text: "a URL-mode question has no content to make invalid",
        askedAgainAfter: null,
      };
    if (end === null) return { ...base, outcome: "hung", text: null };
    if (distinct.length <= askIndex) {
      const what =
        distinct.length === 0
          ? "asked no question"
          : `asked only ${distinct.length} distinct question(s), so askIndex ${askIndex} names none`;
      throw new KitError(
        `runMrtrPaths: "${options.tool}" with ${JSON.stringify(options.arguments ?? {})} ${what} on the ${path} path, so nothing was tested (it said: ${end.text})`,
      );
    }
    return { ...base, outcome: askedAgainAfter !== null ? "asked again" : end.outcome, text: end.text };
  } finally {
    await client.close().catch(() => {});
    await handle.close().catch(() => {});
  }
}

const NOT_APPLICABLE = { action: ELICIT_ACTION.cancel } as Answer;

function accept(question: MrtrQuestion, options: MrtrPathsOptions): Answer {
  return question.mode === "url"
    ? { action: ELICIT_ACTION.accept }
    : { action: ELICIT_ACTION.accept, content: contentOf(options.acceptContent, question, validContentFor) };
}

function answerFor(path: MrtrPath, question: MrtrQuestion, options: MrtrPathsOptions): Answer {
  switch (path) {
    case ELICIT_ACTION.accept:
      return accept(question, options);
    case ELICIT_ACTION.decline:
      return { action: ELICIT_ACTION.decline };
    case ELICIT_ACTION.cancel:
      return { action: ELICIT_ACTION.cancel };
    case "invalid-content":
      if (question.mode === "url") return NOT_APPLICABLE;
      return { action: ELICIT_ACTION.accept, content: contentOf(options.invalidContent, question, invalidContentFor) };
    default: {
      const unknownPath: never = path;
      throw new KitError(`unknown MRTR path ${String(unknownPath)}`);
    }
  }
}

/**
 * Drives an MRTR tool through accept, decline, cancel and invalid content, each path on a fresh server and client.
 * Throws a KitError when the tool asks nothing (or fewer distinct questions than askIndex + 1).
 */
export async function runMrtrPaths(options: MrtrPathsOptions): Promise<MrtrPathResult[]> {
  if (!(options.timeoutMs > 0)) throw new KitError("runMrtrPaths: timeoutMs (the hard cap per path) must be positive");
  const sdk = await load();
  return Promise.all((options.paths ?? MRTR_PATHS).map((path) => runMrtrPath(path, options, sdk)));
}

/** One line per path: path, outcome (with "asked again after decline"), rounds, time, text. */
export function formatMrtrPaths(results: readonly MrtrPathResult[]): string {
  const rows = results.map((result) => [
    result.path,
    result.outcome === "asked again" ? `asked again after ${result.askedAgainAfter}` : result.outcome,
    `${result.rounds} round${result.rounds === 1 ? "" : "s"}`,
    `${result.ms} ms`,
    result.text ?? "",
  ]);
  return formatTable(rows);
}
