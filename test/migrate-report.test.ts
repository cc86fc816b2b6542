/**
 * What `migrate` says, through the real CLI (spawned) on throw-away git projects: skipped places at their line:column
 * in the file as written (dry) or as on disk (real run), the same `check` gives; ESLint's cache file is not a user's
 * change; a file over the size guard is skipped with its reason; the summary names deadline edits only where a
 * deadline was added; a dry run on a project without its dependencies still shows the diff, marked as not
 * type-checked.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ensureBuilt } from "./support/build.ts";
import { makeProject, REPO_ROOT, spawnCli } from "./support/cli.ts";

/** Local types stand in for the SDK so the project type-checks on its own. */
const TYPES = `interface ElicitResult {
  action: "accept" | "decline" | "cancel";
}
interface Asker {
  elicitInput(params: { message: string }, options?: { timeout?: number; signal?: AbortSignal }): Promise<ElicitResult>;
}
declare const server: Asker;
declare const lock: { acquire(): Promise<void>; release(): void };
`;

/** A ternary initialising a const (left alone) that release-in-finally moves into its `try`: one level deeper, on another line. */
const HELD_TERNARY = `${TYPES}
export async function pick(): Promise<string> {
  await lock.acquire();
  const answer = await server.elicitInput({ message: "Suite?" }, { timeout: 1000 });
  lock.release();
  const suite = answer.action === "accept" ? "integration" : "unit";
  return suite;
}
`;

const TSCONFIG = JSON.stringify({
  compilerOptions: {
    target: "es2022",
    lib: ["es2022", "dom"],
    module: "nodenext",
    strict: true,
    noEmit: true,
    types: [],
  },
  include: ["src"],
});

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8" });
}

/** A committed git repository holding `files`. */
function repository(files: Record<string, string>): string {
  const root = makeProject("report", files);
  git(root, "init", "-q");
  git(root, "config", "user.email", "test@example.com");
  git(root, "config", "user.name", "Test");
  git(root, "config", "commit.gpgsign", "false");
  git(root, "add", ".");
  git(root, "commit", "-q", "-m", "initial");
  return root;
}

/** `line:column` (1-based) of the first `marker` in `text`. */
function positionOf(text: string, marker: string): string {
  const before = text.slice(0, text.indexOf(marker));
  const lines = before.split("\n");
  return `${lines.length}:${lines.at(-1)!.length + 1}`;
}

/** `file:line:column` of each finding `check --format json` prints for the given rules. */
function checkPositions(root: string, paths: string[], rules: readonly string[]): string[] {
  const { stdout } = spawnCli(["check", ...paths, "--format", "json"], root);
  const results = JSON.parse(stdout) as {
    filePath: string;
    messages: { ruleId: string; line: number; column: number }[];
  }[];
  return results.flatMap((result) =>
    result.messages
      .filter((message) => rules.includes(message.ruleId.replace(/^elicitation\//, "")))
      .map((message) => `${path.relative(root, result.filePath)}:${message.line}:${message.column}`),
  );
}

function skippedPositions(stdout: string): string[] {
  return [...stdout.matchAll(/^skipped {2}(\S+:\d+:\d+) \[/gm)].map((match) => match[1]!);
}

const REWRITTEN_RULES = ["exhaustive-action", "release-in-finally", "require-deadline", "forward-abort-signal"];

describe("skipped places are reported where check reports them", () => {
  it("after another rewrite moved them: the old text's line:column in a dry run, the new file's after a real run", () => {
    const root = repository({ "src/pick.ts": HELD_TERNARY });
    const marker = 'answer.action === "accept" ?';
    const dry = spawnCli(["migrate", "src", "--dry", "--transform", "release-in-finally,exhaustive-action"], root);
    expect(dry.code, dry.stdout).toBe(0);
    expect(dry.stdout).toMatch(/^would change {2}src\/pick\.ts /m);
    expect(skippedPositions(dry.stdout)).toEqual([`src/pick.ts:${positionOf(HELD_TERNARY, marker)}`]);
    expect(checkPositions(root, ["src"], ["exhaustive-action"])).toEqual(skippedPositions(dry.stdout));

    const written = spawnCli(["migrate", "src", "--transform", "release-in-finally,exhaustive-action"], root);
    expect(written.code, written.stdout).toBe(0);
    const after = fs.readFileSync(path.join(root, "src/pick.ts"), "utf8");
    // Moved into the `try`: one level deeper and further down.
    expect(positionOf(after, marker)).not.toBe(positionOf(HELD_TERNARY, marker));
    expect(skippedPositions(written.stdout)).toEqual([`src/pick.ts:${positionOf(after, marker)}`]);
    expect(checkPositions(root, ["src"], ["exhaustive-action"])).toEqual(skippedPositions(written.stdout));
  });

  it("on the bundled demo, in a dry run: every skipped place is one check reports on the same files", () => {
    const root = makeProject("report-demo", { ".gitignore": "node_modules\n" });
    fs.cpSync(path.join(REPO_ROOT, "fixtures"), path.join(root, "fixtures"), { recursive: true });
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(root, "node_modules"));
    git(root, "init", "-q");
    const dry = spawnCli(["migrate", "fixtures", "--dry", "--deadline-ms", "300000", "--no-typecheck"], root);
    expect(dry.code, dry.stdout).toBe(0);
    const skipped = skippedPositions(dry.stdout);
    expect(skipped.length).toBeGreaterThan(0);
    const reported = checkPositions(root, ["fixtures"], REWRITTEN_RULES);
    expect(skipped.filter((place) => !reported.includes(place))).toEqual([]);
  });
});

describe("the tree is dirty only with the user's changes", () => {
  const DEPLOY = `${TYPES}
export async function deploy(): Promise<string> {
  const answer = await server.elicitInput({ message: "Deploy?" }, { timeout: 1000 });
  if (answer.action === "accept") {
    return "deployed";
  } else {
    return "skipped";
  }
}
`;

  it("after check --cache: ESLint's .eslintcache is not a change; any other new file still is", () => {
    const root = repository({ "src/deploy.ts": DEPLOY });
    const check = spawnCli(["check", "--cache", "."], root);
    expect(check.code).toBe(1);
    expect(fs.existsSync(path.join(root, ".eslintcache"))).toBe(true);
    expect(git(root, "status", "--porcelain")).toBe("?? .eslintcache\n");

    // Only that name: a file next to it with a name of its own is the user's.
    fs.writeFileSync(path.join(root, ".eslintcache.old"), "{}");
    const refused = spawnCli(["migrate", ".", "--transform", "exhaustive-action"], root);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("  ?? .eslintcache.old\n");
    expect(refused.stderr).not.toContain("?? .eslintcache\n");
    fs.rmSync(path.join(root, ".eslintcache.old"));

    const run = spawnCli(["migrate", ".", "--transform", "exhaustive-action"], root);
    expect(run.stderr).not.toContain("uncommitted changes");
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/^changed {2}src\/deploy\.ts \(exhaustive-action 1\)$/m);
  });
});

describe("a file over the size guard", () => {
  it("is skipped with its reason, counted as skipped rather than unchanged", () => {
    // About 2.2 MB of generated tools, each asking once: well over the 2 MB guard.
    const tool = (index: number) => `
export async function ask${index}(): Promise<string> {
  const answer = await server.elicitInput({ message: "Run tool ${index}?" }, { timeout: 1000 });
  if (answer.action === "accept") {
    return "ran ${index}";
  } else {
    return "did not run ${index}";
  }
}
`;
    const body = Array.from({ length: 9000 }, (_, index) => tool(index)).join("");
    const root = repository({ "src/generated.ts": `${TYPES}${body}` });
    expect(body.length).toBeGreaterThan(2 * 1024 * 1024);
    const run = spawnCli(["migrate", "src", "--deadline-ms", "300000"], root);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toBe(
      "skipped  src/generated.ts: the file is 2.2 MB, over the 2 MB a rewrite is attempted on; `check` lists its findings to fix by hand\n" +
        "Summary: 0 changed, 0 unchanged, 1 skipped with reason, 0 failed (1 file).\n",
    );
    expect(git(root, "status", "--porcelain")).toBe("");
  });
});

describe("the summary counts deadline edits apart from signal edits", () => {
  it("says signal, not deadline, for a file whose only edits forwarded the caller's signal", () => {
    // The import ties \`server.elicitInput\` to the MCP SDK, whose options the edit writes.
    const handler = `import type { ElicitRequest } from "@modelcontextprotocol/sdk/types.js";
${TYPES}
export async function confirm(signal: AbortSignal): Promise<string> {
  const answer = await server.elicitInput({ message: "Go?" }, { timeout: 1000 });
  return answer.action;
}
`;
    const root = repository({ "src/confirm.ts": handler });
    // The SDK is not installed here: the counts are the point, not the type check.
    const run = spawnCli(
      ["migrate", "src", "--dry", "--no-typecheck", "--transform", "deadline", "--deadline-ms", "300000"],
      root,
    );
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain(
      '+  const answer = await server.elicitInput({ message: "Go?" }, { timeout: 1000, signal });',
    );
    expect(run.stdout).toMatch(/^would change {2}src\/confirm\.ts \(signal 1\)$/m);
  });
});

/** An MCP tool on the real SDK, in a project whose dependencies are not installed. */
const SDK_TOOL = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

const server = new McpServer({ name: "tables", version: "1.0.0" });

server.registerTool("drop", {}, async () => {
  const answer = await server.server.elicitInput({ message: "Drop?", requestedSchema: { type: "object", properties: {} } });
  return { content: [{ type: "text" as const, text: answer.action }] };
});
`;

describe("a project without its dependencies installed", () => {
  it("--dry still shows the diff, marked as not type-checked; a real run writes nothing and says to install them", () => {
    const root = repository({ "src/drop.ts": SDK_TOOL, "tsconfig.json": TSCONFIG });
    const dry = spawnCli(["migrate", "src", "--dry", "--deadline-ms", "300000"], root);
    expect(dry.code, dry.stdout).toBe(0);
    expect(dry.stdout).toContain("--- a/src/drop.ts\n+++ b/src/drop.ts\n");
    expect(dry.stdout).toContain("+    timeout: 300_000,\n");
    expect(dry.stdout).toContain(
      "would change  src/drop.ts (signal 1, deadline 1), not type-checked: Cannot find module '@modelcontextprotocol/sdk/server/mcp.js' or its corresponding type declarations (line 1); install the project's dependencies and run again to check it before writing\n",
    );
    expect(dry.stdout).not.toContain("--no-typecheck");

    const run = spawnCli(["migrate", "src", "--deadline-ms", "300000"], root);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "failed  src/drop.ts:1: Cannot find module '@modelcontextprotocol/sdk/server/mcp.js' or its corresponding type declarations, so the rewrite cannot be type-checked; file left as it was (install the project's dependencies, then run migrate again)\n",
    );
    expect(run.stdout).not.toContain("--no-typecheck");
    expect(fs.readFileSync(path.join(root, "src/drop.ts"), "utf8")).toBe(SDK_TOOL);
  });
});

describe("the jscodeshift deadline transform without --deadline-ms", () => {
  it("says so once, without a stack trace, and leaves every file as it is", () => {
    ensureBuilt();
    const ask = (name: string) => `${TYPES}
export async function ${name}(): Promise<string> {
  const answer = await server.elicitInput({ message: "Go?" });
  return answer.action;
}
`;
    const files = { "src/a.ts": ask("a"), "src/b.ts": ask("b"), "src/plain.ts": "export const x = 1;\n" };
    const root = makeProject("jscodeshift-usage", files);
    const run = spawnSync(
      path.join(REPO_ROOT, "node_modules", ".bin", "jscodeshift"),
      ["-t", path.join(REPO_ROOT, "codemods", "deadline.js"), "--parser=tsx", "src"],
      { cwd: root, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } },
    );
    const output = `${run.stdout}${run.stderr}`;
    expect(output.split("--deadline-ms is required").length - 1, output).toBe(1);
    expect(run.stderr).toBe(
      "deadline: --deadline-ms is required (how many milliseconds a person gets to answer; there is no default); nothing was rewritten. Run it again with the option (e.g. --deadline-ms=300000).\n",
    );
    expect(output).not.toMatch(/Transformation error|\n\s+at /);
    expect(run.stdout).toMatch(/^0 errors$/m);
    for (const [name, text] of Object.entries(files)) expect(fs.readFileSync(path.join(root, name), "utf8")).toBe(text);
  });
});
