/**
 * knip (configured in knip.jsonc) finds files nothing imports, exports nothing uses, and dependencies nothing loads.
 * Every finding fails this test: remove the unused code or dependency, use it, or say in knip.jsonc why knip cannot
 * see its use.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./support/paths.ts";

interface KnipIssues {
  file: string;
  [kind: string]: string | { name: string; line?: number; col?: number }[];
}

/** One line per finding: "<kind> <file>:<line>:<col> <name>". */
function findingsOf(report: { issues: KnipIssues[] }): string[] {
  return report.issues.flatMap((issue) =>
    Object.entries(issue).flatMap(([kind, items]) =>
      typeof items === "string"
        ? []
        : items.map((item) => `${kind} ${issue.file}${item.line ? `:${item.line}:${item.col}` : ""} ${item.name}`),
    ),
  );
}

describe("knip", () => {
  it("finds no unused file, export or dependency", async () => {
    const knip = path.join(REPO_ROOT, "node_modules", ".bin", "knip");
    const { stdout } = await promisify(execFile)(
      knip,
      ["--reporter", "json", "--no-progress", "--no-exit-code", "--no-config-hints"],
      { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 },
    );
    const findings = findingsOf(JSON.parse(stdout) as { issues: KnipIssues[] });
    expect(findings, "`npm run knip` lists them").toEqual([]);
  });
});
