/**
 * One `npm pack` of this package and one install of it per ESLint major, shared by every test file and every
 * vitest worker of a run (a lock directory makes the first caller do the work; the others wait for it), and reused
 * by later runs while the shipped sources stay the same (the cache key is a hash of them).
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "./paths.ts";

const run = promisify(execFile);
const CACHE_ROOT = path.join(os.tmpdir(), "eslint-plugin-elicitation-tests");
const NPM_FLAGS = ["--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"];

/** What the installed projects get besides the tarball: each ESLint major, typed linting, and the pre-commit tools. */
const PROJECT_DEPENDENCIES: Record<9 | 10, string[]> = {
  // jscodeshift is an optional peer of ours: users of the jscodeshift CLI path install it themselves.
  10: [
    "eslint@^10",
    "typescript-eslint@8.73.0",
    "typescript@6.0.3",
    "jiti@^2",
    "lint-staged@16.4.0",
    "husky@9.1.7",
    "@types/node@20",
    "jscodeshift@17.4.0",
  ],
  9: ["eslint@^9", "typescript-eslint@8.73.0", "typescript@6.0.3", "jiti@^2"],
};

export interface PackResult {
  tarball: string;
  /** Paths inside the package, as `npm pack --json` lists them. */
  files: string[];
}

/**
 * `npm pack` (its prepack script builds), once per version of the shipped sources. With ELICITATION_TEST_TARBALL set,
 * the tests use that tarball instead (say, the exact artifact a release job is about to publish).
 */
export async function packOnce(): Promise<PackResult> {
  const given = process.env.ELICITATION_TEST_TARBALL;
  if (given) return givenTarball(path.resolve(given));
  const dir = await once(`pack-${sourceFingerprint()}`, async (target) => {
    const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", target, ...NPM_FLAGS], {
      cwd: REPO_ROOT,
      maxBuffer: 64 * 1024 * 1024,
    });
    const [packed] = JSON.parse(stdout.slice(stdout.indexOf("["))) as { filename: string; files: { path: string }[] }[];
    fs.writeFileSync(
      path.join(target, "pack.json"),
      JSON.stringify({ tarball: path.join(target, packed!.filename), files: packed!.files.map((f) => f.path) }),
    );
  });
  return JSON.parse(fs.readFileSync(path.join(dir, "pack.json"), "utf8")) as PackResult;
}

async function givenTarball(tarball: string): Promise<PackResult> {
  const digest = crypto.createHash("sha256").update(fs.readFileSync(tarball)).digest("hex").slice(0, 16);
  const dir = await once(`pack-given-${digest}`, async (target) => {
    const { stdout } = await run("tar", ["-tzf", tarball], { maxBuffer: 16 * 1024 * 1024 });
    const files = stdout
      .split("\n")
      .filter((line) => line && !line.endsWith("/"))
      .map((line) => line.replace(/^package\//, ""));
    fs.copyFileSync(tarball, path.join(target, path.basename(tarball)));
    fs.writeFileSync(
      path.join(target, "pack.json"),
      JSON.stringify({ tarball: path.join(target, path.basename(tarball)), files }),
    );
  });
  return JSON.parse(fs.readFileSync(path.join(dir, "pack.json"), "utf8")) as PackResult;
}

/**
 * A project directory (`"type": "module"`) with the tarball and ESLint `major` installed from the registry.
 * Returns its path; tests copy their files next to its node_modules or link to it.
 */
export async function installedProject(major: 9 | 10): Promise<string> {
  const { tarball } = await packOnce();
  return once(`eslint${major}-${path.basename(path.dirname(tarball))}`, async (target) => {
    fs.writeFileSync(
      path.join(target, "package.json"),
      JSON.stringify({ name: "user-project", private: true, type: "module" }),
    );
    await run("npm", ["install", ...NPM_FLAGS, tarball, ...PROJECT_DEPENDENCIES[major]], {
      cwd: target,
      maxBuffer: 64 * 1024 * 1024,
    });
  });
}

/** A hash of everything the package ships or builds from, so a changed rule means a fresh pack. */
function sourceFingerprint(): string {
  const hash = crypto.createHash("sha256");
  const roots = [
    "index.ts",
    "package-root.ts",
    "package.json",
    "README.md",
    "protocol",
    "analysis",
    "edits",
    "rules",
    "codemods",
    "cli",
    "testing",
    "docs",
  ];
  for (const root of roots) {
    for (const file of listFiles(path.join(REPO_ROOT, root))) {
      if (/\.(js|d\.ts)$/.test(file) && !file.startsWith(path.join(REPO_ROOT, "docs"))) continue;
      hash.update(path.relative(REPO_ROOT, file)).update("\0").update(fs.readFileSync(file)).update("\0");
    }
  }
  return hash.digest("hex").slice(0, 16);
}

function listFiles(entry: string): string[] {
  if (!fs.existsSync(entry)) return [];
  if (!fs.statSync(entry).isDirectory()) return [entry];
  return fs
    .readdirSync(entry)
    .sort()
    .flatMap((name) => listFiles(path.join(entry, name)));
}

const LOCK_STALE_MS = 10 * 60_000;

/** Runs `build` into CACHE_ROOT/name once; concurrent callers wait for the first one's result. */
async function once(name: string, build: (dir: string) => Promise<void>): Promise<string> {
  const dir = path.join(CACHE_ROOT, name);
  const done = path.join(dir, ".done");
  const lock = `${dir}.lock`;
  fs.mkdirSync(CACHE_ROOT, { recursive: true });
  while (!fs.existsSync(done)) {
    try {
      fs.mkdirSync(lock);
    } catch {
      const held = fs.statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > LOCK_STALE_MS) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      if (fs.existsSync(done)) break;
      fs.rmSync(dir, { recursive: true, force: true });
      pruneOlderVersions(name);
      fs.mkdirSync(dir, { recursive: true });
      await build(dir);
      fs.writeFileSync(done, new Date().toISOString());
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
  return dir;
}

/** Drops cache entries of the same kind built from older sources (an install weighs ~100 MB), once they are idle. */
function pruneOlderVersions(name: string): void {
  const kind = name.slice(0, name.indexOf("-") + 1);
  for (const entry of fs.readdirSync(CACHE_ROOT)) {
    if (!entry.startsWith(kind) || entry === name || entry.endsWith(".lock")) continue;
    const full = path.join(CACHE_ROOT, entry);
    if (fs.existsSync(`${full}.lock`) || Date.now() - fs.statSync(full).mtimeMs < LOCK_STALE_MS) continue;
    fs.rmSync(full, { recursive: true, force: true });
  }
}
