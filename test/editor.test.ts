/**
 * What an editor shows, through ESLint's Node API (the API the VS Code extension drives): every rule that offers
 * rewrites offers them as suggestions with a clear description that apply cleanly, and `eslint --fix` (fix on
 * save) never applies them.
 */
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { ESLint, Linter } from "eslint";
import * as tsParser from "@typescript-eslint/parser";
import { beforeAll, describe, expect, it } from "vitest";
import plugin from "../index.ts";
import { checkConfig } from "../cli/check.ts";
import { FIXTURES_DIR } from "../cli/demo.ts";
import { ESLINT_BIN, linkRepoNodeModules, makeProject, requireBuiltPlugin } from "./support/cli.ts";
import { RULE_NAMES, readRuleDoc } from "./support/rule-docs.ts";
import { BUGGY_SERVER, STRICT_ONLY } from "./support/samples.ts";

interface Sample {
  name: string;
  code: string;
}

/** Everything we know the rules report: the ❌ examples of every page, the test samples, and the fixtures. */
function corpus(): Sample[] {
  const samples: Sample[] = [
    { name: "BUGGY_SERVER", code: BUGGY_SERVER },
    { name: "STRICT_ONLY", code: STRICT_ONLY },
  ];
  for (const name of RULE_NAMES) {
    for (const example of readRuleDoc(name).examples.filter((e) => e.label === "❌")) {
      samples.push({ name: `docs/rules/${name}.md:${example.line}`, code: example.code });
    }
  }
  for (const entry of fs.readdirSync(FIXTURES_DIR, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith(".ts")) {
      const file = path.join(entry.parentPath, entry.name);
      samples.push({ name: path.relative(FIXTURES_DIR, file), code: fs.readFileSync(file, "utf8") });
    }
  }
  return samples;
}

interface Seen {
  sample: Sample;
  message: Linter.LintMessage;
}

const seen: Seen[] = [];
const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: checkConfig("all"), cwd: FIXTURES_DIR });

beforeAll(async () => {
  for (const sample of corpus()) {
    const [result] = await eslint.lintText(sample.code, { filePath: path.join(FIXTURES_DIR, "sample.ts") });
    for (const message of result!.messages) seen.push({ sample, message });
  }
});

function parses(code: string): string | null {
  const fatal = new Linter({ configType: "flat" })
    .verify(code, [{ files: ["**/*.ts"], languageOptions: { parser: tsParser as Linter.Parser } }], "x.ts")
    .find((m) => m.fatal);
  return fatal ? `${fatal.line}:${fatal.column} ${fatal.message}` : null;
}

describe.each(RULE_NAMES)("%s in the editor", (name) => {
  const ruleId = `elicitation/${name}`;
  const meta = plugin.rules[name].meta as { hasSuggestions?: boolean; fixable?: string };

  it("never autofixes: its rewrites are suggestions only", () => {
    expect(meta.fixable).toBeUndefined();
    expect(seen.filter((s) => s.message.ruleId === ruleId && s.message.fix)).toEqual([]);
  });

  it(
    meta.hasSuggestions
      ? "offers suggestions on what it reports"
      : "offers no suggestions (meta.hasSuggestions is off)",
    () => {
      const reported = seen.filter((s) => s.message.ruleId === ruleId);
      expect(reported.length, `${ruleId} reports something in the corpus`).toBeGreaterThan(0);
      const withSuggestions = reported.filter((s) => (s.message.suggestions ?? []).length > 0);
      if (meta.hasSuggestions) expect(withSuggestions.length).toBeGreaterThan(0);
      else expect(withSuggestions).toEqual([]);
    },
  );
});

const RULES_WITH_SUGGESTIONS = RULE_NAMES.filter(
  (name) => (plugin.rules[name].meta as { hasSuggestions?: boolean }).hasSuggestions,
);

describe.each(RULES_WITH_SUGGESTIONS)("%s quick fixes", (name) => {
  const ruleId = `elicitation/${name}`;

  it("describes each suggestion clearly, and each applies into code that parses and settles the finding", async () => {
    const problems: string[] = [];
    for (const { sample, message } of seen.filter((s) => s.message.ruleId === ruleId)) {
      for (const suggestion of message.suggestions ?? []) {
        const where = `${sample.name}:${message.line}:${message.column} "${suggestion.desc}"`;
        // What the quick-fix menu shows: a sentence that says what will change, with every placeholder filled.
        if (!/^[A-Z`][^\n]{9,159}$/.test(suggestion.desc) || /\{\{|TODO|undefined|null/.test(suggestion.desc)) {
          problems.push(`${where}: the description should be one line of 10 to 160 characters saying what changes`);
        }
        const [start, end] = suggestion.fix.range;
        const output = sample.code.slice(0, start) + suggestion.fix.text + sample.code.slice(end);
        if (output === sample.code) problems.push(`${where}: changes nothing`);
        const parseError = parses(output);
        if (parseError) {
          problems.push(`${where}: output does not parse (${parseError})`);
          continue;
        }
        // Applied, the finding it answered is gone (other findings may remain or appear, e.g. strict's identical branches).
        const [after] = await eslint.lintText(output, { filePath: path.join(FIXTURES_DIR, "sample.ts") });
        const startLine = sample.code.slice(0, start).split("\n").length;
        const stillThere = after!.messages.filter(
          (m) =>
            m.ruleId === ruleId &&
            m.messageId === message.messageId &&
            m.line === message.line &&
            m.column === message.column &&
            m.line <= startLine,
        );
        if (stillThere.length > 0) problems.push(`${where}: still reported after the suggestion is applied`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("eslint --fix", () => {
  it("leaves every file as it was: fix-on-save applies none of the rewrites", () => {
    requireBuiltPlugin();
    const dir = makeProject("fix", {
      "eslint.config.js": [
        `import elicitation from "eslint-plugin-elicitation";`,
        `import tsParser from "@typescript-eslint/parser";`,
        `export default [{ files: ["**/*.ts"], languageOptions: { parser: tsParser } }, elicitation.configs.all];`,
        "",
      ].join("\n"),
      "package.json": JSON.stringify({ type: "module" }),
      "src/server.ts": BUGGY_SERVER,
      "src/strict-only.ts": STRICT_ONLY,
      "src/fixture-server.ts": fs.readFileSync(path.join(FIXTURES_DIR, "mcp-server", "server.ts"), "utf8"),
      "src/fixture-agent.ts": fs.readFileSync(path.join(FIXTURES_DIR, "acp-agent", "agent.ts"), "utf8"),
      "src/fixture-client.ts": fs.readFileSync(path.join(FIXTURES_DIR, "acp-agent", "client.ts"), "utf8"),
      "src/fixture-server-v2.ts": fs.readFileSync(path.join(FIXTURES_DIR, "mcp-server-v2", "server.ts"), "utf8"),
    });
    linkRepoNodeModules(dir);
    const before = [
      "server.ts",
      "strict-only.ts",
      "fixture-server.ts",
      "fixture-agent.ts",
      "fixture-client.ts",
      "fixture-server-v2.ts",
    ].map((f) => fs.readFileSync(path.join(dir, "src", f), "utf8"));
    const run = spawnSync(ESLINT_BIN, ["--fix", "src"], { cwd: dir, encoding: "utf8" });
    expect(run.status, run.stderr).toBe(1);
    for (const ruleId of Object.keys(plugin.configs.all.rules ?? {})) expect(run.stdout).toContain(ruleId);
    const after = [
      "server.ts",
      "strict-only.ts",
      "fixture-server.ts",
      "fixture-agent.ts",
      "fixture-client.ts",
      "fixture-server-v2.ts",
    ].map((f) => fs.readFileSync(path.join(dir, "src", f), "utf8"));
    expect(after).toEqual(before);
  });
});
