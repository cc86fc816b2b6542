// Prints vitest's JSON report as one plain closing line ("Tests: N passed, N failed, N skipped") that any CI log reader understands.
import { readFileSync } from "node:fs";

const report = JSON.parse(readFileSync(new URL("../.tmp/vitest-results.json", import.meta.url), "utf8"));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`Tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
process.exitCode = report.numFailedTests > 0 || !report.success ? 1 : 0;
