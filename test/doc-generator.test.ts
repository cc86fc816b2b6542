/**
 * eslint-doc-generator --check keeps the README's rules table and the rule pages' headers generated from the rules'
 * meta. It loads the plugin the way users do, from the compiled package, so it runs in the integration project
 * (docs.test.ts checks the pages against meta from the sources, without a build).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, requireBuiltPlugin } from "./support/cli.ts";

describe("eslint-doc-generator --check", () => {
  it("finds the README rules table and the page headers up to date", () => {
    requireBuiltPlugin();
    const check = spawnSync(path.join(REPO_ROOT, "node_modules", ".bin", "eslint-doc-generator"), ["--check"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
    });
    expect(`${check.stdout}${check.stderr}`.trim()).toBe("");
    expect(check.status).toBe(0);
  });
});
