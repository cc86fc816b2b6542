/**
 * `migrate` as a CI step, through the built CLI (`node dist/cli/cli.js`, as the package's bin runs it), on one small
 * project formatted with Prettier (`arrowParens: "avoid"`, tabs, `printWidth: 100`) and type-checked with
 * `noUnusedLocals`: what it writes passes `prettier --check` and `tsc --noEmit`; an edit the type check leaves out is a
 * place skipped with its reason, takes no helper with it and fails nothing; and a second run exits 0 and changes
 * nothing.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { linkRepoNodeModules, makeProject, REPO_ROOT } from "./support/cli.ts";

const CLI = path.join(REPO_ROOT, "dist", "cli", "cli.js");
const BIN = path.join(REPO_ROOT, "node_modules", ".bin");

const PRETTIER_CONFIG = { arrowParens: "avoid", useTabs: true, printWidth: 100, singleQuote: true };

const TSCONFIG = {
  compilerOptions: {
    target: "es2022",
    lib: ["es2022", "dom"],
    module: "nodenext",
    strict: true,
    noUnusedLocals: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  },
  include: ["src"],
};

/** An agent on the ACP 0.x/1.x connection API (no options): the deadline transform hands its wait to `askWithin`. */
const AGENT = `import type { RequestPermissionRequest, RequestPermissionResponse } from '@agentclientprotocol/sdk';

/** The 0.x/1.x connection API: \`requestPermission\` takes no options. */
export interface Connection {
	requestPermission(params: RequestPermissionRequest): Promise<RequestPermissionResponse>;
}

export async function mayRun(connection: Connection, sessionId: string, signal: AbortSignal) {
	const response = await connection.requestPermission({
		sessionId,
		toolCall: { toolCallId: 'build', title: 'Build' },
		options: [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' }],
	});
	signal.throwIfAborted();
	return response.outcome.outcome === 'selected' && response.outcome.optionId === 'allow';
}
`;

/**
 * A permission request whose answer type has no "cancelled": handing it to `askWithin` with ACP's "no decision" is a
 * type error (TS2322), so the type check leaves the file's only edit out.
 */
const OWN_ANSWER = `import type { RequestPermissionRequest } from '@agentclientprotocol/sdk';

/** This project's permission answers: a choice is always made. */
interface Decision {
	outcome: { outcome: 'selected'; optionId: string };
}

export interface Manager {
	requestPermission(params: RequestPermissionRequest): Promise<Decision>;
}

export async function decide(manager: Manager, params: RequestPermissionRequest): Promise<string> {
	const decision = await manager.requestPermission(params);
	return decision.outcome.optionId;
}
`;

const FILES: Record<string, string> = {
  "src/agent.ts": AGENT,
  "src/own-answer.ts": OWN_ANSWER,
};

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function run(command: string, args: readonly string[], cwd: string): Run {
  const child = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  if (child.error) throw child.error;
  return { code: child.status ?? -1, stdout: child.stdout, stderr: child.stderr };
}

function git(cwd: string, ...args: string[]): string {
  const result = run("git", args, cwd);
  if (result.code !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout;
}

const migrate = (cwd: string) => run(process.execPath, [CLI, "migrate", "src", "--deadline-ms", "300000"], cwd);
const prettierCheck = (cwd: string) => run(path.join(BIN, "prettier"), ["--check", "src"], cwd);
const typeCheck = (cwd: string) => run(path.join(BIN, "tsc"), ["-p", "tsconfig.json", "--noEmit"], cwd);
const read = (root: string, file: string) => fs.readFileSync(path.join(root, file), "utf8");

function lineOf(text: string, marker: string): number {
  return text.slice(0, text.indexOf(marker)).split("\n").length;
}

describe("migrate run twice on a Prettier-formatted project with noUnusedLocals", () => {
  let root: string;
  let first: Run;
  let second: Run;

  beforeAll(() => {
    root = makeProject("migrate-ci", {
      ...FILES,
      ".prettierrc.json": `${JSON.stringify(PRETTIER_CONFIG)}\n`,
      "tsconfig.json": `${JSON.stringify(TSCONFIG, null, "\t")}\n`,
      "package.json": `${JSON.stringify({ name: "ci-project", private: true, type: "module", devDependencies: { prettier: "3.10.1" } }, null, "\t")}\n`,
      ".gitignore": "node_modules\n",
    });
    linkRepoNodeModules(root);
    // The project as CI sees it before the migration: formatted, and free of type errors.
    const formatted = prettierCheck(root);
    expect(formatted.code, formatted.stdout + formatted.stderr).toBe(0);
    const typed = typeCheck(root);
    expect(typed.code, typed.stdout).toBe(0);
    git(root, "init", "-q");
    git(root, "config", "user.email", "test@example.com");
    git(root, "config", "user.name", "Test");
    git(root, "config", "commit.gpgsign", "false");
    git(root, "add", ".");
    git(root, "commit", "-q", "-m", "before the migration");

    first = migrate(root);
    git(root, "add", ".");
    git(root, "commit", "-q", "-m", "migrated");
    second = migrate(root);
  });

  it("exits 0 both times, and the second run changes nothing", () => {
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(second.stdout).toMatch(/Summary: 0 changed, 2 unchanged, 1 skipped with reason, 0 failed \(2 files\)\./);
    expect(git(root, "status", "--porcelain")).toBe("");
  });

  it("reports what it wrote: one deadline edit and its helper, in the file that keeps them", () => {
    expect(first.stdout).toMatch(/^changed {2}src\/agent\.ts \(deadline 1\)$/m);
    expect(first.stdout).toMatch(/^added {2}helper `askWithin` to src\/agent\.ts: /m);
    expect(first.stdout).not.toMatch(/own-answer\.ts \(|helper `askWithin` to src\/own-answer/);
    expect(first.stdout).toMatch(/Summary: 1 changed, 1 unchanged, 1 skipped with reason, 0 failed \(2 files\)\./);
    expect(read(root, "src/agent.ts")).toContain("await askWithin(");
  });

  it("leaves the edit that adds a type error out with the error as its reason, and writes no helper for it", () => {
    expect(read(root, "src/own-answer.ts")).toBe(OWN_ANSWER);
    const line = lineOf(OWN_ANSWER, "manager.requestPermission(params)");
    const skipped = new RegExp(
      `^skipped {2}src/own-answer\\.ts:${line}:\\d+ \\[deadline: require-deadline\\] rewriting this would add a type error \\(TS2322: Type '"cancelled"' is not assignable to type '"selected"'\\), so it is left as is$`,
      "m",
    );
    expect(first.stdout).toMatch(skipped);
    // The same place, for the same reason, on every later run: a skip, not a failure.
    expect(second.stdout).toMatch(skipped);
    expect(first.stdout + second.stdout).not.toMatch(/^(failed|left out) /m);
  });

  it("leaves a project that passes prettier --check and tsc --noEmit (noUnusedLocals)", () => {
    const formatted = prettierCheck(root);
    expect(formatted.code, formatted.stdout + formatted.stderr).toBe(0);
    const typed = typeCheck(root);
    expect(typed.code, typed.stdout).toBe(0);
    // Prettier's layout under this configuration, not the transforms' own: no parentheses around one arrow parameter.
    expect(read(root, "src/agent.ts")).toContain("\t\t\tanswer => {\n");
  });
});
