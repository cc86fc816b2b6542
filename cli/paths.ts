/**
 * `eslint-plugin-elicitation paths [options] -- <command...>` (or `--url http://…`): drives each tool of a running
 * MCP server that asks a person through the seven terminal paths, over the real transport, and prints what happened.
 * Exit codes: 0 every path ended in bounded time and released; 1 a path did not (or no tool asked); 2 usage error.
 */
import { parseArgs } from "node:util";
import { KitError } from "../testing/errors.ts";
import { TERMINAL_PATHS, type TerminalPath } from "../testing/path-names.ts";
import type { ServerTarget, WirePathResult, WireToolReport } from "../testing/wire.ts";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CommandIo } from "./io.ts";
import { progressLine, type ProgressLine } from "./progress.ts";

const USAGE = `Usage: eslint-plugin-elicitation paths [options] -- <command...>
       eslint-plugin-elicitation paths [options] --url http://host/mcp

Starts the MCP server (one process per path, over stdio) or connects to it (Streamable HTTP), finds the tools
that ask a person, and drives each through accept, decline, cancel, timeout, disconnect, invalid-content and
outer-cancel.

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
  -h, --help         show this help`;

const DEFAULT_TIMEOUT_MS = 10_000;

interface PathsArguments {
  target: ServerTarget;
  tools: string[];
  args: Record<string, unknown> | undefined;
  timeoutMs: number;
  probeTool: string | undefined;
  paths: TerminalPath[] | undefined;
  json: boolean;
}

function parse(argv: readonly string[], cwd: string): PathsArguments | string {
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
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    }).values;
  } catch (error) {
    return `paths: ${(error as Error).message}`;
  }
  if (parsed.help) return "help";
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
  let timeoutMs = DEFAULT_TIMEOUT_MS;
  if (parsed["timeout-ms"] !== undefined) {
    timeoutMs = Number(parsed["timeout-ms"]);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
      return `paths: --timeout-ms must be a positive whole number of milliseconds (got "${parsed["timeout-ms"]}")`;
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
      return EXIT_FAILURE;
    }
    throw error;
  }
}
