/**
 * The two small helpers an edit adds once to a file, as text, and where they go. Both the editor's suggestions
 * (forward-abort-signal) and the deadline codemod write them, so what the editor writes is what `migrate` writes.
 *
 * - `askWithin(ask, { signal, ms, noAnswer })` races a question against the caller's signal and, when `ms` is given,
 *   a timer; when either fires it stops waiting and resolves with the API's own "no decision" answer, so the code
 *   after it takes the path it already has for a dismissed question. Whichever side wins, the timer is cleared and
 *   the abort listener removed: a session-long signal does not collect one per question.
 * - `withinDeadline(signal, ms, (cancellationSignal) => request(…))` hands a request that takes a signal one that
 *   aborts when the caller's does or `ms` pass, holding the timer itself.
 *
 * The recogniser of such helpers is analysis/race-helper.ts; this module only writes and places them.
 */
import { ACP_SIGNAL_OPTION } from "../protocol/apis.ts";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../analysis/node-types.ts";
import { indentAt, lineLengthWith, type FileLayout, type TextEdit } from "./layout.ts";
import { describeHelper, destructuredOptionNames } from "../analysis/race-helper.ts";
import type { ResultShape } from "../protocol/answers.ts";
import { noDecisionAnswerText } from "./answer-text.ts";
import { Fact, fileFacts } from "../analysis/cached-facts.ts";

type SourceCode = Readonly<TSESLint.SourceCode>;

const HELPER_NAME = "askWithin";

/** The option names of the helper, as its call sites spell them. */
export const HELPER_OPTIONS = { signal: "signal", ms: "ms", noAnswer: "noAnswer" } as const;

/**
 * The helper's source, written with two-space indents, double quotes and semicolons (`helperText` adapts it), no
 * line longer than 80 columns unless the file is wider.
 */
function helperSource(name: string, typescript: boolean, width: number): string[] {
  const t = (typed: string, plain: string) => (typescript ? typed : plain);
  const signature = !typescript
    ? [`function ${name}(ask, { signal, ms, noAnswer }) {`]
    : width >= 90
      ? [
          `function ${name}<T>(`,
          "  ask: Promise<T>,",
          "  { signal, ms, noAnswer }: { signal?: AbortSignal; ms?: number; noAnswer: () => T },",
          "): Promise<T> {",
        ]
      : [
          `function ${name}<T>(`,
          "  ask: Promise<T>,",
          "  {",
          "    signal,",
          "    ms,",
          "    noAnswer,",
          "  }: {",
          "    signal?: AbortSignal;",
          "    ms?: number;",
          "    noAnswer: () => T;",
          "  },",
          "): Promise<T> {",
        ];
  return [
    "/**",
    " * Waits for a person's answer until `signal` aborts or (when given) `ms`",
    " * pass, then stops waiting and resolves with `noAnswer()`: the API's own",
    ' * "no decision". Whichever side wins, the timer is cleared and the listener',
    " * removed.",
    // Plain JavaScript gets its types as JSDoc, so that it checks under `checkJs` with `noImplicitAny`.
    ...(typescript
      ? []
      : [
          " *",
          " * @template T",
          " * @param {Promise<T>} ask",
          " * @param {{ signal?: AbortSignal, ms?: number, noAnswer: () => T }} options",
          " * @returns {Promise<T>}",
        ]),
    " */",
    ...signature,
    `  return new Promise${t("<T>", "")}((resolve, reject) => {`,
    "    const stopWaiting = () => {",
    "      settle();",
    "      resolve(noAnswer());",
    "    };",
    "    const timer = ms === undefined ? undefined : setTimeout(stopWaiting, ms);",
    "    const settle = () => {",
    "      clearTimeout(timer);",
    '      signal?.removeEventListener("abort", stopWaiting);',
    "    };",
    "    if (signal?.aborted) return stopWaiting();",
    '    signal?.addEventListener("abort", stopWaiting, { once: true });',
    "    ask.then(",
    "      (answer) => {",
    "        settle();",
    "        resolve(answer);",
    "      },",
    `      (error${t(": unknown", "")}) => {`,
    "        settle();",
    "        reject(error);",
    "      },",
    "    );",
    "  });",
    "}",
  ];
}

/** The helper as this file would write it: its indent unit, quotes, semicolons and line ending. */
function helperText(name: string, typescript: boolean, style: FileLayout): string {
  return adaptToStyle(helperSource(name, typescript, style.width), style);
}

function adaptToStyle(source: readonly string[], style: FileLayout): string {
  // A file that closes multi-line lists without a comma gets none before a closing line.
  const lines = style.trailingCommas
    ? source
    : source.map((line, index) => (/^\s*[)\]}]/.test(source[index + 1] ?? "") ? line.replace(/,$/, "") : line));
  return lines
    .map((line) => {
      const indent = /^ */.exec(line)![0].length;
      let code = line.slice(indent);
      if (!code.startsWith("*") && !code.startsWith("/**")) {
        if (style.quote === "'") code = code.replace(/"([^"']*)"/g, "'$1'");
        // A type literal's members keep theirs (`ms: number;`); statements follow the file.
        if (!style.semicolons && !/^\w+\??: /.test(code)) code = code.replace(/;$/, "");
      }
      const depth = code.startsWith("*") ? 0 : indent / 2;
      return `${style.indentUnit.repeat(depth)}${code.startsWith("*") ? ` ${code}` : code}`;
    })
    .join(style.eol);
}

/** Top-level function declarations of the program (exported or not). */
function topLevelFunctions(program: TSESTree.Program): TSESTree.FunctionDeclaration[] {
  return program.body.flatMap((statement) => {
    const declaration =
      statement.type === AST_NODE_TYPES.ExportNamedDeclaration ||
      statement.type === AST_NODE_TYPES.ExportDefaultDeclaration
        ? statement.declaration
        : statement;
    return declaration?.type === AST_NODE_TYPES.FunctionDeclaration && declaration.id ? [declaration] : [];
  });
}

type ExistingHelper =
  /**
   * `askWithin(ask, { signal, ms, noAnswer })` (added by an earlier edit). `msOptional`: a call may leave `ms` out
   * and wait without a timer (a helper that always arms one would fire at once without it).
   */
  | { readonly kind: "own"; readonly name: string; readonly msOptional: boolean }
  /** The file's own `raceWithSignal(ask, signal)`: it is handed a signal (that may also carry a deadline). */
  | { readonly kind: "signal"; readonly name: string };

/**
 * A helper of the file that already races a wait against a signal: this module's own shape first; else one that
 * takes `(promise, signal)` and listens to `abort`, which the rules already accept as forwarding the signal.
 */
export function findExistingHelper(sourceCode: SourceCode): ExistingHelper | null {
  return fileFacts(sourceCode).remember(EXISTING_HELPER, null, () => existingHelperOf(sourceCode));
}

const EXISTING_HELPER = new Fact<null, ExistingHelper | null>(
  "the file's own helper that races a wait against a signal (findExistingHelper), per file",
);
const DEADLINE_HELPER = new Fact<null, { name: string; takesNoAnswer: boolean } | null>(
  "the file's top-level withinDeadline helper (findDeadlineHelper), per file",
);
const TAKEN_NAMES = new Fact<null, ReadonlySet<string>>(
  "the names a file declares or reads at its top two scopes, which a new helper must not take, per file",
);

function existingHelperOf(sourceCode: SourceCode): ExistingHelper | null {
  const functions = topLevelFunctions(sourceCode.ast);
  for (const fn of functions) {
    const names = destructuredOptionNames(fn);
    const own = names !== null && Object.values(HELPER_OPTIONS).every((option) => names.includes(option));
    const helper = own ? describeHelper(fn, sourceCode) : null;
    if (helper?.setsTimer)
      return { kind: "own", name: fn.id!.name, msOptional: helper.optionalTimer === HELPER_OPTIONS.ms };
  }
  for (const fn of functions) {
    if (fn.params.length !== 2 || unwrapParameter(fn.params[1]!).type !== AST_NODE_TYPES.Identifier) continue;
    if (describeHelper(fn, sourceCode)) return { kind: "signal", name: fn.id!.name };
  }
  return null;
}

function unwrapParameter(parameter: TSESTree.Parameter): TSESTree.Node {
  return parameter.type === AST_NODE_TYPES.AssignmentPattern ? parameter.left : parameter;
}

/** `askWithin`, or `askWithin2`… when the file already uses the name for something else. */
function freeHelperName(sourceCode: SourceCode): string {
  return freeName(sourceCode, HELPER_NAME);
}

function freeName(sourceCode: SourceCode, base: string): string {
  const taken = fileFacts(sourceCode).remember(TAKEN_NAMES, null, () => {
    const scope = sourceCode.scopeManager?.globalScope;
    const names = new Set<string>();
    for (const s of [scope, ...(scope?.childScopes ?? [])]) {
      for (const variable of s?.variables ?? []) names.add(variable.name);
      for (const reference of s?.through ?? []) names.add(reference.identifier.name);
    }
    return names;
  });
  if (!taken.has(base)) return base;
  for (let index = 2; ; index += 1) if (!taken.has(`${base}${index}`)) return `${base}${index}`;
}

/**
 * Where the helper goes: after the last import; in a file without imports, before its first top-level function
 * (beside the file's own helpers), with that function's leading comments; else before the first statement.
 */
function helperInsertion(sourceCode: SourceCode, text: string, style: FileLayout): TextEdit {
  const program = sourceCode.ast;
  const imports = program.body.filter((statement) => statement.type === AST_NODE_TYPES.ImportDeclaration);
  const lastImport = imports.at(-1);
  if (lastImport) {
    const end = endOfLine(sourceCode.text, lastImport.range[1]);
    // Code right under the imports gets a blank line between it and the helper too.
    const next = sourceCode.text.slice(end).replace(/^\r?\n/, "");
    const gap = next !== "" && !/^[ \t]*\r?\n/.test(next) ? style.eol : "";
    return { range: [end, end], text: `${style.eol}${style.eol}${text}${gap}` };
  }
  // Directives (`"use strict"`) stay first, so the helper goes after them.
  const anchor =
    topLevelStatementOf(topLevelFunctions(program)[0]) ??
    program.body.find((statement) => !(statement.type === AST_NODE_TYPES.ExpressionStatement && statement.directive));
  if (!anchor)
    return { range: [sourceCode.text.length, sourceCode.text.length], text: `${style.eol}${text}${style.eol}` };
  // The comments right above the statement (its doc comment) stay with it; a shebang stays on the first line.
  let start = anchor.range[0];
  for (const comment of sourceCode.getCommentsBefore(anchor).reverse()) {
    if ((comment.type as string) === "Shebang" || !isAttached(sourceCode.text, comment.range[1], start)) break;
    start = comment.range[0];
  }
  const lineStart = sourceCode.text.lastIndexOf("\n", start - 1) + 1;
  // Under a line of code (a directive), a blank line first.
  const above = sourceCode.text.slice(sourceCode.text.lastIndexOf("\n", lineStart - 2) + 1, lineStart);
  const gap = lineStart > 0 && above.trim() !== "" ? style.eol : "";
  return { range: [lineStart, lineStart], text: `${gap}${text}${style.eol}${style.eol}` };
}

function topLevelStatementOf(fn: TSESTree.FunctionDeclaration | undefined): TSESTree.Node | undefined {
  if (!fn) return undefined;
  return fn.parent?.type === AST_NODE_TYPES.Program ? fn : fn.parent;
}

/** A comment belongs to the statement after it when only whitespace with at most one line break separates them. */
function isAttached(text: string, commentEnd: number, statementStart: number): boolean {
  return (text.slice(commentEnd, statementStart).match(/\n/g) ?? []).length <= 1;
}

function endOfLine(text: string, offset: number): number {
  const next = text.indexOf("\n", offset);
  if (next === -1) return text.length;
  return text[next - 1] === "\r" ? next - 1 : next;
}

/**
 * The wait handed to the race helper, `askWithin(ask, { …options, noAnswer: () => (…) })`, and the helper added
 * beside the imports when the file has none yet: the edits the editor's suggestion (forward-abort-signal) and the
 * deadline codemod both make. `options` come before `noAnswer`; `existing` is the file's own `askWithin`, if any.
 */
export function raceThroughHelper(
  sourceCode: SourceCode,
  wait: { readonly node: TSESTree.Node; readonly api: { readonly result: ResultShape } },
  existing: ExistingHelper | null,
  options: readonly string[],
  typescript: boolean,
  style: FileLayout,
): TextEdit[] {
  const name = existing?.name ?? freeHelperName(sourceCode);
  const answer = noDecisionAnswerText(wait.api.result, { quote: style.quote, asConst: typescript });
  const properties = [...options, `${HELPER_OPTIONS.noAnswer}: () => (${answer})`];
  const wrapped = callWithOptions(sourceCode.text, wait.node, `${name}(`, properties, ")", style);
  if (existing) return [wrapped];
  return [helperInsertion(sourceCode, helperText(name, typescript, style), style), wrapped];
}

/**
 * `prefix(node, { …properties })suffix`-style text in place of `node` (`prefix` ends with the helper's `(`): on one
 * line when that fits the file's width; a call spread over lines keeps its lines and takes the options after its
 * last one when they fit there; otherwise the object is spread over lines, one property each.
 */
function callWithOptions(
  text: string,
  node: TSESTree.Node,
  prefix: string,
  properties: readonly string[],
  suffix: string,
  style: FileLayout,
): TextEdit {
  const original = text.slice(node.range[0], node.range[1]);
  const startsAndEndsOnOneLine = !/\n/.test(original);
  const oneLineText = `${prefix}${original}, { ${properties.join(", ")} }${suffix}`;
  if (startsAndEndsOnOneLine && lineLengthWith(text, node.range[0], oneLineText, node.range[1]) <= style.width) {
    return { range: node.range, text: oneLineText };
  }
  // A call spread over lines: the options follow its last line (`}), { … })`) when they fit there.
  const inlineTail = `, { ${properties.join(", ")} }${suffix}`;
  if (!startsAndEndsOnOneLine && lineLengthWith(text, node.range[1], inlineTail) <= style.width) {
    return { range: node.range, text: `${prefix}${original}${inlineTail}` };
  }
  const indent = indentAt(text, node.range[0]);
  const comma = style.trailingCommas ? "," : "";
  const body = properties.map((property) => `${indent}${style.indentUnit}${property}`).join(`,${style.eol}`);
  return {
    range: node.range,
    text: `${prefix}${original}, {${style.eol}${body}${comma}${style.eol}${indent}}${suffix}`,
  };
}

const DEADLINE_HELPER_NAME = "withinDeadline";
/** The name the deadline helper hands its signal in as, so the options spell it as shorthand. */
export const DEADLINE_PARAMETER = ACP_SIGNAL_OPTION;

/**
 * The helper for a request that takes a signal but no timeout (ACP 2.x `ctx.request` with `{ cancellationSignal,
 * stopWaitingOnCancel: true }`, or any request handed `AbortSignal.timeout(ms)`) when the caller's signal must be
 * combined with a deadline: `withinDeadline(signal, ms, (cancellationSignal) => ctx.request(…, { cancellationSignal,
 * … }), noAnswer)`. It holds the timer itself and clears it, and removes its listener, once the request settles.
 * `AbortSignal.any([signal, AbortSignal.timeout(ms)])` would not do: on Node 20 the timeout signal, referenced only by
 * the composite, can be garbage-collected before it fires (nodejs/node#57736), and the deadline silently never comes.
 * With `noAnswer`, a request that fails once the helper stopped it (ACP 2.x rejects it at once, `-32800`) resolves with
 * the API's own "no decision", as `askWithin` does, so the code after it takes its path for a dismissed question
 * instead of meeting a rejection nothing catches.
 */
function deadlineHelperSource(name: string, typescript: boolean, width: number): string[] {
  const t = (typed: string, plain: string) => (typescript ? typed : plain);
  const signature = !typescript
    ? [`function ${name}(signal, ms, ask, noAnswer) {`]
    : // `U` apart from `T`: TypeScript fixes `T` from `noAnswer` (no parameters, so read first) before it reads `ask`.
      [
        `function ${name}<T, U = T>(`,
        "  signal: AbortSignal | undefined,",
        "  ms: number,",
        `  ask: (${DEADLINE_PARAMETER}: AbortSignal) => Promise<T>,`,
        "  noAnswer?: () => U,",
        "): Promise<T | U> {",
      ];
  const abortLater =
    width >= 100
      ? [
          '  const timer = setTimeout(() => controller.abort(new DOMException("No answer in time", "TimeoutError")), ms);',
        ]
      : [
          "  const timer = setTimeout(",
          '    () => controller.abort(new DOMException("No answer in time", "TimeoutError")),',
          "    ms,",
          "  );",
        ];
  return [
    "/**",
    " * Calls `ask` with a signal that aborts when `signal` does or `ms` pass. A",
    " * request that fails once so stopped resolves with `noAnswer()`, when given:",
    ' * the API\'s own "no decision". Once it settles, the timer is cleared and the',
    " * listener removed.",
    ...(typescript
      ? []
      : [
          " *",
          " * @template T, U",
          " * @param {AbortSignal | undefined} signal",
          " * @param {number} ms",
          ` * @param {(${DEADLINE_PARAMETER}: AbortSignal) => Promise<T>} ask`,
          " * @param {() => U} [noAnswer]",
          " * @returns {Promise<T | U>}",
        ]),
    " */",
    ...signature,
    "  const controller = new AbortController();",
    "  const stop = () => controller.abort(signal?.reason);",
    ...abortLater,
    "  if (signal?.aborted) stop();",
    '  else signal?.addEventListener("abort", stop, { once: true });',
    "  return ask(controller.signal)",
    `    .catch((error${t(": unknown", "")}) => {`,
    "      if (noAnswer && controller.signal.aborted) return noAnswer();",
    "      throw error;",
    "    })",
    "    .finally(() => {",
    "      clearTimeout(timer);",
    '      signal?.removeEventListener("abort", stop);',
    "    });",
    "}",
  ];
}

/**
 * A top-level `withinDeadline(signal, ms, ask[, noAnswer])` of the file (from an earlier edit): its name, and whether
 * it takes `noAnswer` (one written before it did takes three parameters); null when there is none.
 */
function findDeadlineHelper(sourceCode: SourceCode): { name: string; takesNoAnswer: boolean } | null {
  return fileFacts(sourceCode).remember(DEADLINE_HELPER, null, () => {
    const fn = topLevelFunctions(sourceCode.ast).find(
      (candidate) =>
        (candidate.params.length === 3 || candidate.params.length === 4) &&
        candidate.id!.name.startsWith(DEADLINE_HELPER_NAME) &&
        describeHelper(candidate, sourceCode)?.setsTimer,
    );
    return fn ? { name: fn.id!.name, takesNoAnswer: fn.params.length === 4 } : null;
  });
}

/**
 * The caller's signal and a deadline for a request that takes one signal: the call, with `inner` edits already made
 * to it (its signal option now `cancellationSignal`), handed to the file's `withinDeadline` (added once, beside the
 * imports), which builds that signal from `signalText` (`undefined` when the caller has none) and a timer of `msText`
 * it clears when the request settles. Given `noAnswer` (the API's "no decision" as text), the stopped request resolves
 * with it. Returns the wrapped call, and the helper's insertion when the file has none yet (or only one that takes no
 * `noAnswer`); the edits do not overlap.
 */
export function deadlineHelperEdits(
  sourceCode: SourceCode,
  call: TSESTree.Node,
  inner: readonly TextEdit[],
  signalText: string,
  msText: string,
  style: FileLayout,
  typescript: boolean,
  noAnswer: string | null = null,
): TextEdit[] {
  const text = sourceCode.text;
  let edited = text.slice(call.range[0], call.range[1]);
  for (const edit of [...inner].sort((a, b) => b.range[0] - a.range[0])) {
    const [from, to] = [edit.range[0] - call.range[0], edit.range[1] - call.range[0]];
    edited = edited.slice(0, from) + edit.text + edited.slice(to);
  }
  const found = findDeadlineHelper(sourceCode);
  const existing = found && (noAnswer === null || found.takesNoAnswer) ? found.name : null;
  const name = existing ?? freeName(sourceCode, DEADLINE_HELPER_NAME);
  const head = `${name}(${signalText}, ${msText}, (${DEADLINE_PARAMETER}) =>`;
  const answer = noAnswer === null ? "" : `, () => (${noAnswer})`;
  const hugged = `${head} ${edited}${answer})`;
  const fits = lineLengthWith(text, call.range[0], hugged, call.range[1]) <= style.width;
  const indent = indentAt(text, call.range[0]);
  const comma = style.trailingCommas ? "," : "";
  const deeper = (code: string, levels: number) => code.replace(/\n/g, `\n${style.indentUnit.repeat(levels)}`);
  let wrappedText: string;
  if (fits) wrappedText = hugged;
  else if (noAnswer === null) {
    // Too wide hugged: the call moves to the next line, one indent deeper, and the helper's `)` gets a line of its own.
    wrappedText = `${head}${style.eol}${indent}${style.indentUnit}${deeper(edited, 1)}${comma}${style.eol}${indent})`;
  } else {
    // Four arguments: one a line, the request on the line after its arrow when it does not fit beside it.
    const at = `${indent}${style.indentUnit}`;
    const request = `(${DEADLINE_PARAMETER}) => ${edited}`;
    const requestFits = !/\n/.test(edited) && at.length + request.length + 1 <= style.width;
    const requestText = requestFits
      ? request
      : `(${DEADLINE_PARAMETER}) =>${style.eol}${at}${style.indentUnit}${deeper(edited, 2)}`;
    const args = [signalText, msText, requestText, `() => (${noAnswer})`];
    wrappedText = `${name}(${style.eol}${args.map((argument) => `${at}${argument}`).join(`,${style.eol}`)}${comma}${style.eol}${indent})`;
  }
  const wrapped: TextEdit = { range: call.range, text: wrappedText };
  if (existing) return [wrapped];
  const helper = adaptToStyle(deadlineHelperSource(name, typescript, style.width), style);
  return [helperInsertion(sourceCode, helper, style), wrapped];
}
