/**
 * The plugin object: `meta`, `rules`, and flat configs `recommended`, `strict`, `all`.
 * Each config carries its own `files` (every JavaScript and TypeScript extension) and `ignores` (`recommended`'s are
 * the test files; `strict`'s and `all`'s are empty) and typescript-eslint's parser for every file those leave, so
 * `export default [elicitation.configs.recommended]` lints a TypeScript project with nothing else configured. A file
 * its `ignores` leave out gets no parser from it either: a block of the user's that adds options for TypeScript files
 * reuses the same `ignores` (the README's typed recipe), or ESLint's default parser would meet TypeScript there.
 * It sets no `parserOptions`: a user's `projectService` (and anything else they pass the parser) merges in whatever
 * the order.
 * `export =` keeps `require()` of the package and a default import of it both returning this object (a CommonJS
 * default export would hide it behind `.default`).
 */
import * as tsParser from "@typescript-eslint/parser";
import type { ESLint, Linter, Rule } from "eslint";
import { RULE_MODULES, STRICT_OPTIONS, type RuleName } from "./rules/index.ts";
import { SOURCE_EXTENSIONS, TEST_FILE_GLOBS, globsFor } from "./analysis/source-files.ts";
import { PACKAGE_MANIFEST } from "./package-root.ts";

// Each rule module's default export, in the registry's order.
const rules = Object.fromEntries(
  Object.entries(RULE_MODULES).map(([name, module]) => [name, module.default]),
) as Record<RuleName, (typeof RULE_MODULES)[RuleName]["default"]>;
type RuleEntry = Linter.RuleEntry;

const PREFIX = "elicitation";

function ruleEntries(pick: (name: RuleName) => RuleEntry | null): Record<string, RuleEntry> {
  const entries: Record<string, RuleEntry> = {};
  for (const name of Object.keys(rules) as RuleName[]) {
    const entry = pick(name);
    if (entry) entries[`${PREFIX}/${name}`] = entry;
  }
  return entries;
}

const plugin = {
  meta: { name: PACKAGE_MANIFEST.name, version: PACKAGE_MANIFEST.version, namespace: PREFIX },
  // Published as ESLint's rule type, so `plugins: { elicitation }` type-checks in a user's `defineConfig(…)`;
  // typescript-eslint's RuleModule differs from it only in readonly-ness.
  rules: rules as unknown as Record<RuleName, Rule.RuleModule>,
  // ESLint's own config type, so `defineConfig(elicitation.configs.recommended)` type-checks in a user's eslint.config.ts;
  // `files` and `ignores` always set, so a user's block can spread them under `strict: true`.
  configs: {} as Record<"recommended" | "strict" | "all", ScopedConfig>,
};

type ScopedConfig = Linter.Config & { files: string[]; ignores: string[] };

/** What every config shares: where it applies and how those files are parsed. */
function configFor(name: "recommended" | "strict" | "all", configRules: Record<string, RuleEntry>): ScopedConfig {
  return {
    name: `${PREFIX}/${name}`,
    files: globsFor(SOURCE_EXTENSIONS),
    // A test's waits are answered by the test itself: `recommended` leaves test files alone, `strict` and `all` lint them.
    ignores: name === "recommended" ? [...TEST_FILE_GLOBS] : [],
    // typescript-eslint's parser reads JavaScript too; a later config of the user's may set another for their JS.
    languageOptions: { parser: tsParser as unknown as Linter.Parser },
    plugins: { [PREFIX]: plugin as unknown as ESLint.Plugin },
    rules: configRules,
  };
}

function withStrictOptions(name: RuleName): RuleEntry {
  // Options that make the rule report more, where it has any (each rule's options.ts).
  const options = STRICT_OPTIONS[name];
  return options ? (["error", ...options] as RuleEntry) : "error";
}

plugin.configs.recommended = configFor(
  "recommended",
  ruleEntries((name) => (rules[name].meta.docs?.recommended ? "error" : null)),
);
plugin.configs.strict = configFor("strict", ruleEntries(withStrictOptions));
plugin.configs.all = configFor("all", ruleEntries(withStrictOptions));

export = plugin;
