/**
 * `check` and `demo` end to end: real ESLint, real files on disk, the output a person or a CI job reads.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../index.ts";
import { mayHaveFindings } from "../cli/check.ts";
import { javascriptFirstParser } from "../cli/js-parser.ts";
import { FIXTURES_DIR } from "../cli/demo.ts";
import { makeProject, runCli, spawnCli } from "./support/cli.ts";
import {
  BUGGY_SERVER,
  CLEAN,
  STRICT_ONLY,
  SYNTAX_ERROR,
  TEST_DOUBLE,
  expectedFindings,
  sortFindings,
} from "./support/samples.ts";

const project = makeProject("cli", {
  "src/server.ts": BUGGY_SERVER,
  "src/clean.ts": CLEAN,
  "src/strict-only.ts": STRICT_ONLY,
  // A call the gate admits (a word in a comment alone no longer is), then a line that does not parse.
  "mixed/a-broken.ts": `await server.server.elicitInput({ message: "Ship?" });\n${SYNTAX_ERROR.split("\n")[1]}\n`,
  "mixed/server.mjs": BUGGY_SERVER,
  "notes/readme.md": "# nothing to lint here\n",
  "other-tools/disables.ts": [
    "// eslint-disable-next-line no-console",
    'console.log("starting");',
    "// eslint-disable-next-line @typescript-eslint/no-explicit-any",
    "export const settings: any = {};",
    '/* eslint @typescript-eslint/no-explicit-any: "error" */',
    "",
  ].join("\n"),
  // A user silencing one of our findings where it is reported.
  "other-tools/silenced.ts": BUGGY_SERVER.replace(
    "// ❌ elicitation/exhaustive-action",
    "// eslint-disable-line elicitation/exhaustive-action",
  ),
});

interface JsonResult {
  filePath: string;
  messages: { ruleId: string | null; line: number; column: number; message: string; fatal?: boolean }[];
}

/** Findings of `check --format json` as { line, ruleId }, for one file. */
async function findingsOf(file: string, config = "recommended") {
  const run = await runCli(["check", "--format", "json", "--config", config, file], project);
  const [result] = JSON.parse(run.stdout) as JsonResult[];
  return sortFindings(result!.messages.map((m) => ({ line: m.line, ruleId: m.ruleId ?? "parse error" })));
}

/** The `file:line:col  message  rule` header lines of the stylish (code frame) output. */
function headers(stdout: string) {
  return [...stdout.matchAll(/^(\S+):(\d+):(\d+) {2}(.+?) {2}(\S+)$/gm)].map((m) => ({
    file: m[1]!,
    line: Number(m[2]),
    column: Number(m[3]),
    message: m[4]!,
    ruleId: m[5]!,
    index: m.index,
  }));
}

describe("check <paths>", () => {
  it("prints every finding of a buggy file as a code frame with a summary, and exits 1", async () => {
    const run = await runCli(["check", "src/server.ts"], project);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("");
    const found = headers(run.stdout);
    expect(sortFindings(found)).toEqual(expectedFindings(BUGGY_SERVER));
    const sourceLines = BUGGY_SERVER.split("\n");
    for (const finding of found) {
      expect(finding.file).toBe(path.join("src", "server.ts"));
      expect(finding.message.length).toBeGreaterThan(40);
      // The frame: the reported line with a gutter, then carets starting under the reported column.
      const [, sourceLine, caretLine] = run.stdout.slice(finding.index).split("\n");
      expect(sourceLine).toBe(`  ${finding.line} | ${sourceLines[finding.line - 1]}`);
      expect(caretLine).toMatch(/^ {2} +\| /);
      expect(caretLine!.slice(caretLine!.indexOf("| ") + 2)).toMatch(new RegExp(`^ {${finding.column - 1}}\\^+$`));
    }
    const expectedCount = expectedFindings(BUGGY_SERVER).length;
    expect(run.stdout.trimEnd().split("\n").at(-1)).toBe(`${expectedCount} problems in 1 file (1 file checked).`);
  });

  it("shows each suggestion's description under its finding", async () => {
    const run = await runCli(["check", "src/server.ts"], project);
    const json = await runCli(["check", "--format", "json", "src/server.ts"], project);
    const [result] = JSON.parse(json.stdout) as { messages: { suggestions?: { desc: string }[] }[] }[];
    const descriptions = result!.messages.flatMap((m) => (m.suggestions ?? []).map((s) => s.desc));
    expect(descriptions.length).toBeGreaterThan(0);
    for (const description of descriptions) expect(run.stdout).toContain(`  suggestion: ${description}\n`);
  });

  it("exits 0 on code that only shares words with the protocol", async () => {
    const run = await runCli(["check", "src/clean.ts"], project);
    expect(run).toEqual({ code: 0, stdout: "No problems in 1 file.\n", stderr: "" });
  });

  it("ignores eslint-disable comments and inline configs meant for the user's other rules", async () => {
    const run = await runCli(["check", "other-tools/disables.ts"], project);
    expect(run).toEqual({ code: 0, stdout: "No problems in 1 file.\n", stderr: "" });
  });

  it("honours eslint-disable-line for our rules at the reported line", async () => {
    const expected = expectedFindings(BUGGY_SERVER).filter((f) => f.ruleId !== "elicitation/exhaustive-action");
    expect(await findingsOf("other-tools/silenced.ts")).toEqual(expected);
  });

  it("finds, in the bundled MCP server and ACP agent, something for every recommended rule", async () => {
    const run = await runCli(["check", "--format", "json", FIXTURES_DIR], project);
    expect(run.code).toBe(1);
    const results = JSON.parse(run.stdout) as JsonResult[];
    expect(results.map((r) => path.relative(FIXTURES_DIR, r.filePath)).sort()).toEqual(
      expect.arrayContaining([path.join("acp-agent", "agent.ts"), path.join("mcp-server", "server.ts")]),
    );
    const fatal = results.flatMap((r) =>
      r.messages.filter((m) => m.fatal).map((m) => `${r.filePath}:${m.line} ${m.message}`),
    );
    expect(fatal).toEqual([]);
    const reported = new Set(results.flatMap((r) => r.messages.map((m) => m.ruleId)));
    for (const ruleId of Object.keys(plugin.configs.recommended.rules ?? {})) expect([...reported]).toContain(ruleId);
  });

  it("reports a file that does not parse with file:line and goes on to lint the others", async () => {
    const run = await runCli(["check", "mixed"], project);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^mixed\/a-broken\.ts:2:\d+ {2}Parsing error: .+ {2}could not parse this file$/m);
    const serverFindings = headers(run.stdout).filter((h) => h.file === path.join("mixed", "server.mjs"));
    expect(sortFindings(serverFindings)).toEqual(expectedFindings(BUGGY_SERVER));
    expect(run.stdout).toMatch(/in 2 files \(2 files checked, 1 could not be parsed\)\.\n$/);
  });

  it("--format json prints ESLint's JSON results and nothing else", async () => {
    const run = await runCli(["check", "--format", "json", "src"], project);
    expect(run.code).toBe(1);
    const results = JSON.parse(run.stdout) as JsonResult[];
    expect(results.map((r) => path.basename(r.filePath)).sort()).toEqual(["clean.ts", "server.ts", "strict-only.ts"]);
    const server = results.find((r) => r.filePath.endsWith("server.ts"))!;
    expect(sortFindings(server.messages as { line: number; ruleId: string }[])).toEqual(expectedFindings(BUGGY_SERVER));
  });

  it("--format sarif prints a SARIF 2.1.0 log whose results name our rules", async () => {
    const run = await runCli(["check", "--format", "sarif", "src/server.ts"], project);
    expect(run.code).toBe(1);
    const log = JSON.parse(run.stdout) as {
      version: string;
      runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string; locations: unknown[] }[] }[];
    };
    expect(log.version).toBe("2.1.0");
    const expectedRules = [...new Set(expectedFindings(BUGGY_SERVER).map((f) => f.ruleId))].sort();
    expect([...new Set(log.runs[0]!.results.map((r) => r.ruleId))].sort()).toEqual(expectedRules);
    expect(log.runs[0]!.tool.driver.rules.map((r) => r.id).sort()).toEqual(expectedRules);
  });

  it("--config recommended leaves out what only strict reports", async () => {
    expect(await findingsOf("src/strict-only.ts", "recommended")).toEqual(expectedFindings(STRICT_ONLY, "recommended"));
    expect(expectedFindings(STRICT_ONLY, "recommended")).toEqual([]);
  });

  it("--config strict adds the strict options' findings", async () => {
    expect(await findingsOf("src/strict-only.ts", "strict")).toEqual(expectedFindings(STRICT_ONLY, "strict"));
    expect(await findingsOf("src/server.ts", "strict")).toEqual(
      sortFindings([...expectedFindings(BUGGY_SERVER, "strict")]),
    );
  });

  it("--config all reports everything strict does", async () => {
    expect(await findingsOf("src/strict-only.ts", "all")).toEqual(
      expect.arrayContaining(expectedFindings(STRICT_ONLY, "strict")),
    );
  });

  it.each([
    { name: "no paths", argv: [], stderr: /give at least one file or directory/ },
    { name: "an unknown flag", argv: ["--fix", "src"], stderr: /Unknown option '--fix'/ },
    {
      name: "a path that does not exist",
      argv: ["src", "nope.ts"],
      stderr: /^check: no such file or directory: nope\.ts$/m,
    },
    {
      name: "an unknown config",
      argv: ["--config", "loose", "src"],
      stderr: /--config must be one of recommended, strict, all \(got "loose"\)/,
    },
    {
      name: "an unknown format",
      argv: ["--format", "table", "src"],
      stderr: /--format must be one of stylish, json, sarif/,
    },
    {
      name: "a bad concurrency",
      argv: ["--concurrency", "0", "src"],
      stderr: /--concurrency must be a positive number, auto or off/,
    },
    { name: "nothing lintable in the paths", argv: ["notes"], stderr: /no \.ts\/.+ files to lint in notes/ },
  ])("exits 2 with a clear message on $name", async ({ argv, stderr }) => {
    const run = await runCli(["check", ...argv], project);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(stderr);
  });

  it("--help prints the options and exits 0", async () => {
    const run = await runCli(["check", "--help"], project);
    expect(run.code).toBe(0);
    for (const option of ["--config", "--format", "--concurrency", "--cache"]) expect(run.stdout).toContain(option);
  });

  it("colours the frame on a terminal only", async () => {
    const onTerminal = await runCli(["check", "src/server.ts"], project, true);
    expect(onTerminal.stdout).toContain("\u001b[31m^");
    const piped = await runCli(["check", "src/server.ts"], project, false);
    expect(piped.stdout).not.toContain("\u001b[");
  });

  it("as a child process, exits 1 on findings, with no colour into a pipe", () => {
    const findings = spawnCli(["check", "src"], project);
    expect(findings.stderr).toBe("");
    expect(findings.code).toBe(1);
    expect(findings.stdout).toContain("elicitation/exhaustive-action");
    expect(findings.stdout).not.toContain("\u001b[");
  });
});

describe("check --concurrency auto, after the text gate", () => {
  it("lints the gated files on ESLint's workers and reports the same findings", () => {
    const run = spawnCli(["check", "--format", "json", "--concurrency", "auto", "src"], project);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(1);
    const results = JSON.parse(run.stdout) as JsonResult[];
    const server = results.find((r) => r.filePath.endsWith(path.join("src", "server.ts")))!;
    expect(sortFindings(server.messages.map((m) => ({ line: m.line, ruleId: m.ruleId ?? "parse error" })))).toEqual(
      expectedFindings(BUGGY_SERVER),
    );
  });
});

describe("check: which files it reads", () => {
  function repository(files: Record<string, string>): string {
    const dir = makeProject("check-git", files);
    const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "pipe" });
    git("init", "-q");
    return dir;
  }

  it("skips what .gitignore leaves out (built dist/) and lints the sources, untracked ones included", async () => {
    const dir = repository({ ".gitignore": "dist/\n", "src/server.ts": BUGGY_SERVER, "dist/server.js": BUGGY_SERVER });
    const run = await runCli(["check", "--format", "json", "."], dir);
    expect(run.code).toBe(1);
    const results = JSON.parse(run.stdout) as JsonResult[];
    expect(results.map((r) => path.relative(dir, r.filePath))).toEqual([path.join("src", "server.ts")]);
  });

  it("walks a directory outside git, skipping node_modules and dist", async () => {
    const dir = makeProject("check-nogit", {
      "src/server.ts": BUGGY_SERVER,
      "dist/server.js": BUGGY_SERVER,
      "node_modules/dep/index.js": BUGGY_SERVER,
    });
    const run = await runCli(["check", "--format", "json", "."], dir);
    const results = JSON.parse(run.stdout) as JsonResult[];
    expect(results.map((r) => path.relative(dir, r.filePath))).toEqual([path.join("src", "server.ts")]);
  });

  it("lints a package under node_modules when it is named on the command line", async () => {
    const dir = repository({ ".gitignore": "node_modules/\n", "node_modules/dep/index.js": BUGGY_SERVER });
    const run = await runCli(["check", "--format", "json", "node_modules/dep"], dir);
    expect(run.code).toBe(1);
    const [result] = JSON.parse(run.stdout) as JsonResult[];
    expect(sortFindings(result!.messages.map((m) => ({ line: m.line, ruleId: m.ruleId ?? "parse error" })))).toEqual(
      expectedFindings(BUGGY_SERVER),
    );
  });

  it("--ignore-pattern leaves out matching files, relative to the current directory", async () => {
    const dir = repository({
      "src/server.ts": BUGGY_SERVER,
      "src/generated/server.ts": BUGGY_SERVER,
      "src/clean.ts": CLEAN,
    });
    const run = await runCli(["check", "--format", "json", "--ignore-pattern", "src/generated/**", "src"], dir);
    const results = JSON.parse(run.stdout) as JsonResult[];
    expect(results.map((r) => path.relative(dir, r.filePath)).sort()).toEqual([
      path.join("src", "clean.ts"),
      path.join("src", "server.ts"),
    ]);
    const all = await runCli(["check", "--format", "json", "src"], dir);
    expect((JSON.parse(all.stdout) as JsonResult[]).length).toBe(3);
  });

  it("prints none of ESLint's configuration warnings, such as the one about a legacy .eslintignore", () => {
    const dir = makeProject("check-eslintignore", { ".eslintignore": "dist\n", "src/server.ts": BUGGY_SERVER });
    const runs = {
      plain: spawnCli(["check", "src"], dir),
      "with --ignore-pattern": spawnCli(["check", "--ignore-pattern", "src/generated/**", "src"], dir),
      "on worker threads": spawnCli(["check", "--concurrency", "2", "src"], dir),
    };
    for (const [name, run] of Object.entries(runs)) {
      expect(run.stderr, name).toBe("");
      expect(run.code, name).toBe(1);
      expect(sortFindings(headers(run.stdout)), name).toEqual(expectedFindings(BUGGY_SERVER));
    }
  });

  it("treats a leftover eslint-env comment as a note: findings are real, the file counts as parsed", async () => {
    const dir = makeProject("check-env", {
      "src/legacy.js": `/* eslint-env node */\n${BUGGY_SERVER}`,
      "src/tidy.js": `/* eslint-env node, mocha */\n${CLEAN}`,
    });
    const buggy = await runCli(["check", "src/legacy.js"], dir);
    expect(buggy.code).toBe(1);
    expect(buggy.stdout).not.toContain("could not parse");
    expect(sortFindings(headers(buggy.stdout))).toEqual(
      expectedFindings(BUGGY_SERVER).map((f) => ({ ...f, line: f.line + 1 })),
    );
    expect(buggy.stderr).toMatch(
      /^check: note: src\/legacy\.js:1: \/\* eslint-env \*\/ comments are no longer supported\./m,
    );
    const tidy = await runCli(["check", "src/tidy.js"], dir);
    expect(tidy.code).toBe(0);
    expect(tidy.stdout).toBe("No problems in 1 file.\n");
  });

  it("reads JavaScript with ESLint's parser, and a .js file only TypeScript's parser reads with that one", async () => {
    const dir = makeProject("check-javascript", {
      "src/plain.js": BUGGY_SERVER,
      // A type annotation in a .js file: espree stops at it, typescript-eslint's parser reads it.
      "src/annotated.js": `const limit: number = 1;\n${BUGGY_SERVER}`,
      "src/broken.js": SYNTAX_ERROR,
    });
    // Named, the broken file is parsed (no text gate): neither parser reads it, and the error is reported.
    const run = await runCli(["check", "--no-typed", "src", "src/broken.js"], dir);
    expect(run.code).toBe(1);
    const found = headers(run.stdout);
    const expected = expectedFindings(BUGGY_SERVER);
    expect(sortFindings(found.filter((h) => h.file === path.join("src", "plain.js")))).toEqual(expected);
    expect(sortFindings(found.filter((h) => h.file === path.join("src", "annotated.js")))).toEqual(
      expected.map((f) => ({ ...f, line: f.line + 1 })),
    );
    expect(run.stdout).toMatch(/^src\/broken\.js:2:\d+ {2}Parsing error: .+ {2}could not parse this file$/m);
    expect(run.stdout.trimEnd().split("\n").at(-1)).toBe(
      `${2 * expected.length + 1} problems in 3 files (3 files checked, 1 could not be parsed).`,
    );
    // The same files through the parser `check` gives them: ESLint's own for what it reads (no scope manager of
    // its own: ESLint analyses the tree), typescript-eslint's (with one) for the rest.
    const read = (file: string) =>
      javascriptFirstParser.parseForESLint(fs.readFileSync(path.join(dir, file), "utf8"), {
        filePath: path.join(dir, file),
      }) as { scopeManager?: unknown };
    expect(read("src/plain.js").scopeManager).toBeUndefined();
    expect(read("src/annotated.js").scopeManager).toBeDefined();
  });

  it("does not parse files that name no wait on a person (the rules' text gate), yet counts them as checked", async () => {
    const dir = makeProject("check-gate", { "src/util.ts": SYNTAX_ERROR, "src/server.ts": BUGGY_SERVER });
    const run = await runCli(["check", "src"], dir);
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain("util.ts");
    expect(run.stdout.trimEnd().split("\n").at(-1)).toBe(
      `${expectedFindings(BUGGY_SERVER).length} problems in 1 file (2 files checked).`,
    );
  });

  it("parses a file named on the command line even without a human-wait word, and fails on its parse error", () => {
    const dir = makeProject("check-named", { "src/util.ts": SYNTAX_ERROR, "src/server.ts": BUGGY_SERVER });
    const run = spawnCli(["check", "src/util.ts"], dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^src\/util\.ts:2:\d+ {2}Parsing error: .+ {2}could not parse this file$/m);
    expect(run.stdout.trimEnd().split("\n").at(-1)).toBe(
      "1 problem in 1 file (1 file checked, 1 could not be parsed).",
    );
    // Named next to a directory, the file is parsed; the directory's other files keep the text gate.
    const both = spawnCli(["check", "--format", "json", "src/util.ts", "src"], dir);
    expect(both.code).toBe(1);
    const results = JSON.parse(both.stdout) as JsonResult[];
    expect(results.map((r) => [path.relative(dir, r.filePath), r.messages.some((m) => m.fatal)])).toEqual([
      [path.join("src", "server.ts"), false],
      [path.join("src", "util.ts"), true],
    ]);
  });

  it("shows a control character of the source in a code frame as its picture, the carets still under the code", async () => {
    // An ESC on a reported line: printed raw, it would be the start of a terminal command (here: clear the screen).
    const source = BUGGY_SERVER.replace(
      'if (result.action === "accept") {',
      '/*\u001b[2J*/ if (result.action === "accept") {',
    );
    const dir = makeProject("check-control", { "src/server.ts": source });
    const run = await runCli(["check", "src/server.ts"], dir);
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    const frame = run.stdout.split("\n");
    const line = frame.findIndex((text) => text.includes('/*\u241b[2J*/ if (result.action === "accept") {'));
    expect(frame[line - 1]).toMatch(/:20:16 {2}.+ {2}elicitation\/exhaustive-action$/);
    // One column for the one character: the carets start under `result`, as without it.
    expect(frame[line + 1]!.indexOf("^") - frame[line]!.indexOf("result.action")).toBe(0);
  });

  it("still reports a file without a human-wait word when a pending store there is keyed by session", async () => {
    const source = `const pending = new Map();\nexport function park(sessionId) {\n  return new Promise((resolve) => pending.set(sessionId, resolve));\n}\n`;
    const dir = makeProject("check-gate-pending", { "src/park.js": source });
    expect(mayHaveFindings(source)).toBe(true);
    const run = await runCli(["check", "--format", "json", "src"], dir);
    const [result] = JSON.parse(run.stdout) as JsonResult[];
    expect(result!.messages.map((m) => m.ruleId)).toContain("elicitation/no-session-keyed-pending");
  });
});

describe("check: test files", () => {
  const tests = makeProject("cli-tests", { "src/deploy.test.ts": TEST_DOUBLE, "src/deploy.ts": TEST_DOUBLE });
  const reportedFiles = async (...args: string[]) => {
    const run = await runCli(["check", "--format", "json", ...args, "src"], tests);
    const results = JSON.parse(run.stdout) as JsonResult[];
    return results
      .filter((r) => r.messages.some((m) => m.ruleId === "elicitation/require-deadline"))
      .map((r) => path.relative(tests, r.filePath));
  };

  it("recommended (the default) leaves a test's own wait alone and reports the same code in src/deploy.ts", async () => {
    expect(await reportedFiles()).toEqual(["src/deploy.ts"]);
  });

  it("strict reports the test file too", async () => {
    expect((await reportedFiles("--config", "strict")).sort()).toEqual(["src/deploy.test.ts", "src/deploy.ts"]);
  });

  it("a test file named on the command line is parsed, and nothing of ours is reported in it", async () => {
    const run = await runCli(["check", "--format", "json", "src/deploy.test.ts"], tests);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as JsonResult[]).flatMap((r) => r.messages)).toEqual([]);
  });
});

describe("the command line's own options", () => {
  const version = (
    JSON.parse(fs.readFileSync(path.join(__dirname, "..", "package.json"), "utf8")) as { version: string }
  ).version;

  const versionLine = `eslint-plugin-elicitation ${version} (ESLint ${ESLint.version})\n`;

  it("--version and -v print the plugin's and ESLint's versions, at the top and after every command", async () => {
    expect(spawnCli(["--version"], project)).toEqual({ code: 0, stdout: versionLine, stderr: "" });
    for (const argv of ["-v", "check --version", "check -v src", "migrate -v", "demo --version", "paths -v"]) {
      expect(await runCli(argv.split(" "), project), argv).toEqual({ code: 0, stdout: versionLine, stderr: "" });
    }
  });

  it("leaves a --version after paths' -- to the server's command line", async () => {
    const run = await runCli(["paths", "--url", "http://127.0.0.1:9/mcp", "--", "node", "--version"], project);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^paths: give either --url or a command after --, not both/);
  });

  it("-h prints each command's usage, listing -v and -h, and exits 0", async () => {
    expect(spawnCli(["check", "-h"], project)).toMatchObject({ code: 0, stderr: "" });
    for (const command of ["", "check", "check --discover", "migrate", "demo", "paths"]) {
      const run = await runCli([...command.split(" ").filter(Boolean), "-h"], project);
      expect(run.stderr, command).toBe("");
      expect(run.code, command).toBe(0);
      expect(run.stdout, command).toMatch(/^Usage: eslint-plugin-elicitation/);
      expect(run.stdout, command).toMatch(/^ {2}-v, --version {2,}\S/m);
      expect(run.stdout, command).toMatch(/^ {2}-h, --help {2,}show this help$/m);
    }
  });

  it("check takes ESLint's short flags -f and -o: the report goes to the file, in the format asked", () => {
    const dir = makeProject("check-short-flags", { "src/server.ts": BUGGY_SERVER });
    const run = spawnCli(["check", "-f", "json", "-o", "reports/check.json", "src"], dir);
    expect(run).toEqual({ code: 1, stdout: "", stderr: "" });
    const results = JSON.parse(fs.readFileSync(path.join(dir, "reports", "check.json"), "utf8")) as JsonResult[];
    expect(
      sortFindings(results[0]!.messages.map((m) => ({ line: m.line, ruleId: m.ruleId ?? "parse error" }))),
    ).toEqual(expectedFindings(BUGGY_SERVER));
    const stylish = spawnCli(["check", "--output-file", "check.txt", "src"], dir);
    expect(stylish.stdout).toBe("");
    expect(fs.readFileSync(path.join(dir, "check.txt"), "utf8")).toMatch(/problems in 1 file \(1 file checked\)\.\n$/);
  });
});

describe("check's progress line", () => {
  // 30 files: the text gate leaves out the clean ones, the server is linted.
  const files: Record<string, string> = { "src/server.ts": BUGGY_SERVER };
  for (let index = 0; index < 29; index++) files[`src/util-${String(index).padStart(2, "0")}.ts`] = CLEAN;
  const dir = makeProject("check-progress", files);

  it("says nothing on stderr and writes no escape codes when stderr is not a terminal", () => {
    const run = spawnCli(["check", "src"], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("");
    expect(run.stdout).not.toContain("\u001b");
    expect(run.stdout.trimEnd().split("\n").at(-1)).toMatch(/ in 1 file \(30 files checked\)\.$/);
  });

  it("on a terminal, redraws files done / total on stderr and erases the line at the end", async () => {
    const run = await runCli(["check", "src"], dir, true);
    expect(run.code).toBe(1);
    const draws = run.stderr.split("\r\u001b[K");
    expect(draws[0]).toBe("");
    expect(draws.at(-1)).toBe(""); // erased last
    const counts = draws.filter(Boolean);
    expect(counts[0]).toBe("check: 0/30 files");
    expect(counts).toContain("check: 30/30 files");
    for (const count of counts) expect(count).toMatch(/^check: \d+\/30 files$/);
    const piped = await runCli(["check", "src"], dir, false);
    expect(piped.stderr).toBe("");
  });

  it("on a terminal, lints in chunks between redraws and reports the same findings", async () => {
    const many: Record<string, string> = {};
    for (let index = 0; index < 30; index++) many[`src/server-${String(index).padStart(2, "0")}.ts`] = BUGGY_SERVER;
    const buggy = makeProject("check-progress-chunks", many);
    const onTerminal = await runCli(["check", "-f", "json", "src"], buggy, true);
    const piped = await runCli(["check", "-f", "json", "src"], buggy, false);
    expect(onTerminal.stderr).toContain("check: 30/30 files");
    expect(JSON.parse(onTerminal.stdout)).toEqual(JSON.parse(piped.stdout));
    expect((JSON.parse(piped.stdout) as JsonResult[]).map((r) => r.messages.length)).toEqual(
      Array(30).fill(expectedFindings(BUGGY_SERVER).length),
    );
  });

  it("stays quiet on a terminal for a short run", async () => {
    const run = await runCli(["check", "src/server.ts"], dir, true);
    expect(run.stderr).toBe("");
  });
});

describe("demo", () => {
  it("checks the fixtures, previews the migration without writing, and exits 0 saying why", async () => {
    const before = snapshot(FIXTURES_DIR);
    const run = await runCli(["demo"], path.join(FIXTURES_DIR, ".."));
    expect(run.stderr).not.toMatch(/^demo: /m); // migrate may report progress on stderr
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^== 1\/2 {2}eslint-plugin-elicitation check fixtures\n/);
    const checkPart = run.stdout.slice(0, run.stdout.indexOf("== 2/2"));
    for (const ruleId of Object.keys(plugin.configs.recommended.rules ?? {}))
      expect(checkPart).toContain(`  ${ruleId}\n`);
    expect(run.stdout).toContain("== 2/2  eslint-plugin-elicitation migrate --dry --deadline-ms 120000 fixtures");
    expect(run.stdout.trimEnd().split("\n").at(-1)).toMatch(/^The demo exits 0: .*on purpose/);
    expect(snapshot(FIXTURES_DIR)).toEqual(before);
  });
});

function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files[path.relative(dir, file)] = fs.readFileSync(file, "utf8");
    }
  }
  return files;
}
