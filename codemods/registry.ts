/** The transforms `migrate` runs, in the order it runs them, and what each needs from the command line. */
import type { FixOutcome, LintRules, TransformPlan } from "./apply-suggestions.ts";
import { deadlinePlan, runDeadline } from "./deadline.ts";
import { exhaustiveActionPlan, runExhaustiveAction } from "./exhaustive-action.ts";
import type { CodemodOptions } from "./jscodeshift-adapter.ts";
import { releaseInFinallyPlan, runReleaseInFinally } from "./release-in-finally.ts";

export interface Codemod {
  /** The transform's file name under codemods/, and the `--transform` value. */
  readonly name: string;
  readonly summary: string;
  /** The rules whose reports the transform rewrites. */
  readonly rules: readonly string[];
  /** `lint`: how its passes are linted, when the caller shares the lints of a file's transforms (`sharedLinting`). */
  readonly run: (source: string, file: string, options: CodemodOptions, lint?: LintRules) => FixOutcome;
  /** What `run` rewrites with, for running several transforms as one (codemods/run-transforms.ts). */
  readonly plan: (options: CodemodOptions) => TransformPlan;
  /** Whether it cannot run without `--deadline-ms`. */
  readonly needsDeadline: boolean;
}

export const CODEMODS: readonly Codemod[] = [
  {
    name: "exhaustive-action",
    summary: "decline and cancel as separate cases of an exhaustive switch",
    rules: ["exhaustive-action"],
    run: runExhaustiveAction,
    plan: exhaustiveActionPlan,
    needsDeadline: false,
  },
  {
    name: "release-in-finally",
    summary: "release what is held across the wait in finally (or await using)",
    rules: ["release-in-finally"],
    run: runReleaseInFinally,
    plan: releaseInFinallyPlan,
    needsDeadline: false,
  },
  {
    name: "deadline",
    summary: "a deadline chosen for a person, and the caller's abort signal forwarded",
    rules: ["require-deadline", "forward-abort-signal"],
    run: runDeadline,
    plan: deadlinePlan,
    needsDeadline: true,
  },
];
