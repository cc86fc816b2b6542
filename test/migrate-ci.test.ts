/**
 * `migrate` as a CI step, through the built CLI (`node dist/cli/cli.js`, as the package's bin runs it), on one small
 * project formatted with Prettier (`arrowParens: "avoid"`, tabs, `printWidth: 100`) and type-checked with
 * `noUnusedLocals`: what it writes passes `prettier --check` and `tsc --noEmit`; an edit the type check leaves out is a
 * place skipped with its reason, takes no helper with it and fails nothing; a project's own `request` and
 * `requestPermission` are left alone (by `migrate` and by the jscodeshift CLI); the ACP 2.x requests it rewrites
 * resolve as "cancelled" at the deadline, driven by the real SDK over a stream pair; and a second run exits 0 and
 * changes nothing.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import * as acp from "@agentclientprotocol/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkRepoNodeModules, makeProject, REPO_ROOT } from "./support/cli.ts";

const CLI = path.join(REPO_ROOT, "dist", "cli", "cli.js");
/** How long a person gets to answer in this project: short, so the ACP requests reach their deadline in the test. */
const DEADLINE_MS = 250;
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

/** ACP 2.x requests (the SDK's \`ctx.request\`), with and without the turn's signal in reach. */
const ACP2 = `import {
	methods,
	type AgentContext,
	type RequestPermissionResponse,
} from '@agentclientprotocol/sdk';

const request = (sessionId: string) => ({
	sessionId,
	toolCall: { toolCallId: 'run', title: 'Run the tests' },
	options: [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' as const }],
});

/** Asks before running the tests; the turn's signal is in reach. */
export function askToRun(
	client: AgentContext,
	sessionId: string,
	signal: AbortSignal,
): Promise<RequestPermissionResponse> {
	return client.request(methods.client.session.requestPermission, request(sessionId));
}

/** Asks with no caller's signal in reach. */
export function askAlone(
	client: AgentContext,
	sessionId: string,
): Promise<RequestPermissionResponse> {
	return client.request(methods.client.session.requestPermission, request(sessionId));
}
`;

const FILES: Record<string, string> = {
  "src/acp2.ts": ACP2,
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

const migrate = (cwd: string) =>
  run(process.execPath, [CLI, "migrate", "src", "--deadline-ms", String(DEADLINE_MS)], cwd);
const prettierCheck = (cwd: string) => run(path.join(BIN, "prettier"), ["--check", "src"], cwd);
const typeCheck = (cwd: string) => run(path.join(BIN, "tsc"), ["-p", "tsconfig.json", "--noEmit"], cwd);
const read = (root: string, file: string) => fs.readFileSync(path.join(root, file), "utf8");

function lineOf(text: string, marker: string): number {
  return text.slice(0, text.indexOf(marker)).split("\n").length;
}

/** The project, once the first describe has migrated it (its `src/acp2.ts` is driven by the second). */
let root: string;

describe("migrate run twice on a Prettier-formatted project with noUnusedLocals", () => {
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
    expect(second.stdout).toMatch(/Summary: 0 changed, 6 unchanged, 3 skipped with reason, 0 failed \(6 files\)\./);
    expect(git(root, "status", "--porcelain")).toBe("");
  });

  it("reports what it wrote: the deadline edits and their helpers, in the files that keep them", () => {
    expect(first.stdout).toMatch(/^changed {2}src\/agent\.ts \(deadline 1\)$/m);
    expect(first.stdout).toMatch(/^added {2}helper `askWithin` to src\/agent\.ts: /m);
    expect(first.stdout).toMatch(/^changed {2}src\/acp2\.ts \(deadline 2\)$/m);
    expect(first.stdout).toMatch(/^added {2}helper `withinDeadline` to src\/acp2\.ts: /m);
    expect(first.stdout).not.toMatch(/own-answer\.ts \(|helper `askWithin` to src\/own-answer/);
    expect(first.stdout).toMatch(/Summary: 2 changed, 4 unchanged, 3 skipped with reason, 0 failed \(6 files\)\./);
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
    for (const [file, text] of Object.entries(FILES)) {
      if (file !== "src/agent.ts" && file !== "src/acp2.ts") expect(read(root, file)).toBe(text);
    }
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
        `--deadline-ms=${DEADLINE_MS}`,
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

/**
 * An agent and a client on the real ACP SDK, over a pair of streams. The client's person never answers; `asked` holds
 * each question's own signal on the client's side (aborted when the agent withdraws it), and `onAsked` runs when a
 * question reaches the client.
 */
function connectedPair() {
  const toAgent = new TransformStream<Uint8Array, Uint8Array>();
  const toClient = new TransformStream<Uint8Array, Uint8Array>();
  const pair = {
    asked: [] as AbortSignal[],
    onAsked: (): void => {},
    context: acp.agent({ name: "ci-agent" }).connect(acp.ndJsonStream(toClient.writable, toAgent.readable)).client,
    close: () => {},
  };
  const client = acp
    .client({ name: "absent-person" })
    .onRequest(acp.methods.client.session.requestPermission, ({ signal }) => {
      pair.asked.push(signal);
      pair.onAsked();
      return new Promise<never>(() => {});
    })
    .connect(acp.ndJsonStream(toAgent.writable, toClient.readable));
  pair.close = () => client.close();
  return pair;
}

/** Whether `signal` aborts within `ms` (the withdrawal travels to the client after the agent stops waiting). */
function abortsWithin(signal: AbortSignal | undefined, ms: number): Promise<boolean> {
  if (!signal) return Promise.resolve(false);
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve(true)), { once: true });
  });
}

describe("the ACP 2.x requests migrate rewrote, on the real SDK", () => {
  type Ask = (client: acp.AgentContext, sessionId: string, signal?: AbortSignal) => Promise<unknown>;
  let askToRun: Ask;
  let askAlone: Ask;
  let pair: ReturnType<typeof connectedPair>;
  const cancelled = { outcome: { outcome: "cancelled" } };

  beforeAll(async () => {
    // As migrate wrote it above: the deadline is `withinDeadline`'s timer, not an `AbortSignal.timeout` of the call's.
    expect(read(root, "src/acp2.ts")).toContain(`withinDeadline(\n\t\tsignal,\n\t\t${DEADLINE_MS},`);
    expect(read(root, "src/acp2.ts")).not.toContain("AbortSignal.timeout(");
    ({ askToRun, askAlone } = (await import(path.join(root, "src", "acp2.ts"))) as { askToRun: Ask; askAlone: Ask });
    pair = connectedPair();
  });
  afterAll(() => pair?.close());

  it("with no caller's signal: resolves as cancelled once the deadline has passed, and withdraws the question", async () => {
    const started = performance.now();
    expect(await askAlone(pair.context, "session-1")).toEqual(cancelled);
    // Timers may fire up to a millisecond early (they count whole milliseconds).
    expect(performance.now() - started).toBeGreaterThanOrEqual(DEADLINE_MS - 1);
    expect(await abortsWithin(pair.asked.at(-1), 2_000)).toBe(true);
  });

  it("with the turn's signal that never aborts: resolves as cancelled at the deadline", async () => {
    const started = performance.now();
    expect(await askToRun(pair.context, "session-1", new AbortController().signal)).toEqual(cancelled);
    expect(performance.now() - started).toBeGreaterThanOrEqual(DEADLINE_MS - 1);
    expect(await abortsWithin(pair.asked.at(-1), 2_000)).toBe(true);
  });

  it("when the turn is cancelled while the question is up: resolves as cancelled, and withdraws it", async () => {
    const turn = new AbortController();
    pair.onAsked = () => turn.abort(new Error("the user cancelled the turn"));
    const asked = pair.asked.length;
    expect(await askToRun(pair.context, "session-1", turn.signal)).toEqual(cancelled);
    expect(pair.asked).toHaveLength(asked + 1);
    expect(await abortsWithin(pair.asked.at(-1), 2_000)).toBe(true);
  });
});
