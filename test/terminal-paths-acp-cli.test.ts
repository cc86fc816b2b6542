/**
 * `paths --acp -- <agent command>`, as users run it: the built CLI (dist/cli/cli.js) as a child process, driving a
 * real ACP agent over stdio (test/kit-fixtures/acp-permission-agent.mjs, on @agentclientprotocol/sdk) whose one
 * question is a permission request. Raced against the turn and given a deadline, every path ends; the same wait
 * unraced leaves the cancelled turn and the unanswered question hanging.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runPaths } from "../cli/paths.ts";

const root = path.join(__dirname, "..");
const builtCli = path.join(root, "dist", "cli", "cli.js");
const permissionAgent = path.join(__dirname, "kit-fixtures", "acp-permission-agent.mjs");
const mcpServer = path.join(__dirname, "kit-fixtures", "seat-server.mjs");
/** Far above the raced agent's deadline (500 ms), so only a wait that never ends reaches it. */
const CAP_MS = 5_000;

function runBuiltCli(argv: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtCli, ...argv], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

async function inProcess(argv: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runPaths(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    cwd: root,
    isTTY: false,
  });
  return { code, stdout, stderr };
}

interface JsonAcpPath {
  path: string;
  ended: boolean | null;
  stopReason: string | null;
  ms: number;
  withdrawn: boolean;
  said: string[];
  hint: string | null;
}

describe("paths --acp through the built CLI, against a real ACP agent over stdio", () => {
  it("the raced permission wait ends every path (exit 0, --json); unraced, never-answered and session-cancel do not (exit 1, with the fix)", async () => {
    const agent = ["--", process.execPath, permissionAgent];
    const [raced, unraced] = await Promise.all([
      runBuiltCli([
        "paths",
        "--acp",
        "--json",
        "--timeout-ms",
        String(CAP_MS),
        ...agent,
        "--raced",
        "--deadline-ms",
        "500",
      ]),
      runBuiltCli(["paths", "--acp", "--timeout-ms", String(CAP_MS), ...agent]),
    ]);

    expect(raced.stderr).toBe("");
    const [question, ...others] = JSON.parse(raced.stdout) as Array<{
      askIndex: number;
      kind: string;
      title: string;
      optionKinds: string[];
      paths: JsonAcpPath[];
    }>;
    expect(others).toEqual([]);
    expect({ ...question, paths: undefined }).toEqual({
      askIndex: 0,
      kind: "permission",
      title: "Run `npm test`",
      optionKinds: ["allow_once", "reject_once"],
      paths: undefined,
    });
    expect(
      question!.paths.map(({ path, ended, stopReason, withdrawn, said, hint }) => [
        path,
        ended,
        stopReason,
        withdrawn,
        said,
        hint,
      ]),
    ).toEqual([
      ["select:allow_once", true, "end_turn", false, ["Ran `npm test`."], null],
      ["select:reject_once", true, "end_turn", false, ["Not run: you said no."], null],
      ["cancelled", true, "end_turn", false, ["Not run: nobody decided."], null],
      // Its deadline fires: the agent withdraws the question ($/cancel_request) and ends the turn.
      ["never-answered", true, "end_turn", true, ["Not run: nobody answered in time."], null],
      // Over stdio the agent's exit is the end the client can see.
      ["connection-closed", true, null, false, [], null],
      ["session-cancel", true, "cancelled", true, [], null],
    ]);
    expect(raced.code).toBe(0);

    expect(unraced.stderr).toBe("");
    expect(unraced.stdout).toMatch(
      /^question 1 of 1, a permission request: "Run `npm test`" \(allow_once, reject_once\)\npath +ended +stop reason +time +question +hint\n/,
    );
    expect(unraced.stdout).toMatch(/\nselect:allow_once +yes +end_turn +\d+ ms +answered\n/);
    expect(unraced.stdout).toMatch(/\nconnection-closed +yes +- +\d+ ms +left up\n/);
    expect(unraced.stdout).toContain(
      `\nnever-answered      no     -            ${CAP_MS} ms  left up   no deadline within ${CAP_MS} ms: the question was still up when the cap passed; give the wait a deadline chosen for a person that takes the question down: abort its cancellationSignal from a timer you hold and clear, with stopWaitingOnCancel: true (ACP SDK 2.x), or, if it has one, a cap above it\n`,
    );
    expect(unraced.stdout).toContain(
      `\nsession-cancel      no     -            ${CAP_MS} ms  left up   the turn did not end when the client cancelled it (session/cancel): the question was still up after ${CAP_MS} ms; race the question against the turn: abort its cancellationSignal from the session/cancel handler, with stopWaitingOnCancel: true, and end the turn with stopReason "cancelled"\n`,
    );
    expect(unraced.stdout).toMatch(/\n\n2 path\(s\) did not end in bounded time\.\n$/);
    expect(unraced.code).toBe(1);
  });

  it("an ACP agent driven as an MCP server, and an MCP server driven with --acp: exit 1, saying which to use", async () => {
    const [agentAsServer, serverAsAgent] = await Promise.all([
      inProcess(["--timeout-ms", String(CAP_MS), "--", process.execPath, permissionAgent]),
      inProcess(["--acp", "--timeout-ms", String(CAP_MS), "--", process.execPath, mcpServer]),
    ]);
    // What the issue saw ("MCP error -32602: Invalid params"), now with the way out.
    expect(agentAsServer.stderr).toBe(
      "paths: could not connect to the server: MCP error -32602: Invalid params (the program rejected MCP's initialize request)\n" +
        "paths: if the command starts an ACP agent, add --acp: paths --acp -- <command...>\n",
    );
    expect(agentAsServer.code).toBe(1);
    expect(serverAsAgent.stderr).toMatch(/^paths: the program rejected ACP's initialize request: .+\n/);
    expect(serverAsAgent.stderr).toMatch(/\npaths: if the command starts an MCP server, leave out --acp\n$/);
    expect(serverAsAgent.code).toBe(1);
  });
});
