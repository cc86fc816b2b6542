/**
 * The plugin in the browser: ESLint's `Linter` (its browser build) with one of the plugin's configs, as the editor
 * extension runs it: typescript-eslint's parser, no type information.
 */
import { Linter } from "eslint/universal";
import plugin from "../../index.ts";

export const CONFIG_NAMES = ["recommended", "strict", "all"] as const;
export type ConfigName = (typeof CONFIG_NAMES)[number];

export const RULE_NAMES = Object.keys(plugin.rules).sort();

const linter = new Linter({ configType: "flat" });

export interface LintRequest {
  code: string;
  config: ConfigName;
  /** The file name the code is linted as (its extension picks TypeScript, TSX or JavaScript). */
  filename: string;
  /** Only this rule of the config (`exhaustive-action`), as a rule page's example is checked; every rule when null. */
  rule: string | null;
}

export function lint({ code, config, filename, rule }: LintRequest): Linter.LintMessage[] {
  const base = plugin.configs[config];
  const rules = rule
    ? Object.fromEntries(Object.entries(base.rules ?? {}).filter(([id]) => id === `elicitation/${rule}`))
    : base.rules;
  return linter.verify(code, [{ ...base, rules }], { filename });
}

/** The page of a rule id (`elicitation/require-deadline`), from its meta. */
export function ruleDocsUrl(ruleId: string): string | undefined {
  const name = ruleId.replace(/^elicitation\//, "") as keyof typeof plugin.rules;
  return plugin.rules[name]?.meta?.docs?.url;
}

export function ruleDescription(name: string): string {
  return plugin.rules[name as keyof typeof plugin.rules]?.meta?.docs?.description ?? "";
}

/** `code` with one fix (a suggestion's edit) applied. */
export function applyFix(code: string, fix: { range: readonly [number, number]; text: string }): string {
  return code.slice(0, fix.range[0]) + fix.text + code.slice(fix.range[1]);
}
