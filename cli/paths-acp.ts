/**
 * `eslint-plugin-elicitation paths --acp -- <agent command...>`: the ACP side of `paths`. One turn, every question
 * answered yes, finds the questions the agent asks; each then goes through the paths that apply to it, every path on
 * a fresh agent process over stdio. A path ended when the prompt returned within the cap (after a closed connection:
 * when the process exited). Exit codes as for MCP servers: 0 every path ended; 1 one did not, or nothing was asked.
 */
import { HandshakeError, KitError } from "../testing/errors.ts";
import type { AcpPath, AcpPathResult, AcpPathsReport, AcpQuestion, AcpWording } from "../testing/acp.ts";
import { formatTable } from "../testing/table.ts";
import { EXIT_FAILURE, EXIT_OK, type CommandIo } from "./io.ts";

export interface AcpArguments {
  kind: "acp";
  command: string[];
  cwd: string;
  prompt: string | undefined;
  askIndexes: number[] | undefined;
  timeoutMs: number;
  paths: AcpPath[] | undefined;
  json: boolean;
}

/** The CLI's words in the kit's messages: its own prefix is added where they are printed. */
const CLI_WORDING: AcpWording = { prefix: "", askIndex: "--ask-index" };

/** The paths on which the scripted person answered the question, rather than leaving it up or going away. */
const LEFT_UNANSWERED: ReadonlySet<AcpPath> = new Set(["never-answered", "connection-closed", "session-cancel"]);

/** What to try when the program answered the first request as if it spoke the other protocol. */
export function otherProtocolAdvice(error: HandshakeError): string {
  return error.spoken === "mcp"
    ? "paths: if the command starts an ACP agent, add --acp: paths --acp -- <command...>\n"
    : "paths: if the command starts an MCP server, leave out --acp\n";
}

function describe(question: AcpQuestion, askIndex: number, of: number): string {
  const place = `question ${askIndex + 1} of ${of}`;
  return question.kind === "permission"
    ? `${place}, a permission request: "${question.title}" (${question.optionKinds.join(", ")})`
    : `${place}, an elicitation (${question.mode}): "${question.message}"`;
}

function table(report: AcpPathsReport & { askIndex: number }, questions: number): string {
  const rows = report.results.map((result) => [
    result.path,
    result.ended === null ? "unknown" : result.ended ? "yes" : "no",
    result.stopReason ?? "-",
    `${result.ms} ms`,
    result.withdrawn ? "withdrawn" : LEFT_UNANSWERED.has(result.path) ? "left up" : "answered",
    result.hint ?? "",
  ]);
  return [
    describe(report.question, report.askIndex, questions),
    formatTable([["path", "ended", "stop reason", "time", "question", "hint"], ...rows]),
  ].join("\n");
}

/** What `--json` prints of each path (what the agent held cannot be probed over stdio). */
const JSON_FIELDS = ["path", "ended", "stopReason", "ms", "withdrawn", "said", "hint"] as const;

function shaped(report: AcpPathsReport & { askIndex: number }): object {
  return {
    askIndex: report.askIndex,
    ...report.question,
    paths: report.results.map((result) => Object.fromEntries(JSON_FIELDS.map((field) => [field, result[field]]))),
  };
}

export async function runAcpAgent(parsed: AcpArguments, io: CommandIo): Promise<number> {
  // Loaded here: it loads @agentclientprotocol/sdk, which MCP users of `paths` need not have.
  const { runAcpAgentPaths } = await import("../testing/acp.ts");
  let run: Awaited<ReturnType<typeof runAcpAgentPaths>>;
  try {
    run = await runAcpAgentPaths(
      {
        agent: { command: parsed.command, cwd: parsed.cwd },
        prompt: parsed.prompt,
        timeoutMs: parsed.timeoutMs,
        paths: parsed.paths,
      },
      parsed.askIndexes,
      CLI_WORDING,
    );
  } catch (error) {
    if (!(error instanceof KitError)) throw error;
    io.stderr(`paths: ${error.message}\n`);
    if (error instanceof HandshakeError) io.stderr(otherProtocolAdvice(error));
    return EXIT_FAILURE;
  }
  const { asked, reports } = run;
  const failed: AcpPathResult[] = reports
    .flatMap((report) => report.results)
    .filter((result) => result.ended === false);
  if (parsed.json) {
    io.stdout(`${JSON.stringify(reports.map(shaped), null, 2)}\n`);
  } else {
    io.stdout(`${reports.map((report) => table(report, asked)).join("\n\n")}\n`);
    io.stdout(
      failed.length === 0
        ? "\nEvery path ended in bounded time.\n"
        : `\n${failed.length} path(s) did not end in bounded time.\n`,
    );
  }
  return failed.length === 0 ? EXIT_OK : EXIT_FAILURE;
}
