/**
 * The text of the edits that give a wait on a person a deadline chosen for that person, or forward the caller's abort
 * signal together with one: a deadline written into the call's options where the API takes one (MCP `{ timeout }`,
 * ACP 2.x `{ cancellationSignal, stopWaitingOnCancel: true }`), laid out as the call is and kept within the file's
 * line width; where it takes none (ACP 0.x/1.x `requestPermission`, `createElicitation`), the call handed to one small
 * helper per file, `askWithin(ask, { signal, ms, noAnswer })` (race-helper-text.ts), or to the file's own helper that
 * already races a signal. Where the options live elsewhere (a variable, a spread), there is no edit, and the reason
 * says where the deadline goes instead. require-deadline and forward-abort-signal suggest these edits when their
 * `deadlineMs` option is set; the `deadline` codemod applies those suggestions.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../analysis/node-types.ts";
import type { HumanWaitCall } from "../analysis/asks.ts";
import { findUntimedHelperRace, findUserLandRaces, readDeadline, readOptions } from "../analysis/deadline.ts";
import { findProperty } from "../analysis/ast.ts";
import { isUnknownOrigin } from "../analysis/human-wait.ts";
import { findCallerSignals } from "../analysis/signals.ts";
import { isAbortSignalStaticCall } from "../analysis/walk.ts";
import { indentAt, insertIntoList, lineLengthWith, layoutOf, type FileLayout, type TextEdit } from "./layout.ts";
import { numberLiteral, separatorsAllowed, type EcmaVersion } from "./number-literal.ts";
import { newObjectArgumentEdit, propertyText, spellKey } from "./object-edit.ts";
import {
  DEADLINE_PARAMETER,
  deadlineHelperEdits,
  findExistingHelper,
  HELPER_OPTIONS,
  raceThroughHelper,
} from "./race-helper-text.ts";
import type { HumanWaitApi } from "../protocol/apis.ts";
import type { ResultShape } from "../protocol/answers.ts";
import { noDecisionAnswerText } from "./answer-text.ts";

export type Code = Readonly<TSESLint.SourceCode>;

/**
 * What is written for one report: edits that apply together, or why nothing is (null: the report's own message says
 * what is wrong, and no rewrite is provably equivalent).
 */
export type Edits = { readonly edits: readonly TextEdit[] } | { readonly skip: string | null };

export const NO_REASON: Edits = { skip: null };

/** What the edits of one file share: its text, the deadline chosen for a person, and how the file is written. */
export interface EditContext {
  readonly sourceCode: Code;
  readonly deadlineMs: number;
  /** The deadline as the edits write it into code (`300_000`, or `300000` where separators may not be; number-literal.ts). */
  readonly deadlineText: string;
  readonly typescript: boolean;
  readonly style: FileLayout;
}

/** The file as a rule sees it: its name and the `ecmaVersion` it is linted with. */
interface LintedFile {
  readonly filename: string;
  readonly languageOptions?: { readonly ecmaVersion?: EcmaVersion };
}

export function editContext(sourceCode: Code, file: LintedFile, deadlineMs: number): EditContext {
  const separators = separatorsAllowed(file.filename, file.languageOptions?.ecmaVersion);
  return {
    sourceCode,
    deadlineMs,
    deadlineText: numberLiteral(deadlineMs, separators),
    typescript: /\.[cm]?tsx?$/i.test(file.filename),
    style: layoutOf(sourceCode),
  };
}

/**
 * A wait whose API takes no options (or no signal): handed to a helper that races it against the caller's signal
 * and a timer. Reuses the file's helper when it has one; otherwise adds `askWithin` once, beside the imports.
 * A call a helper already races (but without a timer) gets the timer through the signal it is handed, or, when the
 * helper arms a timer only if given a delay (`askWithin` without `ms`), through that delay.
 */
export function raceWithHelper(context: EditContext, wait: HumanWaitCall): Edits {
  const { sourceCode, deadlineMs, deadlineText, style } = context;
  const timer = `AbortSignal.timeout(${deadlineText})`;
  // `askWithin(ask, { signal, noAnswer })` (the editor's suggestion, which knew no deadline): the file's helper arms
  // its timer only when given one, so the deadline goes into the call's options.
  const untimed = findUntimedHelperRace(wait.node, sourceCode);
  if (untimed) {
    const delay = `${spellKey(untimed.options, untimed.option, sourceCode)}: ${deadlineText}`;
    return { edits: [insertIntoObject(sourceCode, untimed.options, [delay], style)] };
  }
  const race = findUserLandRaces(wait.node, sourceCode)[0];
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
      argument === other ? DEADLINE_PARAMETER : sourceCode.getText(argument),
    );
    const raced = { range: race.node.range, text: `${calleeText(sourceCode, race.node)}(${handed.join(", ")})` };
    return wrapInDeadlineHelper(context, race.node, [raced], sourceCode.getText(other));
  }
  const signal = findCallerSignals(wait.node, sourceCode, wait)[0];
  const existing = findExistingHelper(sourceCode);
  const ask = sourceCode.getText(wait.node);
  // The API ends the wait itself (a deadline option, which require-deadline's report writes, or a fixed timeout): the
  // race only has to end it on the caller's signal, and a second timer would answer "no decision" with the dialog up.
  const boundByApi =
    wait.api.defaultDeadline.kind === "fixed" ||
    (wait.api.optionsArgIndex !== null && wait.api.deadlineFields.length > 0);
  if (existing?.kind === "signal") {
    if (boundByApi && signal)
      return { edits: [callWithArguments(sourceCode.text, wait.node, existing.name, [ask, signal.text], style)] };
    // A timer signal alone is held while the helper listens to it; combined with the caller's, it goes through
    // `withinDeadline` (an `AbortSignal.any` would let the timer be collected before it fires).
    if (!signal) return { edits: [callWithArguments(sourceCode.text, wait.node, existing.name, [ask, timer], style)] };
    const raced = { range: wait.node.range, text: `${existing.name}(${ask}, ${DEADLINE_PARAMETER})` };
    return wrapInDeadlineHelper(context, wait.node, [raced], signal.text);
  }
  const options = [
    ...(signal ? [propertyText(HELPER_OPTIONS.signal, signal.text)] : []),
    ...(boundByApi && signal && (!existing || existing.msOptional) ? [] : [`${HELPER_OPTIONS.ms}: ${deadlineText}`]),
  ];
  return { edits: raceThroughHelper(sourceCode, wait, existing, options, context.typescript, style) };
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

function calleeText(sourceCode: Code, call: TSESTree.CallExpression): string {
  return sourceCode.getText(call.callee);
}

/**
 * `notForwarded` on a call whose options are absent or written at the call: passes the caller's signal and, in the
 * same edit, the deadline `require-deadline` would ask for next (ACP 2.x: one signal carrying both, with
 * `stopWaitingOnCancel: true`). Null when the rule's own suggestion is the better edit.
 */
export function forwardWithDeadline(context: EditContext, wait: HumanWaitCall): Edits | null {
  const { sourceCode, deadlineText, style } = context;
  const signalField = wait?.api.signalField;
  const optionsIndex = wait?.api.optionsArgIndex;
  if (!wait || signalField === null || signalField === undefined || optionsIndex === null || optionsIndex === undefined)
    return null;
  const signal = findCallerSignals(wait.node, sourceCode, wait)[0];
  if (!signal) return null;
  const reading = readOptions(wait, sourceCode);
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
      { range: timerSignal.range, text: propertyText(spellKey(object!, signalField, sourceCode), DEADLINE_PARAMETER) },
    ];
    if (companion && !findProperty(object!, companion)) {
      const added = located.add([`${spellKey(object!, companion, sourceCode)}: true`]);
      if (!("edits" in added)) return null;
      edits.push(...added.edits);
    }
    return wrapInDeadlineHelper(context, wait.node, edits, signal.text, {
      ms: sourceCode.getText(msArgument),
      answer: api.result,
    });
  }
  if (object && (findProperty(object, signalField) || (companion && findProperty(object, companion)))) return null;
  const spell = (key: string) => (object ? spellKey(object, key, sourceCode) : key);
  const wantsDeadline =
    api.defaultDeadline.kind !== "fixed" &&
    api.defaultDeadline.kind !== "unknown" &&
    readDeadline(wait, sourceCode).kind === "none";
  const deadlineField = api.deadlineFields.includes("timeout") ? "timeout" : api.deadlineFields[0];
  const properties: string[] = [];
  const withinDeadline = wantsDeadline && deadlineField === undefined;
  if (withinDeadline) {
    properties.push(propertyText(spell(signalField), DEADLINE_PARAMETER));
  } else {
    properties.push(propertyText(spell(signalField), signal.text));
    if (wantsDeadline) properties.push(`${spell(deadlineField!)}: ${deadlineText}`);
  }
  if (companion) properties.push(`${spell(companion)}: true`);
  const located = locateOptions(wait.node, optionsIndex, sourceCode, style);
  if ("skip" in located) return null;
  const added = located.add(properties);
  if (!withinDeadline || !("edits" in added)) return added;
  return wrapInDeadlineHelper(context, wait.node, added.edits, signal.text, { answer: api.result });
}

/**
 * The caller's signal and a deadline for an API that takes only a signal (ACP 2.x): the call, with its options
 * already edited to take `cancellationSignal`, is handed to the file's `withinDeadline` helper (added once), which
 * builds that signal from the caller's and a timer it clears when the request settles. Given the API's `answer`
 * shape, the request it stopped resolves with that API's "no decision" (ACP 2.x rejects it otherwise, and nothing
 * catches that); without it (a file's own racing helper is handed the signal), the helper's own behaviour stays.
 */
function wrapInDeadlineHelper(
  context: EditContext,
  call: TSESTree.Node,
  inner: readonly TextEdit[],
  signalText: string,
  { ms = context.deadlineText, answer }: { ms?: string; answer?: ResultShape } = {},
): Edits {
  const { sourceCode, style, typescript } = context;
  const noAnswer = answer ? noDecisionAnswerText(answer, { quote: style.quote, asConst: typescript }) : null;
  const edits = deadlineHelperEdits(sourceCode, call, inner, signalText, ms, style, typescript, noAnswer);
  return { edits };
}

/**
 * Adds the deadline to the options of the wait the report points at, creating the options object if absent:
 * `timeout: <ms>` where the API has a deadline field; where it only takes a signal (ACP 2.x), the call is handed to
 * `withinDeadline`, whose signal aborts at the deadline (or with one already passed), with the field that makes the
 * wait end on it, and which resolves the stopped request as the API's "no decision".
 */
export function addDeadline(context: EditContext, wait: HumanWaitCall): Edits {
  const { sourceCode, deadlineText, style } = context;
  const { api, node: call } = wait;
  // A look-alike from no known package: its options (if it takes any) are unknown, so none are invented.
  if (isUnknownOrigin(api)) return unknownApiSkip(api, "deadline");
  const deadlineField = api.deadlineFields.includes("timeout") ? "timeout" : api.deadlineFields[0];
  const signalField = api.signalField;
  if (api.optionsArgIndex === null || (deadlineField === undefined && signalField === null)) {
    return raceWithHelper(context, wait);
  }
  const located = locateOptions(call, api.optionsArgIndex, sourceCode, style);
  if ("skip" in located) return located;
  const options = located.options;
  const spell = (key: string) => (options ? spellKey(options, key, sourceCode) : key);
  if (deadlineField !== undefined) return located.add([`${spell(deadlineField)}: ${deadlineText}`]);

  // Signal-only API: the deadline is a timer's signal from `withinDeadline`, and the wait must be told to stop on it.
  const companion = api.signalCompanionField;
  const existingSignal = options ? findProperty(options, signalField!) : null;
  const companionProperty = options && companion ? findProperty(options, companion) : null;
  if (companionProperty && !isTrue(companionProperty.value)) {
    return { skip: `\`${companion}\` is set to something other than \`true\` here; left as is` };
  }
  const additions = companion && !companionProperty ? [`${spell(companion)}: true`] : [];
  if (!existingSignal) {
    // The deadline, and the caller's signal when one is in reach, go in together through `withinDeadline`, which
    // also turns the stopped request into the API's "no decision".
    const callerSignal = findCallerSignals(call, sourceCode, wait)[0];
    const added = located.add([propertyText(spell(signalField!), DEADLINE_PARAMETER), ...additions]);
    return "edits" in added
      ? wrapInDeadlineHelper(context, call, added.edits, callerSignal?.text ?? "undefined", { answer: api.result })
      : added;
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
    if (!("edits" in added)) return added;
    edits.push(...added.edits);
  }
  return wrapInDeadlineHelper(context, call, edits, sourceCode.getText(value), { answer: api.result });
}

/**
 * A look-alike of a known API from no package the file imports: nothing is written, and the reason says what would
 * let the rules know its options (the entry a `humanWaitFunctions` list needs; `check --discover` prints one).
 */
export function unknownApiSkip(api: HumanWaitApi, missing: "deadline" | "signal"): Edits {
  const column =
    missing === "deadline"
      ? "its deadline option (`deadlineOptions`)"
      : "its signal option (`signalOption`, null when it takes none)";
  return {
    skip: `${api.label} comes from no package this codemod knows, so which options it takes is unknown: add it to humanWaitFunctions with ${column}`,
  };
}

/**
 * A known API's name and shape in a file that imports none of its packages (a project's own `request` or
 * `requestPermission` looks the same): its options and answers are not known to be the API's, so nothing is written.
 */
export function unprovenApiSkip(api: HumanWaitApi): { readonly skip: string } {
  return {
    skip: `${api.label} is recognised here by its name and arguments alone: this file imports none of its packages (${api.packages.join(", ")}), so which options it takes and what it answers are not known, and it is left as is; if it is that API, import it from its package in this file, or list it in humanWaitFunctions with \`"behavesLike": "${api.id}"\``,
  };
}

/** `deadlineKeepsWaiting`: the timer signal is there, the field that makes the wait end on it is not. */
export function addSignalCompanion({ sourceCode }: EditContext, wait: HumanWaitCall): Edits {
  const companion = wait?.api.signalCompanionField;
  if (!companion || wait.api.optionsArgIndex === null) return NO_REASON;
  const located = locateOptions(wait.node, wait.api.optionsArgIndex, sourceCode, layoutOf(sourceCode));
  if ("skip" in located) return located;
  if (!located.options) return NO_REASON;
  const existing = findProperty(located.options, companion);
  if (existing) return { skip: `\`${companion}\` is set to something other than \`true\` here; left as is` };
  return located.add([`${spellKey(located.options, companion, sourceCode)}: true`]);
}

type LocatedOptions =
  | { skip: string }
  | {
      /** The options object literal, or null when the call passes none yet. */
      options: TSESTree.ObjectExpression | null;
      /** Adds properties to it, or appends a new options object holding them. */
      add(properties: readonly string[]): Edits;
    };

/** The options object literal of a call, where new properties can be written in place. */
function locateOptions(
  call: TSESTree.CallExpression,
  index: number,
  sourceCode: Code,
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
    return {
      options: null,
      add: (properties) => ({ edits: [newOptionsArgument(sourceCode, call, properties, style)] }),
    };
  }
  if (options.type !== AST_NODE_TYPES.ObjectExpression) {
    return {
      skip: `the options are built elsewhere (\`${sourceCode.getText(options)}\`): add the deadline there`,
    };
  }
  if (options.properties.some((entry) => entry.type === AST_NODE_TYPES.SpreadElement)) {
    return { skip: "the options spread another object, which may set a deadline of its own: add the deadline there" };
  }
  return { options, add: (properties) => ({ edits: [insertIntoObject(sourceCode, options, properties, style)] }) };
}

/**
 * A new last argument `{ …properties }`, in the call's layout: `f(a, { p })` when that fits the file's width;
 * otherwise `f(a, {⏎  p,⏎})` hugging the last argument; and on a line of its own where the call puts one argument
 * per line.
 */
function newOptionsArgument(
  sourceCode: Code,
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
      newObjectArgumentEdit(sourceCode, call, properties) ??
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
  sourceCode: Code,
  object: TSESTree.ObjectExpression,
  properties: readonly string[],
  style: FileLayout,
): TextEdit {
  const closingBrace = sourceCode.getLastToken(object)!;
  const edit = insertIntoList(sourceCode, object.properties, closingBrace, properties.join(", "));
  const text = sourceCode.text;
  const oneLine = object.loc.start.line === object.loc.end.line;
  if (!oneLine || lineLengthWith(text, edit.range[0], edit.text, edit.range[1]) <= style.width) return edit;
  if (sourceCode.getCommentsInside(object).length > 0) return edit;
  const indent = indentAt(text, object.range[0]);
  const comma = style.trailingCommas ? "," : "";
  const all = [...object.properties.map((property) => sourceCode.getText(property)), ...properties];
  const body = all.map((property) => `${indent}${style.indentUnit}${property}`).join(`,${style.eol}`);
  return { range: object.range, text: `{${style.eol}${body}${comma}${style.eol}${indent}}` };
}

function isTrue(node: TSESTree.Node): boolean {
  return node.type === AST_NODE_TYPES.Literal && node.value === true;
}

function closingParen(sourceCode: Code, call: TSESTree.CallExpression): TSESTree.Token {
  return sourceCode.getLastToken(call)!;
}
