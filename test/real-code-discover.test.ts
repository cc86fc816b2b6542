/**
 * `check --discover`: the project's own wrappers of a wait on a person, found with its TypeScript program, and the
 * printed configuration pasted into an eslint.config.js that real ESLint loads. A wrapper in one file, its callers
 * in another: without the configuration the untyped rules cannot see the callers' waits; with it they report them.
 */
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../cli/cli.ts";
import type { CommandIo } from "../cli/io.ts";

const REPO = path.join(__dirname, "..");

function captureIo(cwd: string): CommandIo & { out: string; err: string } {
  const io = {
    out: "",
    err: "",
    cwd,
    isTTY: false,
    stdout: (text: string) => {
      io.out += text;
    },
    stderr: (text: string) => {
      io.err += text;
    },
  };
  return io;
}

const ASK = `import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";

/** Asks the person behind the client; the deadline is chosen here. */
export async function askUser(server: Server, message: string): Promise<ElicitResult> {
  return server.elicitInput({ message, requestedSchema: { type: "object", properties: {} } }, { timeout: 120_000 });
}

export const confirmWith = async (server: Server, message: string, options: { signal?: AbortSignal }) =>
  server.elicitInput({ message, requestedSchema: { type: "object", properties: {} } }, { timeout: 120_000, ...options });

/** Shares the words, asks nobody: an action that is any string. */
export async function loadAction(): Promise<{ action: string }> {
  return { action: "accept" };
}
`;

const DEPLOY = `import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { askUser, loadAction } from "./ask.js";

declare const mutex: { acquire(): Promise<() => void> };

export async function deploy(server: Server): Promise<string> {
  const release = await mutex.acquire();
  const answer = await askUser(server, "Deploy?");
  release();
  if (answer.action !== "accept") return "stopped";
  return "deployed";
}

export async function replay(): Promise<string> {
  const release = await mutex.acquire();
  const saved = await loadAction();
  release();
  if (saved.action !== "accept") return "stopped";
  return "replayed";
}
`;

const TSCONFIG = {
  compilerOptions: {
    target: "es2022",
    module: "nodenext",
    moduleResolution: "nodenext",
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  },
  include: ["src"],
};

/** A project inside the repository (git-ignored .tmp/) so that it resolves the installed SDK. */
let project = "";

beforeAll(() => {
  fs.mkdirSync(path.join(REPO, ".tmp"), { recursive: true });
  project = fs.mkdtempSync(path.join(REPO, ".tmp", "discover-"));
  fs.mkdirSync(path.join(project, "src"));
  fs.writeFileSync(path.join(project, "tsconfig.json"), JSON.stringify(TSCONFIG, null, 2));
  fs.writeFileSync(path.join(project, "src", "ask.ts"), ASK);
  fs.writeFileSync(path.join(project, "src", "deploy.ts"), DEPLOY);
});

afterAll(() => {
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

/** Lints src/deploy.ts with the plugin's recommended config and, when given, the pasted configuration. */
async function lintCaller(pasted: string | null): Promise<{ ruleId: string | null; line: number }[]> {
  // A TypeScript config (ESLint loads it with jiti) so it can import the plugin from source, as users paste it.
  const configFile = path.join(project, "eslint.config.ts");
  const pluginUrl = JSON.stringify(path.join(REPO, "index.ts"));
  const body = pasted ?? "export default [elicitation.configs.recommended];";
  fs.writeFileSync(
    configFile,
    [
      `import parser from ${JSON.stringify(require.resolve("@typescript-eslint/parser"))};`,
      `import plugin from ${pluginUrl};`,
      "const elicitation = plugin.default ?? plugin;",
      body.replace("export default [", `export default [\n  { files: ["**/*.ts"], languageOptions: { parser } },`),
    ].join("\n"),
  );
  const eslint = new ESLint({ cwd: project, overrideConfigFile: configFile });
  const [result] = await eslint.lintFiles([path.join(project, "src", "deploy.ts")]);
  return result!.messages.map((message) => ({ ruleId: message.ruleId, line: message.line }));
}

describe("check --discover", () => {
  it("lists the bundled fixtures' wrappers with file:line and the config to paste", async () => {
    const io = captureIo(REPO);
    const code = await main(["check", "--discover", "fixtures"], io);
    expect(io.err).toBe("");
    expect(code).toBe(0);
    // The functions the fixtures declare to return a person's answer (see fixtures/*/).
    expect(io.out).toMatch(/mcp-server\/server\.ts:\d+\s+askThroughDispatcher\s+\(answers with MCP ElicitResult\)/);
    expect(io.out).toMatch(
      /acp-agent\/agent\.ts:\d+\s+requestPermissionFromClient\s+\(answers with ACP RequestPermissionResponse\)/,
    );
    expect(io.out).toContain('"elicitation/forward-abort-signal": ["error", { humanWaitFunctions }]');
    const line = Number(/askThroughDispatcher/.test(io.out) && /mcp-server\/server\.ts:(\d+)/.exec(io.out)![1]);
    const source = fs.readFileSync(path.join(REPO, "fixtures", "mcp-server", "server.ts"), "utf8").split("\n");
    expect(source[line - 1]).toContain("function askThroughDispatcher(");
  });

  it("finds a wrapper in one file of a multi-file project, not the look-alike whose action is any string", async () => {
    const io = captureIo(project);
    expect(await main(["check", "--discover", "--format", "json"], io)).toBe(0);
    const report = JSON.parse(io.out) as {
      functions: { name: string; file: string; line: number; optionsArgIndex: number | null }[];
    };
    expect(report.functions).toEqual([
      { name: "askUser", file: "src/ask.ts", line: 5, shape: "mcp-elicit-result", optionsArgIndex: null },
      { name: "confirmWith", file: "src/ask.ts", line: 9, shape: "mcp-elicit-result", optionsArgIndex: 2 },
    ]);
  });

  it("the untyped rules report the callers in another file, through the project model or the printed config", async () => {
    const expected = [
      // const release = await mutex.acquire(); … await askUser(…); release();
      { ruleId: "elicitation/release-in-finally", line: 7 },
      // if (answer.action !== "accept") return "stopped";
      { ruleId: "elicitation/exhaustive-action", line: 10 },
    ];
    // The project model follows `askUser` into src/ask.ts by itself (analysis/modules.ts).
    expect(await lintCaller(null)).toEqual(expected);
    const io = captureIo(project);
    expect(await main(["check", "--discover", project], io)).toBe(0);
    const pasted = io.out.slice(io.out.indexOf("// Your functions"));
    // Pasted, the entries name the same functions: the same findings, none twice.
    expect(await lintCaller(pasted)).toEqual(expected);
  });

  it("says what is missing when there is no tsconfig", async () => {
    const io = captureIo(path.join(project, "src"));
    expect(await main(["check", "--discover"], io)).toBe(2);
    expect(io.err).toContain("no tsconfig.json at tsconfig.json");
  });
});
