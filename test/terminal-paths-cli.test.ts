/**
 * `eslint-plugin-elicitation paths`: real servers started as child processes (over stdio) or reached over
 * Streamable HTTP, driven by the real SDK client. `@modelcontextprotocol/server-everything` is started from its
 * package bin; our seat server (test/kit-fixtures) with node.
 */
import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../cli/cli.ts";
import type { CommandIo } from "../cli/io.ts";
import { runPaths } from "../cli/paths.ts";
import type { JsonReport } from "./support/paths-json.ts";

const root = path.join(__dirname, "..");
const everythingBin = path.join(root, "node_modules", ".bin", "mcp-server-everything");
const seatServer = ["--", process.execPath, path.join(root, "test", "kit-fixtures", "seat-server.mjs")];

async function paths(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return pathsOn(false, ...argv);
}

async function pathsOn(isTTY: boolean, ...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const io: CommandIo = {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    cwd: root,
    isTTY,
  };
  const code = await runPaths(argv, io);
  return { code, stdout, stderr };
}

function rows(report: JsonReport[number]): Array<[string, boolean | null, string]> {
  return report.paths.map((result) => [result.path, result.ended, result.outcome]);
}

describe("paths against @modelcontextprotocol/server-everything, started from its package bin", () => {
  it("trigger-elicitation-request: the answered paths end; timeout, outer-cancel and disconnect do not within a 3 s cap; exit 1 with the reasons", async () => {
    const { code, stdout } = await paths(
      "--tool",
      "trigger-elicitation-request",
      "--timeout-ms",
      "3000",
      "--json",
      "--",
      everythingBin,
    );
    const [report] = JSON.parse(stdout) as JsonReport;
    expect(report!.tool).toBe("trigger-elicitation-request");
    expect(report!.questions).toBe(1);
    expect(rows(report!)).toEqual([
      ["accept", true, "result"],
      ["decline", true, "result"],
      ["cancel", true, "result"],
      // Its deadline is 10 minutes.
      ["timeout", false, "-"],
      // The 1.x stdio transport does not notice stdin closing; the pending question's timer keeps the process up.
      ["disconnect", false, "-"],
      // It reads the answer through extra.sendRequest, which does not check content against the schema.
      ["invalid-content", true, "result"],
      // extra.sendRequest does not forward the call's signal: the question stays up after the caller cancels.
      ["outer-cancel", false, "-"],
    ]);
    const hints = Object.fromEntries(report!.paths.map((result) => [result.path, result.hint]));
    expect(hints).toEqual({
      accept: null,
      decline: null,
      cancel: null,
      timeout:
        "no deadline within 3000 ms: the question was still up when the cap passed; give the wait a deadline chosen " +
        "for a person that takes the question down (SDK 1.x: elicitInput(params, { timeout: 300_000 })), or, if it " +
        "has one, a cap above it",
      disconnect:
        "the server kept running 3000 ms after its client went away (stdin closed): SDK 1.x's StdioServerTransport " +
        'does not notice stdin closing, so the question waits out its deadline; add process.stdin.on("close", () => server.close())',
      "invalid-content": null,
      "outer-cancel":
        "the caller's cancel did not end the wait: the question was still up after 3000 ms; pass the call's signal " +
        "to the question (SDK 1.x: elicitInput(params, { signal: extra.signal }); extra.sendRequest does not pass " +
        "it on by itself)",
    });
    // Its one required field, name, is a string: the answer gives a number, and the tool takes it.
    expect(report!.paths.map((result) => result.invalidContent)).toEqual([
      null,
      null,
      null,
      null,
      null,
      { violates: "name: type string", accepted: true },
      null,
    ]);
    expect(report!.paths.every((result) => result.withdrawn === false)).toBe(true);
    expect(code).toBe(1);
  });

  it("a tool that never asks is an error with the reason, not a pass", async () => {
    const { code, stderr } = await paths(
      "--tool",
      "echo",
      "--args",
      '{"message":"hi"}',
      "--path",
      "accept",
      "--timeout-ms",
      "3000",
      "--",
      everythingBin,
    );
    expect(code).toBe(1);
    expect(stderr).toBe(
      'paths: "echo" with {"message":"hi"} asked no question on the accept path, so nothing was tested (it said: Echo: hi)\n',
    );
  });

  it("over Streamable HTTP (--url), the same tool gives the same answered paths", async () => {
    const port = await freePort();
    const server = spawn(process.execPath, [everythingBin, "streamableHttp"], {
      env: { ...process.env, PORT: String(port) },
      stdio: ["ignore", "ignore", "pipe"],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        server.stderr!.on("data", (chunk: Buffer) => chunk.toString().includes("listening") && resolve());
        server.once("exit", (exitCode) => reject(new Error(`server-everything exited (${exitCode})`)));
      });
      const { code, stdout } = await paths(
        "--url",
        `http://127.0.0.1:${port}/mcp`,
        "--tool",
        "trigger-elicitation-request",
        "--timeout-ms",
        "5000",
        "--json",
        "--path",
        "accept",
        "--path",
        "decline",
        "--path",
        "outer-cancel",
        "--path",
        "disconnect",
      );
      const [report] = JSON.parse(stdout) as JsonReport;
      expect(rows(report!)).toEqual([
        ["accept", true, "result"],
        ["decline", true, "result"],
        ["outer-cancel", false, "-"],
        // Over HTTP the kit cannot see the handler after the client goes away, and says so rather than guess.
        ["disconnect", null, "-"],
      ]);
      expect(code).toBe(1);
    } finally {
      server.kill();
    }
  });
});

describe("paths against a server of ours, started with node", () => {
  it("finds the two tools that ask (not the one that never asks, nor the probe) and tells the correct one from the leaky one", async () => {
    const { code, stdout } = await paths("--probe", "held", "--timeout-ms", "2500", "--json", ...seatServer);
    const reports = JSON.parse(stdout) as JsonReport;
    expect(reports.map((report) => report.tool)).toEqual(["reserve_seat", "hold_seat"]);
    const [reserve, hold] = reports;
    expect(reserve!.paths.map((result) => [result.path, result.ended, result.held, result.hint])).toEqual([
      ["accept", true, [], null],
      ["decline", true, [], null],
      ["cancel", true, [], null],
      ["timeout", true, [], null],
      // The server closes on stdin end; over stdio nothing can be probed after a disconnect.
      ["disconnect", true, null, null],
      ["invalid-content", true, [], null],
      ["outer-cancel", true, [], null],
    ]);
    expect(reserve!.paths.find((result) => result.path === "timeout")!.withdrawn).toBe(true);
    expect(reserve!.paths.find((result) => result.path === "outer-cancel")!.withdrawn).toBe(true);
    // The generated seat argument is "example" (from the input schema); the leaky tool keeps holding it.
    expect(hold!.paths.map((result) => [result.path, result.ended, result.held])).toEqual([
      ["accept", true, []],
      ["decline", true, []],
      ["cancel", true, []],
      ["timeout", false, ["example"]],
      ["disconnect", true, null],
      ["invalid-content", true, ["example"]],
      ["outer-cancel", false, ["example"]],
    ]);
    expect(hold!.paths.find((result) => result.path === "invalid-content")!.hint).toBe(
      "still held after the invalid-content path: example",
    );
    expect(code).toBe(1);
  });

  it("the correct tool alone, named without arguments: they come from its input schema; exit 0 and a table that says so", async () => {
    const { code, stdout } = await paths(
      "--tool",
      "reserve_seat",
      "--probe",
      "held",
      "--timeout-ms",
      "2500",
      ...seatServer,
    );
    // Its input schema asks for one string, seat.
    expect(stdout).toMatch(
      /^reserve_seat \(1 question\) with \{"seat":"example"\}\npath +ended +outcome +time +question +held +hint\naccept +yes +result +\d+ ms +answered +released\n/,
    );
    expect(stdout).toMatch(/\ntimeout +yes +error +\d+ ms +withdrawn +released\n/);
    // elicitInput checks the answer against the requested schema (name: at most 40 characters) and throws.
    expect(stdout).toMatch(
      /\ninvalid-content +yes +error +\d+ ms +answered +released +rejected an answer that breaks its schema \(name: maxLength 40\)\n/,
    );
    expect(stdout).toContain("\nEvery path ended in bounded time and released.\n");
    expect(code).toBe(0);
  });
});

describe("paths on a stdio server that outlives its input (SDK 1.x's StdioServerTransport)", () => {
  const confirmServer = path.join(root, "test", "kit-fixtures", "confirm-server.mjs");
  const run = (...serverArgs: string[]) =>
    paths(
      "--path",
      "accept",
      "--path",
      "disconnect",
      "--timeout-ms",
      "2000",
      "--",
      process.execPath,
      confirmServer,
      ...serverArgs,
    );

  it("fails disconnect with the cause and the fix in the hint, and prints held ? without a probe", async () => {
    const { code, stdout } = await run();
    expect(code).toBe(1);
    expect(stdout).toMatch(/^path +ended +outcome +time +question +held +hint$/m);
    expect(stdout).toMatch(/^accept +yes +result +\d+ ms +answered +\? *$/m);
    expect(stdout).toMatch(
      /^disconnect +no +- +2000 ms +left up +\? +the server kept running 2000 ms after its client went away \(stdin closed\): SDK 1\.x's StdioServerTransport does not notice stdin closing, so the question waits out its deadline; add process\.stdin\.on\("close", \(\) => server\.close\(\)\)$/m,
    );
  });

  it("with the line the hint names, the same server passes disconnect", async () => {
    const { code, stdout } = await run("--close-on-stdin");
    expect(stdout).toMatch(/^disconnect +yes +/m);
    expect(stdout).toContain("\nEvery path ended in bounded time and released.\n");
    expect(code).toBe(0);
  });
});

describe("paths' progress line while it finds the tools that ask", () => {
  const argv = ["--path", "accept", "--timeout-ms", "1500", ...seatServer];

  it("on a terminal, counts the tools tried on stderr and erases the line", async () => {
    const { code, stderr, stdout } = await pathsOn(true, ...argv);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^reserve_seat \(1 question\) with \{"seat":"example"\}\n/);
    const draws = stderr.split("\r\u001b[K");
    expect(draws.at(-1)).toBe("");
    const counts = draws.filter(Boolean);
    expect(counts[0]).toMatch(/^paths: calling each tool to find those that ask: 0\/(\d+) tools$/);
    const total = counts[0]!.match(/\/(\d+) tools$/)![1];
    expect(counts.at(-1)).toBe(`paths: calling each tool to find those that ask: ${total}/${total} tools`);
  });

  it("as a child process into a pipe, prints no progress and no escape codes", () => {
    const cli = path.join(root, "cli", "cli.ts");
    const run = spawnSync(path.join(root, "node_modules", ".bin", "tsx"), [cli, "paths", ...argv], {
      cwd: root,
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.stdout).not.toContain("\u001b");
  });
});

describe("paths usage errors exit 2 with a clear message", () => {
  it("the CLI dispatches paths, and --help prints its usage and exits 0", async () => {
    let stdout = "";
    const code = await main(["paths", "--help"], {
      stdout: (text) => (stdout += text),
      stderr: () => {},
      cwd: root,
      isTTY: false,
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: eslint-plugin-elicitation paths \[options\] -- <command\.\.\.>\n/);
  });

  const cases: Array<[string, string[], string]> = [
    ["no server", ["--tool", "x"], "paths: no server given: add -- <command...> to start one, or --url http://…"],
    [
      "both a URL and a command",
      ["--url", "http://localhost:1/mcp", "--", "node", "server.js"],
      "paths: give either --url or a command after --, not both",
    ],
    [
      "a bad timeout",
      ["--timeout-ms", "soon", "--", "node"],
      'paths: --timeout-ms must be a positive whole number of milliseconds (got "soon")',
    ],
    ["arguments that are not JSON", ["--args", "{seat:1}", "--", "node"], "paths: --args is not JSON:"],
    [
      "arguments that are not an object",
      ["--args", "[1]", "--", "node"],
      "paths: --args must be a JSON object of the tool's arguments",
    ],
    [
      "an unknown path",
      ["--path", "timout", "--", "node"],
      'paths: unknown --path "timout" (one of: accept, decline, cancel, timeout, disconnect, invalid-content, outer-cancel)',
    ],
    ["an unknown option", ["--tools", "x", "--", "node"], "paths: Unknown option '--tools'"],
    [
      "an MCP option with --acp",
      ["--acp", "--tool", "x", "--", "node", "agent.js"],
      "paths: --tool is for MCP servers; an ACP agent (--acp) is started from the command after --",
    ],
    ["--acp with a URL", ["--acp", "--url", "http://localhost:1/mcp"], "paths: --url is for MCP servers;"],
    ["--acp without a command", ["--acp"], "paths: no agent given: add -- <command...> to start it"],
    ["an ACP option without --acp", ["--prompt", "hi", "--", "node"], "paths: --prompt is for ACP agents: add --acp"],
    [
      "an --ask-index that is not a place in the turn",
      ["--acp", "--ask-index", "first", "--", "node"],
      'paths: --ask-index must be a whole number from 0, the question\'s place in the turn (got "first")',
    ],
    [
      "an MCP path name for an ACP agent",
      ["--acp", "--path", "timeout", "--", "node"],
      'paths: unknown --path "timeout" for an ACP agent (one of: select:<option kind>, accept, decline, cancelled, invalid-content, never-answered, connection-closed, session-cancel)',
    ],
    [
      "a URL that is not http",
      ["--url", "localhost:3001"],
      'paths: --url must be an http:// or https:// URL (got "localhost:3001")',
    ],
  ];
  for (const [name, argv, message] of cases) {
    it(name, async () => {
      const { code, stderr } = await paths(...argv);
      expect(code).toBe(2);
      expect(stderr.startsWith(message)).toBe(true);
      expect(stderr).toContain("Usage: eslint-plugin-elicitation paths");
    });
  }
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
