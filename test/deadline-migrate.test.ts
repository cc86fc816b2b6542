/**
 * `migrate` and the deadline transform on throw-away projects (real git, real Prettier resolved from the project,
 * real ts-morph): the race helper is listed per file and shown in `--dry`'s diff; a project formatted with Prettier
 * stays `prettier --check` clean; a project without Prettier gets edits in its own style; a second run changes
 * nothing. And the bundled demo: after `migrate`, `check` reports only what `migrate` listed as skipped, and `tsc`
 * passes on the output.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as prettier from "prettier";
import { afterEach, describe, expect, it } from "vitest";
import { runCheck } from "../cli/check.ts";
import type { CommandIo } from "../cli/io.ts";
import { runMigrate } from "../cli/migrate.ts";
import { CODEMODS } from "../codemods/registry.ts";

const REPOSITORY = path.join(__dirname, "..");

/** An ACP 1.x-style agent (the connection API takes no options), written as a Prettier user writes it. */
const AGENT = `import type {
  RequestPermissionRequest,
  RequestPermissionResponse,
} from '@agentclientprotocol/sdk';

export interface Connection {
  requestPermission(
    params: RequestPermissionRequest,
  ): Promise<RequestPermissionResponse>;
}

export async function mayRun(
  connection: Connection,
  sessionId: string,
  signal: AbortSignal,
): Promise<boolean> {
  const response = await connection.requestPermission({
    sessionId,
    toolCall: { toolCallId: 'build', title: 'Build' },
    options: [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' }],
  });
  return (
    response.outcome.outcome === 'selected' &&
    response.outcome.optionId === 'allow'
  );
}
`;

const TSCONFIG = JSON.stringify({
  compilerOptions: {
    target: "es2022",
    lib: ["es2022", "dom"],
    module: "nodenext",
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  },
  include: ["src"],
});

const roots: string[] = [];

afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8" });
}

/** A git repository with `files`; `withPrettier` links the repository's Prettier into the project's node_modules. */
function makeProject(files: Record<string, string>, withPrettier: boolean): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "elicitation-deadline-"));
  roots.push(root);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  fs.mkdirSync(path.join(root, "node_modules", "@agentclientprotocol"), { recursive: true });
  fs.symlinkSync(
    path.join(REPOSITORY, "node_modules", "@agentclientprotocol", "sdk"),
    path.join(root, "node_modules", "@agentclientprotocol", "sdk"),
  );
  if (withPrettier)
    fs.symlinkSync(path.join(REPOSITORY, "node_modules", "prettier"), path.join(root, "node_modules", "prettier"));
  fs.writeFileSync(path.join(root, ".gitignore"), "node_modules\n");
  git(root, "init", "-q");
  git(root, "config", "user.email", "test@example.com");
  git(root, "config", "user.name", "Test");
  git(root, "config", "commit.gpgsign", "false");
  git(root, "add", ".");
  git(root, "commit", "-q", "-m", "initial");
  return root;
}

async function migrate(cwd: string, argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const io: CommandIo = {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    cwd,
    isTTY: false,
  };
  const code = await runMigrate(argv, io);
  return { code, stdout, stderr };
}

async function check(cwd: string, argv: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = "";
  const io: CommandIo = { stdout: (text) => void (stdout += text), stderr: () => {}, cwd, isTTY: false };
  const code = await runCheck(argv, io);
  return { code, stdout };
}

const PRETTIER_CONFIG = { singleQuote: true, printWidth: 80 };

describe("migrate on a project formatted with Prettier", () => {
  it("formats the rewrite with the project's Prettier: the file still passes prettier --check", async () => {
    const options = { ...PRETTIER_CONFIG, filepath: "src/agent.ts" };
    expect(await prettier.check(AGENT, options)).toBe(true);
    const root = makeProject(
      { "src/agent.ts": AGENT, ".prettierrc": JSON.stringify(PRETTIER_CONFIG), "tsconfig.json": TSCONFIG },
      true,
    );

    const run = await migrate(root, ["src", "--deadline-ms", "120000"]);
    expect(run.stderr).not.toMatch(/would add a type error/);
    expect(run.code).toBe(0);
    const after = fs.readFileSync(path.join(root, "src/agent.ts"), "utf8");
    expect(after).toContain("function askWithin<T>(");
    expect(after).toContain("await askWithin(");
    expect(after).toContain("noAnswer: () => ({ outcome: { outcome: 'cancelled' as const } })");
    expect(await prettier.check(after, options)).toBe(true);
    expect(run.stdout).toContain("added  helper `askWithin` to src/agent.ts");

    git(root, "commit", "-qam", "migrated");
    const again = await migrate(root, ["src", "--deadline-ms", "120000"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/Summary: 0 changed/);
    expect(fs.readFileSync(path.join(root, "src/agent.ts"), "utf8")).toBe(after);
  });

  it("without Prettier installed in the project (ours does not count), the edits follow the file's own style", async () => {
    const root = makeProject({ "src/agent.ts": AGENT, ".prettierrc": JSON.stringify(PRETTIER_CONFIG) }, false);
    const run = await migrate(root, ["src", "--deadline-ms", "120000", "--no-typecheck"]);
    expect(run.code).toBe(0);
    const after = fs.readFileSync(path.join(root, "src/agent.ts"), "utf8");
    // Single quotes and semicolons as the file writes them; lines within the file's 80 columns.
    expect(after).toContain("signal?.addEventListener('abort', stopWaiting, { once: true });");
    expect(Math.max(...after.split("\n").map((line) => line.length))).toBeLessThanOrEqual(80);
    // Not Prettier's layout: the call keeps the caller's hug (`}), {`), which Prettier would break up.
    expect(await prettier.check(after, { ...PRETTIER_CONFIG, filepath: "src/agent.ts" })).toBe(false);
  });

  it("--dry shows the helper in the diff and says it would add it, writing nothing", async () => {
    const root = makeProject({ "src/agent.ts": AGENT }, false);
    const run = await migrate(root, ["src", "--deadline-ms", "120000", "--dry", "--no-typecheck"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("+function askWithin<T>(");
    expect(run.stdout).toContain("would add  helper `askWithin` to src/agent.ts");
    expect(fs.readFileSync(path.join(root, "src/agent.ts"), "utf8")).toBe(AGENT);
  });
});

describe("migrate on the bundled demo", () => {
  it("leaves only what it listed as skipped for check, type-checks, and changes nothing on a second run", async () => {
    const root = makeProject({}, false);
    fs.cpSync(path.join(REPOSITORY, "fixtures"), path.join(root, "fixtures"), { recursive: true });
    for (const name of ["@modelcontextprotocol", "zod"]) {
      fs.symlinkSync(path.join(REPOSITORY, "node_modules", name), path.join(root, "node_modules", name));
    }
    fs.symlinkSync(path.join(REPOSITORY, "node_modules", "@types"), path.join(root, "node_modules", "@types"));
    git(root, "add", ".");
    git(root, "commit", "-qm", "demo");

    const run = await migrate(root, ["fixtures", "--deadline-ms", "120000", "--no-typecheck"]);
    expect(run.code).toBe(0);
    const skipped = [...run.stdout.matchAll(/^skipped {2}(\S+?):(\d+):\d+ \[(?:[\w-]+: )?([\w-]+)\]/gm)].map(
      ([, file, line, rule]) => `${file}:${line} ${rule}`,
    );
    const findings = await check(root, ["fixtures", "--format", "json"]).then(({ stdout }) =>
      parseFindings(stdout, root),
    );
    // Rules no transform rewrites are not migrate's to list: the pending store's key and a requestState codec (its
    // signing key is the user's to choose) are design changes.
    const rewritten = new Set(CODEMODS.flatMap((codemod) => codemod.rules));
    expect(findings.filter((finding) => rewritten.has(finding.split(" ")[1]!)).sort()).toEqual(skipped.sort());
    expect(findings.filter((finding) => !rewritten.has(finding.split(" ")[1]!)).sort()).toEqual([
      // The demo's ACP client: its stop button cancels the turn and leaves the parked prompts open, and closing its
      // terminal prompt allows the tool call.
      "fixtures/acp-agent/client.ts:47 answer-pending-on-cancel",
      "fixtures/acp-agent/client.ts:61 cancel-on-dismiss",
      "fixtures/mcp-server-v2/server.ts:76 verify-request-state",
      "fixtures/mcp-server-v2/server.ts:86 verify-request-state",
      "fixtures/mcp-server/server.ts:93 no-session-keyed-pending",
    ]);

    execFileSync(
      process.execPath,
      [path.join(REPOSITORY, "node_modules", "typescript", "bin", "tsc"), "-p", "fixtures/tsconfig.json"],
      {
        cwd: root,
        encoding: "utf8",
      },
    );

    git(root, "commit", "-qam", "migrated");
    const again = await migrate(root, ["fixtures", "--deadline-ms", "120000", "--no-typecheck"]);
    expect(again.stdout).toMatch(/Summary: 0 changed/);
  }, 120_000);
});

/** `file:line rule` of each finding in `check --format json` output (ESLint's JSON formatter shape). */
function parseFindings(stdout: string, root: string): string[] {
  const results = JSON.parse(stdout) as Array<{
    filePath: string;
    messages: Array<{ line: number; ruleId: string | null }>;
  }>;
  return results.flatMap((result) =>
    result.messages.map(
      (message) =>
        `${path.relative(root, result.filePath)}:${message.line} ${(message.ruleId ?? "").replace(/^elicitation\//, "")}`,
    ),
  );
}
