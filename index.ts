/**
 * The plugin object: `meta`, `rules`, and flat configs `recommended`, `strict`, `all`.
 * `export =` keeps `require("eslint-plugin-elicitation")` and `import elicitation from "eslint-plugin-elicitation"`
 * both returning this object (a CommonJS default export would hide it behind `.default`).
 */
import type { TSESLint } from "@typescript-eslint/utils";
import type { ESLint, Linter, Rule } from "eslint";
import type { ElicitationRuleDocs } from "./core/create-rule.ts";
import exhaustiveAction from "./rules/exhaustive-action.ts";
import forwardAbortSignal from "./rules/forward-abort-signal.ts";
import noSessionKeyedPending from "./rules/no-session-keyed-pending.ts";
import releaseInFinally from "./rules/release-in-finally.ts";
import requireDeadline from "./rules/require-deadline.ts";
import verifyRequestState from "./rules/verify-request-state.ts";
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

function withStrictOptions(name: RuleName): RuleEntry {
  const options = strictOptions[name];
  return options ? (["error", ...options] as RuleEntry) : "error";
}

plugin.configs.recommended = {
  name: `${PREFIX}/recommended`,
  plugins: { [PREFIX]: plugin as unknown as ESLint.Plugin },
  rules: ruleEntries((name) => (rules[name].meta.docs?.recommended ? "error" : null)),
};
plugin.configs.strict = {
  name: `${PREFIX}/strict`,
  plugins: { [PREFIX]: plugin as unknown as ESLint.Plugin },
  rules: ruleEntries(withStrictOptions),
};
plugin.configs.all = {
  name: `${PREFIX}/all`,
  plugins: { [PREFIX]: plugin as unknown as ESLint.Plugin },
  rules: ruleEntries(withStrictOptions),
};

export = plugin;
