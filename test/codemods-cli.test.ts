/**
 * `migrate` on a throw-away git repository (real git, real files, real ts-morph): dry runs write nothing, a dirty
 * tree is refused, files are replaced whole, the summary counts what happened, a file that does not parse is named
 * with its line while the others are migrated, and a rewrite that would add a type error is not kept.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../cli/cli.ts";
import { runMigrate } from "../cli/migrate.ts";
import type { CommandIo } from "../cli/io.ts";
import { lintWithRules } from "../codemods/apply-suggestions.ts";
import exhaustiveAction from "../rules/exhaustive-action/index.ts";
import forwardAbortSignal from "../rules/forward-abort-signal/index.ts";
import releaseInFinally from "../rules/release-in-finally/index.ts";
import requireDeadline from "../rules/require-deadline/index.ts";

/** Local types stand in for the SDK so the temporary project type-checks on its own. */
const TYPES = `interface ElicitResult {
  action: "accept" | "decline" | "cancel";
  content?: Record<string, unknown>;
}
interface Asker {
  elicitInput(params: { message: string }, options?: { timeout?: number; signal?: AbortSignal }): Promise<ElicitResult>;
}
declare const server: Asker;
declare const lock: { acquire(): Promise<void>; release(): void };
`;

/**
 * An import of the MCP SDK: only a call in a file that imports the API's package is given the API's options (the
 * \`deadline\` transform's edits); the local types above still stand in for the SDK's.
 */
const MCP_IMPORT = `import type { ElicitRequest } from "@modelcontextprotocol/sdk/types.js";\n`;

const DEPLOY = `${TYPES}
export async function deploy(service: string): Promise<string> {
  await lock.acquire();
  const answer = await server.elicitInput({ message: \`Deploy \${service}?\` });
  let outcome: string;
  if (answer.action === "accept") {
    outcome = "deployed";
  } else {
    outcome = "skipped"; // refused or dismissed
  }
  lock.release();
  return outcome;
}
`;

/** DEPLOY in a file that imports the MCP SDK, so the deadline transform gives its wait the SDK's \`timeout\`. */
const SDK_DEPLOY = `${MCP_IMPORT}${DEPLOY}`;

const CLEAN = `export function add(a: number, b: number): number {
  return a + b;
}
`;

// Mid-edit code that asks a person: migrate parses it (a file with no human-wait word is skipped before parsing).
const BROKEN = `export async function broken(server: any) {
  const answer = await server.elicitInput({ message: "Deploy?" });
  return answer.action +;
}
`;

const TERNARY = `${TYPES}
export async function pick(): Promise<string> {
  const answer = await server.elicitInput({ message: "Suite?" });
  const suite = answer.action === "accept" ? "integration" : "unit";
  return suite;
}
`;

/** The options type has no \`timeout\`: adding one is an excess property, a new type error. */
const NO_TIMEOUT_OPTION = `${MCP_IMPORT}interface Result {
  action: "accept" | "decline" | "cancel";
}
declare const server: { elicitInput(params: { message: string }, options?: { signal?: AbortSignal }): Promise<Result> };

export async function ask(): Promise<string> {
  const answer = await server.elicitInput({ message: "Ok?" });
  return answer.action;
}
`;

/** A ternary initialising a const (no rewrite) after a lock that release-in-finally wraps: the rewrite moves the ternary down. */
const HELD_TERNARY = `${TYPES}
export async function pick(): Promise<string> {
  await lock.acquire();
  const answer = await server.elicitInput({ message: "Suite?" }, { timeout: 1000 });
  lock.release();
  const suite = answer.action === "accept" ? "integration" : "unit";
  return suite;
}
`;

function lineOf(text: string, marker: string): number {
  return text.slice(0, text.indexOf(marker)).split("\n").length;
}

const TSCONFIG = JSON.stringify(
  {
    compilerOptions: { target: "es2022", lib: ["es2022"], module: "nodenext", strict: true, noEmit: true, types: [] },
    include: ["src"],
  },
  null,
  2,
);

const REPO_ROOT = path.join(__dirname, "..");
const MIGRATED_RULES = ["exhaustive-action", "release-in-finally", "require-deadline", "forward-abort-signal"];

const repositories: string[] = [];

afterEach(() => {
  for (const directory of repositories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
});

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8" });
}

/** A committed repository holding `files` (relative path → text). */
function makeRepository(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "elicitation-migrate-"));
  repositories.push(root);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  git(root, "init", "-q");
  git(root, "config", "user.email", "test@example.com");
  git(root, "config", "user.name", "Test");
  git(root, "config", "commit.gpgsign", "false");
  git(root, "add", ".");
  git(root, "commit", "-q", "-m", "initial");
  return root;
}

/** The package's CLI in process (`check`, `migrate`), as the bin runs it. */
async function cli(
  cwd: string,
  argv: string[],
  isTTY = false,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const io: CommandIo = {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    cwd,
    isTTY,
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

async function migrate(
  cwd: string,
  argv: string[],
  isTTY = false,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const io: CommandIo = {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    cwd,
    isTTY,
  };
  const code = await runMigrate(argv, io);
  return { code, stdout, stderr };
}

const read = (root: string, name: string) => fs.readFileSync(path.join(root, name), "utf8");

describe("migrate", () => {
  it("--dry prints a unified diff and writes nothing", async () => {
    const root = makeSdkRepository({ "src/deploy.ts": SDK_DEPLOY, "src/clean.ts": CLEAN });
    const result = await migrate(root, ["src", "--dry", "--deadline-ms", "300000"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("--- a/src/deploy.ts\n+++ b/src/deploy.ts\n@@ ");
    expect(result.stdout).toContain('+      case "decline": {');
    expect(result.stdout).toContain("+  } finally {");
    expect(result.stdout).toContain("{ timeout: 300_000 }");
    expect(result.stdout).toContain(
      "Dry run, nothing written. Summary: 1 changed, 1 unchanged, 0 skipped with reason, 0 failed (2 files).",
    );
    expect(read(root, "src/deploy.ts")).toBe(SDK_DEPLOY);
    expect(git(root, "status", "--porcelain")).toBe("");
  });

  it("refuses uncommitted changes under the paths (exit 2), and goes ahead with --force", async () => {
    const root = makeRepository({ "src/deploy.ts": DEPLOY });
    const edited = `${DEPLOY}// work in progress\n`;
    fs.writeFileSync(path.join(root, "src/deploy.ts"), edited);
    const refused = await migrate(root, ["src", "--transform", "exhaustive-action"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("uncommitted changes");
    expect(refused.stderr).toContain("src/deploy.ts");
    expect(read(root, "src/deploy.ts")).toBe(edited);

    const forced = await migrate(root, ["src", "--transform", "exhaustive-action", "--force"]);
    expect(forced.code).toBe(0);
    expect(read(root, "src/deploy.ts")).toContain("switch (answer.action) {");
  });

  it("migrates the files that parse, names the one that does not with file:line, and exits 1", async () => {
    const root = makeSdkRepository({
      "src/deploy.ts": SDK_DEPLOY,
      "src/clean.ts": CLEAN,
      "src/broken.ts": BROKEN,
      "tsconfig.json": TSCONFIG,
    });
    const inodeBefore = fs.statSync(path.join(root, "src/deploy.ts")).ino;
    const result = await migrate(root, ["src", "--deadline-ms", "300000"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^failed {2}src\/broken\.ts:3:\d+: cannot parse: /m);
    expect(result.stdout).toContain("changed  src/deploy.ts (exhaustive-action 1, release-in-finally 1, deadline 1)");
    expect(result.stdout).toContain("Summary: 1 changed, 1 unchanged, 0 skipped with reason, 1 failed (3 files).");

    const migrated = read(root, "src/deploy.ts");
    // exhaustive-action, then release-in-finally moves the new switch into the \`try\` (and \`outcome\`'s declaration above it).
    expect(migrated).toContain("  await lock.acquire();\n  let outcome: string;\n  try {\n");
    expect(migrated).toContain("    switch (answer.action) {");
    expect(migrated).toContain(
      '      default:\n        // any other action is no decision either: falls through to cancel\n      case "cancel": {\n        // cancel: the dialog was dismissed without a decision\n        outcome = "skipped"; // refused or dismissed\n      }\n    }',
    );
    expect(migrated).toContain("  } finally {\n    lock.release();\n  }\n  return outcome;");
    expect(migrated).toContain("await server.elicitInput({ message: `Deploy ${service}?` }, { timeout: 300_000 });");
    const { messages } = lintWithRules(migrated, path.join(root, "src/deploy.ts"), [
      { name: "exhaustive-action", rule: exhaustiveAction },
      { name: "release-in-finally", rule: releaseInFinally },
      { name: "require-deadline", rule: requireDeadline },
      { name: "forward-abort-signal", rule: forwardAbortSignal },
    ]);
    expect(messages).toEqual([]);

    // Replaced by rename: a new inode, no temporary file left beside it.
    expect(fs.statSync(path.join(root, "src/deploy.ts")).ino).not.toBe(inodeBefore);
    expect(fs.readdirSync(path.join(root, "src")).sort()).toEqual(["broken.ts", "clean.ts", "deploy.ts"]);
    expect(git(root, "status", "--porcelain")).toBe(" M src/deploy.ts\n");
    expect(read(root, "src/broken.ts")).toBe(BROKEN);
    expect(read(root, "src/clean.ts")).toBe(CLEAN);
  });

  it("prints each place it leaves alone with file:line:column and its reason", async () => {
    const root = makeRepository({ "src/pick.ts": TERNARY });
    const result = await migrate(root, ["src", "--transform", "exhaustive-action"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^skipped {2}src\/pick\.ts:13:\d+ \[exhaustive-action\] .*a ternary is an expression/m,
    );
    expect(result.stdout).toContain("Summary: 0 changed, 1 unchanged, 1 skipped with reason, 0 failed (1 file).");
    expect(read(root, "src/pick.ts")).toBe(TERNARY);
  });

  it("in a dry run, points a skipped place at its line in the file on disk, not in the rewrite", async () => {
    const root = makeRepository({ "src/pick.ts": HELD_TERNARY });
    const ternaryLine = lineOf(HELD_TERNARY, 'answer.action === "accept" ?');
    const dry = await migrate(root, ["src", "--dry", "--transform", "release-in-finally,exhaustive-action"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^would change {2}src\/pick\.ts /m);
    expect(dry.stdout).toContain(`skipped  src/pick.ts:${ternaryLine}:`);
    expect(read(root, "src/pick.ts")).toBe(HELD_TERNARY);

    // Written, the lines are those of the new file.
    const written = await migrate(root, ["src", "--transform", "release-in-finally,exhaustive-action"]);
    const rewritten = read(root, "src/pick.ts");
    expect(lineOf(rewritten, 'answer.action === "accept" ?')).not.toBe(ternaryLine);
    expect(written.stdout).toContain(`skipped  src/pick.ts:${lineOf(rewritten, 'answer.action === "accept" ?')}:`);
  });

  it("keeps no rewrite that adds a type error: the place is skipped with the error, the file stays as it was", async () => {
    const root = makeSdkRepository({ "src/ask.ts": NO_TIMEOUT_OPTION, "tsconfig.json": TSCONFIG });
    const result = await migrate(root, ["src", "--transform", "deadline", "--deadline-ms", "300000"]);
    // A place left as is with its reason is no failure: a migrated tree reaches exit 0, so migrate can gate CI.
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^skipped {2}src\/ask\.ts:8:\d+ \[deadline: require-deadline\] rewriting this would add a type error \(TS2353: .*'timeout'.*\), so it is left as is$/m,
    );
    expect(result.stdout).toContain("Summary: 0 changed, 1 unchanged, 1 skipped with reason, 0 failed (1 file).");
    expect(read(root, "src/ask.ts")).toBe(NO_TIMEOUT_OPTION);

    const unchecked = await migrate(root, [
      "src",
      "--transform",
      "deadline",
      "--deadline-ms",
      "300000",
      "--no-typecheck",
    ]);
    expect(unchecked.code).toBe(0);
    expect(read(root, "src/ask.ts")).toContain("{ timeout: 300_000 }");
  });

  it("shows a redrawn progress bar on a terminal and plain lines elsewhere, for long runs", async () => {
    const files = Object.fromEntries(
      Array.from({ length: 20 }, (_, index) => [`src/file${String(index).padStart(2, "0")}.ts`, CLEAN]),
    );
    const root = makeRepository(files);
    const onTerminal = await migrate(root, ["src", "--transform", "exhaustive-action"], true);
    expect(onTerminal.stderr).toContain("\r\u001b[K[");
    expect(onTerminal.stderr).toContain("] 19/20 src/file19.ts");
    const inLog = await migrate(root, ["src", "--transform", "exhaustive-action"], false);
    expect(inLog.stderr).toBe(
      "migrate: 2/20 files\nmigrate: 4/20 files\nmigrate: 6/20 files\nmigrate: 8/20 files\nmigrate: 10/20 files\nmigrate: 12/20 files\nmigrate: 14/20 files\nmigrate: 16/20 files\nmigrate: 18/20 files\nmigrate: 20/20 files\n",
    );
    expect(inLog.stdout).toContain("Summary: 0 changed, 20 unchanged, 0 skipped with reason, 0 failed (20 files).");
  });

  it("answers usage errors with exit 2 and the help text", async () => {
    const root = makeRepository({ "src/clean.ts": CLEAN });
    const noPaths = await migrate(root, []);
    expect(noPaths.code).toBe(2);
    expect(noPaths.stderr).toContain("give at least one file or directory");
    const noDeadline = await migrate(root, ["src"]);
    expect(noDeadline.code).toBe(2);
    expect(noDeadline.stderr).toContain('the "deadline" transform needs --deadline-ms');
    const badDeadline = await migrate(root, ["src", "--deadline-ms", "soon"]);
    expect(badDeadline.code).toBe(2);
    expect(badDeadline.stderr).toContain(
      '--deadline-ms must be a whole number of milliseconds greater than 0, got "soon"',
    );
    const unknownTransform = await migrate(root, ["src", "--transform", "everything"]);
    expect(unknownTransform.code).toBe(2);
    expect(unknownTransform.stderr).toContain("unknown transform everything");
    const missing = await migrate(root, ["nowhere", "--transform", "exhaustive-action"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no such file or directory: nowhere");
    const help = await migrate(root, ["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: eslint-plugin-elicitation migrate <paths...> [options]");
  });

  it("on the demo server and agent: after migrate, check reports only what migrate skipped, and tsc passes", async () => {
    const files: Record<string, string> = { ".gitignore": "node_modules\n" };
    for (const name of [
      "package.json",
      "tsconfig.json",
      "mcp-server/server.ts",
      "mcp-server/main.ts",
      "acp-agent/agent.ts",
    ]) {
      const source = path.join(REPO_ROOT, "fixtures", name);
      if (fs.existsSync(source)) files[name] = fs.readFileSync(source, "utf8");
    }
    const root = makeRepository(files);
    // The demo type-checks against the real SDKs, which live in this repository's node_modules.
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(root, "node_modules"));

    const dry = await migrate(root, [".", "--dry", "--deadline-ms", "300000"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("--- a/mcp-server/server.ts\n+++ b/mcp-server/server.ts");
    expect(git(root, "status", "--porcelain")).toBe("");

    const result = await migrate(root, [".", "--deadline-ms", "300000"]);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/^failed/m);
    const skipped = [...result.stdout.matchAll(/^skipped {2}(\S+:\d+:\d+) \[/gm)].map((match) => match[1]!);

    const check = await cli(root, ["check", ".", "--format", "json"]);
    const findings = (
      JSON.parse(check.stdout) as { filePath: string; messages: { ruleId: string; line: number; column: number }[] }[]
    )
      .flatMap((entry) => entry.messages.map((message) => ({ ...message, file: path.relative(root, entry.filePath) })))
      .filter((message) => MIGRATED_RULES.includes(message.ruleId.replace(/^elicitation\//, "")))
      .map((message) => `${message.file}:${message.line}:${message.column}`);
    expect(findings.sort()).toEqual([...skipped].sort());

    const tsc = path.join(REPO_ROOT, "node_modules", ".bin", "tsc");
    expect(() => execFileSync(tsc, ["-p", "tsconfig.json"], { cwd: root, encoding: "utf8" })).not.toThrow();
  });
});

/** An MCP tool on the real SDK whose answer is parked in a hand-rolled promise fed by `.then` (issue shape). */
const THEN_INSIDE = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const server = new McpServer({ name: "tables", version: "1.0.0" });
const pending = new Map<string, (answer: unknown) => void>();

server.registerTool("drop", { inputSchema: { table: z.string() } }, async ({ table }, extra) => {
  const sessionId = extra.sessionId ?? "default";
  const answer = await new Promise((resolve) => {
    pending.set(sessionId, resolve);
    const deliver = (result: unknown) => pending.get(sessionId)?.(result);
    void server.server
      .elicitInput({ message: \`Drop \${table}?\`, requestedSchema: { type: "object", properties: {} } })
      .then(deliver);
  });
  return { content: [{ type: "text" as const, text: \`answer: \${JSON.stringify(answer)}\` }] };
});
`;

/** Contrast: the same parts, but the promise is made in a function of its own, so its report survives the rewrite. */
const THEN_APART = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const server = new McpServer({ name: "tables", version: "1.0.0" });
const pending = new Map<string, (answer: unknown) => void>();

function waitForAnswer(sessionId: string): Promise<unknown> {
  return new Promise((resolve) => {
    pending.set(sessionId, resolve);
  });
}

server.registerTool("drop", { inputSchema: { table: z.string() } }, async ({ table }, extra) => {
  const sessionId = extra.sessionId ?? "default";
  const answer = waitForAnswer(sessionId);
  const deliver = (result: unknown) => pending.get(sessionId)?.(result);
  void server.server
    .elicitInput({ message: \`Drop \${table}?\`, requestedSchema: { type: "object", properties: {} } })
    .then(deliver);
  return { content: [{ type: "text" as const, text: \`answer: \${JSON.stringify(await answer)}\` }] };
});
`;

const SDK_TSCONFIG = JSON.stringify({
  compilerOptions: { target: "es2022", module: "nodenext", strict: true, noEmit: true, skipLibCheck: true },
  include: ["src"],
});

/** A repository whose imports resolve against this repository's node_modules (the real SDK, zod). */
function makeSdkRepository(files: Record<string, string>): string {
  const root = makeRepository({ ".gitignore": "node_modules\n", ...files });
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(root, "node_modules"));
  return root;
}

describe("migrate keeps only what it can prove", () => {
  it("leaves a file alone when a rewrite would silence a finding it did not fix (the .then shape)", async () => {
    const root = makeSdkRepository({ "src/drop.ts": THEN_INSIDE, "tsconfig.json": SDK_TSCONFIG });
    const before = await cli(root, ["check", "--format", "json", "src"]);
    const promiseLine = lineOf(THEN_INSIDE, "new Promise(");
    expect(
      (JSON.parse(before.stdout) as { messages: { ruleId: string; line: number }[] }[])[0]!.messages,
    ).toContainEqual(expect.objectContaining({ ruleId: "elicitation/require-deadline", line: promiseLine }));
    const result = await migrate(root, ["src", "--deadline-ms", "300000"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      new RegExp(
        `^failed {2}src/drop\\.ts:${promiseLine}:\\d+: the rewrite silenced elicitation/require-deadline here without rewriting it`,
        "m",
      ),
    );
    expect(read(root, "src/drop.ts")).toBe(THEN_INSIDE);
  });

  it("contrast: when the promise's report survives the rewrite, the inner call is rewritten and the promise listed as skipped", async () => {
    const root = makeSdkRepository({ "src/drop.ts": THEN_APART, "tsconfig.json": SDK_TSCONFIG });
    const result = await migrate(root, ["src", "--deadline-ms", "300000"]);
    expect(result.stdout).not.toMatch(/^failed/m);
    expect(result.code).toBe(0);
    expect(read(root, "src/drop.ts")).toContain("timeout: 300_000");
    const promiseLine = lineOf(read(root, "src/drop.ts"), "new Promise(");
    expect(result.stdout).toMatch(
      new RegExp(`^skipped {2}src/drop\\.ts:${promiseLine}:\\d+ \\[deadline: require-deadline\\]`, "m"),
    );
  });

  it("rewrites nothing it cannot type-check when the project's imports do not resolve, and says which import", async () => {
    // The SDK is imported but not installed: no node_modules.
    const root = makeRepository({ "src/drop.ts": THEN_APART, "tsconfig.json": SDK_TSCONFIG });
    const result = await migrate(root, ["src", "--deadline-ms", "300000"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^failed {2}src\/drop\.ts:1: Cannot find module '@modelcontextprotocol\/sdk\/server\/mcp\.js'.*file left as it was \(install the project's dependencies, then run migrate again\)$/m,
    );
    expect(read(root, "src/drop.ts")).toBe(THEN_APART);

    const unchecked = await migrate(root, ["src", "--deadline-ms", "300000", "--no-typecheck"]);
    expect(unchecked.code).toBe(0);
    expect(read(root, "src/drop.ts")).toContain("timeout: 300_000");
  });

  it("checks a JavaScript file without a tsconfig.json as well", async () => {
    const javascript = [
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
      'const server = new McpServer({ name: "tables", version: "1.0.0" });',
      'server.registerTool("drop", {}, async (_args, extra) => {',
      '  const answer = await server.server.elicitInput({ message: "Drop?", requestedSchema: { type: "object", properties: {} } });',
      '  return { content: [{ type: "text", text: answer.action }] };',
      "});",
      "",
    ].join("\n");
    const root = makeRepository({ "src/drop.mjs": javascript });
    const result = await migrate(root, ["src", "--deadline-ms", "300000"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^failed {2}src\/drop\.mjs:1: Cannot find module '@modelcontextprotocol\/sdk\/server\/mcp\.js'/m,
    );
  });

  it("leaves out the one edit that adds a type error and keeps the file's other edits", async () => {
    const twoEdits = `${NO_TIMEOUT_OPTION}
export async function choose(): Promise<string> {
  const answer = await server.elicitInput({ message: "Which?" });
  if (answer.action === "accept") {
    return "yes";
  } else {
    return "no";
  }
}
`;
    const withDom = TSCONFIG.replace('"es2022"\n    ]', '"es2022",\n      "dom"\n    ]');
    expect(withDom).toContain('"dom"');
    const root = makeSdkRepository({ "src/ask.ts": twoEdits, "tsconfig.json": withDom });
    const result = await migrate(root, ["src", "--deadline-ms", "300000"]);
    expect(result.code).toBe(0);
    const migrated = read(root, "src/ask.ts");
    // Each left-out edit's place, where check reports it in the file as written.
    for (const call of ['elicitInput({ message: "Ok?" })', 'elicitInput({ message: "Which?" })']) {
      expect(result.stdout).toMatch(
        new RegExp(
          `^skipped {2}src/ask\\.ts:${lineOf(migrated, call)}:\\d+ \\[deadline: require-deadline\\] rewriting this would add a type error \\(TS2353: .*'timeout'.*\\), so it is left as is$`,
          "m",
        ),
      );
    }
    expect(result.stdout).toContain("Summary: 1 changed, 0 unchanged, 2 skipped with reason, 0 failed (1 file).");
    // Counted as written: the left-out deadline edits are not counted.
    expect(result.stdout).toMatch(/^changed {2}src\/ask\.ts \(exhaustive-action 1\)$/m);
    expect(migrated).toContain("switch (answer.action) {");
    expect(migrated).not.toContain("timeout: 300_000");
    const tsc = path.join(REPO_ROOT, "node_modules", ".bin", "tsc");
    expect(() => execFileSync(tsc, ["-p", "tsconfig.json"], { cwd: root, encoding: "utf8" })).not.toThrow();
  });

  it("does not list places only the strict config reports", async () => {
    const opaque = `${TYPES}
export async function ask(options: { timeout?: number }): Promise<string> {
  const answer = await server.elicitInput({ message: "Ok?" }, options);
  return answer.action;
}
`;
    const root = makeRepository({ "src/opaque.ts": opaque });
    const check = await cli(root, ["check", "src"]);
    expect(check.code).toBe(0);
    const result = await migrate(root, ["src", "--transform", "deadline", "--deadline-ms", "300000"]);
    expect(result.stdout).not.toMatch(/^skipped/m);
    expect(result.stdout).toContain("Summary: 0 changed, 1 unchanged, 0 skipped with reason, 0 failed (1 file).");
    const strict = await cli(root, ["check", "--config", "strict", "src"]);
    expect(strict.code).toBe(1);
  });
});

describe("migrate: where it runs and how it is told", () => {
  it("refuses to write outside a git repository unless --force; --dry needs no git", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "elicitation-nogit-"));
    repositories.push(root);
    fs.mkdirSync(path.join(root, "src"));
    fs.writeFileSync(path.join(root, "src/deploy.ts"), DEPLOY);
    const refused = await migrate(root, ["src", "--transform", "exhaustive-action"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^migrate: not inside a git repository, so nothing could undo the rewrite/m);
    expect(read(root, "src/deploy.ts")).toBe(DEPLOY);
    const dry = await migrate(root, ["src", "--transform", "exhaustive-action", "--dry"]);
    expect(dry.code).toBe(0);
    expect(read(root, "src/deploy.ts")).toBe(DEPLOY);
    const forced = await migrate(root, ["src", "--transform", "exhaustive-action", "--force"]);
    expect(forced.code).toBe(0);
    expect(read(root, "src/deploy.ts")).toContain("switch (answer.action) {");
  });

  it.each([["--force=no"], ["--dry=false"], ["--typecheck=no"]])(
    "rejects %s as a usage error instead of reading it as yes",
    async (flag) => {
      const root = makeRepository({ "src/deploy.ts": DEPLOY });
      fs.appendFileSync(path.join(root, "src/deploy.ts"), "// dirty\n");
      const result = await migrate(root, ["src", "--transform", "exhaustive-action", flag]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/does not take an argument/);
      expect(read(root, "src/deploy.ts")).toBe(`${DEPLOY}// dirty\n`);
    },
  );

  it("skips what .gitignore leaves out, and what --ignore-pattern names", async () => {
    const root = makeRepository({
      ".gitignore": "dist/\n",
      "src/deploy.ts": DEPLOY,
      "src/generated/deploy.ts": DEPLOY,
    });
    fs.mkdirSync(path.join(root, "dist"));
    fs.writeFileSync(path.join(root, "dist/deploy.ts"), DEPLOY);
    const result = await migrate(root, [
      ".",
      "--transform",
      "exhaustive-action",
      "--ignore-pattern",
      "src/generated/**",
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Summary: 1 changed, 0 unchanged, 0 skipped with reason, 0 failed (1 file).");
    expect(read(root, "dist/deploy.ts")).toBe(DEPLOY);
    expect(read(root, "src/generated/deploy.ts")).toBe(DEPLOY);
  });

  it("names files relative to the current directory in diff headers, even above it", async () => {
    const root = makeRepository({ "src/deploy.ts": DEPLOY, "tools/README.md": "tools\n" });
    const result = await migrate(path.join(root, "tools"), ["../src", "--dry", "--transform", "exhaustive-action"]);
    expect(result.stdout).toContain("--- a/../src/deploy.ts\n+++ b/../src/deploy.ts\n");
    expect(result.stdout).not.toMatch(/a\/\//);
  });
});
