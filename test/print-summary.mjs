// Runs `vitest run` (both projects, or the arguments given) and closes with one plain line that any CI log reader
// understands: "Tests: N passed, N failed, N skipped". Printed on failure too, which is when it is read most; a run
// that wrote no report (vitest could not start) says so instead of reading a previous run's file.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const reportFile = join(root, ".tmp", "vitest-results.json");
const vitest = join(dirname(createRequire(import.meta.url).resolve("vitest/package.json")), "vitest.mjs");

rmSync(reportFile, { force: true });
const run = spawnSync(
  process.execPath,
  [
    vitest,
    "run",
    "--reporter=default",
    "--reporter=json",
    "--outputFile.json=.tmp/vitest-results.json",
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: "inherit" },
);
if (!existsSync(reportFile)) {
  console.log(`Tests: no report (vitest exited with ${run.signal ?? `code ${run.status}`})`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(reportFile, "utf8"));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`Tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
process.exitCode = run.status !== 0 || report.numFailedTests > 0 || !report.success ? 1 : 0;
