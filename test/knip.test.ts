/**
 * knip (configured in knip.jsonc) finds files nothing imports, exports nothing uses, and dependencies nothing loads.
 * Every finding fails this test, except the ones in test/support/knip-baseline.json: what knip listed when the test
 * was added, left for their owners to remove. The baseline only shrinks: an entry that knip no longer reports fails
 * too, so that whoever removes the dead code also removes its line here.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "./support/paths.ts";

const BASELINE_FILE = path.join(REPO_ROOT, "test", "support", "knip-baseline.json");

interface KnipIssues {
  file: string;
  [kind: string]: string | { name: string; line?: number; col?: number }[];
}

/** One line per finding, without positions (they move with every edit): "<kind> <file> <name>". */
function findingsOf(report: { issues: KnipIssues[] }): { key: string; where: string }[] {
  return report.issues.flatMap((issue) =>
    Object.entries(issue).flatMap(([kind, items]) =>
      typeof items === "string"
        ? []
        : items.map((item) => ({
            key: `${kind} ${issue.file} ${item.name}`,
            where: `${issue.file}${item.line ? `:${item.line}:${item.col}` : ""}`,
          })),
    ),
  );
}

describe("knip", () => {
  let findings: { key: string; where: string }[];

  beforeAll(async () => {
    const knip = path.join(REPO_ROOT, "node_modules", ".bin", "knip");
    const { stdout } = await promisify(execFile)(
      knip,
      ["--reporter", "json", "--no-progress", "--no-exit-code", "--no-config-hints"],
      {
        cwd: REPO_ROOT,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    findings = findingsOf(JSON.parse(stdout) as { issues: KnipIssues[] });
  });

  it("finds no unused file, export or dependency beyond the baseline", () => {
    const baseline = new Set(JSON.parse(fs.readFileSync(BASELINE_FILE, "utf8")) as string[]);
    const added = findings
      .filter((finding) => !baseline.has(finding.key))
      .map((finding) => `${finding.key} (${finding.where})`);
    expect(added, "remove the unused code or dependency, or use it (`npm run knip` lists them)").toEqual([]);
  });

  it("still finds every baseline entry (remove the line of one you fixed)", () => {
    const found = new Set(findings.map((finding) => finding.key));
    const baseline = JSON.parse(fs.readFileSync(BASELINE_FILE, "utf8")) as string[];
    expect(
      baseline.filter((key) => !found.has(key)),
      "test/support/knip-baseline.json",
    ).toEqual([]);
  });
});
