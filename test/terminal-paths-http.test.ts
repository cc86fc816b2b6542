/**
 * `paths --url` against the MCP SDK's own Streamable HTTP example, `elicitationFormExample` (@modelcontextprotocol/sdk
 * 1.32.2), started unchanged with node: its tools ask with `server.elicitInput(params)`, outside the call's own
 * response, so every question travels on the standalone GET stream. Before the kit waited for that stream, a run
 * could call a tool before it was open and the server dropped the question: a false "no reply", a tool missing from
 * the report, or a stdio hint on an HTTP target (5 right runs of 11). The full run, repeated, must say the same.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../cli/cli.ts";
import type { JsonPath, JsonReport } from "./support/paths-json.ts";

const root = path.join(__dirname, "..");
const example = path.join(
  root,
  "node_modules/@modelcontextprotocol/sdk/dist/esm/examples/server/elicitationFormExample.js",
);
const loopback = pathToFileURL(path.join(root, "test", "kit-fixtures", "loopback-listen.mjs")).href;
const RUNS = 20;
/**
 * The CLI's default cap. The timeout and outer-cancel paths wait all of it, so the runs go at once (they share the
 * server, which builds a fresh McpServer per session, and nothing else); an answered path must only reply within
 * it, which a short cap on a loaded 2-core machine does not always allow (2 s failed answered paths in 11 of 20).
 */
const CAP_MS = 10_000;

/** Everything a run decides, without the times. */
function verdicts(code: number, stdout: string, stderr: string): unknown {
  let reports: JsonReport | string;
  try {
    reports = JSON.parse(stdout) as JsonReport;
  } catch {
    reports = `${stdout}${stderr}`;
  }
  if (typeof reports === "string") return { code, output: reports };
  return {
    code,
    tools: reports.map((report) => ({
      tool: report.tool,
      arguments: report.arguments,
      questions: report.questions,
      paths: report.paths.map((result) => {
        const verdict: Partial<JsonPath> = { ...result };
        delete verdict.ms; // the only field that may differ between runs
        return verdict;
      }),
    })),
  };
}

const NO_DEADLINE =
  `no deadline within ${CAP_MS} ms: the question was still up when the cap passed; give the wait a deadline chosen ` +
  "for a person that takes the question down (SDK 1.x: elicitInput(params, { timeout: 300_000 })), or, if it has " +
  "one, a cap above it";
const CANCEL_IGNORED =
  `the caller's cancel did not end the wait: the question was still up after ${CAP_MS} ms; pass the call's signal ` +
  "to the question (SDK 1.x: elicitInput(params, { signal: extra.signal }); extra.sendRequest does not pass it on " +
  "by itself)";

/** What every run must say: the example's three tools ask, answer every answer, and have neither deadline nor signal. */
function expectedTool(tool: string, questions: number, violates: string): unknown {
  const row = (
    path: string,
    ended: boolean | null,
    outcome: string,
    hint: string | null,
    invalidContent: { violates: string; accepted: boolean } | null = null,
  ) => ({ path, ended, outcome, withdrawn: false, held: null, hint, invalidContent });
  return {
    tool,
    // The tools take no arguments.
    arguments: {},
    questions,
    paths: [
      row("accept", true, "result", null),
      row("decline", true, "result", null),
      row("cancel", true, "result", null),
      // elicitInput's own default timeout (60 s) is far past the cap.
      row("timeout", false, "-", NO_DEADLINE),
      // Over HTTP the kit cannot see the handler after the client has gone, and says so.
      row("disconnect", null, "-", null),
      // elicitInput checks the answer against the schema and throws; each tool returns that as an error.
      row("invalid-content", true, "error", null, { violates, accepted: false }),
      // The tools do not pass the call's signal to elicitInput.
      row("outer-cancel", false, "-", CANCEL_IGNORED),
    ],
  };
}

describe("paths --url against the SDK's elicitationFormExample", () => {
  let url = "";
  let server: ReturnType<typeof spawn> | undefined;

  beforeAll(async () => {
    server = spawn(process.execPath, ["--import", loopback, example], { stdio: ["ignore", "ignore", "pipe"] });
    url = await new Promise<string>((resolve, reject) => {
      let stderr = "";
      server!.stderr!.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        const address = /listening on (127\.0\.0\.1:\d+)/.exec(stderr)?.[1];
        if (address) resolve(`http://${address}/mcp`);
      });
      server!.once("exit", (code) => reject(new Error(`the example exited (${code}): ${stderr}`)));
    });
  });

  afterAll(() => {
    server?.kill();
  });

  it(`gives the same verdicts on every path of every tool in ${RUNS} full runs out of ${RUNS}`, async () => {
    const runOnce = async (): Promise<unknown> => {
      let stdout = "";
      let stderr = "";
      const code = await main(["paths", "--url", url, "--json"], {
        stdout: (text) => (stdout += text),
        stderr: (text) => (stderr += text),
        cwd: root,
        isTTY: false,
      });
      return verdicts(code, stdout, stderr);
    };
    const runs = await Promise.all(Array.from({ length: RUNS }, runOnce));
    const expected = {
      code: 1,
      tools: [
        // Each invalid answer breaks the first required field's most specific constraint.
        expectedTool("register_user", 1, "username: maxLength 20"),
        expectedTool("create_event", 2, "title: minLength 1"),
        expectedTool("update_shipping_address", 1, "name: minLength 1"),
      ],
    };
    const right = runs.filter((run) => JSON.stringify(run) === JSON.stringify(expected)).length;
    const firstWrong = runs.find((run) => JSON.stringify(run) !== JSON.stringify(expected));
    expect({ right, firstWrong }).toEqual({ right: RUNS, firstWrong: undefined });
  });
});
