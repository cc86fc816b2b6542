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

/** The project's own JSON-RPC client: its `request` takes one message, no options, and imports nothing of MCP. */
const RPC = `/** This project's own JSON-RPC client: \`request\` takes one message and no options. */
export interface RpcClient {
	request(message: { method: string; params: unknown }): Promise<unknown>;
}

export async function confirm(server: RpcClient, message: string): Promise<unknown> {
	return server.request({ method: 'elicitation/create', params: { message } });
}
`;

/** The project's own permission manager, imported from its own module: nothing of ACP but the method's name. */
const TOOL_PERMISSIONS = `/** This project's own permission manager: it answers \`granted\`, and has no "cancelled". */
class ToolPermissionManager {
	async requestPermission(request: { tool: string }): Promise<{ granted: boolean }> {
		return { granted: request.tool !== 'rm' };
	}
}

export const toolPermissionManager = new ToolPermissionManager();
`;

const PERMISSIONS = `import { toolPermissionManager } from './tool-permissions.js';

export async function mayUse(tool: string): Promise<boolean> {
	const decision = await toolPermissionManager.requestPermission({ tool });
	return decision.granted;
}
`;

const FILES: Record<string, string> = {
  "src/agent.ts": AGENT,
  "src/own-answer.ts": OWN_ANSWER,
  "src/rpc.ts": RPC,
  "src/tool-permissions.ts": TOOL_PERMISSIONS,
  "src/permissions.ts": PERMISSIONS,
};

/** Why a known API's name in a file that imports none of its packages is left alone. */
const UNPROVEN = (label: string, packages: string) =>
  `${label} is recognised here by its name and arguments alone: this file imports none of its packages (${packages}), so which options it takes and what it answers are not known, and it is left as is`;
const UNPROVEN_RPC = UNPROVEN(
  "`server.request` for `elicitation/create`",
  "@modelcontextprotocol/sdk, @modelcontextprotocol/server, @modelcontextprotocol/client",
);
const UNPROVEN_PERMISSION = UNPROVEN(
  "ACP `requestPermission`",
  "@agentclientprotocol/sdk, @zed-industries/agent-client-protocol",
);

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
    expect(second.stdout).toMatch(/Summary: 0 changed, 5 unchanged, 3 skipped with reason, 0 failed \(5 files\)\./);
    expect(git(root, "status", "--porcelain")).toBe("");
  });

  it("reports what it wrote: one deadline edit and its helper, in the file that keeps them", () => {
    expect(first.stdout).toMatch(/^changed {2}src\/agent\.ts \(deadline 1\)$/m);
    expect(first.stdout).toMatch(/^added {2}helper `askWithin` to src\/agent\.ts: /m);
    expect(first.stdout).not.toMatch(/own-answer\.ts \(|helper `askWithin` to src\/own-answer/);
    expect(first.stdout).toMatch(/Summary: 1 changed, 4 unchanged, 3 skipped with reason, 0 failed \(5 files\)\./);
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

  it("writes no API's options or answer where no import proves the package, and says why", () => {
    for (const [file, text] of Object.entries(FILES)) if (file !== "src/agent.ts") expect(read(root, file)).toBe(text);
    for (const output of [first.stdout, second.stdout]) {
      expect(output).toContain(
        `skipped  src/rpc.ts:${lineOf(RPC, "request({")}:16 [deadline: require-deadline] ${UNPROVEN_RPC}`,
      );
      expect(output).toContain(
        `skipped  src/permissions.ts:${lineOf(PERMISSIONS, "toolPermissionManager.requestPermission")}:47 [deadline: require-deadline] ${UNPROVEN_PERMISSION}`,
      );
    }
  });

  it("the jscodeshift CLI, which has no type check, leaves the project's own request and requestPermission as they are", () => {
    const transform = run(
      path.join(BIN, "jscodeshift"),
      [
        "-t",
        path.join(REPO_ROOT, "codemods", "deadline.js"),
        "--parser=tsx",
        "--deadline-ms=300000",
        "src/rpc.ts",
        "src/permissions.ts",
      ],
      root,
    );
    expect(transform.code, transform.stderr).toBe(0);
    expect(transform.stdout).toContain(`src/rpc.ts:7:16: skipped (require-deadline): ${UNPROVEN_RPC}`);
    expect(transform.stdout).toContain(`src/permissions.ts:4:47: skipped (require-deadline): ${UNPROVEN_PERMISSION}`);
    expect(transform.stdout).toMatch(/^0 errors$/m);
    expect(transform.stdout).toMatch(/^0 ok$/m);
    expect(read(root, "src/rpc.ts")).toBe(RPC);
    expect(read(root, "src/permissions.ts")).toBe(PERMISSIONS);
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
