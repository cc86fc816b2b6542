/**
 * The plugin object: `meta`, `rules`, and flat configs `recommended`, `strict`, `all`.
 * Each config carries its own `files` (every JavaScript and TypeScript extension) and typescript-eslint's parser, so
 * `export default [elicitation.configs.recommended]` lints a TypeScript project with nothing else configured. It sets
 * no `parserOptions`: a user's `projectService` (and anything else they pass the parser) merges in whatever the order.
 * `export =` keeps `require()` of the package and a default import of it both returning this object (a CommonJS
 * default export would hide it behind `.default`).
 */
import * as tsParser from "@typescript-eslint/parser";
import type { TSESLint } from "@typescript-eslint/utils";
import type { ESLint, Linter, Rule } from "eslint";
import type { ElicitationRuleDocs } from "./core/create-rule.ts";
import exhaustiveAction from "./rules/exhaustive-action.ts";
import forwardAbortSignal from "./rules/forward-abort-signal.ts";
import noSessionKeyedPending from "./rules/no-session-keyed-pending.ts";
import releaseInFinally from "./rules/release-in-finally.ts";
import requireDeadline from "./rules/require-deadline.ts";
import verifyRequestState from "./rules/verify-request-state.ts";
import { SOURCE_EXTENSIONS, globsFor } from "./core/source-files.ts";
import packageJson from "./package.json";

type RuleName =
  | "exhaustive-action"
  | "no-session-keyed-pending"
  | "require-deadline"
  | "forward-abort-signal"
  | "release-in-finally"
  | "verify-request-state";

// Typed loosely on purpose: the published .d.ts must not reach into each rule's private Options type.
const rules: Record<RuleName, TSESLint.RuleModule<string, readonly unknown[], ElicitationRuleDocs>> = {
  "exhaustive-action": exhaustiveAction,
  "no-session-keyed-pending": noSessionKeyedPending,
  "require-deadline": requireDeadline,
  "forward-abort-signal": forwardAbortSignal,
  "release-in-finally": releaseInFinally,
  "verify-request-state": verifyRequestState,
};
type RuleEntry = Linter.RuleEntry;

const PREFIX = "elicitation";

/** Options that make a rule report more (the `strict` and `all` configs). */
const strictOptions: Partial<Record<RuleName, readonly unknown[]>> = {
  "exhaustive-action": [{ reportIdenticalBranches: true }],
  "require-deadline": [{ reportOpaqueOptions: true }],
  "release-in-finally": [{ reportEscapingHandles: true }],
};

function ruleEntries(pick: (name: RuleName) => RuleEntry | null): Record<string, RuleEntry> {
  const entries: Record<string, RuleEntry> = {};
  for (const name of Object.keys(rules) as RuleName[]) {
    const entry = pick(name);
    if (entry) entries[`${PREFIX}/${name}`] = entry;
  }
  return entries;
}

const plugin = {
  meta: { name: packageJson.name, version: packageJson.version, namespace: PREFIX },
  // Published as ESLint's rule type, so `plugins: { elicitation }` type-checks in a user's `defineConfig(…)`;
  // typescript-eslint's RuleModule differs from it only in readonly-ness.
  rules: rules as unknown as Record<RuleName, Rule.RuleModule>,
  // ESLint's own config type, so `defineConfig(elicitation.configs.recommended)` type-checks in a user's eslint.config.ts.
  configs: {} as Record<"recommended" | "strict" | "all", Linter.Config>,
};

/** What every config shares: where it applies and how those files are parsed. */
function configFor(name: "recommended" | "strict" | "all", configRules: Record<string, RuleEntry>): Linter.Config {
  return {
    name: `${PREFIX}/${name}`,
    files: globsFor(SOURCE_EXTENSIONS),
    // typescript-eslint's parser reads JavaScript too; a later config of the user's may set another for their JS.
    languageOptions: { parser: tsParser as unknown as Linter.Parser },
    plugins: { [PREFIX]: plugin as unknown as ESLint.Plugin },
    rules: configRules,
  };
}

function withStrictOptions(name: RuleName): RuleEntry {
  const options = strictOptions[name];
  return options ? (["error", ...options] as RuleEntry) : "error";
}

plugin.configs.recommended = configFor(
  "recommended",
  ruleEntries((name) => (rules[name].meta.docs?.recommended ? "error" : null)),
);
plugin.configs.strict = configFor("strict", ruleEntries(withStrictOptions));
plugin.configs.all = configFor("all", ruleEntries(withStrictOptions));

export = plugin;
