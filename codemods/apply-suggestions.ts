/**
 * The engine every transform shares: lint the source with our own rule (ESLint's `Linter`, the TypeScript parser,
 * no user config), take for each report the edit its rule offers, apply the edits that do not overlap from the end
 * of the file backwards, and lint again until nothing more applies. So a transform rewrites exactly what its rule
 * reports ("one detector"), and whatever the rule reports without an edit is left alone and returned as a skip.
 */
import fs from "node:fs";
import path from "node:path";
import * as tsParser from "@typescript-eslint/parser";
import type { TSESLint } from "@typescript-eslint/utils";
import { Linter, type Rule, type SourceCode } from "eslint";
import type { TextEdit } from "../edits/layout.ts";
import type { EcmaVersion } from "../edits/number-literal.ts";
import { SOURCE_EXTENSIONS, globsFor } from "../analysis/source-files.ts";

/** A rule run by a transform, under the name it has in the plugin. */
export interface RuleToApply {
  readonly name: string;
  readonly rule: TSESLint.RuleModule<string, readonly unknown[]>;
  /** Options to pass when the rule's schema accepts them (a rule still being written may not). */
  readonly options?: Readonly<Record<string, unknown>>;
  /** The rule's own text gate (its exported `mayReport`): false means it cannot report on a file with this text. */
  mayReport?(text: string, options: Readonly<Record<string, unknown>>, typed: boolean): boolean;
}

export type { TextEdit } from "../edits/layout.ts";

/**
 * What a transform does with one report: an edit, or the reason it leaves the code as it is. `label` names the kind of
 * edit in the counts `migrate` prints (default: the transform's name).
 */
export type Decision = { readonly edit: TextEdit; readonly label?: string } | { readonly skip: string };

/**
 * A rule's report as the transforms read it: ESLint's message, with the data the rule reported it with (ESLint's
 * messages keep only the message text; a rule says there why it offers no edit, edits/rewrite-or-reason.ts).
 */
export interface Report extends Linter.LintMessage {
  readonly data?: Readonly<Record<string, unknown>>;
  /** ESLint keeps a suggestion's data on it (eslint@10.15.0 lib/linter/file-report.js, `mapSuggestions`). */
  suggestions?: (Linter.LintSuggestion & { readonly data?: Readonly<Record<string, unknown>> })[];
}

export type Decide = (problem: Report, sourceCode: SourceCode) => Decision;

/**
 * What a transform rewrites with: its rules, what it does with each of their reports, how they are linted, and what
 * it reports having added. `runPlan` runs one; `migrate` runs several as one (codemods/run-transforms.ts).
 */
export interface TransformPlan {
  readonly rules: readonly RuleToApply[];
  readonly decide: Decide;
  /** Lint with type information (release-in-finally's `await using` asks the type checker). */
  readonly typed?: boolean;
  readonly ecmaVersion?: EcmaVersion;
  /** The helper functions `output` declares that `input` did not (deadline's `askWithin`), by name. */
  readonly addedHelpers?: (input: string, output: string) => string[];
}

/** Runs one transform's plan on `source`: `lint`, when given, is how its passes are linted (`sharedLinting`). */
export function runPlan(plan: TransformPlan, source: string, filename: string, lint?: LintRules): FixOutcome {
  const outcome = fixWithRules(source, filename, plan.rules, plan.decide, {
    typed: plan.typed,
    ecmaVersion: plan.ecmaVersion,
    lint,
  });
  return plan.addedHelpers && outcome.changed
    ? { ...outcome, addedHelpers: plan.addedHelpers(source, outcome.output) }
    : outcome;
}

/** One lint of a pass: the reports of `rules` on `text`, and the file as ESLint parsed it. */
export interface RulesLint {
  readonly messages: Report[];
  readonly sourceCode: SourceCode;
}

/** How a transform's passes are linted: `text` with `rules`, typed or not, at the file's `ecmaVersion`. */
export type LintRules = (
  text: string,
  rules: readonly RuleToApply[],
  typed: TypedLinting | null,
  ecmaVersion: EcmaVersion | undefined,
) => RulesLint;

export interface Skipped {
  readonly rule: string;
  readonly line: number;
  readonly column: number;
  readonly reason: string;
  /** The whole file was left alone (too large to rewrite), not one report in it. */
  readonly wholeFile?: boolean;
}

export interface FixOutcome {
  /** The rewritten text; the input itself (same string) when nothing changed. */
  readonly output: string;
  readonly changed: boolean;
  /** Reports that remain, each with why no rewrite was made there. */
  readonly skipped: readonly Skipped[];
  /** How many edits were applied over all passes. */
  readonly applied: number;
  /** Applied edits by the label their decision gave (only labelled ones; the rest count under the transform's name). */
  readonly appliedByLabel?: Readonly<Record<string, number>>;
  /** Helper functions the transform added to the file, by name (`migrate` lists them per file). */
  readonly addedHelpers?: readonly string[];
}

/** The input does not parse: the file is reported with its line and left alone. */
export class CodemodSyntaxError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly detail: string,
  ) {
    super(`${file}:${line}:${column}: cannot parse: ${detail}`);
    this.name = "CodemodSyntaxError";
  }
}

/** The transform was called without an option it cannot run without: the same for every file of the run. */
export class CodemodUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CodemodUsageError";
  }
}

/** A rewrite that would not parse or does not settle: a bug of ours, reported instead of written. */
export class CodemodInternalError extends Error {
  constructor(
    readonly file: string,
    message: string,
    /** The rules (names without the plugin's prefix) whose edits the failing pass had applied. */
    readonly rules: readonly string[] = [],
  ) {
    super(`${file}: ${message}`);
    this.name = "CodemodInternalError";
  }
}

/** Whether any rule's own text gate admits `text` (a rule without one admits every file). */
function mayAnyReport(rules: readonly RuleToApply[], text: string, typed: boolean): boolean {
  return rules.some((rule) => !rule.mayReport || rule.mayReport(text, rule.options ?? {}, typed));
}

/** Each pass applies every non-overlapping edit; nested reports need one pass per level. */
const MAX_PASSES = 12;

const PLUGIN_NAME = "elicitation";

/** The name of the rule that made a report, as `RuleToApply` names it (without the plugin's prefix). */
export function ruleNameOf(problem: Linter.LintMessage): string {
  return (problem.ruleId ?? "").slice(PLUGIN_NAME.length + 1);
}

const BOM = "\uFEFF";

const SOURCE_FILES = globsFor(SOURCE_EXTENSIONS);

/** The suggestion a report offers, by position: the first unless told otherwise. */
export function suggestionEdit(problem: Linter.LintMessage, index = 0): TextEdit | null {
  const suggestion = problem.suggestions?.[index];
  return suggestion ? { range: suggestion.fix.range, text: suggestion.fix.text } : null;
}

/** The usual decision: the rule's first suggestion, or a skip that says what the rule found and why it stays. */
export function decideBySuggestion(problem: Linter.LintMessage): Decision {
  const edit = suggestionEdit(problem);
  return edit ? { edit } : { skip: noRewriteReason(problem) };
}

/**
 * The rule's message, which says what is wrong, and that no safe rewrite exists. A rule whose message for this id
 * already gives its own reason when it offers no rewrite names the id in `explained` (exhaustive-action's
 * `EXPLAINS_MISSING_REWRITE`).
 */
export function noRewriteReason(problem: Linter.LintMessage, explained: ReadonlySet<string> = new Set()): string {
  if (problem.messageId !== undefined && explained.has(problem.messageId)) return problem.message;
  return `${problem.message} (left as is: no rewrite here is provably equivalent)`;
}

/** Several edits as one, keeping the text between them: a report's rewrite must apply whole or not at all. */
export function combineEdits(text: string, edits: readonly TextEdit[]): TextEdit {
  const sorted = [...edits].sort((a, b) => a.range[0] - b.range[0]);
  const start = sorted[0]!.range[0];
  const end = Math.max(...sorted.map((edit) => edit.range[1]));
  const shifted = sorted.map((edit) => ({
    range: [edit.range[0] - start, edit.range[1] - start] as const,
    text: edit.text,
  }));
  return { range: [start, end], text: applyEdits(text.slice(start, end), shifted) };
}

/** Type information for the rules: the program of this tsconfig.json, which must include the file. */
export interface TypedLinting {
  readonly tsconfig: string;
}

/**
 * Lints `source` as `filename` with only `rules`; fatal parse errors come back as messages with `fatal`. `ecmaVersion`
 * is the project's for the file (the rules write numbers for it; the parser reads every edition regardless).
 */
export function lintWithRules(
  source: string | SourceCode,
  filename: string,
  rules: readonly RuleToApply[],
  linter: Linter = new Linter({ configType: "flat", cwd: path.parse(path.resolve(filename)).root }),
  typed: TypedLinting | null = null,
  ecmaVersion?: EcmaVersion,
): { messages: Report[]; sourceCode: SourceCode } {
  const pluginRules: Record<string, Rule.RuleModule> = {};
  const ruleEntries: Linter.RulesRecord = {};
  const reported = new Map<string, Readonly<Record<string, unknown>>>();
  for (const { name, rule, options } of rules) {
    pluginRules[name] = recordingReportData(`${PLUGIN_NAME}/${name}`, rule as unknown as Rule.RuleModule, reported);
    const accepted = acceptedOptions(rule, options);
    ruleEntries[`${PLUGIN_NAME}/${name}`] = accepted ? ["error", accepted] : "error";
  }
  const config: Linter.Config[] = [
    // Users point the codemod at what they want rewritten, wherever it lives.
    { ignores: ["!**/node_modules/", "!**/.*"] },
    {
      files: SOURCE_FILES,
      languageOptions: {
        parser: tsParser as unknown as Linter.Parser,
        sourceType: "module",
        ...(ecmaVersion === undefined ? {} : { ecmaVersion }),
        ...(typed
          ? {
              parserOptions: {
                project: typed.tsconfig,
                tsconfigRootDir: path.dirname(typed.tsconfig),
                // With CI=true typescript-estree assumes one lint of unchanging files and builds its program once from
                // disk; a codemod lints text it has just edited, pass after pass, so it must never take that shortcut.
                disallowAutomaticSingleRunInference: true,
              },
            }
          : {}),
      },
      linterOptions: { reportUnusedDisableDirectives: "off" },
      plugins: { [PLUGIN_NAME]: { rules: pluginRules } },
      rules: ruleEntries,
    },
  ];
  const messages = linter.verify(source, config, { filename: path.resolve(filename) });
  const withData = messages.map((message): Report => {
    const data = reported.get(reportKey(message.ruleId, message.messageId, message.line, message.column));
    return data ? { ...message, data } : message;
  });
  return { messages: withData, sourceCode: linter.getSourceCode() };
}

/** The lints of one file's transforms, shared (see `sharedLinting`). */
export interface SharedLinting {
  readonly lint: LintRules;
  /** The file as parsed for `text`, when it is the text last linted untyped at ESLint's default `ecmaVersion`. */
  parsed(text: string): SourceCode | null;
}

/**
 * One parse per text for transforms that run on a file one after another (`migrate`), and each rule run once on it.
 * Each transform rewrites until its rules report nothing more it can edit, so the text one ends on is the text the
 * next starts on, and a round that changes nothing asks about one text once per transform. Here the text last linted
 * (untyped, per `ecmaVersion`) is kept parsed, with each rule's reports on it: a transform asking about it gets the
 * reports of its rules that ran, and the others are run on the same parse (ESLint's `verify` takes a `SourceCode`).
 * ESLint runs each rule with its own context and options, so a rule reports the same whichever others ran on the
 * parse, as in `check`. Typed lints are not shared. `leavingFirst` is handed the file's first text and its parse
 * when a changed text replaces it (at ESLint's default `ecmaVersion`): the last use of that parse, which is then let go.
 */
export function sharedLinting(
  filename: string,
  leavingFirst: (text: string, sourceCode: SourceCode) => void = () => {},
): SharedLinting {
  const linter = new Linter({ configType: "flat", cwd: path.parse(path.resolve(filename)).root });
  const signature = (rule: RuleToApply) => `${rule.name}:${JSON.stringify(rule.options ?? null)}`;
  interface Parsed {
    readonly text: string;
    readonly sourceCode: SourceCode;
    /** The reports of each rule run on it, by the rule's name and options. */
    readonly reports: Map<string, Report[]>;
  }
  // The last text parsed at each `ecmaVersion`, and the first one's parse until another replaces it.
  const latest = new Map<EcmaVersion | undefined, Parsed>();
  let first: Parsed | null | undefined;
  const lint: LintRules = (text, rules, typed, ecmaVersion) => {
    const known = latest.get(ecmaVersion);
    const parsed = !typed && known?.text === text ? known : undefined;
    const missing = parsed ? rules.filter((rule) => !parsed.reports.has(signature(rule))) : rules;
    if (missing.length === 0) return { messages: reportsOf(parsed!, rules), sourceCode: parsed!.sourceCode };
    const result = lintWithRules(parsed?.sourceCode ?? text, filename, missing, linter, typed, ecmaVersion);
    // A text that does not parse, or a typed lint, is not kept: asked again, it is linted again, with the same result.
    if (typed || result.messages.some(isParseError)) return result;
    const kept = parsed ?? { text, sourceCode: result.sourceCode, reports: new Map<string, Report[]>() };
    for (const rule of missing) {
      const ruleId = `${PLUGIN_NAME}/${rule.name}`;
      kept.reports.set(
        signature(rule),
        result.messages.filter((message) => message.ruleId === ruleId),
      );
    }
    if (ecmaVersion === undefined && !parsed) {
      if (first) leavingFirst(first.text, first.sourceCode);
      first = first === undefined ? kept : null;
    }
    latest.set(ecmaVersion, kept);
    return { messages: reportsOf(kept, rules), sourceCode: kept.sourceCode };
  };
  // In source order, as ESLint gives them; at one place, rule by rule (the transforms order them by their own rules).
  const reportsOf = (parsed: Parsed, rules: readonly RuleToApply[]): Report[] =>
    rules
      .flatMap((rule) => parsed.reports.get(signature(rule))!)
      .sort((a, b) => a.line - b.line || a.column - b.column);
  const parsed = (text: string): SourceCode | null => {
    const known = latest.get(undefined);
    return known?.text === text ? known.sourceCode : null;
  };
  return { lint, parsed };
}

/** `rule`, whose reports' data are also kept in `reported` by where and what they report. */
function recordingReportData(
  ruleId: string,
  rule: Rule.RuleModule,
  reported: Map<string, Readonly<Record<string, unknown>>>,
): Rule.RuleModule {
  return {
    ...rule,
    create(context) {
      const report = (descriptor: Rule.ReportDescriptor) => {
        const start = reportStart(descriptor);
        if (start && descriptor.data && "messageId" in descriptor) {
          reported.set(reportKey(ruleId, descriptor.messageId, start.line, start.column + 1), descriptor.data);
        }
        context.report(descriptor);
      };
      // ESLint freezes a rule's context: a new object on top of it carries the recording `report`.
      return rule.create(Object.create(context, { report: { value: report } }) as Rule.RuleContext);
    },
  };
}

function reportStart(descriptor: Rule.ReportDescriptor): { line: number; column: number } | null {
  if ("loc" in descriptor && descriptor.loc) return "start" in descriptor.loc ? descriptor.loc.start : descriptor.loc;
  return "node" in descriptor && descriptor.node.loc ? descriptor.node.loc.start : null;
}

function reportKey(ruleId: string | null, messageId: string | undefined, line: number, column: number): string {
  return `${ruleId}:${messageId}:${line}:${column}`;
}

/** Passes only the options the rule's schema names, so a rule still being written does not reject them. */
function acceptedOptions(
  rule: TSESLint.RuleModule<string, readonly unknown[]>,
  options: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> | null {
  if (!options) return null;
  const schema = rule.meta.schema;
  const first = Array.isArray(schema)
    ? schema[0]
    : schema && typeof schema === "object"
      ? (schema as { items?: unknown }).items
      : undefined;
  const firstSchema = Array.isArray(first) ? first[0] : first;
  const known = (firstSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  const accepted = Object.fromEntries(Object.entries(options).filter(([key]) => key in known));
  return Object.keys(accepted).length > 0 ? accepted : null;
}

/**
 * Only the parser's own failure counts: ESLint 10 also marks a leftover `/* eslint-env *\/` comment fatal, yet parses
 * the file and runs every rule on it.
 */
function isParseError(message: Linter.LintMessage): boolean {
  return message.fatal === true && message.message.startsWith("Parsing error");
}

/** `editedBy`: the rules whose edits made the text (none: it is the input). */
function throwIfUnparsable(
  messages: readonly Linter.LintMessage[],
  filename: string,
  editedBy: readonly string[],
): void {
  const fatal = messages.find(isParseError);
  if (!fatal) return;
  if (editedBy.length === 0)
    throw new CodemodSyntaxError(filename, fatal.line, fatal.column, fatal.message.replace(/^Parsing error: /, ""));
  throw new CodemodInternalError(
    filename,
    `the rewrite would not parse (${fatal.message}${fatal.line ? ` at line ${fatal.line}` : ""}); file left as it was`,
    editedBy,
  );
}

/**
 * Our rules' reports by position, and at one position in the order the transform lists its rules: when two
 * edits collide, the earlier rule's goes first and the other waits for the next pass, the same on every run.
 */
function inRuleOrder(messages: readonly Report[], ruleOrder: readonly string[]): Report[] {
  const rank = (message: Linter.LintMessage) => ruleOrder.indexOf(message.ruleId ?? "");
  return messages
    .filter((message) => rank(message) >= 0)
    .sort((a, b) => a.line - b.line || a.column - b.column || rank(a) - rank(b));
}

/** Keeps the edits that touch no other kept edit, in source order; the rest wait for the next pass. */
export function nonOverlapping(edits: readonly TextEdit[]): TextEdit[] {
  const sorted = [...edits].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  const kept: TextEdit[] = [];
  let end = -1;
  for (const edit of sorted) {
    // Touching counts as overlapping: two insertions at one offset have no defined order.
    if (kept.length > 0 && edit.range[0] <= end) continue;
    kept.push(edit);
    end = Math.max(end, edit.range[1]);
  }
  return kept;
}

/**
 * Applies edits that do not overlap, as if one by one from the last (an earlier-listed one first among those that
 * start at one offset, so the later-listed lands before it). Built from the pieces in one go: splicing each edit into
 * the whole text copies the file once per edit (a thousand edits in a megabyte file: a gigabyte copied).
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const inOrder = edits
    .map((edit, index) => ({ edit, index }))
    .sort((a, b) => a.edit.range[0] - b.edit.range[0] || b.index - a.index)
    .map(({ edit }) => edit);
  const pieces: string[] = [];
  let offset = 0;
  for (const edit of inOrder) {
    if (edit.range[0] < offset) return applyOneByOne(text, edits);
    pieces.push(text.slice(offset, edit.range[0]), edit.text);
    offset = edit.range[1];
  }
  pieces.push(text.slice(offset));
  return pieces.join("");
}

/** Edits that overlap, spliced in one by one from the last, so earlier offsets stay valid. */
function applyOneByOne(text: string, edits: readonly TextEdit[]): string {
  let result = text;
  for (const edit of [...edits].sort((a, b) => b.range[0] - a.range[0])) {
    result = result.slice(0, edit.range[0]) + edit.text + result.slice(edit.range[1]);
  }
  return result;
}

/** Largest source (in UTF-16 code units, about bytes) a transform rewrites; larger files are skipped with the reason. */
export const MAX_REWRITE_CHARS = 2 * 1024 * 1024;

/**
 * Rewrites `source` until the rules report nothing `decide` can edit. Throws `CodemodSyntaxError` when the input
 * does not parse and `CodemodInternalError` when a rewrite would not parse or the passes do not settle.
 */
export function fixWithRules(
  source: string,
  filename: string,
  rules: readonly RuleToApply[],
  decide: Decide,
  options: { typed?: boolean; ecmaVersion?: EcmaVersion; lint?: LintRules } = {},
): FixOutcome {
  // ESLint drops a byte-order mark from the text its ranges index; edit without it, then put it back.
  if (source.startsWith(BOM)) {
    const outcome = fixWithRules(source.slice(BOM.length), filename, rules, decide, options);
    return outcome.changed ? { ...outcome, output: BOM + outcome.output } : { ...outcome, output: source };
  }
  // A file the rules cannot match (their own first check) is returned before parsing, so a repository-wide run costs
  // little more than reading the files.
  if (!mayAnyReport(rules, source, options.typed === true))
    return { output: source, changed: false, skipped: [], applied: 0 };
  if (source.length > MAX_REWRITE_CHARS) {
    // Lint, edit and re-lint of a multi-megabyte (usually generated) file takes gigabytes: say so instead of trying.
    const size = (source.length / (1024 * 1024)).toFixed(1);
    const reason = `the file is ${size} MB, over the ${MAX_REWRITE_CHARS / (1024 * 1024)} MB a rewrite is attempted on; \`check\` lists its findings to fix by hand`;
    return {
      output: source,
      changed: false,
      skipped: [{ rule: rules[0]?.name ?? "", line: 1, column: 1, reason, wholeFile: true }],
      applied: 0,
    };
  }
  const linter = new Linter({ configType: "flat", cwd: path.parse(path.resolve(filename)).root });
  const typed = options.typed ? typedLintingFor(source, filename, rules, linter) : null;
  const lint: LintRules =
    options.lint ??
    ((text, asked, typedLinting, ecmaVersion) =>
      lintWithRules(text, filename, asked, linter, typedLinting, ecmaVersion));
  const ruleOrder = rules.map(({ name }) => `${PLUGIN_NAME}/${name}`);
  let text = source;
  let applied = 0;
  // Each edit's rule and label: the label counts it, the rule names who made a text that does not parse.
  const madeBy = new Map<TextEdit, { rule: string; label?: string }>();
  const appliedByLabel: Record<string, number> = {};
  let editedBy: readonly string[] = [];
  for (let pass = 0; pass <= MAX_PASSES; pass += 1) {
    const { messages, sourceCode } = lint(text, rules, typed, options.ecmaVersion);
    throwIfUnparsable(messages, filename, editedBy);
    const edits: TextEdit[] = [];
    const skipped: Skipped[] = [];
    for (const problem of inRuleOrder(messages, ruleOrder)) {
      const decision = decide(problem, sourceCode);
      const rule = ruleNameOf(problem);
      if ("edit" in decision) {
        edits.push(decision.edit);
        madeBy.set(decision.edit, { rule, label: decision.label });
      } else {
        skipped.push({ rule, line: problem.line, column: problem.column, reason: decision.skip });
      }
    }
    const kept = nonOverlapping(edits);
    if (kept.length === 0) {
      const output = applied === 0 ? source : text;
      return { output, changed: applied > 0 && text !== source, skipped, applied, appliedByLabel };
    }
    if (pass === MAX_PASSES) break;
    const next = applyEdits(text, kept);
    if (next === text) {
      const output = applied === 0 ? source : text;
      return { output, changed: text !== source, skipped, applied, appliedByLabel };
    }
    text = next;
    applied += kept.length;
    for (const edit of kept) {
      const label = madeBy.get(edit)!.label;
      if (label !== undefined) appliedByLabel[label] = (appliedByLabel[label] ?? 0) + 1;
    }
    editedBy = [...new Set(kept.map((edit) => madeBy.get(edit)!.rule))];
  }
  throw new CodemodInternalError(
    filename,
    `the rewrites did not settle after ${MAX_PASSES} passes; file left as it was`,
    editedBy,
  );
}

/**
 * Type information where it can be had: the nearest tsconfig.json above the file, if its program includes the file.
 * Otherwise (no tsconfig, file not in the project) null, and the rules run without types, as in an editor.
 */
function typedLintingFor(
  source: string,
  filename: string,
  rules: readonly RuleToApply[],
  linter: Linter,
): TypedLinting | null {
  const tsconfig = nearestTsconfig(path.dirname(path.resolve(filename)));
  if (!tsconfig) return null;
  const typed = { tsconfig };
  try {
    const { messages } = lintWithRules(source, filename, rules, linter, typed);
    return messages.some(isParseError) ? null : typed;
  } catch {
    return null;
  }
}

export function nearestTsconfig(directory: string): string | null {
  for (let current = directory; ; current = path.dirname(current)) {
    const candidate = path.join(current, "tsconfig.json");
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(current) === current) return null;
  }
}

/** `file:line:column` as editors link it, relative to `cwd` when inside it. */
export function formatLocation(file: string, line: number, column: number, cwd: string = process.cwd()): string {
  const relative = path.relative(cwd, file);
  const shown = relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : file;
  return `${shown}:${line}:${column}`;
}
