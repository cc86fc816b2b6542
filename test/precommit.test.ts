/**
 * The two pre-commit recipes of the README with the real tools in a real git repository: lint-staged + husky
 * refusing a commit, and the pre-commit framework running this package's `.pre-commit-hooks.yaml`.
 * The repository's node_modules is the tarball install of the packaging test (ESLint 10, lint-staged, husky).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, makeProject, writeFiles } from "./support/cli.ts";
import { installedProject } from "./support/packed.ts";
import { readmeBlock } from "./support/readme.ts";
import { BUGGY_SERVER, FIXED_SERVER, expectedFindings } from "./support/samples.ts";

let installed: string;
beforeAll(async () => {
  installed = await installedProject(10);
});

/** The environment of a person at a terminal: no git variables of an outer hook, husky enabled, a fixed identity. */
function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith("GIT_") && key !== "HUSKY" && !key.startsWith("npm_")) env[key] = value;
  }
  return {
    ...env,
    GIT_AUTHOR_NAME: "Ada",
    GIT_AUTHOR_EMAIL: "ada@example.com",
    GIT_COMMITTER_NAME: "Ada",
    GIT_COMMITTER_EMAIL: "ada@example.com",
    ...extra,
  };
}

function sh(cwd: string, command: string, args: string[], env = cleanEnv()) {
  const child = spawnSync(command, args, { cwd, env, encoding: "utf8" });
  if (child.error) throw child.error;
  return { code: child.status, output: `${child.stdout}${child.stderr}` };
}

function gitRepository(prefix: string, files: Record<string, string>): string {
  const dir = makeProject(prefix, files);
  fs.symlinkSync(path.join(installed, "node_modules"), path.join(dir, "node_modules"));
  expect(sh(dir, "git", ["init", "--quiet", "--initial-branch=main"]).code).toBe(0);
  fs.writeFileSync(path.join(dir, ".gitignore"), "node_modules\n");
  return dir;
}

function commitCount(dir: string): number {
  const log = sh(dir, "git", ["rev-list", "--count", "--all"]);
  return Number(log.output.trim());
}

const RULE_IDS_IN_BUGGY = [...new Set(expectedFindings(BUGGY_SERVER).map((f) => f.ruleId))];

describe("lint-staged + husky", () => {
  it("refuses a commit that adds an elicitation bug with the rule's message, and commits the fixed file", () => {
    const lintStaged = (JSON.parse(readmeBlock("json", '"lint-staged"')) as { "lint-staged": object })["lint-staged"];
    const dir = gitRepository("husky", {
      "package.json": `${JSON.stringify({ name: "user-project", private: true, type: "module", "lint-staged": lintStaged }, null, 2)}\n`,
      "eslint.config.js": readmeBlock("js", "export default [elicitation.configs.recommended]"),
    });
    // The README's commands, minus the install (the project has lint-staged and husky already).
    for (const command of readmeBlock("sh", "npx husky init")
      .split("\n")
      .filter((line) => line && !line.startsWith("npm install"))) {
      const step = sh(dir, "sh", ["-c", command]);
      expect(step.code, `${command}: ${step.output}`).toBe(0);
    }
    expect(sh(dir, "git", ["config", "core.hooksPath"]).output.trim()).toBe(".husky/_");
    expect(fs.readFileSync(path.join(dir, ".husky", "pre-commit"), "utf8")).toBe("npx lint-staged\n");
    sh(dir, "git", ["add", "."]);
    const setup = sh(dir, "git", ["commit", "--quiet", "-m", "Set up lint-staged and husky"]);
    expect(setup.code, setup.output).toBe(0);

    writeFiles(dir, { "src/deploy.js": BUGGY_SERVER });
    sh(dir, "git", ["add", "src/deploy.js"]);
    const refused = sh(dir, "git", ["commit", "-m", "Ask before deploying"]);
    expect(refused.code).not.toBe(0);
    for (const ruleId of RULE_IDS_IN_BUGGY) expect(refused.output).toContain(ruleId);
    expect(refused.output).toContain("The `else` branch treats cancel as decline");
    expect(commitCount(dir)).toBe(1);

    writeFiles(dir, { "src/deploy.js": FIXED_SERVER });
    sh(dir, "git", ["add", "src/deploy.js"]);
    const accepted = sh(dir, "git", ["commit", "-m", "Ask before deploying"]);
    expect(accepted.code, accepted.output).toBe(0);
    expect(commitCount(dir)).toBe(2);

    // The README's variant for projects without an ESLint config: lint-staged runs `check` instead.
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
    manifest["lint-staged"] = { "*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}": "eslint-plugin-elicitation check" };
    writeFiles(dir, { "package.json": JSON.stringify(manifest), "src/deploy.js": BUGGY_SERVER });
    fs.rmSync(path.join(dir, "eslint.config.js"));
    sh(dir, "git", ["add", "-A"]);
    const refusedByCheck = sh(dir, "git", ["commit", "-m", "Ask before deploying, again"]);
    expect(refusedByCheck.code).not.toBe(0);
    expect(refusedByCheck.output).toContain("src/deploy.js:");
    for (const ruleId of RULE_IDS_IN_BUGGY) expect(refusedByCheck.output).toContain(ruleId);
    expect(commitCount(dir)).toBe(2);
  });
});

const preCommit = spawnSync("pre-commit", ["--version"], { encoding: "utf8" });
const preCommitMissing =
  preCommit.error || preCommit.status !== 0
    ? "SKIPPED: the pre-commit framework is not installed (Debian: apt-get install -y pre-commit; pip: pip install pre-commit)"
    : null;
if (preCommitMissing) console.warn(`\n\n*** precommit.test.ts: ${preCommitMissing} ***\n\n`);

describe.skipIf(preCommitMissing !== null)("the pre-commit framework with .pre-commit-hooks.yaml", () => {
  it("fails on a staged file with an elicitation bug, naming the rules, and passes once it is fixed", () => {
    const dir = gitRepository("pre-commit", {
      "package.json": `${JSON.stringify({ name: "user-project", private: true, type: "module" })}\n`,
    });
    const env = cleanEnv({ PRE_COMMIT_HOME: path.join(dir, ".pre-commit-cache") });
    fs.appendFileSync(path.join(dir, ".gitignore"), ".pre-commit-cache\n");
    writeFiles(dir, { "src/deploy.ts": BUGGY_SERVER, "README.md": "# not linted\n" });
    sh(dir, "git", ["add", "."], env);

    // The hook id the README tells users to put in .pre-commit-config.yaml, and the one the package defines.
    const hookId = /- id: (\S+)/.exec(readmeBlock("yaml", ".pre-commit-config.yaml"))![1]!;
    expect(fs.readFileSync(path.join(REPO_ROOT, ".pre-commit-hooks.yaml"), "utf8")).toContain(`- id: ${hookId}\n`);
    // try-repo: the hook definition as this repository's HEAD (plus tracked changes) holds it.
    const failed = sh(dir, "pre-commit", ["try-repo", REPO_ROOT, hookId], env);
    expect(failed.code, failed.output).toBe(1);
    expect(failed.output).toMatch(/eslint-plugin-elicitation check\.+Failed/);
    expect(failed.output).toContain("src/deploy.ts:");
    for (const ruleId of RULE_IDS_IN_BUGGY) expect(failed.output).toContain(ruleId);

    writeFiles(dir, { "src/deploy.ts": FIXED_SERVER });
    sh(dir, "git", ["add", "."], env);
    const passed = sh(dir, "pre-commit", ["try-repo", REPO_ROOT, hookId], env);
    expect(passed.code, passed.output).toBe(0);
    expect(passed.output).toMatch(/eslint-plugin-elicitation check\.+Passed/);
  });
});
