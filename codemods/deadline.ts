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
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import type { AST, Linter, SourceCode } from "eslint";
import { matchHumanWaitCall, type HumanWaitCall } from "../analysis/calls.ts";
import { isUnknownOrigin } from "../analysis/human-wait.ts";
import { parkedAnswerShape } from "../rules/require-deadline/parked.ts";
import type { HumanWaitApi } from "../protocol/apis.ts";
import { findProperty, walkSubtree } from "../analysis/ast.ts";
import { isAbortSignalStaticCall } from "../analysis/walk.ts";
import {
  canCarryDeadline,
  findUntimedHelperRace,
  findUserLandRaces,
  readDeadline,
  readOptions,
} from "../analysis/deadline.ts";
import {
  indentAt,
  insertIntoList as insertIntoListOf,
  layoutOf,
  lineLengthWith,
  type FileLayout,
} from "../edits/layout.ts";
import { newObjectArgumentEdit, propertyText, spellKey } from "../edits/object-edit.ts";
import { noDecisionAnswerText } from "../edits/answer-text.ts";
import { findCallerSignals } from "../analysis/signals.ts";
import { compileWrappers, type WrapperSpecifier } from "../analysis/wrappers.ts";
import forwardAbortSignal, {
  mayReport as signalMayReport,
  type MessageIds as SignalMessageId,
} from "../rules/forward-abort-signal/index.ts";
import requireDeadline, {
  mayReport as deadlineMayReport,
  type MessageIds as DeadlineMessageId,
} from "../rules/require-deadline/index.ts";
import {
  CodemodUsageError,
  combineEdits,
  decideBySuggestion,
  fixWithRules,
  noRewriteReason,
  type Decision,
  type FixOutcome,
  type TextEdit,
} from "./apply-suggestions.ts";
import { toJscodeshiftTransform, type CodemodOptions } from "./jscodeshift-adapter.ts";
import {
  callWithOptions,
  DEADLINE_PARAMETER,
  deadlineHelperEdits,
  findExistingHelper,
  freeHelperName,
  helperInsertion,
  helperText,
  HELPER_OPTIONS,
} from "../edits/race-helper-text.ts";

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
  const typescript = /\.[cm]?tsx?$/i.test(file);
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
        options: { ...REPORT_EVERYTHING, ...listed },
        mayReport: deadlineMayReport,
      },
    ],
    (problem, sourceCode) => {
      const style = layoutOf(sourceCode as never);
      const context: DecideContext = { problem, sourceCode, deadlineMs, typescript, style, wrappers };
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
  readonly typescript: boolean;
  readonly style: FileLayout;
  /** The project's `humanWaitFunctions` entries, compiled for this file. */
  readonly wrappers: readonly WrapperSpecifier[];
}

/** What the transform does with each kind of `forward-abort-signal` report. */
function decideSignal(context: DecideContext): Decision {
  const wait = findReportedWait(context);
  // Unless the program's types told the rule the option (then it offers the edit).
  if (wait && isUnknownOrigin(wait.api) && !context.problem.suggestions?.length)
    return unknownApiSkip(wait.api, "signal");
  // Typed with the rule's ids, so a renamed message id fails to compile here instead of skipping the rewrite.
  switch (context.problem.messageId as SignalMessageId | undefined) {
    case "notRaced":
      return raceWithHelper(context);
    case "notForwarded":
      return forwardWithDeadline(context) ?? decideBySuggestion(context.problem);
    default:
      return decideBySuggestion(context.problem);
  }
}

/** What the transform does with each kind of `require-deadline` report. */
function decideDeadline(context: DecideContext): Decision {
  const { problem } = context;
  switch (problem.messageId as DeadlineMessageId | undefined) {
    // Asked for deadlines, the transform gives one to an ACP permission prompt only the turn's cancel ends, too.
    case "cancelOnlyBound":
    case "missingDeadline": {
      const wait = findReportedWait(context);
      if (wait && isUnknownOrigin(wait.api)) return unknownApiSkip(wait.api, "deadline");
      // An API that takes no deadline option gets one from the race helper.
      if (wait && !canCarryDeadline(wait.api)) return raceWithHelper(context);
      return addDeadline(context);
    }
    // A deadline on the call itself ends the question when it fires; the race around it can stay.
    case "raceLeavesRequestOpen":
      return addDeadline(context);
    case "deadlineKeepsWaiting":
      return addSignalCompanion(context);
    case "handRolledWait":
      return settleParkedPromise(context);
    default:
      return { skip: noRewriteReason(problem) };
  }
}

/**
 * A wait whose API takes no options (or no signal): handed to a helper that races it against the caller's signal
 * and a timer. Reuses the file's helper when it has one; otherwise adds `askWithin` once, beside the imports.
 * A call a helper already races (but without a timer) gets the timer through the signal it is handed, or, when the
 * helper arms a timer only if given a delay (`askWithin` without `ms`), through that delay.
 */
function raceWithHelper(context: DecideContext): Decision {
  const { problem, sourceCode, deadlineMs, style } = context;
  const wait = findReportedWait(context);
  if (!wait) return { skip: noRewriteReason(problem) };
  const code = sourceCode as never;
  const timer = `AbortSignal.timeout(${deadlineMs})`;
  // `askWithin(ask, { signal, noAnswer })` (the editor's suggestion, which knew no deadline): the file's helper arms
  // its timer only when given one, so the deadline goes into the call's options.
  const untimed = findUntimedHelperRace(wait.node, code);
  if (untimed) {
    const delay = `${spellKey(untimed.options, untimed.option, code)}: ${deadlineMs}`;
    return { edit: insertIntoObject(sourceCode, untimed.options, [delay], style) };
  }
  const race = findUserLandRaces(wait.node, code)[0];
  if (race) {
    const [other] = race.others;
    const handsOverASignal =
      race.others.length === 1 &&
      (other!.type === AST_NODE_TYPES.Identifier || other!.type === AST_NODE_TYPES.MemberExpression);
    if (race.node.callee.type === AST_NODE_TYPES.MemberExpression || !handsOverASignal) {
      return {
        skip: `this wait is already raced (\`${calleeText(sourceCode, race.node)}\`), but against no timer: give that race a deadline of ${deadlineMs} ms by hand`,
      };
    }
    // The race is handed a signal carrying the caller's and the deadline, from the file's `withinDeadline`.
    const handed = race.node.arguments.map((argument) =>
      argument === other ? DEADLINE_PARAMETER : sourceCode.getText(argument as never),
    );
    const raced = { range: race.node.range, text: `${calleeText(sourceCode, race.node)}(${handed.join(", ")})` };
    return wrapInDeadlineHelper(context, race.node, [raced], sourceCode.getText(other as never));
  }
  const signal = findCallerSignals(wait.node, code, wait)[0];
  const existing = findExistingHelper(code);
  const ask = sourceCode.getText(wait.node as never);
  // The API ends the wait itself (a deadline option, which require-deadline's report writes, or a fixed timeout): the
  // race only has to end it on the caller's signal, and a second timer would answer "no decision" with the dialog up.
  const boundByApi =
    wait.api.defaultDeadline.kind === "fixed" ||
    (wait.api.optionsArgIndex !== null && wait.api.deadlineFields.length > 0);
  if (existing?.kind === "signal") {
    if (boundByApi && signal)
      return { edit: callWithArguments(sourceCode.text, wait.node, existing.name, [ask, signal.text], style) };
    // A timer signal alone is held while the helper listens to it; combined with the caller's, it goes through
    // `withinDeadline` (an `AbortSignal.any` would let the timer be collected before it fires).
    if (!signal) return { edit: callWithArguments(sourceCode.text, wait.node, existing.name, [ask, timer], style) };
    const raced = { range: wait.node.range, text: `${existing.name}(${ask}, ${DEADLINE_PARAMETER})` };
    return wrapInDeadlineHelper(context, wait.node, [raced], signal.text);
  }
  const name = existing?.name ?? freeHelperName(code);
  const answer = noDecisionAnswerText(wait.api.result, { quote: style.quote, asConst: context.typescript });
  const properties = [
    ...(signal ? [propertyText(HELPER_OPTIONS.signal, signal.text)] : []),
    ...(boundByApi && signal && (!existing || existing.msOptional) ? [] : [`${HELPER_OPTIONS.ms}: ${deadlineMs}`]),
    `${HELPER_OPTIONS.noAnswer}: () => (${answer})`,
  ];
  const wrapped = callWithOptions(sourceCode.text, wait.node, `${name}(`, properties, ")", style);
  if (existing) return { edit: wrapped };
  const helper = helperInsertion(code, helperText(name, context.typescript, style), style);
  return { edit: combineEdits(sourceCode.text, [helper, wrapped]) };
}

/**
 * `callee(a, b)` in place of `node`: on one line when it fits the file's width, otherwise one argument per line at
 * one indent deeper than the line it starts on.
 */
function callWithArguments(
  text: string,
  node: TSESTree.Node,
  callee: string,
  args: readonly string[],
  style: FileLayout,
): TextEdit {
  const oneLine = `${callee}(${args.join(", ")})`;
  if (!/\n/.test(oneLine) && lineLengthWith(text, node.range[0], oneLine, node.range[1]) <= style.width) {
    return { range: node.range, text: oneLine };
  }
  const indent = indentAt(text, node.range[0]);
  const inner = `${indent}${style.indentUnit}`;
  // An argument spread over lines moves one level deeper with the rest.
  const deeper = args.map((argument) => argument.replace(/\n/g, `\n${style.indentUnit}`).replace(/\r\n/g, "\r\n"));
  const comma = style.trailingCommas ? "," : "";
  return {
    range: node.range,
    text: `${callee}(${style.eol}${deeper.map((argument) => `${inner}${argument}`).join(`,${style.eol}`)}${comma}${style.eol}${indent})`,
  };
}

function calleeText(sourceCode: SourceCode, call: TSESTree.CallExpression): string {
  return sourceCode.getText(call.callee as never);
}

/**
 * `notForwarded` on a call whose options are absent or written at the call: passes the caller's signal and, in the
 * same edit, the deadline `require-deadline` would ask for next (ACP 2.x: one signal carrying both, with
 * `stopWaitingOnCancel: true`). Null when the rule's own suggestion is the better edit.
 */
function forwardWithDeadline(context: DecideContext): Decision | null {
  const { sourceCode, deadlineMs, style } = context;
  const wait = findReportedWait(context);
  const signalField = wait?.api.signalField;
  const optionsIndex = wait?.api.optionsArgIndex;
  if (!wait || signalField === null || signalField === undefined || optionsIndex === null || optionsIndex === undefined)
    return null;
  const code = sourceCode as never;
  const signal = findCallerSignals(wait.node, code, wait)[0];
  if (!signal) return null;
  const reading = readOptions(wait, code);
  if (reading.kind === "opaque" || (reading.kind === "literal" && !reading.atCall)) return null;
  const object = reading.kind === "literal" ? reading.object : null;
  const api = wait.api;
  const companion = api.signalCompanionField;
  const timerSignal = object ? findProperty(object, signalField) : null;
  if (timerSignal && !timerSignal.shorthand && isAbortSignalStaticCall(timerSignal.value, "timeout")) {
    // `cancellationSignal: AbortSignal.timeout(ms)` and the caller's signal: both through `withinDeadline`, with the
    // same ms (an `AbortSignal.any` of the two would let the timer be collected before it fires, on Node 20).
    const [msArgument] = (timerSignal.value as TSESTree.CallExpression).arguments;
    const located = locateOptions(wait.node, optionsIndex, sourceCode, style);
    if ("skip" in located || !msArgument) return null;
    const edits: TextEdit[] = [
      { range: timerSignal.range, text: propertyText(spellKey(object!, signalField, code), DEADLINE_PARAMETER) },
    ];
    if (companion && !findProperty(object!, companion)) {
      const added = located.add([`${spellKey(object!, companion, code)}: true`]);
      if (!("edit" in added)) return null;
      edits.push(added.edit!);
    }
    return wrapInDeadlineHelper(context, wait.node, edits, signal.text, sourceCode.getText(msArgument as never));
  }
  if (object && (findProperty(object, signalField) || (companion && findProperty(object, companion)))) return null;
  const spell = (key: string) => (object ? spellKey(object, key, code) : key);
  const wantsDeadline =
    api.defaultDeadline.kind !== "fixed" &&
    api.defaultDeadline.kind !== "unknown" &&
    readDeadline(wait, code).kind === "none";
  const deadlineField = api.deadlineFields.includes("timeout") ? "timeout" : api.deadlineFields[0];
  const properties: string[] = [];
  const withinDeadline = wantsDeadline && deadlineField === undefined;
  if (withinDeadline) {
    properties.push(propertyText(spell(signalField), DEADLINE_PARAMETER));
  } else {
    properties.push(propertyText(spell(signalField), signal.text));
    if (wantsDeadline) properties.push(`${spell(deadlineField!)}: ${deadlineMs}`);
  }
  if (companion) properties.push(`${spell(companion)}: true`);
  const located = locateOptions(wait.node, optionsIndex, sourceCode, style);
  if ("skip" in located) return null;
  const added = located.add(properties);
  if (!withinDeadline || !("edit" in added)) return added;
  return wrapInDeadlineHelper(context, wait.node, [added.edit!], signal.text);
}

/**
 * The caller's signal and a deadline for an API that takes only a signal (ACP 2.x): the call, with its options
 * already edited to take `cancellationSignal`, is handed to the file's `withinDeadline` helper (added once), which
 * builds that signal from the caller's and a timer it clears when the request settles.
 */
function wrapInDeadlineHelper(
  context: DecideContext,
  call: TSESTree.Node,
  inner: readonly TextEdit[],
  signalText: string,
  msText = String(context.deadlineMs),
): Decision {
  const { sourceCode, style, typescript } = context;
  const edits = deadlineHelperEdits(sourceCode as never, call, inner, signalText, msText, style, typescript);
  return { edit: edits.length === 1 ? edits[0]! : combineEdits(sourceCode.text, edits) };
}

/**
 * Adds the deadline to the options of the wait the report points at, creating the options object if absent:
 * `timeout: <ms>` where the API has a deadline field; where it only takes a signal (ACP 2.x), the signal becomes
 * `AbortSignal.timeout(<ms>)` (combined with one already passed) with the field that makes the wait end on it.
 */
function addDeadline(context: DecideContext): Decision {
  const { problem, sourceCode, deadlineMs, style } = context;
  const wait = findReportedWait(context);
  if (!wait) return { skip: noRewriteReason(problem) };
  const { api, node: call } = wait;
  // A look-alike from no known package: its options (if it takes any) are unknown, so none are invented.
  if (isUnknownOrigin(api)) return unknownApiSkip(api, "deadline");
  const deadlineField = api.deadlineFields.includes("timeout") ? "timeout" : api.deadlineFields[0];
  const signalField = api.signalField;
  if (api.optionsArgIndex === null || (deadlineField === undefined && signalField === null)) {
    return raceWithHelper(context);
  }
  const located = locateOptions(call, api.optionsArgIndex, sourceCode, style);
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
  if (!existingSignal) {
    // With a caller's signal in reach, the deadline and that signal go in together through `withinDeadline`.
    const callerSignal = findCallerSignals(call, sourceCode as never, wait)[0];
    if (!callerSignal) return located.add([`${spell(signalField!)}: ${timer}`, ...additions]);
    const added = located.add([propertyText(spell(signalField!), DEADLINE_PARAMETER), ...additions]);
    return "edit" in added ? wrapInDeadlineHelper(context, call, [added.edit!], callerSignal.text) : added;
  }
  // The signal passed is combined with the deadline by the helper, which hands the call a signal carrying both.
  const value = existingSignal.value;
  const handed: TextEdit = {
    range: existingSignal.range,
    text: propertyText(spell(signalField!), DEADLINE_PARAMETER),
  };
  const edits = [handed];
  if (additions.length > 0) {
    const added = located.add(additions);
    if (!("edit" in added)) return added;
    edits.push(added.edit!);
  }
  return wrapInDeadlineHelper(context, call, edits, sourceCode.getText(value as never));
}

/**
 * `handRolledWait`: a hand-rolled parked promise (`new Promise((resolve) => pending.set(id, resolve))`) awaited for a
 * person's answer is handed to `askWithin` with the caller's signal and the deadline, and settles as "no decision"
 * (the answer's own, protocol/answers.ts) when either fires; the helper clears its timer and removes its listener
 * whichever side wins. Only where the code shows both a caller's signal in reach and which answer it settles with.
 */
function settleParkedPromise(context: DecideContext): Decision {
  const { problem, sourceCode, deadlineMs, style } = context;
  const code = sourceCode as never;
  const promise = findReportedPromise(problem, sourceCode);
  if (!promise) return { skip: noRewriteReason(problem) };
  const signal = findCallerSignals(promise, code)[0];
  const shape = parkedAnswerShape(promise, code);
  if (!signal || !shape) {
    const why = !signal
      ? "no caller's abort signal is in reach here, so this promise is left as is: hand its function the caller's signal"
      : "the code does not show which answer this promise settles with, so it is left as is: type it (`new Promise<ElicitResult>`)";
    return { skip: `${why}, or settle it from a timer of ${deadlineMs} ms by hand` };
  }
  const existing = findExistingHelper(code);
  if (existing?.kind === "signal") return { skip: noRewriteReason(problem) };
  const name = existing?.name ?? freeHelperName(code);
  const answer = noDecisionAnswerText(shape, { quote: style.quote, asConst: context.typescript });
  const properties = [
    propertyText(HELPER_OPTIONS.signal, signal.text),
    `${HELPER_OPTIONS.ms}: ${deadlineMs}`,
    `${HELPER_OPTIONS.noAnswer}: () => (${answer})`,
  ];
  const wrapped = callWithOptions(sourceCode.text, promise, `${name}(`, properties, ")", style);
  if (existing) return { edit: wrapped };
  const helper = helperInsertion(code, helperText(name, context.typescript, style), style);
  return { edit: combineEdits(sourceCode.text, [helper, wrapped]) };
}

/** The `new Promise(…)` whose callee the report starts at. */
function findReportedPromise(problem: Linter.LintMessage, sourceCode: SourceCode): TSESTree.NewExpression | null {
  const offset = sourceCode.getIndexFromLoc({ line: problem.line, column: problem.column - 1 });
  const node = sourceCode.getNodeByRangeIndex(offset) as TSESTree.Node | null;
  const promise = node?.parent;
  return promise?.type === AST_NODE_TYPES.NewExpression && promise.callee === node ? promise : null;
}

/**
 * A look-alike of a known API from no package the file imports: nothing is written, and the reason says what would
 * let the rules know its options (the entry a `humanWaitFunctions` list needs; `check --discover` prints one).
 */
function unknownApiSkip(api: HumanWaitApi, missing: "deadline" | "signal"): Decision {
  const column =
    missing === "deadline"
      ? "its deadline option (`deadlineOptions`)"
      : "its signal option (`signalOption`, null when it takes none)";
  return {
    skip: `${api.label} comes from no package this codemod knows, so which options it takes is unknown: add it to humanWaitFunctions with ${column}`,
  };
}

/** `deadlineKeepsWaiting`: the timer signal is there, the field that makes the wait end on it is not. */
function addSignalCompanion(context: DecideContext): Decision {
  const { problem, sourceCode } = context;
  const wait = findReportedWait(context);
  const companion = wait?.api.signalCompanionField;
  if (!wait || !companion || wait.api.optionsArgIndex === null) return { skip: noRewriteReason(problem) };
  const located = locateOptions(wait.node, wait.api.optionsArgIndex, sourceCode, layoutOf(sourceCode as never));
  if ("skip" in located) return located;
  if (!located.options) return { skip: noRewriteReason(problem) };
  const existing = findProperty(located.options, companion);
  if (existing) return { skip: `\`${companion}\` is set to something other than \`true\` here; left as is` };
  return located.add([`${spellKey(located.options, companion, sourceCode as never)}: true`]);
}

/** Whether `output` declares a helper `input` did not have, by name: what `migrate` reports as added. */
function helpersAdded(input: string, output: string): string[] {
  const declared = (text: string) =>
    new Set([...text.matchAll(/^function ((?:askWithin|withinDeadline)\d*)[<(]/gm)].map((match) => match[1]!));
  const before = declared(input);
  return [...declared(output)].filter((name) => !before.has(name));
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
function locateOptions(
  call: TSESTree.CallExpression,
  index: number,
  sourceCode: SourceCode,
  style: FileLayout,
): LocatedOptions {
  if (call.arguments.some((argument) => argument.type === AST_NODE_TYPES.SpreadElement)) {
    return { skip: "the call spreads its arguments: add the deadline where they are built" };
  }
  const options = call.arguments[index];
  if (!options) {
    if (call.arguments.length !== index) {
      return { skip: "the call passes fewer arguments than come before its options; left as is" };
    }
    return { options: null, add: (properties) => ({ edit: newOptionsArgument(sourceCode, call, properties, style) }) };
  }
  if (options.type !== AST_NODE_TYPES.ObjectExpression) {
    return {
      skip: `the options are built elsewhere (\`${sourceCode.getText(options as never)}\`): add the deadline there`,
    };
  }
  if (options.properties.some((entry) => entry.type === AST_NODE_TYPES.SpreadElement)) {
    return { skip: "the options spread another object, which may set a deadline of its own: add the deadline there" };
  }
  return { options, add: (properties) => ({ edit: insertIntoObject(sourceCode, options, properties, style) }) };
}

/**
 * A new last argument `{ …properties }`, in the call's layout: `f(a, { p })` when that fits the file's width;
 * otherwise `f(a, {⏎  p,⏎})` hugging the last argument; and on a line of its own where the call puts one argument
 * per line.
 */
function newOptionsArgument(
  sourceCode: SourceCode,
  call: TSESTree.CallExpression,
  properties: readonly string[],
  style: FileLayout,
): TextEdit {
  const text = sourceCode.text;
  const last = call.arguments.at(-1);
  const closer = closingParen(sourceCode, call);
  if (!last) return insertIntoList(sourceCode, call.arguments, closer, `{ ${properties.join(", ")} }`);
  if (closer.loc.start.line > last.loc.end.line) {
    return (
      newObjectArgumentEdit(sourceCode as never, call, properties) ??
      insertIntoList(sourceCode, call.arguments, closer, `{ ${properties.join(", ")} }`)
    );
  }
  const inline = `, { ${properties.join(", ")} }`;
  if (lineLengthWith(text, last.range[1], inline) <= style.width)
    return { range: [last.range[1], last.range[1]], text: inline };
  const indent = indentAt(text, last.range[1]);
  const comma = style.trailingCommas ? "," : "";
  const body = properties.map((property) => `${indent}${style.indentUnit}${property}`).join(`,${style.eol}`);
  return { range: [last.range[1], last.range[1]], text: `, {${style.eol}${body}${comma}${style.eol}${indent}}` };
}

/**
 * Properties added at the end of an object literal in its layout (see insertIntoList); a one-line object that would
 * grow past the file's width is spread over lines instead, one property each.
 */
function insertIntoObject(
  sourceCode: SourceCode,
  object: TSESTree.ObjectExpression,
  properties: readonly string[],
  style: FileLayout,
): TextEdit {
  const closingBrace = sourceCode.getLastToken(object as never)!;
  const edit = insertIntoList(sourceCode, object.properties, closingBrace, properties.join(", "));
  const text = sourceCode.text;
  const oneLine = object.loc.start.line === object.loc.end.line;
  if (!oneLine || lineLengthWith(text, edit.range[0], edit.text, edit.range[1]) <= style.width) return edit;
  if (sourceCode.getCommentsInside(object as never).length > 0) return edit;
  const indent = indentAt(text, object.range[0]);
  const comma = style.trailingCommas ? "," : "";
  const all = [...object.properties.map((property) => sourceCode.getText(property as never)), ...properties];
  const body = all.map((property) => `${indent}${style.indentUnit}${property}`).join(`,${style.eol}`);
  return { range: object.range, text: `{${style.eol}${body}${comma}${style.eol}${indent}}` };
}

function isTrue(node: TSESTree.Node): boolean {
  return node.type === AST_NODE_TYPES.Literal && node.value === true;
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

function closingParen(sourceCode: SourceCode, call: TSESTree.CallExpression): AST.Token {
  return sourceCode.getLastToken(call as never)!;
}

/** edits/layout.ts `insertIntoList` on ESLint's own SourceCode and token types. */
function insertIntoList(
  sourceCode: SourceCode,
  items: readonly TSESTree.Node[],
  closer: AST.Token,
  item: string,
): TextEdit {
  return insertIntoListOf(sourceCode as never, items, closer as never, item);
}

export default toJscodeshiftTransform(runDeadline);
