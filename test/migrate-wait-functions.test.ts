/**
 * `migrate` reads the project's own `humanWaitFunctions` from its ESLint config: a call through a listed wrapper gets
 * the entry's deadline option (`ttl`), and no other; without the entry the same call is nobody's question.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { CommandIo } from "../cli/io.ts";
import { runMigrate } from "../cli/migrate.ts";

const RUN = `import { ask } from "acme-hitl";
export async function run(input: unknown) {
  const answer = await ask({ question: "Deploy?" });
  return answer;
}
`;

/** The project's config, with a stand-in for the plugin (the project would import eslint-plugin-elicitation). */
const CONFIG = (entries: string) => `const humanWaitFunctions = ${entries};
const rule = { meta: { schema: false }, create: () => ({}) };
export default [
  {
    files: ["**/*.ts"],
    plugins: { elicitation: { rules: { "require-deadline": rule } } },
    rules: { "elicitation/require-deadline": ["error", { humanWaitFunctions }] },
  },
];
`;
const TTL_ENTRY = `[{ from: "package", package: "acme-hitl", name: "ask", optionsArgIndex: 1, deadlineOptions: ["ttl"], defaultDeadlineMs: 300000, signalOption: null }]`;

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function project(config: string | null): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "elicitation-wait-functions-"));
  roots.push(root);
  fs.mkdirSync(path.join(root, "src"));
  fs.writeFileSync(path.join(root, "src", "run.ts"), RUN);
  if (config !== null) fs.writeFileSync(path.join(root, "eslint.config.mjs"), config);
  return root;
}

async function migrateDry(cwd: string): Promise<string> {
  let stdout = "";
  const io: CommandIo = { stdout: (text) => void (stdout += text), stderr: () => {}, cwd, isTTY: false };
  await runMigrate(["src", "--dry", "--deadline-ms", "120000", "--no-typecheck"], io);
  return stdout;
}

describe("migrate and the project's humanWaitFunctions", () => {
  it("a wrapper listed with deadline option ttl gets ttl, and no timeout or signal", async () => {
    const stdout = await migrateDry(project(CONFIG(TTL_ENTRY)));
    expect(stdout).toContain('+  const answer = await ask({ question: "Deploy?" }, { ttl: 120_000 });');
    expect(stdout).not.toMatch(/\+.*(timeout|signal)/);
    expect(stdout).toContain("would change  src/run.ts (deadline 1)");
  });

  it("contrast: the same call in a project that lists no wrapper is left alone", async () => {
    const stdout = await migrateDry(project(CONFIG("[]")));
    expect(stdout).toContain("Summary: 0 changed, 1 unchanged");
  });

  it("contrast: a project without an ESLint config is migrated with the table alone", async () => {
    const stdout = await migrateDry(project(null));
    expect(stdout).toContain("Summary: 0 changed, 1 unchanged");
  });
});
