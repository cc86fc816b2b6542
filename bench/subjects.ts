/**
 * What the benchmark and the sweep exercise, found at run time so they follow the code as it grows:
 * every rule the plugin object (index.ts) registers, and every transform in codemods/ (a module whose default
 * export is a jscodeshift transform function; helpers without one are not transforms).
 */
import fs from "node:fs";
import path from "node:path";
import * as tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import jscodeshift from "jscodeshift";
import type { API, FileInfo, Options } from "jscodeshift";
import plugin from "../index.ts";
import { REPO_ROOT } from "./corpora.ts";

export const PLUGIN_PREFIX = "elicitation";

export const CODEMODS_DIR = path.join(REPO_ROOT, "codemods");

export const SOURCE_GLOBS = ["**/*.ts", "**/*.tsx", "**/*.mts", "**/*.cts", "**/*.js", "**/*.jsx", "**/*.mjs", "**/*.cjs"];

/** Flat-config block that lets Linter lint files under node_modules (ignored by default). */
export const LINT_NODE_MODULES: Linter.Config = { ignores: ["!**/node_modules/"] };

export function ruleNames(): string[] {
  return Object.keys(plugin.rules).sort();
}

export const parser = tsParser as unknown as Linter.Parser;

/**
 * A flat config that runs `rules` (full ids, e.g. "elicitation/require-deadline") with the TypeScript parser.
 * `typed` adds a program from `tsconfig` (the parser's `project`), as a typed ESLint run would.
 */
export function lintConfig(rules: Linter.RulesRecord, typed?: { tsconfig: string }): Linter.Config[] {
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
      plugins: { [PLUGIN_PREFIX]: plugin as unknown as NonNullable<Linter.Config["plugins"]>[string] },
      rules,
    },
  ];
}

/** The rules of `configs.recommended` (what users turn on), as a rules record. */
export function recommendedRules(): Linter.RulesRecord {
  return { ...(plugin.configs.recommended.rules as Linter.RulesRecord) };
}

/** Every rule of the plugin with its default options (what the sweep runs). */
export function everyRule(): Linter.RulesRecord {
  return Object.fromEntries(ruleNames().map((name) => [`${PLUGIN_PREFIX}/${name}`, "error"]));
}

/** Every rule with the `strict` options, so code paths behind options are swept too. */
export function everyRuleStrict(): Linter.RulesRecord {
  return { ...(plugin.configs.strict.rules as Linter.RulesRecord) };
}

export type Transform = (file: FileInfo, api: API, options: Options) => string | null | undefined | void;

export interface LoadedTransform {
  name: string;
  transform: Transform;
  /** The parser a transform asks jscodeshift for (its `parser` export), else the one `migrate` documents: tsx. */
  parser: string;
}

/** Options every transform receives: `deadline` refuses to run without a deadline, and there is no default. */
export const TRANSFORM_OPTIONS: Options = { "deadline-ms": "300000", dry: true };

export function loadTransforms(): LoadedTransform[] {
  if (!fs.existsSync(CODEMODS_DIR)) return [];
  const transforms: LoadedTransform[] = [];
  const candidates = fs
    .readdirSync(CODEMODS_DIR)
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts") && !name.endsWith(".test.ts"))
    .sort();
  for (const fileName of candidates) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the set of transforms is only known at run time
    const loaded = require(path.join(CODEMODS_DIR, fileName)) as { default?: unknown; parser?: unknown };
    if (typeof loaded.default !== "function") continue;
    transforms.push({
      name: fileName.replace(/\.ts$/, ""),
      transform: loaded.default as Transform,
      parser: typeof loaded.parser === "string" ? loaded.parser : "tsx",
    });
  }
  return transforms;
}

/** The `api` jscodeshift's worker hands a transform; reports are collected instead of printed. */
export function transformApi(parserName: string, reports: string[]): API {
  const j = jscodeshift.withParser(parserName);
  return { j, jscodeshift: j, stats: () => {}, report: (message: string) => reports.push(message) };
}

export interface TransformChainResult {
  /** The text after every transform ran on the previous one's output. */
  output: string;
  /** The transforms that returned new text. */
  changedBy: string[];
  reports: string[];
}

/**
 * Runs every transform in order on one file, each on the previous one's output, the way `migrate` chains them.
 * A transform returning `undefined`/`null` or the same text leaves the file as it was. Exceptions propagate.
 */
export function runTransformChain(
  transforms: readonly LoadedTransform[],
  filePath: string,
  source: string,
  onTransform?: (name: string) => void,
): TransformChainResult {
  let text = source;
  const changedBy: string[] = [];
  const reports: string[] = [];
  for (const { name, transform, parser: parserName } of transforms) {
    onTransform?.(name);
    const result = transform({ path: filePath, source: text }, transformApi(parserName, reports), { ...TRANSFORM_OPTIONS });
    if (typeof result === "string" && result !== text) {
      text = result;
      changedBy.push(name);
    }
  }
  return { output: text, changedBy, reports };
}

/** The baseline of (c): jscodeshift's identity transform, which parses the file and prints it back. */
export function identityTransform(filePath: string, source: string): string {
  return jscodeshift.withParser("tsx")(source).toSource();
}
