/**
 * jscodeshift transform: gives every recognised human wait that `require-deadline` reports a deadline chosen for a
 * person (`timeout` from the required `--deadline-ms`; there is no default), and forwards the caller's abort signal
 * where `forward-abort-signal` reports. Where the API takes options, they are written into the call (MCP `{ timeout,
 * signal }`, ACP 2.x `{ cancellationSignal, stopWaitingOnCancel: true }`), laid out as the call is and kept within
 * the file's line width. Where it takes none (ACP 0.x/1.x `requestPermission`, `createElicitation`), the call is
 * handed to one small helper per file, `askWithin(ask, { signal, ms, noAnswer })` (see edits/race-helper-text.ts), or to the
 * file's own helper that already races a signal. Where the options live elsewhere (a variable, a spread), nothing
 * changes and the reason is reported. The edits are the two rules' own suggestions, given the deadline as their
 * `deadlineMs` option (edits/deadline-edits.ts): the transform only applies them.
 *
 *   npx jscodeshift -t node_modules/eslint-plugin-elicitation/codemods/deadline.js --parser=tsx --deadline-ms=300000 src
 */
// First: jscodeshift must stop compiling what this transform loads (see without-babel.ts).
import "./without-babel.ts";
import forwardAbortSignal, { mayReport as signalMayReport } from "../rules/forward-abort-signal/index.ts";
import requireDeadline, { mayReport as deadlineMayReport } from "../rules/require-deadline/index.ts";
import { NO_EDIT_KEY, WRITES_DEADLINE, WRITES_KEY, writesDeadline } from "../edits/rewrite-or-reason.ts";
import {
  CodemodUsageError,
  noRewriteReason,
  runPlan,
  suggestionEdit,
  type Decision,
  type FixOutcome,
  type LintRules,
  type Report,
  type TextEdit,
  type TransformPlan,
} from "./apply-suggestions.ts";
import { toJscodeshiftTransform, type CodemodOptions } from "./jscodeshift-adapter.ts";

export const DEADLINE_RULE = "require-deadline";
export const SIGNAL_RULE = "forward-abort-signal";

/**
 * Opaque options are reported (then skipped with their reason) rather than silently passed over, and ACP permission
 * prompts that only the turn's cancel ends are given a deadline too: the transform is asked for deadlines.
 */
const REPORT_EVERYTHING = { reportOpaqueOptions: true, timeCancellablePermissions: true };

/** `lint`: how its passes are linted, when `migrate` shares the lints of a file's transforms. */
export function runDeadline(source: string, file: string, options: CodemodOptions, lint?: LintRules): FixOutcome {
  // A file with no wait needs no deadline: it is passed over before the option is asked for.
  if (options.deadlineMs === undefined && !signalMayReport(source) && !deadlineMayReport(source, REPORT_EVERYTHING))
    return { output: source, changed: false, skipped: [], applied: 0 };
  return { addedHelpers: [], ...runPlan(deadlinePlan(options), source, file, lint) };
}

/** Throws `CodemodUsageError` without `deadlineMs`: how long a person gets is the user's decision. */
export function deadlinePlan(options: CodemodOptions): TransformPlan {
  const { deadlineMs } = options;
  if (deadlineMs === undefined) {
    throw new CodemodUsageError(
      "deadline: --deadline-ms is required (how many milliseconds a person gets to answer; there is no default)",
    );
  }
  const entries = options.humanWaitFunctions ? [...options.humanWaitFunctions] : undefined;
  const listed = entries ? { humanWaitFunctions: entries } : {};
  return {
    rules: [
      // Given the deadline, each rule suggests the edit that writes it (forwarding the signal with it).
      { name: SIGNAL_RULE, rule: forwardAbortSignal, options: { ...listed, deadlineMs }, mayReport: signalMayReport },
      {
        name: DEADLINE_RULE,
        rule: requireDeadline,
        options: { ...REPORT_EVERYTHING, ...listed, deadlineMs },
        mayReport: deadlineMayReport,
      },
    ],
    decide: decideBySuggestionOrReason,
    ecmaVersion: options.ecmaVersion,
    addedHelpers: helpersAdded,
  };
}

/**
 * How `migrate` counts edits of this transform it has only as text (an edit the type check left out): `deadline` when
 * they write the deadline, `signal` when they only forward the caller's signal (into options that already bound the
 * wait), as the rules' suggestions say of the same edits (edits/rewrite-or-reason.ts).
 */
export function deadlineEditLabel(text: string, edits: readonly TextEdit[], deadlineMs: number): "deadline" | "signal" {
  return writesDeadline(text, edits, deadlineMs) ? "deadline" : "signal";
}

/**
 * A report of either rule: the edit its suggestion makes (the rules were given the deadline), counted as a deadline
 * or a forwarded signal as the suggestion says; or why it offers none, as the report says, or in its message's words.
 */
function decideBySuggestionOrReason(problem: Report): Decision {
  const edit = suggestionEdit(problem);
  if (edit)
    return { edit, label: problem.suggestions?.[0]?.data?.[WRITES_KEY] === WRITES_DEADLINE ? "deadline" : "signal" };
  const reason = problem.data?.[NO_EDIT_KEY];
  return { skip: typeof reason === "string" ? reason : noRewriteReason(problem) };
}

/** Whether `output` declares a helper `input` did not have, by name: what `migrate` reports as added. */
function helpersAdded(input: string, output: string): string[] {
  const declared = (text: string) =>
    new Set([...text.matchAll(/^function ((?:askWithin|withinDeadline)\d*)[<(]/gm)].map((match) => match[1]!));
  const before = declared(input);
  return [...declared(output)].filter((name) => !before.has(name));
}

export default toJscodeshiftTransform(runDeadline);
