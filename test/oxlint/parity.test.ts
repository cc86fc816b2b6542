/**
 * oxlint as a host of the plugin, as a user runs it: the real oxlint binary (the pinned dev dependency) loads the
 * packed package from a project's node_modules through `jsPlugins`, and must report what ESLint's Node API reports with
 * the same rules and options, without type information: the same files, lines, columns, end positions, rules and
 * messages. Over `fixtures/` (with the README's two recipes as written) and over the code of every case the rule tests
 * hand RuleTester (each with its own options). oxlint prints columns in bytes; they are turned back into ESLint's
 * columns from the byte offsets before comparing, and the last test pins that difference, which the README states.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { ESLint, Linter } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { OXLINT_BIN, positionAtByte, runOxlint, type OxlintConfig, type OxlintRun } from "../../bench/oxlint.ts";
import { RULE_MODULES } from "../../rules/index.ts";
import { installedProject } from "../support/packed.ts";
import { makeProject, REPO_ROOT, writeFiles } from "../support/cli.ts";
import { readmeBlock } from "../support/readme.ts";
import type { CapturedCase } from "./capture-rule-cases.ts";

const OXLINT_VERSION = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
    devDependencies: Record<string, string>;
  }
).devDependencies.oxlint!;

/** The README's `.oxlintrc.json` recipes, exactly as printed. */
const RECOMMENDED_RECIPE = JSON.parse(readmeBlock("json", '"overrides"')) as OxlintConfig;
const STRICT_RECIPE = JSON.parse(readmeBlock("json", '"reportSingleSlot"')) as OxlintConfig;

/** A finding as both tools are compared on it. */
function describeFinding(
  file: string,
  start: { line: number; column: number },
  end: { line: number; column: number },
  ruleId: string,
  message: string,
): string {
  return `${file}:${start.line}:${start.column}-${end.line}:${end.column} ${ruleId}: ${message}`;
}

function oxlintFindings(dir: string, run: OxlintRun): string[] {
  const texts = new Map<string, string>();
  const text = (file: string) => {
    if (!texts.has(file)) texts.set(file, fs.readFileSync(path.join(dir, file), "utf8"));
    return texts.get(file)!;
  };
  return run.findings
    .filter((finding) => finding.ruleId.startsWith("elicitation/"))
    .map((finding) =>
      describeFinding(
        finding.filename,
        positionAtByte(text(finding.filename), finding.offset),
        positionAtByte(text(finding.filename), finding.offset + finding.length),
        finding.ruleId,
        finding.message,
      ),
    )
    .sort();
}

function eslintFindings(dir: string, results: readonly ESLint.LintResult[]): string[] {
  return results
    .flatMap((result) =>
      result.messages.map((message) =>
        describeFinding(
          path.relative(dir, result.filePath).split(path.sep).join("/"),
          message,
          { line: message.endLine ?? message.line, column: message.endColumn ?? message.column },
          message.ruleId ?? "(fatal)",
          message.message,
        ),
      ),
    )
    .sort();
}

/** The source files of fixtures/, as the bundled demo lints them. */
function fixtureFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const folder of ["mcp-server", "mcp-server-v2", "acp-agent"]) {
    for (const name of fs.readdirSync(path.join(REPO_ROOT, "fixtures", folder)).filter((n) => n.endsWith(".ts")))
      files[`fixtures/${folder}/${name}`] = fs.readFileSync(path.join(REPO_ROOT, "fixtures", folder, name), "utf8");
  }
  return files;
}

/** A line whose finding comes after non-ASCII text: oxlint's printed column counts its bytes. */
const NON_ASCII_LINE = `const note = "Déploiement — prêt"; const answer = await server.elicitInput(params);\n`;

/** The rule test files: every test file that hands cases to test/rule-tester.ts's testers. */
function ruleTestFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".test.ts") && /test\/rule-tester\.ts"/.test(fs.readFileSync(full, "utf8")))
        found.push(path.relative(REPO_ROOT, full));
    }
  };
  for (const root of ["rules", "analysis", "edits"]) walk(path.join(REPO_ROOT, root));
  return found.sort();
}

function captureRuleCases(scratch: string): CapturedCase[] {
  const tmp = path.join(scratch, "capture-tmp");
  fs.mkdirSync(tmp, { recursive: true });
  const child = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(__dirname, "capture-rule-cases.ts"), ...ruleTestFiles()],
    { cwd: REPO_ROOT, encoding: "utf8", maxBuffer: 256 * 1024 * 1024, env: { ...process.env, TMPDIR: tmp } },
  );
  fs.rmSync(tmp, { recursive: true, force: true });
  if (child.status !== 0) throw new Error(`capturing the rule tests' cases failed:\n${child.stderr}`);
  return JSON.parse(child.stdout) as CapturedCase[];
}

interface CaseGroup {
  folder: string;
  rule: string;
  entry: Linter.RuleEntry;
}

describe(`oxlint ${OXLINT_VERSION} with the packed plugin reports what ESLint reports, untyped`, () => {
  let ESLintClass: typeof ESLint;
  let plugin: { configs: Record<"recommended" | "strict" | "all", Linter.Config> };
  let scratch: string;
  let projectModules: string;

  /**
   * A folder with `config` as its `.oxlintrc.json`, the installed project's node_modules, and `files` under `src/`:
   * both tools lint `src` (oxlint would also walk a symlinked node_modules, which holds the package's own fixtures).
   */
  function workspace(name: string, config: object, files: Record<string, string>): string {
    const dir = path.join(scratch, name);
    const sources = Object.fromEntries(Object.entries(files).map(([file, text]) => [`src/${file}`, text]));
    writeFiles(dir, { ...sources, ".oxlintrc.json": `${JSON.stringify(config, null, 2)}\n` });
    fs.symlinkSync(projectModules, path.join(dir, "node_modules"));
    return dir;
  }

  async function eslintRun(dir: string, config: Linter.Config[]): Promise<ESLint.LintResult[]> {
    const eslint = new ESLintClass({ cwd: dir, overrideConfigFile: true, overrideConfig: config });
    return eslint.lintFiles(["src"]);
  }

  beforeAll(async () => {
    const project = await installedProject(10);
    projectModules = path.join(project, "node_modules");
    const load = createRequire(path.join(project, "package.json"));
    ESLintClass = (load("eslint") as { ESLint: typeof ESLint }).ESLint;
    plugin = load("eslint-plugin-elicitation") as typeof plugin;
    scratch = makeProject("oxlint", {});
  });

  describe("fixtures/, with the README's recipes", () => {
    let files: Record<string, string>;
    beforeAll(() => {
      const fixtures = fixtureFiles();
      const server = fixtures["fixtures/mcp-server/server.ts"]!;
      // The same bugs where `recommended` leaves files out (its test-file globs), and a line with non-ASCII text.
      files = {
        ...fixtures,
        "fixtures/mcp-server/server.test.ts": server,
        "fixtures/__tests__/server.ts": server,
        "fixtures/non-ascii.ts": NON_ASCII_LINE,
      };
    });

    const recipes = { recommended: RECOMMENDED_RECIPE, strict: STRICT_RECIPE };
    it.each(["recommended", "strict"] as const)("the README's %s recipe finds what that config finds", async (name) => {
      const dir = workspace(`fixtures-${name}`, recipes[name], files);
      const oxlint = runOxlint(dir, ["src"]);
      expect(oxlint.stderr).toBe("");
      const expected = eslintFindings(dir, await eslintRun(dir, [plugin.configs[name]]));
      expect(oxlintFindings(dir, oxlint)).toEqual(expected);
      // Not vacuous: every rule reports on the fixtures, and test files are linted by strict only.
      for (const rule of Object.keys(plugin.configs.all.rules!))
        expect(
          expected.some((line) => line.includes(` ${rule}: `)),
          rule,
        ).toBe(true);
      const inTestFiles = expected.filter((line) => /server\.test\.ts|__tests__/.test(line));
      if (name === "recommended") expect(inTestFiles).toEqual([]);
      else expect(inTestFiles.length).toBeGreaterThan(0);
    });

    it("prints columns counted in UTF-8 bytes, where ESLint counts UTF-16 code units", () => {
      const dir = workspace("non-ascii", RECOMMENDED_RECIPE, { "non-ascii.ts": NON_ASCII_LINE });
      const [finding] = runOxlint(dir, ["src"]).findings.filter((f) => f.ruleId === "elicitation/require-deadline");
      const eslintColumn = NON_ASCII_LINE.indexOf("elicitInput") + 1;
      const byteColumn = Buffer.byteLength(NON_ASCII_LINE.slice(0, eslintColumn - 1)) + 1;
      expect(finding!.printedLine).toBe(1);
      expect(byteColumn).toBeGreaterThan(eslintColumn);
      expect(finding!.printedColumn).toBe(byteColumn);
      expect(positionAtByte(NON_ASCII_LINE, finding!.offset).column).toBe(eslintColumn);
    });
  });

  describe("the rule tests' cases, each with its own options", () => {
    let cases: CapturedCase[];
    let caseOf: Map<string, CapturedCase>;
    let dir: string;
    let oxlint: OxlintRun;
    let eslintResults: ESLint.LintResult[];
    let groups: CaseGroup[];

    beforeAll(async () => {
      cases = captureRuleCases(scratch);
      const byKey = new Map<string, CaseGroup>();
      const files: Record<string, string> = {};
      caseOf = new Map();
      cases.forEach((item, index) => {
        const key = `${item.rule}\0${JSON.stringify(item.options)}`;
        if (!byKey.has(key)) {
          const entry = (item.options.length > 0 ? ["error", ...item.options] : "error") as Linter.RuleEntry;
          byKey.set(key, { folder: `g${byKey.size}`, rule: `elicitation/${item.rule}`, entry });
        }
        const extension = item.filename ? path.extname(item.filename) || ".ts" : ".ts";
        const file = `${byKey.get(key)!.folder}/case${index}${extension}`;
        files[file] = item.code;
        caseOf.set(`src/${file}`, item);
      });
      groups = [...byKey.values()];
      const overrides = groups.map((group) => ({
        files: [`src/${group.folder}/**`],
        rules: { [group.rule]: group.entry },
      }));
      dir = workspace("cases", { jsPlugins: ["eslint-plugin-elicitation"], overrides }, files);
      oxlint = runOxlint(dir, ["-A", "all", "src"]);
      eslintResults = await eslintRun(dir, [{ ...plugin.configs.all, rules: {} }, ...overrides]);
    });

    /** Each finding line prefixed with the case it came from, so a failure names the rule test's case. */
    const labelled = (lines: string[]) =>
      lines.map((line) => {
        const item = caseOf.get(line.slice(0, line.indexOf(":")))!;
        return `${item.source} › ${item.name} (${item.typed ? "typed case, linted untyped" : "untyped"}) ${line}`;
      });

    it("captures cases for every rule", () => {
      const rules = new Set(cases.map((item) => `elicitation/${item.rule}`));
      expect([...rules].sort()).toEqual(Object.keys(plugin.configs.all.rules!).sort());
      expect(cases.length).toBeGreaterThan(500);
      expect(oxlint.stderr).toBe("");
    });

    it.each(Object.keys(RULE_MODULES))("%s: the same findings", (rule) => {
      const ofRule = (line: string) => line.includes(` elicitation/${rule}: `);
      const expected = eslintFindings(dir, eslintResults);
      expect(expected.filter((line) => line.includes("(fatal)"))).toEqual([]);
      const wanted = labelled(expected.filter(ofRule));
      expect(wanted.length).toBeGreaterThan(0);
      expect(labelled(oxlintFindings(dir, oxlint).filter(ofRule))).toEqual(wanted);
    });

    it("applies with --fix-suggestions exactly the edit ESLint suggests", () => {
      // Files with one finding that has one suggestion: oxlint's whole-run application is then that one edit.
      const expected = new Map<string, string>();
      for (const result of eslintResults) {
        const [only, ...others] = result.messages;
        if (!only || others.length > 0 || only.suggestions?.length !== 1) continue;
        const { range, text } = only.suggestions[0]!.fix;
        const source = fs.readFileSync(result.filePath, "utf8");
        expected.set(path.relative(dir, result.filePath), source.slice(0, range[0]) + text + source.slice(range[1]));
      }
      expect(expected.size).toBeGreaterThan(50);
      const fixed = path.join(scratch, "cases-fixed");
      fs.cpSync(dir, fixed, { recursive: true, verbatimSymlinks: true });
      // `-A all`: oxlint's own rules off, whose suggestions it would apply too (dropping an unused import).
      const child = spawnSync(OXLINT_BIN, ["-A", "all", "--fix-suggestions", "--silent", "src"], {
        cwd: fixed,
        encoding: "utf8",
      });
      expect(child.stderr).toBe("");
      const differing = [...expected].filter(
        ([file, text]) => fs.readFileSync(path.join(fixed, file), "utf8") !== text,
      );
      expect(differing.map(([file]) => file)).toEqual([]);
    });
  });
});
