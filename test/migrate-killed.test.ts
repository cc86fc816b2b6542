/**
 * `migrate` killed with SIGKILL at the rename that puts a rewritten file in place, then run again, as a user would
 * after a crash or an out-of-memory kill: the first run leaves the file as it was and its complete new text in
 * `.<name>.<pid>.<hex>.tmp`; the second recognises that file as its own, removes it, says so, and rewrites the file
 * instead of refusing the tree as dirty.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { makeProject, REPO_ROOT } from "./support/cli.ts";

const BUILT_CLI = path.join(REPO_ROOT, "dist", "cli", "cli.js");

const DEPLOY = `interface ElicitResult {
  action: "accept" | "decline" | "cancel";
}
declare const server: { elicitInput(params: { message: string }): Promise<ElicitResult> };

export async function deploy(): Promise<string> {
  const answer = await server.elicitInput({ message: "Deploy?" });
  if (answer.action === "accept") {
    return "deployed";
  } else {
    return "skipped";
  }
}
`;

/**
 * Loaded into the CLI's process with `node --require`: the process kills itself with SIGKILL at the first rename of
 * a `.tmp` file, the instant between writing the new text and putting it in place. A real SIGKILL: no handler,
 * `finally` or exit hook of the CLI runs.
 */
const KILL_AT_RENAME = `const fs = require("node:fs");
const rename = fs.renameSync;
fs.renameSync = function (from, to) {
  if (String(from).endsWith(".tmp")) process.kill(process.pid, "SIGKILL");
  return rename.call(this, from, to);
};
`;

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8" });
}

/** The built CLI (the package's bin) in a child process; `--no-typecheck` as the type check plays no part here. */
function migrate(root: string, nodeOptions: string[] = []) {
  return spawnSync(
    process.execPath,
    [...nodeOptions, BUILT_CLI, "migrate", "src", "--transform", "exhaustive-action", "--no-typecheck"],
    { cwd: root, encoding: "utf8" },
  );
}

it("a run killed at the rename leaves its temporary file; the next run removes it, says so, and migrates", () => {
  const root = makeProject("migrate-killed", { "src/deploy.ts": DEPLOY });
  git(root, "init", "-q");
  git(root, "-c", "user.email=test@example.com", "-c", "user.name=Test", "add", ".");
  git(root, "-c", "user.email=test@example.com", "-c", "user.name=Test", "commit", "-q", "-m", "initial");
  const preload = path.join(
    makeProject("kill-at-rename", { "kill-at-rename.cjs": KILL_AT_RENAME }),
    "kill-at-rename.cjs",
  );

  const killed = migrate(root, ["--require", preload]);
  expect(killed.signal).toBe("SIGKILL");
  expect(fs.readFileSync(path.join(root, "src", "deploy.ts"), "utf8")).toBe(DEPLOY);
  const [leftover, ...others] = fs.readdirSync(path.join(root, "src")).filter((name) => name !== "deploy.ts");
  expect(others).toEqual([]);
  const [, pid] = /^\.deploy\.ts\.(\d+)\.[0-9a-f]{8}\.tmp$/.exec(leftover ?? "") ?? [];
  expect(Number(pid)).toBe(killed.pid);
  const newText = fs.readFileSync(path.join(root, "src", leftover!), "utf8");
  expect(newText).toContain('    case "cancel": {');
  expect(git(root, "status", "--porcelain")).toBe(`?? src/${leftover}\n`);

  const again = migrate(root);
  expect(again.stderr).toBe("");
  expect(again.stdout).toContain(
    `removed  src/${leftover}: migrate's own temporary file, left by a run (process ${pid}) stopped before it renamed it over src/deploy.ts, which kept its text\n`,
  );
  expect(again.status).toBe(0);
  expect(fs.readFileSync(path.join(root, "src", "deploy.ts"), "utf8")).toBe(newText);
  expect(git(root, "status", "--porcelain")).toBe(" M src/deploy.ts\n");
});
