/**
 * jscodeshift transform: rewrites each branch on an answer's `action` that lets `decline` and `cancel` share one
 * path into the exhaustive `switch` the `exhaustive-action` rule suggests (both outcomes keep the old behaviour, each
 * with a comment saying what it means, and a `never` default). Files the rule does not flag come back untouched.
 *
 *   npx jscodeshift -t node_modules/eslint-plugin-elicitation/codemods/exhaustive-action.js --parser=tsx src
 */
// First: jscodeshift must stop compiling what this transform loads (see without-babel.ts).
import "./without-babel.ts";
import exhaustiveAction from "../rules/exhaustive-action.ts";
import { decideBySuggestion, fixWithRules, type FixOutcome } from "./apply-suggestions.ts";
import { textMayContainHumanWait } from "../core/human-wait.ts";
import { toJscodeshiftTransform } from "./jscodeshift-adapter.ts";

export const RULE_NAME = "exhaustive-action";

export function runExhaustiveAction(source: string, file: string): FixOutcome {
  return fixWithRules(source, file, [{ name: RULE_NAME, rule: exhaustiveAction }], decideBySuggestion, {
    mayMatch: textMayContainHumanWait,
  });
}

export default toJscodeshiftTransform(runExhaustiveAction);
