/**
 * The things `npm run bench` times. A variant is set up once per round (`start`: a new ESLint instance, as a new
 * `eslint` run would make; typed variants build their program on their first file) and then handles one file at a
 * time, so a round can interleave the variants file by file. Lint variants go through ESLint's `ESLint` class
 * (config resolution, the TypeScript parser, the rules); transform variants call the transforms in-process.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ESLint, type Linter } from "eslint";
import * as tsParser from "@typescript-eslint/parser";
import tseslint from "typescript-eslint";
import { main as cli } from "../cli/cli.ts";
import { ensureBuilt } from "../test/support/build.ts";
import { copyRuleContexts } from "./copied-contexts.ts";
import { REPO_ROOT } from "./corpora.ts";
import { oxlintConfigFor, runOxlintTimed } from "./oxlint.ts";
import {
  PLUGIN_PREFIX,
  RECOMMENDED_OF,
  identityTransform,
  lintConfig,
  lintRecommendedConfig,
  loadMigrateRunner,
  recommendedRules,
  ruleNames,
} from "./subjects.ts";

export interface RunTotals {
  /** Problems reported by rules (lint) or files changed (transforms). */
  findings: number;
  /** Files the parser could not read: identical across variants of one suite, or the comparison is void. */
  fileErrors: number;
  /** CPU time spent in child processes the variant waited for (oxlint), which this process's own usage leaves out. */
  childCpuMs?: number;
}

export interface Variant {
  id: string;
  label: string;
  /** Whether it needs a TypeScript program (the caller clears typescript-eslint's caches before each round). */
  typed: boolean;
  /** Fresh state for a round, as a new run of the tool would have. */
  start(): Promise<void>;
  /** Handles one file; `text` was read before timing started. */
  file(file: string, text: string): Promise<RunTotals>;
}

export interface VariantContext {
  /** Where typed variants may write the tsconfig of their program. */
  workDir?: string;
  /** The corpus, for typed variants' program. */
  files?: readonly string[];
  /** The variant has its process to itself (a suite of one variant per process), so it may change ESLint. */
  alone?: boolean;
}

/**
 * A variant run with ESLint's rule contexts copied instead of inherited (bench/copied-contexts.ts): the same rules
 * without the cost that any enabled rule brings, to tell ESLint's share from ours.
 */
const COPIED_CONTEXTS = "copied-contexts:";

const SWITCH_RULE = "@typescript-eslint/switch-exhaustiveness-check";

/** A rule that does nothing: what ESLint itself spends on any enabled rule (context, options), the floor for ours. */
const NOOP_RULE = "bench/noop";
const noopRule = { meta: { type: "problem", schema: [] }, create: () => ({}) };
/** One rule that does nothing for each rule `configs.recommended` turns on. */
const noopRuleIds = (): string[] => Object.keys(recommendedRules()).map((_, index) => `noop${index}`);
const benchPlugin = {
  rules: { noop: noopRule, ...Object.fromEntries(noopRuleIds().map((id) => [id, noopRule])) },
};

interface BuiltPlugin {
  readonly configs: { readonly recommended: { readonly rules?: Linter.RulesRecord } };
}

/** The plugin in `checkout`'s dist/: CommonJS, whose module object holds the plugin as its `default`. */
async function builtPluginOf(checkout: string): Promise<BuiltPlugin> {
  const loaded = (await import(pathToFileURL(path.join(checkout, "dist", "index.js")).href)) as {
    default?: BuiltPlugin & { default?: BuiltPlugin };
  };
  const exported = loaded.default ?? (loaded as unknown as BuiltPlugin & { default?: BuiltPlugin });
  return exported.default ?? exported;
}

function lintVariant(
  id: string,
  label: string,
  rules: Linter.RulesRecord,
  tsconfig: string | undefined,
  plugin?: BuiltPlugin,
): Variant {
  let eslint: ESLint | null = null;
  return {
    id,
    label,
    typed: tsconfig !== undefined,
    async start() {
      const config = lintConfig(rules, tsconfig ? { tsconfig } : undefined, plugin);
      if (rules[SWITCH_RULE])
        config[1].plugins = { ...config[1].plugins, "@typescript-eslint": tseslint.plugin as never };
      if (Object.keys(rules).some((id) => id.startsWith("bench/")))
        config[1].plugins = { ...config[1].plugins, bench: benchPlugin as never };
      eslint = new ESLint({
        cwd: REPO_ROOT,
        overrideConfigFile: true,
        overrideConfig: config,
        ignorePatterns: ["!**/node_modules/"],
        cache: false,
      });
    },
    async file(file, text) {
      if (!eslint) throw new Error(`${id}: start() first`);
      const [result] = await eslint.lintText(text, { filePath: file, warnIgnored: true });
      let findings = 0;
      let fileErrors = 0;
      for (const message of result.messages) {
        if (message.fatal) fileErrors += 1;
        else if (message.ruleId) findings += 1;
        // "File ignored …": a variant that skipped files would be timed on less work than the others.
        else if (/^File ignored/.test(message.message)) throw new Error(`${file}: ${message.message}`);
      }
      return { findings, fileErrors };
    },
  };
}

function transformVariant(id: string, label: string, each: (file: string, source: string) => boolean): Variant {
  return {
    id,
    label,
    typed: false,
    async start() {},
    async file(file, text) {
      try {
        return { findings: each(file, text) ? 1 : 0, fileErrors: 0 };
      } catch {
        // The same unparsable files fail in every variant; counted, so the table can show it.
        return { findings: 0, fileErrors: 1 };
      }
    },
  };
}

/** Every JavaScript and TypeScript flavour, as `check` lints them. */
const REPOSITORY_FILES = ["**/*.{ts,tsx,js,jsx,mjs,cjs,mts,cts}"];

/**
 * A whole run over a repository, as a user starts it from its root: `file` is the repository's package.json, and
 * the variant discovers and lints everything in that directory. One such run per round.
 */
function repositoryVariant(id: string, label: string, run: (root: string) => Promise<RunTotals>): Variant {
  return { id, label, typed: false, async start() {}, file: (file) => run(path.dirname(file)) };
}

/** `eslint .` with the TypeScript parser and no rule: what any lint of the repository costs at least. */
async function eslintParserAlone(root: string): Promise<RunTotals> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: REPOSITORY_FILES, languageOptions: { parser: tsParser as Linter.Parser, sourceType: "module" } },
    ],
    cache: false,
  });
  const results = await eslint.lintFiles(["."]);
  return { findings: 0, fileErrors: results.reduce((total, result) => total + result.fatalErrorCount, 0) };
}

/** `eslint-plugin-elicitation check --format json .`, in-process through the same `main` the bin calls. */
async function checkRepository(root: string, flags: readonly string[] = []): Promise<RunTotals> {
  let stdout = "";
  let stderr = "";
  const code = await cli(["check", ...flags, "--format", "json", "."], {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    cwd: root,
    isTTY: false,
  });
  if (code > 1) throw new Error(`check exited ${code}: ${stderr.trim()}`);
  const results = JSON.parse(stdout) as ESLint.LintResult[];
  let findings = 0;
  for (const result of results) findings += result.messages.filter((message) => message.ruleId).length;
  return { findings, fileErrors: results.reduce((total, result) => total + result.fatalErrorCount, 0) };
}

/**
 * The CLI on one file, as a user runs it from the file's folder, in-process through the same `main` the bin calls:
 * `check --format json <file>` (findings: its problems) or `migrate --dry … <file>` (findings: the hunks it shows).
 */
function cliFileVariant(id: string, label: string, command: readonly string[]): Variant {
  return {
    id,
    label,
    typed: false,
    async start() {},
    async file(file) {
      let stdout = "";
      let stderr = "";
      const code = await cli([...command, path.basename(file)], {
        stdout: (text) => (stdout += text),
        stderr: (text) => (stderr += text),
        cwd: path.dirname(file),
        isTTY: false,
      });
      if (code > 1) throw new Error(`${command.join(" ")} exited ${code}: ${stderr.trim()}`);
      if (command[0] === "check") {
        const results = JSON.parse(stdout) as ESLint.LintResult[];
        const findings = results.reduce((total, result) => total + result.messages.filter((m) => m.ruleId).length, 0);
        return { findings, fileErrors: results.reduce((total, result) => total + result.fatalErrorCount, 0) };
      }
      return { findings: stdout.split("\n").filter((line) => line.startsWith("@@ ")).length, fileErrors: code };
    },
  };
}

/** The deadline `migrate` writes in the bench: any value will do, the transforms need one. */
const BENCH_DEADLINE_MS = "120000";

/**
 * `oxlint` over a repository with this plugin's `configs.recommended` as a `.oxlintrc.json` (bench/oxlint.ts), or with
 * no rule at all (`plugin` false): what oxlint spends on the files by itself. oxlint's own rules are off (`-A all`) in
 * both, so the plugin is the only difference. The plugin is the compiled one in dist/ (JS plugins must be
 * JavaScript on Node 20), rebuilt first when a source is newer.
 */
function oxlintVariant(id: string, label: string, plugin: boolean, context: VariantContext): Variant {
  if (!context.workDir) throw new Error(`variant ${id} needs a work directory`);
  const configFile = path.join(context.workDir, id.replace(/[^\w-]+/g, "_"), ".oxlintrc.json");
  return {
    id,
    label,
    typed: false,
    async start() {
      if (plugin) ensureBuilt();
      const config = plugin
        ? oxlintConfigFor(lintRecommendedConfig(), path.join(REPO_ROOT, "dist", "index.js"))
        : { jsPlugins: [], rules: {} };
      fs.mkdirSync(path.dirname(configFile), { recursive: true });
      fs.writeFileSync(configFile, JSON.stringify(config));
    },
    async file(file) {
      const run = runOxlintTimed(path.dirname(file), ["-c", configFile, "--disable-nested-config", "-A", "all", "."]);
      if (run.files === 0) throw new Error(`${id}: oxlint linted no file in ${path.dirname(file)}`);
      const findings = run.findings.filter((finding) => finding.ruleId.startsWith(`${PLUGIN_PREFIX}/`)).length;
      const fileErrors = run.findings.filter((finding) => !finding.ruleId.includes("/")).length;
      return { findings, fileErrors, childCpuMs: run.cpuMs };
    },
  };
}

export async function buildVariant(id: string, context: VariantContext = {}): Promise<Variant> {
  if (id.startsWith(COPIED_CONTEXTS)) {
    if (!context.alone) throw new Error(`${id} changes ESLint for its whole process: it needs a process of its own`);
    copyRuleContexts();
    const inner = await buildVariant(id.slice(COPIED_CONTEXTS.length), context);
    return { ...inner, id, label: `${inner.label}, rule contexts copied` };
  }
  // Each typed variant gets its own tsconfig file, so its own program: typescript-eslint caches programs by
  // tsconfig path, and a variant must not be timed on a program another one built.
  const typed = () => {
    if (!context.workDir || !context.files) throw new Error(`variant ${id} needs the corpus and a work directory`);
    return writeCorpusTsconfig(context.files, path.join(context.workDir, id.replace(/[^\w-]+/g, "_")));
  };
  if (id === "lint:parser") return lintVariant(id, "ESLint, parser alone", {}, undefined);
  // The baseline again under another name: its ratio to the baseline is the harness's own error on this corpus.
  if (id === "lint:parser-again") return lintVariant(id, "ESLint, parser alone (a second copy)", {}, undefined);
  if (id === "lint:noop")
    return lintVariant(id, "ESLint + one rule that does nothing", { [NOOP_RULE]: "error" }, undefined);
  if (id === "lint:noop-each") {
    // ESLint's own cost of as many rules as the recommended config turns on, each doing nothing: the floor under it.
    const rules = Object.fromEntries(noopRuleIds().map((name) => [`bench/${name}`, "error" as const]));
    return lintVariant(id, `ESLint + ${noopRuleIds().length} rules that do nothing`, rules, undefined);
  }
  if (id === "lint:recommended") return lintVariant(id, "ESLint + configs.recommended", recommendedRules(), undefined);
  if (id.startsWith(RECOMMENDED_OF)) {
    const checkout = id.slice(RECOMMENDED_OF.length);
    const built = await builtPluginOf(checkout);
    const label =
      checkout === REPO_ROOT
        ? "ESLint + configs.recommended, this checkout's dist/"
        : `ESLint + configs.recommended of ${checkout}`;
    return lintVariant(id, label, { ...built.configs.recommended.rules }, undefined, built);
  }
  if (id === "lint:parser-typed") return lintVariant(id, "ESLint, parser alone, typed", {}, typed());
  if (id === "lint:recommended-typed")
    return lintVariant(id, "ESLint + configs.recommended, typed", recommendedRules(), typed());
  if (id === "lint:switch-typed") {
    return lintVariant(id, `ESLint + ${SWITCH_RULE}, typed`, { [SWITCH_RULE]: "error" }, typed());
  }
  const rule = /^lint:rule:(.+)$/.exec(id);
  if (rule) {
    if (!ruleNames().includes(rule[1])) throw new Error(`no rule named ${rule[1]}`);
    return lintVariant(
      id,
      `ESLint + ${PLUGIN_PREFIX}/${rule[1]} alone`,
      { [`${PLUGIN_PREFIX}/${rule[1]}`]: "error" },
      undefined,
    );
  }
  if (id === "repo:eslint-parser")
    return repositoryVariant(id, "eslint ., parser alone (whole repository)", eslintParserAlone);
  if (id === "repo:check") return repositoryVariant(id, "check . (whole repository)", checkRepository);
  if (id === "repo:check-no-typed")
    return repositoryVariant(id, "check --no-typed . (whole repository)", (root) =>
      checkRepository(root, ["--no-typed"]),
    );
  // Both untyped: the file is in no tsconfig.json's project, and migrate's type check of its edits is another cost.
  if (id === "cli:check") return cliFileVariant(id, "check --format json <file>", ["check", "--format", "json"]);
  if (id === "cli:migrate-dry")
    return cliFileVariant(id, "migrate --dry --no-typecheck <file>", [
      "migrate",
      "--dry",
      "--no-typecheck",
      "--deadline-ms",
      BENCH_DEADLINE_MS,
    ]);
  if (id === "repo:oxlint")
    return oxlintVariant(id, "oxlint . with the plugin's recommended rules (whole repository)", true, context);
  if (id === "repo:oxlint-alone") return oxlintVariant(id, "oxlint . with no rule (whole repository)", false, context);
  if (id === "transform:identity") {
    return transformVariant(
      id,
      "jscodeshift identity transform",
      (file, source) => identityTransform(file, source) !== source,
    );
  }
  if (id === "transform:migrate") {
    const migrate = loadMigrateRunner();
    return transformVariant(
      id,
      `migrate's transforms in-process (${migrate.names.join(", ") || "none yet"})`,
      migrate.run,
    );
  }
  throw new Error(`unknown variant ${id}`);
}

/** A tsconfig that puts every file of a corpus in one program (JavaScript included, not type-checked). */
function writeCorpusTsconfig(files: readonly string[], dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const tsconfig = path.join(dir, "tsconfig.json");
  const config = {
    compilerOptions: {
      target: "es2022",
      lib: ["es2022", "dom", "esnext.disposable"],
      module: "nodenext",
      moduleResolution: "nodenext",
      types: ["node"],
      strict: true,
      noEmit: true,
      allowJs: true,
      checkJs: false,
      allowImportingTsExtensions: true,
      skipLibCheck: true,
    },
    files: [...files],
  };
  fs.writeFileSync(tsconfig, `${JSON.stringify(config, null, 2)}\n`);
  return tsconfig;
}
