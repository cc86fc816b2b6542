/**
 * Large repositories: ESLint's multithreaded linting and its cache work with the plugin, through ESLint's CLI and
 * through `check`. Same findings with two worker threads as with none, and from a warm cache as from a cold one.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { FIXTURES_DIR } from "../cli/demo.ts";
import { ESLINT_BIN, linkRepoNodeModules, makeProject, requireBuiltPlugin, spawnCli } from "./support/cli.ts";
import { BUGGY_SERVER, CLEAN, STRICT_ONLY, SYNTAX_ERROR } from "./support/samples.ts";

/** Enough files that two workers both get some: the fixtures and the samples, several times over. */
function manyFiles(): Record<string, string> {
  const files: Record<string, string> = {
    "src/broken.ts": SYNTAX_ERROR,
    "src/fixture-server.ts": fs.readFileSync(path.join(FIXTURES_DIR, "mcp-server", "server.ts"), "utf8"),
    "src/fixture-agent.ts": fs.readFileSync(path.join(FIXTURES_DIR, "acp-agent", "agent.ts"), "utf8"),
  };
  for (let copy = 0; copy < 8; copy++) {
    files[`src/tools-${copy}/deploy.ts`] = BUGGY_SERVER;
    files[`src/tools-${copy}/branches.ts`] = STRICT_ONLY;
    files[`src/tools-${copy}/consent.ts`] = CLEAN;
  }
  return files;
}

interface JsonResult {
  filePath: string;
  messages: { ruleId: string | null; messageId?: string; line: number; column: number }[];
}

/** Findings as sorted `file:line:column rule/messageId` lines, independent of worker order and absolute paths. */
function normalise(stdout: string, dir: string): string[] {
  return (JSON.parse(stdout) as JsonResult[])
    .flatMap((result) =>
      result.messages.map(
        (m) =>
          `${path.relative(dir, result.filePath)}:${m.line}:${m.column} ${m.ruleId ?? "parse-error"}/${m.messageId ?? ""}`,
      ),
    )
    .sort();
}

describe("ESLint's CLI with the plugin", () => {
  let dir: string;
  let baseline: string[];

  function eslint(...args: string[]) {
    const run = spawnSync(ESLINT_BIN, ["--format", "json", ...args, "src"], { cwd: dir, encoding: "utf8" });
    expect(run.status, run.stderr).toBe(1);
    return normalise(run.stdout, dir);
  }

  beforeAll(() => {
    requireBuiltPlugin();
    dir = makeProject("eslint-large", {
      ...manyFiles(),
      "package.json": JSON.stringify({ type: "module" }),
      "eslint.config.js": [
        `import elicitation from "eslint-plugin-elicitation";`,
        `import tsParser from "@typescript-eslint/parser";`,
        `export default [{ files: ["**/*.ts"], languageOptions: { parser: tsParser } }, elicitation.configs.strict];`,
        "",
      ].join("\n"),
    });
    linkRepoNodeModules(dir);
    baseline = eslint();
  });

  it("finds every rule's reports in the baseline run", () => {
    expect(baseline.length).toBeGreaterThan(8 * 8);
    for (const rule of [
      "exhaustive-action",
      "no-session-keyed-pending",
      "require-deadline",
      "forward-abort-signal",
      "release-in-finally",
    ]) {
      expect(baseline.some((line) => line.includes(` elicitation/${rule}/`))).toBe(true);
    }
    expect(baseline.some((line) => line.startsWith(`src${path.sep}broken.ts:2:`))).toBe(true);
  });

  it("--concurrency=2 reports exactly the same findings", () => {
    expect(eslint("--concurrency=2")).toEqual(baseline);
  });

  it("--cache reports the same findings cold and warm", () => {
    const cacheFile = path.join(dir, ".eslintcache");
    expect(eslint("--cache", "--cache-location", cacheFile)).toEqual(baseline);
    expect(fs.existsSync(cacheFile)).toBe(true);
    expect(eslint("--cache", "--cache-location", cacheFile)).toEqual(baseline);
  });
});

describe("check with --concurrency and --cache", () => {
  const dir = makeProject("check-large", manyFiles());

  function check(...args: string[]) {
    const run = spawnCli(["check", "--config", "strict", "--format", "json", ...args, "src"], dir);
    expect(run.code, run.stderr).toBe(1);
    return normalise(run.stdout, dir);
  }

  it("reports the same findings with two worker threads, and from a cold and a warm cache", () => {
    const baseline = check();
    expect(baseline.length).toBeGreaterThan(8 * 8);
    expect(check("--concurrency", "2")).toEqual(baseline);
    const cacheFile = path.join(dir, "cache", "check-cache.json");
    fs.mkdirSync(path.dirname(cacheFile));
    expect(check("--cache", "--cache-location", cacheFile)).toEqual(baseline);
    expect(fs.existsSync(cacheFile)).toBe(true);
    expect(check("--cache", "--cache-location", cacheFile)).toEqual(baseline);
  });
});
