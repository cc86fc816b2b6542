/**
 * The rule pages (read by rule-pages.ts) with the rules they document, and code linted with one rule the way an editor
 * would (flat config, typescript-eslint's parser, no type information).
 */
import { Linter } from "eslint";
import * as tsParser from "@typescript-eslint/parser";
import plugin from "../../index.ts";

export { parseRuleDoc, readRuleDoc, ruleDocPath, type RuleDoc } from "./rule-pages.mts";

export const RULE_NAMES = Object.keys(plugin.rules) as (keyof typeof plugin.rules)[];

/** Lints `code` as a .ts (or .tsx) file with exactly one of our rules on, with its default options unless given. */
export function lintWithRule(
  name: string,
  code: string,
  options?: unknown[],
  lang: "ts" | "tsx" = "ts",
): Linter.LintMessage[] {
  const linter = new Linter({ configType: "flat" });
  return linter.verify(
    code,
    [
      {
        files: ["**/*.ts", "**/*.tsx"],
        languageOptions: { parser: tsParser as Linter.Parser, sourceType: "module" },
        plugins: { elicitation: plugin as unknown as NonNullable<Linter.Config["plugins"]>[string] },
        rules: { [`elicitation/${name}`]: options ? ["error", ...options] : "error" } as Linter.RulesRecord,
      },
    ],
    `example.${lang}`,
  );
}
