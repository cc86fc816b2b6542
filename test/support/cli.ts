/**
 * Running the package's CLI and ESLint from tests: in process (fast, for most cases) or as a real child process
 * (exit codes, worker threads, terminals), plus temporary directories that are cleaned up after the run.
 */
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { main } from "../../cli/cli.ts";
import { REPO_ROOT } from "./paths.ts";

export { REPO_ROOT };
const TSX_BIN = path.join(REPO_ROOT, "node_modules", ".bin", "tsx");
export const ESLINT_BIN = path.join(REPO_ROOT, "node_modules", ".bin", "eslint");
const CLI_SOURCE = path.join(REPO_ROOT, "cli", "cli.ts");

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `eslint-plugin-elicitation <argv…>` in this process, through the same `main` the bin calls. */
export async function runCli(argv: readonly string[], cwd: string, isTTY = false): Promise<RunResult> {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    cwd,
    isTTY,
  });
  return { code, stdout, stderr };
}

/** The CLI as a child process (from source, through tsx), the way `npm run demo` starts it. */
export function spawnCli(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): RunResult {
  return fromSpawn(
    spawnSync(TSX_BIN, [CLI_SOURCE, ...argv], { cwd, encoding: "utf8", env: { ...process.env, ...env } }),
  );
}

function fromSpawn(child: SpawnSyncReturns<string>): RunResult {
  if (child.error) throw child.error;
  return { code: child.status ?? -1, stdout: child.stdout, stderr: child.stderr };
}

const madeDirs: string[] = [];
afterAll(() => {
  for (const dir of madeDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory under the OS temp dir holding `files` (relative path → text); removed after the test file. */
export function makeProject(prefix: string, files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `elicitation-${prefix}-`));
  madeDirs.push(dir);
  writeFiles(dir, files);
  return dir;
}

export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [relative, text] of Object.entries(files)) {
    const file = path.join(dir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
}

/**
 * Gives `dir` a node_modules that resolves like a user's project with this package installed: every package of the
 * repository's node_modules plus `eslint-plugin-elicitation` itself, all as symlinks (the plugin needs `npm run build`).
 */
export function linkRepoNodeModules(dir: string): void {
  const source = path.join(REPO_ROOT, "node_modules");
  const target = path.join(dir, "node_modules");
  fs.mkdirSync(target, { recursive: true });
  for (const entry of fs.readdirSync(source)) {
    if (entry === ".package-lock.json") continue;
    fs.symlinkSync(path.join(source, entry), path.join(target, entry));
  }
  fs.symlinkSync(REPO_ROOT, path.join(target, "eslint-plugin-elicitation"));
}

/**
 * Fails with a clear message when the compiled plugin (`npm run build`) is missing: ESLint's CLI loads JS. The
 * integration project's global setup packs the package, whose prepack script builds it, so only a run with
 * ELICITATION_TEST_TARBALL (which skips the pack) can get here without it.
 */
export function requireBuiltPlugin(): void {
  if (
    !fs.existsSync(path.join(REPO_ROOT, "dist", "index.js")) ||
    !fs.existsSync(path.join(REPO_ROOT, "dist", "cli", "cli.js"))
  ) {
    throw new Error("The compiled plugin is missing: run `npm run build` first (`npm test` does).");
  }
}
