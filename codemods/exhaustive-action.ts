/**
 * jscodeshift transform: rewrites each branch on an answer's `action` that lets `decline` and `cancel` share one
 * path into the exhaustive `switch` the `exhaustive-action` rule suggests (both outcomes keep the old behaviour, each
 * with a comment saying what it means, and a `never` default). Files the rule does not flag come back untouched.
 *
 *   npx jscodeshift -t node_modules/eslint-plugin-elicitation/codemods/exhaustive-action.js --parser=tsx src
 */
// First: jscodeshift must stop compiling what this transform loads (see without-babel.ts).
import "./without-babel.ts";
import type { Linter } from "eslint";
import exhaustiveAction, { EXPLAINS_MISSING_REWRITE, mayReport } from "../rules/exhaustive-action/index.ts";
import {
  noRewriteReason,
  runPlan,
  suggestionEdit,
  type Decision,
  type FixOutcome,
  type LintRules,
  type TransformPlan,
} from "./apply-suggestions.ts";
import { toJscodeshiftTransform, type CodemodOptions } from "./jscodeshift-adapter.ts";

export const RULE_NAME = "exhaustive-action";

/** `lint`: how its passes are linted, when `migrate` shares the lints of a file's transforms. */
export function runExhaustiveAction(
  source: string,
  file: string,
  _options?: CodemodOptions,
  lint?: LintRules,
): FixOutcome {
  return runPlan(exhaustiveActionPlan(), source, file, lint);
}

export function exhaustiveActionPlan(): TransformPlan {
  return { rules: [{ name: RULE_NAME, rule: exhaustiveAction, mayReport }], decide };
}

/** The rule's one suggestion (the exhaustive switch), or the reason its message gives for offering none. */
function decide(problem: Linter.LintMessage): Decision {
  const edit = suggestionEdit(problem);
  return edit ? { edit } : { skip: noRewriteReason(problem, EXPLAINS_MISSING_REWRITE) };
}

export default toJscodeshiftTransform(runExhaustiveAction);
