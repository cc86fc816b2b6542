/** The transforms `migrate` runs, in the order it runs them, and what each needs from the command line. */
import type { FixOutcome, LintRules } from "./apply-suggestions.ts";
import { runDeadline } from "./deadline.ts";
import { runExhaustiveAction } from "./exhaustive-action.ts";
import type { CodemodOptions } from "./jscodeshift-adapter.ts";
import { runReleaseInFinally } from "./release-in-finally.ts";

export interface Codemod {
  /** The transform's file name under codemods/, and the `--transform` value. */
  readonly name: string;
  readonly summary: string;
  /** The rules whose reports the transform rewrites. */
  readonly rules: readonly string[];
  /** `lint`: how its passes are linted, when the caller shares the lints of a file's transforms (`sharedLinting`). */
  readonly run: (source: string, file: string, options: CodemodOptions, lint?: LintRules) => FixOutcome;
  /** Whether it cannot run without `--deadline-ms`. */
  readonly needsDeadline: boolean;
}

export const CODEMODS: readonly Codemod[] = [
  {
    name: "exhaustive-action",
    summary: "decline and cancel as separate cases of an exhaustive switch",
    rules: ["exhaustive-action"],
    run: runExhaustiveAction,
    needsDeadline: false,
  },
  {
    name: "release-in-finally",
    summary: "release what is held across the wait in finally (or await using)",
    rules: ["release-in-finally"],
    run: runReleaseInFinally,
    needsDeadline: false,
  },
  {
    name: "deadline",
    summary: "a deadline chosen for a person, and the caller's abort signal forwarded",
    rules: ["require-deadline", "forward-abort-signal"],
    run: runDeadline,
    needsDeadline: true,
  },
];
