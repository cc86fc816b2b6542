/**
 * `check`'s bulk suppressions against ESLint's own: `check --suppress-all` writes eslint-suppressions.json, the real
 * `eslint` CLI (a flat config with the plugin's recommended config, the built plugin linked into node_modules) reads
 * that same file, and both then report only what is new, prune the same way, and fail the same way on a stale file.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ESLINT_BIN,
  linkRepoNodeModules,
  makeProject,
  requireBuiltPlugin,
  runCli,
  spawnCli,
  writeFiles,
} from "./support/cli.ts";
import { BUGGY_SERVER, CLEAN, expectedFindings } from "./support/samples.ts";

/** A tool handler with one bug: a deadline and the caller's signal, but decline and cancel share the else. */
const ONE_NEW_BUG = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

const server = new McpServer({ name: "releases", version: "1.0.0" });

server.registerTool("release", { description: "Tag a release" }, async (_args, extra) => {
  const result = await server.server.elicitInput(
    { message: "Tag v2?", requestedSchema: { type: "object", properties: {} } },
    { timeout: 120_000, signal: extra.signal },
  );
  if (result.action === "accept") { // ❌ elicitation/exhaustive-action
    return { content: [{ type: "text", text: "Tagged." }] };
  } else {
    return { content: [{ type: "text", text: "Not tagged." }] };
  }
});
`;

interface JsonResult {
  filePath: string;
  messages: { ruleId: string | null; line: number }[];
}

type Finding = string; // "src/file.ts:line rule"

function findingsOf(stdout: string, dir: string): Finding[] {
  return (JSON.parse(stdout) as JsonResult[])
    .flatMap((result) =>
      result.messages.map(
        (m) => `${path.relative(dir, result.filePath).split(path.sep).join("/")}:${m.line} ${m.ruleId ?? "parse"}`,
      ),
    )
    .sort();
}

describe("check's suppressions, read and written as ESLint does", () => {
  let dir: string;
  const check = (...args: string[]) => spawnCli(["check", "--format", "json", ...args, "src"], dir);
  const eslint = (...args: string[]) => {
    const run = spawnSync(ESLINT_BIN, ["--format", "json", ...args, "src"], { cwd: dir, encoding: "utf8" });
    return { code: run.status, stdout: run.stdout, stderr: run.stderr };
  };
  const suppressionsFile = () => path.join(dir, "eslint-suppressions.json");

  beforeAll(() => {
    requireBuiltPlugin();
    dir = makeProject("suppressions", {
      "package.json": JSON.stringify({ type: "module" }),
      "eslint.config.js": [
        `import elicitation from "eslint-plugin-elicitation";`,
        `export default [elicitation.configs.recommended];`,
        "",
      ].join("\n"),
      "src/server.ts": BUGGY_SERVER,
      "src/clean.ts": CLEAN,
    });
    linkRepoNodeModules(dir);
  });

  it("--suppress-all writes ESLint's file; eslint then reads it and reports nothing; a new bug is all both report", () => {
    // Before: both tools see the same findings.
    const before = check();
    expect(before.code).toBe(1);
    const eslintBefore = eslint();
    expect(eslintBefore.stderr).toBe("");
    expect(findingsOf(eslintBefore.stdout, dir)).toEqual(findingsOf(before.stdout, dir));

    const suppressAll = check("--suppress-all");
    expect(suppressAll.code).toBe(0);
    expect(findingsOf(suppressAll.stdout, dir)).toEqual([]);
    const byRule: Record<string, { count: number }> = {};
    for (const { ruleId } of expectedFindings(BUGGY_SERVER))
      byRule[ruleId] = { count: (byRule[ruleId]?.count ?? 0) + 1 };
    expect(JSON.parse(fs.readFileSync(suppressionsFile(), "utf8"))).toEqual({ "src/server.ts": byRule });
    expect(suppressAll.stderr).toBe(
      `check: wrote eslint-suppressions.json: ${expectedFindings(BUGGY_SERVER).length} suppressed findings in 1 file.\n`,
    );

    // ESLint reads the file check wrote: nothing to report, no unused suppression.
    const eslintAfter = eslint();
    expect(eslintAfter.stderr).toBe("");
    expect(eslintAfter.code).toBe(0);
    expect(findingsOf(eslintAfter.stdout, dir)).toEqual([]);
    expect(check()).toMatchObject({ code: 0, stderr: "" });
    const stylish = spawnCli(["check", "src"], dir);
    expect(stylish.stdout).toBe(
      `No problems in 2 files. ${expectedFindings(BUGGY_SERVER).length} findings suppressed by eslint-suppressions.json.\n`,
    );

    // A new bug: both report exactly it.
    writeFiles(dir, { "src/release.ts": ONE_NEW_BUG });
    const newOne = expectedFindings(ONE_NEW_BUG).map((f) => `src/release.ts:${f.line} ${f.ruleId}`);
    expect(newOne).toHaveLength(1);
    const checkNew = check();
    expect(checkNew.code).toBe(1);
    expect(findingsOf(checkNew.stdout, dir)).toEqual(newOne);
    const eslintNew = eslint();
    expect(eslintNew.code).toBe(1);
    expect(findingsOf(eslintNew.stdout, dir)).toEqual(newOne);
    fs.rmSync(path.join(dir, "src", "release.ts"));
  });

  it("fails as ESLint does on suppressions that no longer occur, and --prune-suppressions removes them for both", () => {
    check("--suppress-all");
    // One exhaustive-action finding of server.ts fixed: its suppression (count 1) no longer occurs.
    const fixedOne = BUGGY_SERVER.replace('if (result.action === "accept") {', 'if (result.action !== "decline") {');
    expect(fixedOne).not.toBe(BUGGY_SERVER);
    writeFiles(dir, { "src/server.ts": fixedOne });
    const stale = check();
    expect(stale.code).toBe(2);
    expect(stale.stderr).toContain("check: suppressions in eslint-suppressions.json that no longer occur:\n");
    expect(stale.stderr).toMatch(/^ {2}src\/server\.ts {2}elicitation\/exhaustive-action {2}\(1 unused\)$/m);
    expect(stale.stderr).toContain("--prune-suppressions");
    expect(eslint().code).toBe(2);
    expect(check("--pass-on-unpruned-suppressions").code).toBe(0);

    const pruned = check("--prune-suppressions");
    expect(pruned.code).toBe(0);
    const file = JSON.parse(fs.readFileSync(suppressionsFile(), "utf8")) as Record<string, Record<string, unknown>>;
    expect(Object.keys(file["src/server.ts"]!)).not.toContain("elicitation/exhaustive-action");
    expect(check()).toMatchObject({ code: 0, stderr: "" });
    expect(eslint()).toMatchObject({ code: 0, stderr: "" });
    writeFiles(dir, { "src/server.ts": BUGGY_SERVER });
  });

  it("--suppress-rule records one rule's findings; the others are still reported", () => {
    fs.rmSync(suppressionsFile(), { force: true });
    const run = check("--suppress-rule", "exhaustive-action", "--suppress-rule", "elicitation/require-deadline");
    expect(run.code).toBe(1);
    const left = expectedFindings(BUGGY_SERVER)
      .filter((f) => !["elicitation/exhaustive-action", "elicitation/require-deadline"].includes(f.ruleId))
      .map((f) => `src/server.ts:${f.line} ${f.ruleId}`)
      .sort();
    expect(findingsOf(run.stdout, dir)).toEqual(left);
    expect(findingsOf(eslint().stdout, dir)).toEqual(left);
    fs.rmSync(suppressionsFile());
  });

  it("--suppressions-location puts the file elsewhere, and ESLint's --suppressions-location reads it", () => {
    const run = check("--suppress-all", "--suppressions-location", "lint/suppressions.json");
    expect(run.code).toBe(0);
    expect(fs.existsSync(path.join(dir, "lint", "suppressions.json"))).toBe(true);
    expect(fs.existsSync(suppressionsFile())).toBe(false);
    expect(check().code).toBe(1);
    expect(check("--suppressions-location", "lint/suppressions.json").code).toBe(0);
    expect(eslint("--suppressions-location", "lint/suppressions.json")).toMatchObject({ code: 0, stderr: "" });
  });
});

describe("check's suppression options, misused", () => {
  const dir = makeProject("suppressions-usage", { "src/server.ts": BUGGY_SERVER });

  it.each([
    {
      name: "--suppress-all with --prune-suppressions",
      argv: ["--suppress-all", "--prune-suppressions"],
      stderr: /--suppress-all and --prune-suppressions cannot be used together/,
    },
    {
      name: "--suppress-all with --suppress-rule",
      argv: ["--suppress-all", "--suppress-rule", "exhaustive-action"],
      stderr: /--suppress-all and --suppress-rule cannot/,
    },
    {
      name: "an unknown rule to suppress",
      argv: ["--suppress-rule", "no-such-rule"],
      stderr: /--suppress-rule: no rule "no-such-rule" in the plugin \(its rules: .*exhaustive-action/,
    },
    {
      name: "a --suppressions-location that does not exist",
      argv: ["--suppressions-location", "missing.json"],
      stderr: /^check: no suppressions file at missing\.json: create it with --suppress-all or --suppress-rule\.$/m,
    },
  ])("exits 2 on $name", async ({ argv, stderr }) => {
    const run = await runCli(["check", ...argv, "src"], dir);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(stderr);
  });

  it("names the suppressions file and the JSON error when the file does not parse", async () => {
    writeFiles(dir, { "eslint-suppressions.json": "{ not json" });
    const run = await runCli(["check", "src"], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^check: Failed to parse suppressions file at .*eslint-suppressions\.json: .+$/m);
    fs.rmSync(path.join(dir, "eslint-suppressions.json"));
  });
});
