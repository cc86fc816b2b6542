/**
 * `npm run build` when the compiled JS in dist/ is missing or older than its source, so the integration
 * tests that load the plugin as users do (ESLint's CLI, eslint-doc-generator) also run after a bare
 * `npx vitest run --project integration`. `npm test` builds first, and then this finds nothing to do.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "./paths.ts";

/** What tsconfig.build.json compiles: these roots, without tests, fixtures and declarations. */
const BUILD_ROOTS = [
  "index.ts",
  "package-root.ts",
  "protocol",
  "analysis",
  "edits",
  "rules",
  "codemods",
  "cli",
  "testing",
];

function isBuildSource(file: string): boolean {
  return (
    file.endsWith(".ts") &&
    !file.endsWith(".d.ts") &&
    !file.endsWith(".test.ts") &&
    !file.split(path.sep).includes("__fixtures__")
  );
}

function sources(entry: string): string[] {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return isBuildSource(entry) ? [entry] : [];
  return fs.readdirSync(entry).flatMap((name) => sources(path.join(entry, name)));
}

/** Sources whose compiled .js is missing or older than they are. */
function staleSources(): string[] {
  return BUILD_ROOTS.flatMap((root) => sources(path.join(REPO_ROOT, root))).filter((source) => {
    const compiled = fs.statSync(
      path.join(REPO_ROOT, "dist", path.relative(REPO_ROOT, source)).replace(/\.ts$/, ".js"),
      {
        throwIfNoEntry: false,
      },
    );
    return !compiled || compiled.mtimeMs < fs.statSync(source).mtimeMs;
  });
}

export function ensureBuilt(): void {
  if (staleSources().length === 0) return;
  execFileSync(path.join(REPO_ROOT, "node_modules", ".bin", "tsc"), ["-p", "tsconfig.build.json"], {
    cwd: REPO_ROOT,
    stdio: "inherit",
  });
}
