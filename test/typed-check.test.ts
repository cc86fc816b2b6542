/**
 * `check --typed`, and typed by default where a tsconfig.json is found: a small multi-file project on the real
 * @modelcontextprotocol/sdk (the repository's node_modules), where the only finding needs types. `confirm` is the
 * project's own `askUser(): Promise<ElicitResult>` from another file, imported under another name: untyped, nothing
 * says it asks a person; typed, its answer is an ElicitResult and `if (r.action === "accept") … else …` merges
 * decline and cancel (exhaustive-action's typed cases across files, rules/exhaustive-action.test.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, makeProject, spawnCli } from "./support/cli.ts";

const TSCONFIG = JSON.stringify(
  {
    compilerOptions: {
      target: "es2022",
      module: "nodenext",
      moduleResolution: "nodenext",
      strict: true,
      noEmit: true,
      skipLibCheck: true,
    },
    include: ["src"],
  },
  null,
  2,
);

const FILES = {
  "package.json": JSON.stringify({ name: "typed-demo", private: true, type: "module" }),
  "src/ask.ts": `import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";

export async function askUser(server: Server, message: string, signal: AbortSignal): Promise<ElicitResult> {
  return server.elicitInput({ message, requestedSchema: { type: "object", properties: {} } }, { timeout: 120_000, signal });
}
`,
  "src/deploy.ts": `import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { askUser as confirm } from "./ask.js";

export async function deploy(server: Server, signal: AbortSignal): Promise<string> {
  const r = await confirm(server, "Deploy main?", signal);
  if (r.action === "accept") {
    return "deploying";
  } else {
    return "not deploying";
  }
}
`,
  // Outside the tsconfig's include, and written so that a rule reads it: checked untyped, with one note.
  "scripts/release.js": `// run after elicitInput has answered
export function choose(answer) {
  return answer.action === "accept" ? "go" : "stop";
}
`,
};

function project(prefix: string, withTsconfig: boolean): string {
  const dir = makeProject(prefix, withTsconfig ? { ...FILES, "tsconfig.json": TSCONFIG } : FILES);
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"));
  return dir;
}

interface JsonResult {
  filePath: string;
  messages: { ruleId: string | null; line: number; fatal?: boolean }[];
}

function findings(stdout: string, dir: string): string[] {
  return (JSON.parse(stdout) as JsonResult[]).flatMap((result) =>
    result.messages.map((m) => `${path.relative(dir, result.filePath)}:${m.line} ${m.ruleId ?? "parse error"}`),
  );
}

const NOTE =
  "check: note: 1 file in no tsconfig.json's project (scripts/release.js) checked without type information; " +
  "add it to a tsconfig.json's include to check with types.\n";

describe("check with type information", () => {
  const dir = project("typed", true);

  it("is typed when a tsconfig.json is found: reports the answer only its type reveals, and notes the file outside", () => {
    const run = spawnCli(["check", "-f", "json", "src", "scripts"], dir);
    expect(run.stderr).toBe(NOTE);
    expect(run.code).toBe(1);
    expect(findings(run.stdout, dir)).toEqual([`${path.join("src", "deploy.ts")}:6 elicitation/exhaustive-action`]);
    const stylish = spawnCli(["check", "src/deploy.ts"], dir);
    expect(stylish.stdout).toMatch(/^src\/deploy\.ts:6:7 {2}The `else` branch treats cancel as decline/m);
  });

  it("--typed does the same; --no-typed finds it too, the project model following confirm into src/ask.ts", () => {
    const typed = spawnCli(["check", "--typed", "-f", "json", "src", "scripts"], dir);
    expect(findings(typed.stdout, dir)).toEqual([`${path.join("src", "deploy.ts")}:6 elicitation/exhaustive-action`]);
    expect(typed.stderr).toBe(NOTE);
    const untyped = spawnCli(["check", "--no-typed", "-f", "json", "src", "scripts"], dir);
    expect(untyped.code).toBe(1);
    expect(untyped.stderr).toBe("");
    expect(findings(untyped.stdout, dir)).toEqual([`${path.join("src", "deploy.ts")}:6 elicitation/exhaustive-action`]);
  });

  it("without a tsconfig.json, is untyped; --typed then says what is missing and exits 2", () => {
    const bare = project("untyped", false);
    const untyped = spawnCli(["check", "-f", "json", "src", "scripts"], bare);
    expect(untyped.code).toBe(1);
    expect(untyped.stderr).toBe("");
    expect(findings(untyped.stdout, bare)).toEqual([
      `${path.join("src", "deploy.ts")}:6 elicitation/exhaustive-action`,
    ]);
    const asked = spawnCli(["check", "--typed", "src"], bare);
    expect(asked.code).toBe(2);
    expect(asked.stderr).toBe(
      "check: --typed needs a tsconfig.json, and there is none in src or the folders above it.\n",
    );
  });
});

/**
 * Typed, exhaustive-action's text gate admits any file that names an answer word, which in an agent framework is
 * nearly every file (`status === "cancelled"`). `check` asks the program first and parses with types only the files
 * where types can make a comparison a branch on a person's answer: `label.ts` compares a field typed as the answer
 * union (reported typed only); `status.ts` compares a status union, and is not parsed at all, as untyped, which its
 * leftover `eslint-env` comment shows (ESLint notes one in every file it parses).
 */
const ANSWER_WORDS_ONLY = {
  "package.json": JSON.stringify({ name: "typed-gate-demo", private: true, type: "module" }),
  "tsconfig.json": TSCONFIG,
  "src/reply.ts": `/** What the review tool hands back: the person's verdict. */
export interface Reply {
  action: "accept" | "decline" | "cancel";
  note?: string;
}
`,
  "src/label.ts": `import type { Reply } from "./reply.js";

export function label(reply: Reply): string {
  if (reply.action === "accept") {
    return "approved";
  } else {
    return "not approved";
  }
}
`,
  "src/status.ts": `/* eslint-env node */
export type RunStatus = "running" | "cancelled" | "done";

export function finished(status: RunStatus): boolean {
  return status === "cancelled" || status === "done";
}
`,
};

describe("check with type information, on files that only name answer words", () => {
  const dir = makeProject("typed-gate", ANSWER_WORDS_ONLY);

  it("parses with types the file whose comparison reads an answer type, and leaves the others unparsed", () => {
    const typed = spawnCli(["check", "-f", "json", "src"], dir);
    expect(typed.code).toBe(1);
    expect(findings(typed.stdout, dir)).toEqual([`${path.join("src", "label.ts")}:4 elicitation/exhaustive-action`]);
    expect(typed.stderr).toBe("");
    // Untyped, and named on the command line (so always parsed): no finding in label.ts, and ESLint's note on the
    // comment of status.ts, which the typed run never parsed.
    const untyped = spawnCli(["check", "--no-typed", "-f", "json", "src/label.ts", "src/status.ts"], dir);
    expect(untyped.code).toBe(0);
    expect(findings(untyped.stdout, dir)).toEqual([]);
    expect(untyped.stderr).toMatch(
      /^check: note: src\/status\.ts:1: .*eslint-env.*\(ignored; the rules ran on this file\)\n$/,
    );
  });
});
