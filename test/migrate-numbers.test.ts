/**
 * How `migrate` writes the deadline into code: `120_000` in TypeScript, and in JavaScript that the project's ESLint
 * config lints at ES2021 or later (its default, `latest`, included); `120000` in JavaScript its config lints at an
 * older `ecmaVersion`, whose parser would reject the separator. Run twice, as a user does: the second run finds
 * nothing left to do. The TypeScript project has a Prettier config and `noUnusedLocals`, and passes both afterwards.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { makeProject, REPO_ROOT, runCli } from "./support/cli.ts";

/**
 * An MCP tool without a deadline, formatted as Prettier formats it. It imports the SDK's answer type: only a file that
 * imports the API's package is given the API's options; the local `Asker` stands in for the SDK's server.
 */
const TOOL_TS = `import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';

interface Asker {
  elicitInput(
    params: { message: string },
    options?: { timeout?: number },
  ): Promise<ElicitResult>;
}

export async function deploy(server: Asker): Promise<string> {
  const answer = await server.elicitInput({ message: 'Deploy?' });
  return answer.action;
}
`;

/** The same tool in JavaScript, tied to the SDK by its import. */
const TOOL_JS = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

/** @param {McpServer} server */
export async function deploy(server) {
  const answer = await server.server.elicitInput({ message: "Deploy?", requestedSchema: {} });
  return answer.action;
}
`;

const PRETTIER_CONFIG = { singleQuote: true, printWidth: 80 };

const TSCONFIG = JSON.stringify({
  compilerOptions: {
    target: "es2019",
    module: "nodenext",
    strict: true,
    noUnusedLocals: true,
    noEmit: true,
    types: [],
  },
  include: ["src"],
});

/**
 * A committed repository holding `files`; `installed`, with this repository's Prettier (the project runs Prettier) and
 * MCP SDK (the type check reads its types) in its node_modules.
 */
function repository(files: Record<string, string>, installed = false): string {
  const root = makeProject("migrate-numbers", files);
  if (installed) {
    fs.mkdirSync(path.join(root, "node_modules"));
    for (const name of ["prettier", "@modelcontextprotocol"])
      fs.symlinkSync(path.join(REPO_ROOT, "node_modules", name), path.join(root, "node_modules", name));
    fs.writeFileSync(path.join(root, ".gitignore"), "node_modules\n");
  }
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" });
  git("init", "-q");
  git("add", ".");
  git("-c", "user.email=test@example.com", "-c", "user.name=Test", "commit", "-q", "-m", "initial");
  return root;
}

const read = (root: string, file: string) => fs.readFileSync(path.join(root, file), "utf8");

describe("the deadline migrate writes", () => {
  it("TypeScript (here targeting ES2019): 120_000; Prettier, tsc with noUnusedLocals and a second run agree", async () => {
    const root = repository(
      { "src/deploy.ts": TOOL_TS, ".prettierrc": JSON.stringify(PRETTIER_CONFIG), "tsconfig.json": TSCONFIG },
      true,
    );
    const first = await runCli(["migrate", "src", "--transform", "deadline", "--deadline-ms", "120000"], root);
    expect(first.stdout).toContain("changed  src/deploy.ts (deadline 1)");
    expect(first.code).toBe(0);
    const written = read(root, "src/deploy.ts");
    expect(written).toMatch(/\btimeout: 120_000\b/);
    expect(await prettier.check(written, { ...PRETTIER_CONFIG, filepath: "src/deploy.ts" })).toBe(true);
    const tsc = path.join(REPO_ROOT, "node_modules", ".bin", "tsc");
    expect(() => execFileSync(tsc, ["-p", "tsconfig.json"], { cwd: root, encoding: "utf8" })).not.toThrow();

    execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=T", "commit", "-qam", "migrated"], {
      cwd: root,
    });
    const second = await runCli(["migrate", "src", "--transform", "deadline", "--deadline-ms", "120000"], root);
    expect(second.stdout).toContain("Summary: 0 changed, 1 unchanged");
    expect(second.code).toBe(0);
    expect(read(root, "src/deploy.ts")).toBe(written);
  });

  it("JavaScript: 120_000 where the ESLint config lints at latest, 120000 where it lints at ES2020", async () => {
    const config = `export default [{ files: ["legacy/**/*.js"], languageOptions: { ecmaVersion: 2020 } }];\n`;
    const root = repository({ "eslint.config.mjs": config, "src/deploy.js": TOOL_JS, "legacy/deploy.js": TOOL_JS });
    const argv = ["migrate", "src", "legacy", "--transform", "deadline", "--deadline-ms", "120000", "--no-typecheck"];
    const first = await runCli(argv, root);
    expect(first.code).toBe(0);
    expect(read(root, "src/deploy.js")).toMatch(/\btimeout: 120_000\b/);
    expect(read(root, "legacy/deploy.js")).toMatch(/\btimeout: 120000\b/);

    execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=T", "commit", "-qam", "migrated"], {
      cwd: root,
    });
    const second = await runCli(argv, root);
    expect(second.stdout).toContain("Summary: 0 changed, 2 unchanged");
    expect(second.code).toBe(0);
  });
});
