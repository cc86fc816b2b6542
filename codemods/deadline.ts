/**
 * jscodeshift transform: gives every recognised human wait that `require-deadline` reports a deadline chosen for a
 * person (`timeout` from the required `--deadline-ms`; there is no default), and forwards the caller's abort signal
 * where `forward-abort-signal` reports. Where the API takes options, they are written into the call (MCP `{ timeout,
 * signal }`, ACP 2.x `{ cancellationSignal, stopWaitingOnCancel: true }`), laid out as the call is and kept within
 * the file's line width. Where it takes none (ACP 0.x/1.x `requestPermission`, `createElicitation`), the call is
 * handed to one small helper per file, `askWithin(ask, { signal, ms, noAnswer })` (see edits/race-helper-text.ts), or to the
 * file's own helper that already races a signal. Where the options live elsewhere (a variable, a spread), nothing
 * changes and the reason is reported.
 *
 *   npx jscodeshift -t node_modules/eslint-plugin-elicitation/codemods/deadline.js --parser=tsx --deadline-ms=300000 src
 */
// First: jscodeshift must stop compiling what this transform loads (see without-babel.ts).
import "./without-babel.ts";
import path from "node:path";
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import type { Linter, SourceCode } from "eslint";
import { matchHumanWaitCall, type HumanWaitCall } from "../analysis/calls.ts";
import { isUnknownOrigin } from "../analysis/human-wait.ts";
import { walkSubtree } from "../analysis/ast.ts";
import { compileWrappers, type WrapperSpecifier } from "../analysis/wrappers.ts";
import forwardAbortSignal, {
  mayReport as signalMayReport,
  type MessageIds as SignalMessageId,
} from "../rules/forward-abort-signal/index.ts";
import requireDeadline, { mayReport as deadlineMayReport } from "../rules/require-deadline/index.ts";
import {
  editContext,
  forwardWithDeadline,
  noEditReason,
  raceWithHelper,
  unknownApiSkip,
  type Edits,
} from "../edits/deadline-edits.ts";
import {
  CodemodUsageError,
  combineEdits,
  decideBySuggestion,
  fixWithRules,
  noRewriteReason,
  suggestionEdit,
  type Decision,
  type FixOutcome,
  type TextEdit,
} from "./apply-suggestions.ts";
import { toJscodeshiftTransform, type CodemodOptions } from "./jscodeshift-adapter.ts";

export const DEADLINE_RULE = "require-deadline";
export const SIGNAL_RULE = "forward-abort-signal";

/**
 * Opaque options are reported (then skipped with their reason) rather than silently passed over, and ACP permission
 * prompts that only the turn's cancel ends are given a deadline too: the transform is asked for deadlines.
 */
const REPORT_EVERYTHING = { reportOpaqueOptions: true, timeCancellablePermissions: true };

export function runDeadline(source: string, file: string, options: CodemodOptions): FixOutcome {
  if (options.deadlineMs === undefined) {
    // A file with no wait needs no deadline: it is passed over before the option is asked for.
    if (!signalMayReport(source) && !deadlineMayReport(source, REPORT_EVERYTHING)) {
      return { output: source, changed: false, skipped: [], applied: 0 };
    }
    throw new CodemodUsageError(
      "deadline: --deadline-ms is required (how many milliseconds a person gets to answer; there is no default)",
    );
  }
  const deadlineMs = options.deadlineMs;
  const entries = options.humanWaitFunctions ? [...options.humanWaitFunctions] : undefined;
  const listed = entries ? { humanWaitFunctions: entries } : {};
  // As the rules compile them under the engine's Linter, whose cwd is the file system's root.
  const absolute = path.resolve(file);
  const wrappers = compileWrappers(entries, { filename: absolute, cwd: path.parse(absolute).root });
  const outcome = fixWithRules(
    source,
    file,
    [
      { name: SIGNAL_RULE, rule: forwardAbortSignal, options: listed, mayReport: signalMayReport },
      {
        name: DEADLINE_RULE,
        rule: requireDeadline,
        // Given the deadline, the rule suggests the edit that writes it.
        options: { ...REPORT_EVERYTHING, ...listed, deadlineMs },
        mayReport: deadlineMayReport,
      },
    ],
    (problem, sourceCode) => {
      const context: DecideContext = { problem, sourceCode, wrappers, deadlineMs, file };
      const decision =
        problem.ruleId === `elicitation/${SIGNAL_RULE}` ? decideSignal(context) : decideDeadline(context);
      return "edit" in decision
        ? { ...decision, label: editKind(decision.edit, sourceCode.text, deadlineMs) }
        : decision;
    },
  );
  return { ...outcome, addedHelpers: outcome.changed ? helpersAdded(source, outcome.output) : [] };
}

/**
 * `deadline` for an edit that writes the deadline (with or without the signal), `signal` for one that only forwards the
 * caller's signal: an edit adds the deadline when its text holds `deadlineMs` more often than the text it replaces.
 */
function editKind(edit: TextEdit, text: string, deadlineMs: number): "deadline" | "signal" {
  const count = (value: string) => value.split(String(deadlineMs)).length - 1;
  return count(edit.text) > count(text.slice(edit.range[0], edit.range[1])) ? "deadline" : "signal";
}

interface DecideContext {
  readonly problem: Linter.LintMessage;
  readonly sourceCode: SourceCode;
  readonly deadlineMs: number;
  readonly file: string;
  /** The project's `humanWaitFunctions` entries, compiled for this file. */
  readonly wrappers: readonly WrapperSpecifier[];
}

/**
 * What the transform does with each kind of `forward-abort-signal` report: where it forwards the signal, the deadline
 * `require-deadline` would ask for next goes into the same edit (built by that rule's edits, given the deadline).
 */
function decideSignal(context: DecideContext): Decision {
  const { problem, sourceCode, deadlineMs, file } = context;
  const wait = findReportedWait(context);
  // Unless the program's types told the rule the option (then it offers the edit).
  if (wait && isUnknownOrigin(wait.api) && !problem.suggestions?.length)
    return asDecision(unknownApiSkip(wait.api, "signal"), context);
  const edits = editContext(sourceCode as unknown as TSESLint.SourceCode, file, deadlineMs);
  // Typed with the rule's ids, so a renamed message id fails to compile here instead of skipping the rewrite.
  switch (problem.messageId as SignalMessageId | undefined) {
    case "notRaced":
      return wait ? asDecision(raceWithHelper(edits, wait), context) : { skip: noRewriteReason(problem) };
    case "notForwarded": {
      const forwarded = wait && forwardWithDeadline(edits, wait);
      return forwarded ? asDecision(forwarded, context) : decideBySuggestion(problem);
    }
    default:
      return decideBySuggestion(problem);
  }
}

/** The rule-side edits as one decision: applied whole, or skipped with their reason (or the report's message). */
function asDecision(made: Edits, { problem, sourceCode }: DecideContext): Decision {
  if ("skip" in made) return { skip: made.skip ?? noRewriteReason(problem) };
  const [first] = made.edits;
  return { edit: made.edits.length === 1 ? first! : combineEdits(sourceCode.text, made.edits) };
}

/**
 * A `require-deadline` report: the edit its suggestion makes (the rule was given the deadline), or why it offers none,
 * as the rule kept it, or in the words of its message.
 */
function decideDeadline({ problem, sourceCode }: DecideContext): Decision {
  const edit = suggestionEdit(problem);
  if (edit) return { edit };
  const offset = sourceCode.getIndexFromLoc({ line: problem.line, column: problem.column - 1 });
  return { skip: noEditReason(sourceCode, offset) ?? noRewriteReason(problem) };
}

/** Whether `output` declares a helper `input` did not have, by name: what `migrate` reports as added. */
function helpersAdded(input: string, output: string): string[] {
  const declared = (text: string) =>
    new Set([...text.matchAll(/^function ((?:askWithin|withinDeadline)\d*)[<(]/gm)].map((match) => match[1]!));
  const before = declared(input);
  return [...declared(output)].filter((name) => !before.has(name));
}

/**
 * The recognised wait whose call or callee the report starts at (a `Promise.race` or hand-rolled wait the rule
 * reports has none, and is skipped with the rule's message).
 */
function findReportedWait({ problem, sourceCode, wrappers }: DecideContext): HumanWaitCall | null {
  const offset = sourceCode.getIndexFromLoc({ line: problem.line, column: problem.column - 1 });
  let found: HumanWaitCall | null = null;
  walkSubtree(sourceCode.ast as unknown as TSESTree.Program, sourceCode.visitorKeys, (node) => {
    if (offset < node.range[0] || offset > node.range[1]) return "skip";
    if (node.type === AST_NODE_TYPES.CallExpression && (offset === node.range[0] || within(offset, node.callee))) {
      found = matchHumanWaitCall(node, sourceCode as never, wrappers) ?? found;
    }
    return false;
  });
  return found;
}

function within(offset: number, node: TSESTree.Node): boolean {
  return offset >= node.range[0] && offset <= node.range[1];
}

export default toJscodeshiftTransform(runDeadline);
