/**
 * jscodeshift transform: gives every recognised human wait that `require-deadline` reports a deadline chosen for a
 * person (`timeout` from the required `--deadline-ms`; there is no default), and forwards the caller's abort signal
 * where `forward-abort-signal` reports (its suggestion, applied as is). Where the options live elsewhere (a variable,
 * a spread) or the API takes no deadline option, nothing changes and the reason is reported.
 *
 *   npx jscodeshift -t node_modules/eslint-plugin-elicitation/codemods/deadline.js --parser=tsx --deadline-ms=300000 src
 */
// First: jscodeshift must stop compiling what this transform loads (see without-babel.ts).
import "./without-babel.ts";
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import type { AST, Linter, SourceCode } from "eslint";
import { matchHumanWaitCall, type HumanWaitCall } from "../core/calls.ts";
import { findProperty, walkSubtree } from "../core/ast.ts";
import { insertIntoList as insertIntoListOf } from "../core/layout.ts";
import { newObjectArgumentEdit, spellKey } from "../core/object-edit.ts";
import forwardAbortSignal, { mayReport as signalMayReport } from "../rules/forward-abort-signal.ts";
import requireDeadline, { mayReport as deadlineMayReport } from "../rules/require-deadline.ts";
import {
  combineEdits,
  decideBySuggestion,
  fixWithRules,
  noRewriteReason,
  type Decision,
  type FixOutcome,
  type TextEdit,
} from "./apply-suggestions.ts";
import { toJscodeshiftTransform, type CodemodOptions } from "./jscodeshift-adapter.ts";

export const DEADLINE_RULE = "require-deadline";
export const SIGNAL_RULE = "forward-abort-signal";

/** Opaque options are reported (then skipped with their reason) rather than silently passed over. */
const REPORT_EVERYTHING = { reportOpaqueOptions: true };

export function runDeadline(source: string, file: string, options: CodemodOptions): FixOutcome {
  if (options.deadlineMs === undefined) {
    throw new Error(
      "deadline: --deadline-ms is required (how many milliseconds a person gets to answer; there is no default)",
    );
  }
  const deadlineMs = options.deadlineMs;
  return fixWithRules(
    source,
    file,
    [
      { name: SIGNAL_RULE, rule: forwardAbortSignal, mayReport: signalMayReport },
      { name: DEADLINE_RULE, rule: requireDeadline, options: REPORT_EVERYTHING, mayReport: deadlineMayReport },
    ],
    (problem, sourceCode) =>
      problem.ruleId === `elicitation/${SIGNAL_RULE}`
        ? decideBySuggestion(problem)
        : decideDeadline(problem, sourceCode, deadlineMs),
  );
}

/** What the deadline transform does with each kind of `require-deadline` report. */
function decideDeadline(problem: Linter.LintMessage, sourceCode: SourceCode, deadlineMs: number): Decision {
  switch (problem.messageId) {
    case "missingDeadline":
    // A deadline on the call itself ends the question when it fires; the race around it can stay.
    case "raceLeavesRequestOpen":
      return addDeadline(problem, sourceCode, deadlineMs);
    case "deadlineKeepsWaiting":
      return addSignalCompanion(problem, sourceCode);
    default:
      return { skip: noRewriteReason(problem) };
  }
}

/**
 * Adds the deadline to the options of the wait the report points at, creating the options object if absent:
 * `timeout: <ms>` where the API has a deadline field; where it only takes a signal (ACP 2.x), the signal becomes
 * `AbortSignal.timeout(<ms>)` (combined with one already passed) with the field that makes the wait end on it.
 */
function addDeadline(problem: Linter.LintMessage, sourceCode: SourceCode, deadlineMs: number): Decision {
  const wait = findReportedWait(problem, sourceCode);
  if (!wait) return { skip: noRewriteReason(problem) };
  const { api, node: call } = wait;
  if (api.defaultDeadline.kind === "unknown") {
    // A look-alike from no known package: its options (if it takes any) are unknown, so none are invented.
    return {
      skip: `${api.label} comes from no package this codemod knows, so which options it takes is unknown: add the deadline by hand (a timeout option if it has one, or race it against a timer)`,
    };
  }
  const deadlineField = api.deadlineFields.includes("timeout") ? "timeout" : api.deadlineFields[0];
  const signalField = api.signalField;
  if (api.optionsArgIndex === null || (deadlineField === undefined && signalField === null)) {
    return {
      skip: `${api.label} takes no deadline option: race the wait against AbortSignal.timeout(…) by hand and treat the timeout as a cancel`,
    };
  }
  const located = locateOptions(call, api.optionsArgIndex, sourceCode);
  if ("skip" in located) return located;
  const options = located.options;
  const spell = (key: string) => (options ? spellKey(options, key, sourceCode as never) : key);
  const timer = `AbortSignal.timeout(${deadlineMs})`;
  if (deadlineField !== undefined) return located.add([`${spell(deadlineField)}: ${deadlineMs}`]);

  // Signal-only API: the deadline is a timer signal, and the wait must be told to stop on it.
  const companion = api.signalCompanionField;
  const existingSignal = options ? findProperty(options, signalField!) : null;
  const companionProperty = options && companion ? findProperty(options, companion) : null;
  if (companionProperty && !isTrue(companionProperty.value)) {
    return { skip: `\`${companion}\` is set to something other than \`true\` here; left as is` };
  }
  const additions = companion && !companionProperty ? [`${spell(companion)}: true`] : [];
  if (!existingSignal) return located.add([`${spell(signalField!)}: ${timer}`, ...additions]);
  const value = existingSignal.value;
  const combined: TextEdit = existingSignal.shorthand
    ? { range: existingSignal.range, text: `${spell(signalField!)}: AbortSignal.any([${sourceCode.getText(value as never)}, ${timer}])` }
    : { range: value.range, text: `AbortSignal.any([${sourceCode.getText(value as never)}, ${timer}])` };
  if (additions.length === 0) return { edit: combined };
  const added = located.add(additions);
  return "edit" in added ? { edit: combineEdits(sourceCode.text, [combined, added.edit]) } : added;
}

/** `deadlineKeepsWaiting`: the timer signal is there, the field that makes the wait end on it is not. */
function addSignalCompanion(problem: Linter.LintMessage, sourceCode: SourceCode): Decision {
  const wait = findReportedWait(problem, sourceCode);
  const companion = wait?.api.signalCompanionField;
  if (!wait || !companion || wait.api.optionsArgIndex === null) return { skip: noRewriteReason(problem) };
  const located = locateOptions(wait.node, wait.api.optionsArgIndex, sourceCode);
  if ("skip" in located) return located;
  if (!located.options) return { skip: noRewriteReason(problem) };
  const existing = findProperty(located.options, companion);
  if (existing) return { skip: `\`${companion}\` is set to something other than \`true\` here; left as is` };
  return located.add([`${spellKey(located.options, companion, sourceCode as never)}: true`]);
}

type LocatedOptions =
  | { skip: string }
  | {
      /** The options object literal, or null when the call passes none yet. */
      options: TSESTree.ObjectExpression | null;
      /** Adds properties to it, or appends a new options object holding them. */
      add(properties: readonly string[]): Decision;
    };

/** The options object literal of a call, where new properties can be written in place. */
function locateOptions(call: TSESTree.CallExpression, index: number, sourceCode: SourceCode): LocatedOptions {
  if (call.arguments.some((argument) => argument.type === AST_NODE_TYPES.SpreadElement)) {
    return { skip: "the call spreads its arguments: add the deadline where they are built" };
  }
  const options = call.arguments[index];
  if (!options) {
    if (call.arguments.length !== index) {
      return { skip: "the call passes fewer arguments than come before its options; left as is" };
    }
    return {
      options: null,
      add: (properties) => {
        // Laid out like the call: one line, or spread over lines as its arguments are.
        const edit = newObjectArgumentEdit(sourceCode as never, call, properties);
        return edit
          ? { edit }
          : { edit: insertIntoList(sourceCode, call.arguments, closingParen(sourceCode, call), `{ ${properties.join(", ")} }`) };
      },
    };
  }
  if (options.type !== AST_NODE_TYPES.ObjectExpression) {
    return { skip: `the options are built elsewhere (\`${sourceCode.getText(options as never)}\`): add the deadline there` };
  }
  if (options.properties.some((entry) => entry.type === AST_NODE_TYPES.SpreadElement)) {
    return { skip: "the options spread another object, which may set a deadline of its own: add the deadline there" };
  }
  const closingBrace = sourceCode.getLastToken(options as never)!;
  return {
    options,
    add: (properties) => ({ edit: insertIntoList(sourceCode, options.properties, closingBrace, properties.join(", ")) }),
  };
}

function isTrue(node: TSESTree.Node): boolean {
  return node.type === AST_NODE_TYPES.Literal && node.value === true;
}

/**
 * The recognised wait whose call or callee the report starts at (a `Promise.race` or hand-rolled wait the rule
 * reports has none, and is skipped with the rule's message).
 */
function findReportedWait(problem: Linter.LintMessage, sourceCode: SourceCode): HumanWaitCall | null {
  const offset = sourceCode.getIndexFromLoc({ line: problem.line, column: problem.column - 1 });
  let found: HumanWaitCall | null = null;
  walkSubtree(sourceCode.ast as unknown as TSESTree.Program, sourceCode.visitorKeys, (node) => {
    if (offset < node.range[0] || offset > node.range[1]) return "skip";
    if (node.type === AST_NODE_TYPES.CallExpression && (offset === node.range[0] || within(offset, node.callee))) {
      found = matchHumanWaitCall(node) ?? found;
    }
    return false;
  });
  return found;
}

function within(offset: number, node: TSESTree.Node): boolean {
  return offset >= node.range[0] && offset <= node.range[1];
}

function closingParen(sourceCode: SourceCode, call: TSESTree.CallExpression): AST.Token {
  return sourceCode.getLastToken(call as never)!;
}

/** core/layout.ts `insertIntoList` on ESLint's own SourceCode and token types. */
function insertIntoList(sourceCode: SourceCode, items: readonly TSESTree.Node[], closer: AST.Token, item: string): TextEdit {
  return insertIntoListOf(sourceCode as never, items, closer as never, item);
}

export default toJscodeshiftTransform(runDeadline);
