/**
 * jscodeshift transform: moves the release of a lock, transaction or reservation held across a wait (or the
 * `clearTimeout` / `clearInterval` of a timer armed before it) into `try { … } finally { release }` right after the
 * acquisition, as the `release-in-finally` rule suggests; with
 * `--await-using=true`, `await using` where the rule offers it (the acquisition returns a disposable).
 * Conditional releases and handles that escape the function are reported, not rewritten.
 *
 *   npx jscodeshift -t node_modules/eslint-plugin-elicitation/codemods/release-in-finally.js --parser=tsx src
 */
// First: jscodeshift must stop compiling what this transform loads (see without-babel.ts).
import "./without-babel.ts";
import type { Linter } from "eslint";
import releaseInFinally, { mayReport, type MessageIds } from "../rules/release-in-finally/index.ts";
import {
  noRewriteReason,
  runPlan,
  type Decision,
  type FixOutcome,
  type LintRules,
  type TransformPlan,
} from "./apply-suggestions.ts";
import { toJscodeshiftTransform, type CodemodOptions } from "./jscodeshift-adapter.ts";

export const RULE_NAME = "release-in-finally";

/** Escaping handles are reported (then skipped with their reason) rather than silently passed over. */
const REPORT_EVERYTHING = { reportEscapingHandles: true };

/** `lint`: how its passes are linted, when `migrate` shares the lints of a file's transforms. */
export function runReleaseInFinally(
  source: string,
  file: string,
  options: CodemodOptions = {},
  lint?: LintRules,
): FixOutcome {
  return runPlan(releaseInFinallyPlan(options), source, file, lint);
}

export function releaseInFinallyPlan(options: CodemodOptions = {}): TransformPlan {
  return {
    rules: [{ name: RULE_NAME, rule: releaseInFinally, options: REPORT_EVERYTHING, mayReport }],
    decide: (problem) => chooseRewrite(problem, options.awaitUsing === true),
    // Whether an acquisition returns a disposable is a question for the type checker.
    typed: options.awaitUsing === true,
  };
}

/** The `await using` suggestion when asked for and offered; otherwise the `try/finally` one. */
function chooseRewrite(problem: Linter.LintMessage, preferAwaitUsing: boolean): Decision {
  const suggestions = problem.suggestions ?? [];
  // Every suggestion but `holdWithUsing` is a `try` of some shape.
  const usingId: MessageIds = "holdWithUsing";
  const isUsing = (suggestion: Linter.LintSuggestion) => suggestion.messageId === usingId;
  const chosen =
    (preferAwaitUsing ? suggestions.find(isUsing) : undefined) ?? suggestions.find((s) => !isUsing(s)) ?? undefined;
  return chosen ? { edit: { range: chosen.fix.range, text: chosen.fix.text } } : { skip: noRewriteReason(problem) };
}

export default toJscodeshiftTransform(runReleaseInFinally);
