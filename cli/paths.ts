/**
 * `eslint-plugin-elicitation paths [options] -- <command...>` (or `--url http://…`): drives each tool of a running
 * MCP server that asks a person through the seven terminal paths, over the real transport, and prints what happened.
 * With `--acp`, the command is an ACP agent over stdio, and each question of its turn goes through ACP's paths.
 * Exit codes: 0 every path ended in bounded time and released; 1 a path did not (or nothing asked); 2 usage error.
 */
import { parseArgs } from "node:util";
import { HandshakeError, KitError } from "../testing/errors.ts";
import { ACP_FIXED_PATHS, TERMINAL_PATHS, type TerminalPath } from "../testing/path-names.ts";
import type { ServerTarget, WirePathResult, WireToolReport } from "../testing/wire.ts";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CommandIo } from "./io.ts";
import { otherProtocolAdvice, runAcpAgent, type AcpArguments } from "./paths-acp.ts";
import { progressLine, type ProgressLine } from "./progress.ts";

const USAGE = `Usage: eslint-plugin-elicitation paths [options] -- <command...>
       eslint-plugin-elicitation paths [options] --url http://host/mcp
       eslint-plugin-elicitation paths --acp [options] -- <agent command...>

Starts the MCP server (one process per path, over stdio) or connects to it (Streamable HTTP), finds the tools
that ask a person, and drives each through accept, decline, cancel, timeout, disconnect, invalid-content and
outer-cancel. With --acp, starts the ACP agent (one process per path, over stdio), sends it one prompt, and
drives each question it asks through every answer it allows, a dismissal, no answer, a closed connection and
session/cancel.

Options:
  --tool NAME        drive this tool (repeatable); default: every tool that asks when called
  --args JSON        the tool's arguments (default: the smallest its input schema allows: required properties,
                     each its const, default, first enum value or a value of its type)
  --timeout-ms N     hard cap per path, in milliseconds (default 10000)
  --probe TOOL       a tool of the server that reports what it holds (JSON array or one name per line)
  --path NAME        run only this path (repeatable)
  --url URL          a Streamable HTTP endpoint instead of a command
  --json             print JSON: [{ "tool", "arguments", "questions", "paths": [{ "path", "ended", "outcome", "ms",
                     "withdrawn", "held", "hint", "invalidContent" }] }]
  -v, --version      print the plugin's version
  -h, --help         show this help

ACP agents:
  --acp              the command is an ACP agent (needs @agentclientprotocol/sdk installed)
  --prompt TEXT      the prompt to send (default "Go ahead.")
  --ask-index N      drive only the question at this place in the turn, from 0 (repeatable); default: every one
  --path NAME        with ACP's names: select:<option kind> (e.g. select:allow_once), ${ACP_FIXED_PATHS.slice(0, 2).join(", ")},
                     ${ACP_FIXED_PATHS.slice(2).join(", ")}
  --json             print JSON: [{ "askIndex", "kind", "title", "optionKinds" | "message", "mode", "paths":
                     [{ "path", "ended", "stopReason", "ms", "withdrawn", "said", "hint" }] }]
  --timeout-ms N     as above`;

const DEFAULT_TIMEOUT_MS = 10_000;

interface PathsArguments {
  kind: "mcp";
  target: ServerTarget;
  tools: string[];
  args: Record<string, unknown> | undefined;
  timeoutMs: number;
  probeTool: string | undefined;
  paths: TerminalPath[] | undefined;
  json: boolean;
}

/** The options that only mean something for an MCP server, as typed. */
const MCP_ONLY = ["tool", "args", "probe", "url"] as const;

function parse(argv: readonly string[], cwd: string): PathsArguments | AcpArguments | string {
  const separator = argv.indexOf("--");
  const own = separator === -1 ? argv : argv.slice(0, separator);
  const command = separator === -1 ? [] : argv.slice(separator + 1);
  let parsed;
  try {
    parsed = parseArgs({
      args: [...own],
      allowPositionals: false,
      options: {
        tool: { type: "string", multiple: true },
        args: { type: "string" },
        "timeout-ms": { type: "string" },
        probe: { type: "string" },
        path: { type: "string", multiple: true },
        url: { type: "string" },
        acp: { type: "boolean", default: false },
        prompt: { type: "string" },
        "ask-index": { type: "string", multiple: true },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    }).values;
  } catch (error) {
    return `paths: ${(error as Error).message}`;
  }
  if (parsed.help) return "help";
  let timeoutMs = DEFAULT_TIMEOUT_MS;
  if (parsed["timeout-ms"] !== undefined) {
    timeoutMs = Number(parsed["timeout-ms"]);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
      return `paths: --timeout-ms must be a positive whole number of milliseconds (got "${parsed["timeout-ms"]}")`;
  }
  if (parsed.acp) {
    const mcpOnly = MCP_ONLY.find((name) => parsed[name] !== undefined);
    if (mcpOnly !== undefined)
      return `paths: --${mcpOnly} is for MCP servers; an ACP agent (--acp) is started from the command after --`;
    if (command.length === 0) return "paths: no agent given: add -- <command...> to start it";
    const askIndexes = parsed["ask-index"]?.map(Number);
    const badIndex = parsed["ask-index"]?.find(
      (text, index) => !(Number.isInteger(askIndexes![index]) && askIndexes![index]! >= 0),
    );
    if (badIndex !== undefined)
      return `paths: --ask-index must be a whole number from 0, the question's place in the turn (got "${badIndex}")`;
    const unknownPath = parsed.path?.find(
      (name) => !(ACP_FIXED_PATHS as readonly string[]).includes(name) && !/^select:\S+$/.test(name),
    );
    if (unknownPath !== undefined)
      return `paths: unknown --path "${unknownPath}" for an ACP agent (one of: select:<option kind>, ${ACP_FIXED_PATHS.join(", ")})`;
    return {
      kind: "acp",
      command,
      cwd,
      prompt: parsed.prompt,
      askIndexes,
      timeoutMs,
      paths: parsed.path as AcpArguments["paths"],
      json: parsed.json ?? false,
    };
  }
  if (parsed.prompt !== undefined || parsed["ask-index"] !== undefined)
    return `paths: --${parsed.prompt !== undefined ? "prompt" : "ask-index"} is for ACP agents: add --acp`;
  if (parsed.url !== undefined && command.length > 0) return "paths: give either --url or a command after --, not both";
  if (parsed.url === undefined && command.length === 0)
    return "paths: no server given: add -- <command...> to start one, or --url http://…";
  let target: ServerTarget;
  if (parsed.url !== undefined) {
    if (!/^https?:\/\//.test(parsed.url))
      return `paths: --url must be an http:// or https:// URL (got "${parsed.url}")`;
    target = { url: parsed.url };
  } else {
    target = { command, cwd };
  }
  let args: Record<string, unknown> | undefined;
  if (parsed.args !== undefined) {
    try {
      args = JSON.parse(parsed.args) as Record<string, unknown>;
    } catch (error) {
      return `paths: --args is not JSON: ${(error as Error).message}`;
    }
    if (typeof args !== "object" || args === null || Array.isArray(args))
      return "paths: --args must be a JSON object of the tool's arguments";
  }
  const unknownPath = parsed.path?.find((name) => !(TERMINAL_PATHS as readonly string[]).includes(name));
  if (unknownPath !== undefined) return `paths: unknown --path "${unknownPath}" (one of: ${TERMINAL_PATHS.join(", ")})`;
  return {
    kind: "mcp",
    target,
    tools: parsed.tool ?? [],
    args,
    timeoutMs,
    probeTool: parsed.probe,
    paths: parsed.path as TerminalPath[] | undefined,
    json: parsed.json ?? false,
  };
}

/** A path passes when it ended within the cap and nothing stayed held (or the kit could not see it end: HTTP disconnect). */
function pathPassed(result: WirePathResult): boolean {
  return result.ended !== false && result.hint === null;
}

function heldCell(result: WirePathResult): string {
  const held = result.heldAfterClose ?? result.held;
  if (held === null) return "?"; // no probe ran (none given, or none possible after a disconnect over stdio)
  return held.length > 0 ? held.join(", ") : "released";
}

/**
 * The invalid-content row's note: whether the server took an answer that breaks its schema. Not a failure of the
 * path (it ended), but a fix to name: in SDK 1.x, elicitInput checks the answer against the schema
 * (server/index.js, 1.32.2) and extra.sendRequest does not.
 */
function invalidContentNote(result: WirePathResult): string | null {
  if (!result.invalidContent) return null;
  const { violates, accepted } = result.invalidContent;
  return accepted
    ? `accepted an answer that breaks its schema (${violates}): check answers against the schema before using them ` +
        `(SDK 1.x: elicitInput does, extra.sendRequest does not)`
    : `rejected an answer that breaks its schema (${violates})`;
}

function table(report: WireToolReport): string {
  const header = ["path", "ended", "outcome", "time", "question", "held", "hint"];
  const rows = report.paths.map((result) => [
    result.path,
    result.ended === null ? "unknown" : result.ended ? "yes" : "no",
    result.outcome,
    `${result.ms} ms`,
    result.outcome === "not-applicable"
      ? "-"
      : result.questions === 0
        ? "none"
        : result.withdrawn
          ? "withdrawn"
          : result.answered
            ? "answered"
            : "left up",
    heldCell(result),
    result.hint ?? invalidContentNote(result) ?? (result.outcome === "not-applicable" ? (result.text ?? "") : ""),
  ]);
  const widths = [header, ...rows].reduce<number[]>(
    (max, row) => row.map((cell, column) => Math.max(max[column] ?? 0, cell.length)),
    [],
  );
  const line = (row: string[]): string =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd();
  const plural = report.questions === 1 ? "question" : "questions";
  const called = Object.keys(report.arguments).length > 0 ? ` with ${JSON.stringify(report.arguments)}` : "";
  const title = `${report.tool} (${report.questions} ${plural})${called}`;
  return [title, line(header), ...rows.map(line)].join("\n");
}

/**
 * Finding the tools that ask calls each one and waits up to --timeout-ms for a question: on a terminal, a line says
 * how many have been tried.
 */
async function findAskingToolsWithProgress(
  parsed: PathsArguments,
  io: CommandIo,
  findAskingTools: typeof import("../testing/wire.ts").findAskingTools,
): ReturnType<typeof findAskingTools> {
  let progress: ProgressLine | null = null;
  try {
    return await findAskingTools(parsed.target, parsed.timeoutMs, parsed.args, (tried, total) => {
      progress ??= progressLine(io, "paths: calling each tool to find those that ask", "tools", total, 1);
      progress.update(tried);
    });
  } finally {
    (progress as ProgressLine | null)?.end();
  }
}

export async function runPaths(argv: readonly string[], io: CommandIo): Promise<number> {
  const parsed = parse(argv, io.cwd);
  if (parsed === "help") {
    io.stdout(`${USAGE}\n`);
    return EXIT_OK;
  }
  if (typeof parsed === "string") {
    io.stderr(`${parsed}\n\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  if (parsed.kind === "acp") return runAcpAgent(parsed, io);
  // Loaded here, not at the top: it needs @modelcontextprotocol/sdk, which `check` and `migrate` users may not have.
  const { findAskingTools, runWirePaths } = await import("../testing/wire.ts");
  try {
    const tools =
      parsed.tools.length > 0
        ? parsed.tools.map((tool) => ({ tool, arguments: parsed.args }))
        : await findAskingToolsWithProgress(parsed, io, findAskingTools);
    if (tools.length === 0) {
      io.stderr(
        `paths: no tool of the server asked a question within ${parsed.timeoutMs} ms when called; name one with --tool (and --args)\n`,
      );
      return EXIT_FAILURE;
    }
    const reports: WireToolReport[] = [];
    for (const { tool, arguments: toolArguments } of tools) {
      reports.push(
        await runWirePaths({
          target: parsed.target,
          tool,
          arguments: toolArguments,
          timeoutMs: parsed.timeoutMs,
          probeTool: parsed.probeTool,
          paths: parsed.paths,
        }),
      );
    }
    if (parsed.json) {
      const shaped = reports.map((report) => ({
        tool: report.tool,
        arguments: report.arguments,
        questions: report.questions,
        paths: report.paths.map((result) => ({
          path: result.path,
          ended: result.ended,
          outcome: result.outcome,
          ms: result.ms,
          withdrawn: result.withdrawn,
          held: result.heldAfterClose ?? result.held,
          hint: result.hint,
          invalidContent: result.invalidContent,
        })),
      }));
      io.stdout(`${JSON.stringify(shaped, null, 2)}\n`);
    } else {
      io.stdout(`${reports.map(table).join("\n\n")}\n`);
    }
    const failed = reports.flatMap((report) => report.paths).filter((result) => !pathPassed(result));
    if (!parsed.json) {
      io.stdout(
        failed.length === 0
          ? "\nEvery path ended in bounded time and released.\n"
          : `\n${failed.length} path(s) did not end in bounded time or left something held.\n`,
      );
    }
    return failed.length === 0 ? EXIT_OK : EXIT_FAILURE;
  } catch (error) {
    if (error instanceof KitError) {
      io.stderr(`paths: ${error.message}\n`);
      if (error instanceof HandshakeError) io.stderr(otherProtocolAdvice(error));
      return EXIT_FAILURE;
    }
    throw error;
  }
}
