/**
 * The one small helper the deadline transform adds to a file whose waits on a person take no options (ACP 0.x/1.x
 * `requestPermission`, `createElicitation`): `askWithin(ask, { signal, ms, noAnswer })` races the question against
 * the caller's signal and a timer, and when either fires stops waiting and resolves with the API's own "no decision"
 * answer, so the code after it takes the path it already has for a dismissed question. Whichever side wins, the
 * timer is cleared and the abort listener removed: a session-long signal does not collect one per question.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import type { SourceCode } from "eslint";
import { describeHelper, destructuredOptionNames } from "../core/race-helper.ts";
import type { TextEdit } from "./apply-suggestions.ts";
import type { FileLayout } from "../core/layout.ts";

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
          "  { signal, ms, noAnswer }: { signal?: AbortSignal; ms: number; noAnswer: () => T },",
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
          "    ms: number;",
          "    noAnswer: () => T;",
          "  },",
          "): Promise<T> {",
        ];
  return [
    "/**",
    " * Waits for a person's answer until `ms` pass or `signal` aborts, then stops",
    ' * waiting and resolves with `noAnswer()`: the API\'s own "no decision".',
    " * Whichever side wins, the timer is cleared and the listener removed.",
    " */",
    ...signature,
    `  return new Promise${t("<T>", "")}((resolve, reject) => {`,
    "    const stopWaiting = () => {",
    "      settle();",
    "      resolve(noAnswer());",
    "    };",
    "    const timer = setTimeout(stopWaiting, ms);",
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
export function helperText(name: string, typescript: boolean, style: FileLayout): string {
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
  /** `askWithin(ask, { signal, ms, noAnswer })`, this transform's own (from an earlier run). */
  | { readonly kind: "own"; readonly name: string }
  /** The file's own `raceWithSignal(ask, signal)`: it is handed a signal that also carries the deadline. */
  | { readonly kind: "signal"; readonly name: string };

/**
 * A helper of the file that already races a wait against a signal: this transform's own shape first; else one
 * that takes `(promise, signal)` and listens to `abort`, which the rules already accept as forwarding the signal.
 */
export function findExistingHelper(sourceCode: SourceCode): ExistingHelper | null {
  const program = sourceCode.ast as unknown as TSESTree.Program;
  const functions = topLevelFunctions(program);
  const code = sourceCode as never;
  for (const fn of functions) {
    const names = destructuredOptionNames(fn);
    const own = names !== null && Object.values(HELPER_OPTIONS).every((option) => names.includes(option));
    if (own && describeHelper(fn, code)?.setsTimer) return { kind: "own", name: fn.id!.name };
  }
  for (const fn of functions) {
    if (fn.params.length !== 2 || unwrapParameter(fn.params[1]!).type !== AST_NODE_TYPES.Identifier) continue;
    if (describeHelper(fn, code)) return { kind: "signal", name: fn.id!.name };
  }
  return null;
}

function unwrapParameter(parameter: TSESTree.Parameter): TSESTree.Node {
  return parameter.type === AST_NODE_TYPES.AssignmentPattern ? parameter.left : parameter;
}

/** `askWithin`, or `askWithin2`… when the file already uses the name for something else. */
export function freeHelperName(sourceCode: SourceCode): string {
  return freeName(sourceCode, HELPER_NAME);
}

function freeName(sourceCode: SourceCode, base: string): string {
  const scope = sourceCode.scopeManager?.globalScope;
  const taken = new Set<string>();
  for (const s of [scope, ...(scope?.childScopes ?? [])]) {
    for (const variable of s?.variables ?? []) taken.add(variable.name);
    for (const reference of s?.through ?? []) taken.add(reference.identifier.name);
  }
  if (!taken.has(base)) return base;
  for (let index = 2; ; index += 1) if (!taken.has(`${base}${index}`)) return `${base}${index}`;
}

/**
 * Where the helper goes: after the last import; in a file without imports, before its first top-level function
 * (beside the file's own helpers), with that function's leading comments; else before the first statement.
 */
export function helperInsertion(sourceCode: SourceCode, text: string, style: FileLayout): TextEdit {
  const program = sourceCode.ast as unknown as TSESTree.Program;
  const imports = program.body.filter((statement) => statement.type === AST_NODE_TYPES.ImportDeclaration);
  const lastImport = imports.at(-1);
  if (lastImport) {
    const end = endOfLine(sourceCode.text, lastImport.range[1]);
    return { range: [end, end], text: `${style.eol}${style.eol}${text}` };
  }
  const anchor = topLevelStatementOf(topLevelFunctions(program)[0]) ?? program.body[0];
  if (!anchor)
    return { range: [sourceCode.text.length, sourceCode.text.length], text: `${style.eol}${text}${style.eol}` };
  const comments = sourceCode.getCommentsBefore(anchor as never);
  const start =
    comments[0] && isAttached(sourceCode.text, comments[0].range![1], anchor.range[0])
      ? comments[0].range![0]
      : anchor.range[0];
  const lineStart = sourceCode.text.lastIndexOf("\n", start - 1) + 1;
  return { range: [lineStart, lineStart], text: `${text}${style.eol}${style.eol}` };
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

const DEADLINE_HELPER_NAME = "withinDeadline";
/** The name the deadline helper hands its signal in as, so the options spell it as shorthand. */
export const DEADLINE_PARAMETER = "cancellationSignal";

/**
 * The helper the transform adds for a request that takes a signal but no timeout (ACP 2.x `ctx.request` with
 * `{ cancellationSignal, stopWaitingOnCancel: true }`) when the caller's signal must be combined with a deadline:
 * `withinDeadline(signal, ms, (cancellationSignal) => ctx.request(…, { cancellationSignal, … }))`. It holds the
 * timer itself and clears it, and removes its listener, once the request settles. `AbortSignal.any([signal,
 * AbortSignal.timeout(ms)])` would not do: on Node 20 the timeout signal, referenced only by the composite, can be
 * garbage-collected before it fires (nodejs/node#57736), and the deadline silently never comes.
 */
function deadlineHelperSource(name: string, typescript: boolean, width: number): string[] {
  const signature = !typescript
    ? [`function ${name}(signal, ms, ask) {`]
    : [
        `function ${name}<T>(`,
        "  signal: AbortSignal | undefined,",
        "  ms: number,",
        `  ask: (${DEADLINE_PARAMETER}: AbortSignal) => Promise<T>,`,
        "): Promise<T> {",
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
    " * Calls `ask` with a signal that aborts when `signal` does or `ms` pass. Once",
    " * the request settles, the timer is cleared and the listener removed.",
    " */",
    ...signature,
    "  const controller = new AbortController();",
    "  const stop = () => controller.abort(signal?.reason);",
    ...abortLater,
    "  if (signal?.aborted) stop();",
    '  else signal?.addEventListener("abort", stop, { once: true });',
    "  return ask(controller.signal).finally(() => {",
    "    clearTimeout(timer);",
    '    signal?.removeEventListener("abort", stop);',
    "  });",
    "}",
  ];
}

/** The deadline helper as this file would write it. */
export function deadlineHelperText(name: string, typescript: boolean, style: FileLayout): string {
  return adaptToStyle(deadlineHelperSource(name, typescript, style.width), style);
}

/** A top-level `withinDeadline(signal, ms, ask)` of the file (from an earlier run): its name, or null. */
export function findDeadlineHelper(sourceCode: SourceCode): string | null {
  const program = sourceCode.ast as unknown as TSESTree.Program;
  const fn = topLevelFunctions(program).find(
    (candidate) =>
      candidate.params.length === 3 &&
      candidate.id!.name.startsWith(DEADLINE_HELPER_NAME) &&
      describeHelper(candidate, sourceCode as never)?.setsTimer,
  );
  return fn ? fn.id!.name : null;
}

/** `withinDeadline`, or `withinDeadline2`… when the file already uses the name for something else. */
export function freeDeadlineHelperName(sourceCode: SourceCode): string {
  return freeName(sourceCode, DEADLINE_HELPER_NAME);
}
