/**
 * The README's CI recipe: ESLint with @microsoft/eslint-formatter-sarif writes a SARIF 2.1.0 log that GitHub code
 * scanning accepts, naming our rules (with their docs) and pointing at the reported lines.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import plugin from "../index.ts";
import { ESLINT_BIN, linkRepoNodeModules, makeProject, requireBuiltPlugin, spawnCli } from "./support/cli.ts";
import { readmeBlock } from "./support/readme.ts";
import { BUGGY_SERVER, CLEAN, expectedFindings, sortFindings } from "./support/samples.ts";

interface SarifLog {
  version: string;
  runs: {
    tool: { driver: { name: string; rules: { id: string; helpUri?: string; shortDescription?: { text: string } }[] } };
    results: {
      ruleId: string;
      level: string;
      message: { text: string };
      locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
    }[];
  }[];
}

function expectLogOfBuggyServer(log: SarifLog, fileName: string) {
  expect(log.version).toBe("2.1.0");
  const [run] = log.runs;
  const expected = expectedFindings(BUGGY_SERVER);
  const ruleIds = [...new Set(expected.map((f) => f.ruleId))].sort();
  expect(run!.tool.driver.rules.map((r) => r.id).sort()).toEqual(ruleIds);
  for (const rule of run!.tool.driver.rules) {
    const name = rule.id.replace("elicitation/", "") as keyof typeof plugin.rules;
    expect(rule.helpUri).toBe(plugin.rules[name].meta?.docs?.url);
    expect(rule.shortDescription?.text).toBe(plugin.rules[name].meta?.docs?.description);
  }
  const results = run!.results.map((r) => {
    const location = r.locations[0]!.physicalLocation;
    expect(location.artifactLocation.uri).toMatch(new RegExp(`/${fileName}$`));
    expect(r.level).toBe("error");
    expect(r.message.text.length).toBeGreaterThan(40);
    return { line: location.region.startLine, ruleId: r.ruleId };
  });
  expect(sortFindings(results)).toEqual(expected);
}

describe("SARIF for GitHub code scanning", () => {
  it("the README recipe (eslint --format @microsoft/eslint-formatter-sarif) writes a log with our rule ids", () => {
    requireBuiltPlugin();
    const dir = makeProject("sarif", {
      "package.json": JSON.stringify({ type: "module" }),
      "eslint.config.js": `import elicitation from "eslint-plugin-elicitation";\n\nexport default [elicitation.configs.recommended];\n`,
      "src/deploy.js": BUGGY_SERVER,
      "src/consent.js": CLEAN,
    });
    linkRepoNodeModules(dir);
    // The workflow's lint step, as the README prints it.
    const step = /- run: npx eslint (.+)$/m.exec(readmeBlock("yaml", "upload-sarif"))![1]!;
    const outputFile = /--output-file (\S+)/.exec(step)![1]!;
    const run = spawnSync(ESLINT_BIN, step.split(" "), { cwd: dir, encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(1);
    const log = JSON.parse(fs.readFileSync(path.join(dir, outputFile), "utf8")) as SarifLog;
    expectLogOfBuggyServer(log, "src/deploy.js");
  });

  it("check --format sarif writes the same kind of log without an ESLint config", () => {
    const dir = makeProject("sarif-check", { "src/deploy.ts": BUGGY_SERVER, "src/consent.ts": CLEAN });
    const run = spawnCli(["check", "--format", "sarif", "src"], dir);
    expect(run.code).toBe(1);
    expectLogOfBuggyServer(JSON.parse(run.stdout) as SarifLog, "src/deploy.ts");
  });
});
