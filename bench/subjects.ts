/**
 * What the benchmark and the sweep exercise, found at run time so they follow the code as it grows:
 * every rule the plugin object (index.ts) registers, and every transform in codemods/ (a module whose default
 * export is a jscodeshift transform function; helpers without one are not transforms).
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import jscodeshift from "jscodeshift";
import type { API, FileInfo, Options } from "jscodeshift";
import { sharedLinting } from "../codemods/apply-suggestions.ts";
import { CODEMODS } from "../codemods/registry.ts";
import { runTransforms } from "../codemods/run-transforms.ts";
import plugin from "../index.ts";
import { REPO_ROOT } from "./corpora.ts";

export const PLUGIN_PREFIX = "elicitation";

const CODEMODS_DIR = path.join(REPO_ROOT, "codemods");

const SOURCE_GLOBS = ["**/*.ts", "**/*.tsx", "**/*.mts", "**/*.cts", "**/*.js", "**/*.jsx", "**/*.mjs", "**/*.cjs"];

/** Flat-config block that lets Linter lint files under node_modules (ignored by default). */
const LINT_NODE_MODULES: Linter.Config = { ignores: ["!**/node_modules/"] };

export function ruleNames(rules: Record<string, unknown> = plugin.rules): string[] {
  return Object.keys(rules).sort();
}

const parser = tsParser as unknown as Linter.Parser;

/**
 * A flat config that runs `rules` (full ids, e.g. "elicitation/require-deadline") with the TypeScript parser.
 * `typed` adds a program from `tsconfig` (the parser's `project`), as a typed ESLint run would.
 */
export function lintConfig(
  rules: Linter.RulesRecord,
  typed?: { tsconfig: string },
  ownPlugin: unknown = plugin,
): Linter.Config[] {
  return [
    LINT_NODE_MODULES,
    {
      files: SOURCE_GLOBS,
      languageOptions: {
        parser,
        sourceType: "module",
        parserOptions: typed ? { project: typed.tsconfig, tsconfigRootDir: path.dirname(typed.tsconfig) } : {},
      },
      // Foreign code carries its own directives (rules we do not load); they must not change what is measured.
      linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: "off" },
      plugins: { [PLUGIN_PREFIX]: ownPlugin as NonNullable<Linter.Config["plugins"]>[string] },
      rules,
    },
  ];
}

/** A variant that runs `configs.recommended` of the plugin built in a checkout (its dist/), named by the checkout. */
export const RECOMMENDED_OF = "lint:recommended-of:";

/** The variant id of `configs.recommended` as built in `checkout` (bench/run.ts `--against`). */
export const recommendedOf = (checkout: string): string => `${RECOMMENDED_OF}${checkout}`;

/** `configs.recommended` itself (its rules and its test-file `ignores`), as a user's config takes it. */
export function lintRecommendedConfig(): Linter.Config {
  return plugin.configs.recommended;
}

/** The rules of `configs.recommended` (what users turn on), as a rules record. */
export function recommendedRules(): Linter.RulesRecord {
  return { ...(plugin.configs.recommended.rules as Linter.RulesRecord) };
}

/** Every rule of the plugin with its default options (what the sweep runs). */
export function everyRule(rules: Record<string, unknown> = plugin.rules): Linter.RulesRecord {
  return Object.fromEntries(ruleNames(rules).map((name) => [`${PLUGIN_PREFIX}/${name}`, "error"]));
}

/** Every rule with the `strict` options, so code paths behind options are swept too. */
export function everyRuleStrict(): Linter.RulesRecord {
  return { ...(plugin.configs.strict.rules as Linter.RulesRecord) };
}

type Transform = (file: FileInfo, api: API, options: Options) => string | null | undefined | void;

export interface LoadedTransform {
  name: string;
  transform: Transform;
  /** The parser a transform asks jscodeshift for (its `parser` export), else the one `migrate` documents: tsx. */
  parser: string;
}

/** Options every transform receives: `deadline` refuses to run without a deadline, and there is no default. */
const TRANSFORM_OPTIONS: Options = { "deadline-ms": "300000", dry: true };

/**
 * Imports every codemods/*.ts whose default export is a function. `import()` (not `require`) so the same code
 * loads the TypeScript sources under tsx and under vitest.
 */
export async function loadTransforms(): Promise<LoadedTransform[]> {
  if (!fs.existsSync(CODEMODS_DIR)) return [];
  const transforms: LoadedTransform[] = [];
  const candidates = fs
    .readdirSync(CODEMODS_DIR)
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts") && !name.endsWith(".test.ts"))
    .sort();
  for (const fileName of candidates) {
    const namespace = (await import(pathToFileURL(path.join(CODEMODS_DIR, fileName)).href)) as ModuleNamespace;
    // Loaded as CommonJS, the namespace's default is `module.exports`, which holds the transform as its `default`.
    const module = isTransformModule(namespace.default) ? namespace.default : namespace;
    if (typeof module.default !== "function") continue;
    transforms.push({
      name: fileName.replace(/\.ts$/, ""),
      transform: module.default as Transform,
      parser: typeof module.parser === "string" ? module.parser : "tsx",
    });
  }
  return transforms;
}

interface ModuleNamespace {
  default?: unknown;
  parser?: unknown;
}

function isTransformModule(value: unknown): value is ModuleNamespace {
  return typeof value === "object" && value !== null && typeof (value as ModuleNamespace).default === "function";
}

/** The `api` jscodeshift's worker hands a transform; reports are collected instead of printed. */
function transformApi(parserName: string, reports: string[]): API {
  const j = jscodeshift.withParser(parserName);
  return { j, jscodeshift: j, stats: () => {}, report: (message: string) => reports.push(message) };
}

export interface TransformChainResult {
  /** The text after every transform ran on the previous one's output. */
  output: string;
  /** The transforms that returned new text. */
  changedBy: string[];
  /** For each transform that changed the file: the text it was given and the text it returned. */
  steps: Array<{ name: string; input: string; output: string }>;
  reports: string[];
}

/**
 * Runs every transform once, in order, each on the previous one's output (what a user running them one after
 * another with jscodeshift gets). A transform returning `undefined`/`null` or the same text leaves the file as it
 * was. Exceptions propagate.
 */
export function runTransformChain(
  transforms: readonly LoadedTransform[],
  filePath: string,
  source: string,
  onTransform?: (name: string) => void,
): TransformChainResult {
  let text = source;
  const changedBy: string[] = [];
  const steps: TransformChainResult["steps"] = [];
  const reports: string[] = [];
  for (const loaded of transforms) {
    onTransform?.(loaded.name);
    const result = runTransform(loaded, filePath, text, reports);
    if (result !== text) {
      steps.push({ name: loaded.name, input: text, output: result });
      text = result;
      changedBy.push(loaded.name);
    }
  }
  return { output: text, changedBy, steps, reports };
}

/** One transform on one text, called as jscodeshift's worker calls it; returns the text it leaves. */
export function runTransform(
  loaded: LoadedTransform,
  filePath: string,
  source: string,
  reports: string[] = [],
): string {
  const result = loaded.transform({ path: filePath, source }, transformApi(loaded.parser, reports), {
    ...TRANSFORM_OPTIONS,
  });
  return typeof result === "string" ? result : source;
}

/**
 * The transforms the way `migrate` runs them in-process: its registry's codemods, run together on one shared parse
 * per text (codemods/run-transforms.ts). Returns whether the file changed.
 */
export function loadMigrateRunner(): { names: string[]; run: (file: string, source: string) => boolean } {
  const options = { deadlineMs: Number(TRANSFORM_OPTIONS["deadline-ms"]) };
  return {
    names: CODEMODS.map((codemod) => codemod.name),
    run: (file, source) => runTransforms(CODEMODS, source, file, options, sharedLinting(file).lint).changed,
  };
}

/** The baseline of (c): jscodeshift's identity transform, which parses the file and prints it back. */
export function identityTransform(filePath: string, source: string): string {
  return jscodeshift.withParser("tsx")(source).toSource();
}
