/**
 * What `migrate` proves about a rewrite before it keeps it, on the text alone (no file is written here):
 *
 * - the edits: the line-level hunks between the old and the new text, each tied to the findings it was made for
 *   (the finding's reported node, the call around it without the bodies of functions passed to it, and its
 *   suggestion's range);
 * - findings before and after: the recommended rules on both texts; a finding that is gone although no edit touched
 *   what it reports is a finding the rewrite hid, not fixed (a deadline added to an inner call silencing the report
 *   on the hand-rolled promise around it that still never settles);
 * - types: each edit is one unit (hunks tied to one finding stay together, so half an edit is never kept); a unit
 *   whose lines carry a new type error is left out and the rest re-checked, until no new error remains.
 */
import path from "node:path";
import { diffWordsWithSpace } from "diff";
import { lineChanges } from "../edits/line-diff.ts";
import { Linter, type SourceCode } from "eslint";
import type { TSESTree } from "@typescript-eslint/utils";
import { checkConfig } from "./check.ts";

// ---------------------------------------------------------------------------------------------------------------------
// Hunks

/** One changed region: old text [start, end) replaced by `text`; `oldLine` is the 1-based line where it starts. */
export interface Hunk {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly oldLine: number;
}

/**
 * The changes from `before` to `after`: lines added or removed as a block are one hunk (a helper inserted whole stays
 * whole, however its words happen to match the code around it); lines changed in place are compared word by word
 * (with whitespace), so that two edits on neighbouring lines stay two hunks.
 */
export function hunksBetween(before: string, after: string): Hunk[] {
  const hunks: Hunk[] = [];
  let offset = 0;
  let line = 1;
  let removed = "";
  let added = "";
  const flush = () => {
    if (removed === "" && added === "") return;
    if (removed === "" || added === "") {
      hunks.push({ start: offset, end: offset + removed.length, text: added, oldLine: line });
    } else {
      for (const hunk of wordHunks(removed, added)) {
        hunks.push({ ...hunk, start: offset + hunk.start, end: offset + hunk.end, oldLine: line + hunk.oldLine - 1 });
      }
    }
    offset += removed.length;
    line += newlines(removed);
    removed = "";
    added = "";
  };
  for (const change of lineChanges(before, after)) {
    if (change.removed) removed += change.value;
    else if (change.added) added += change.value;
    else {
      flush();
      offset += change.value.length;
      line += newlines(change.value);
    }
  }
  flush();
  return hunks;
}

/** The changes from `before` to `after`, word by word (with whitespace). */
function wordHunks(before: string, after: string): Hunk[] {
  const hunks: Hunk[] = [];
  let offset = 0;
  let line = 1;
  let open: { start: number; end: number; text: string; oldLine: number } | null = null;
  for (const change of diffWordsWithSpace(before, after)) {
    if (!change.added && !change.removed) {
      if (open) hunks.push(open);
      open = null;
      offset += change.value.length;
      line += newlines(change.value);
      continue;
    }
    open ??= { start: offset, end: offset, text: "", oldLine: line };
    if (change.removed) {
      offset += change.value.length;
      line += newlines(change.value);
      open.end = offset;
    } else {
      open.text += change.value;
    }
  }
  if (open) hunks.push(open);
  return hunks;
}

function newlines(text: string): number {
  let count = 0;
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) count += 1;
  return count;
}

/** `before` with only the hunks whose index is in `keep` applied, and the lines (1-based) each kept hunk covers there. */
export function applyHunks(
  before: string,
  hunks: readonly Hunk[],
  keep: ReadonlySet<number>,
): { text: string; lines: Map<number, [number, number]> } {
  let text = "";
  let offset = 0;
  let line = 1;
  const lines = new Map<number, [number, number]>();
  hunks.forEach((hunk, index) => {
    if (!keep.has(index)) return;
    const unchanged = before.slice(offset, hunk.start);
    text += unchanged;
    line += newlines(unchanged);
    lines.set(index, [line, line + newlines(hunk.text)]);
    text += hunk.text;
    line += newlines(hunk.text);
    offset = hunk.end;
  });
  return { text: text + before.slice(offset), lines };
}

/**
 * For a line of `from`, the line of `to` that holds what it held; a line inside a changed region maps to where that
 * region starts in `to`. The texts are compared once, however many lines are asked.
 */
export function lineMapper(from: string, to: string): (line: number) => number {
  // Each unchanged or removed run of `from`: its first line, its length, and where it starts (or lands) in `to`.
  const runs: { fromLine: number; lines: number; toLine: number; removed: boolean }[] = [];
  let fromLine = 1;
  let toLine = 1;
  for (const change of lineChanges(from, to)) {
    const lines = change.count ?? 0;
    if (change.added) {
      toLine += lines;
      continue;
    }
    runs.push({ fromLine, lines, toLine, removed: !!change.removed });
    fromLine += lines;
    if (!change.removed) toLine += lines;
  }
  return (line) => {
    // The last run that starts at or before `line`, by bisection.
    let low = 0;
    let high = runs.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (runs[middle]!.fromLine <= line) low = middle + 1;
      else high = middle;
    }
    const run = runs[low - 1];
    if (!run || line >= run.fromLine + run.lines) return toLine;
    return run.removed ? run.toLine : run.toLine + (line - run.fromLine);
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// Findings

export interface Finding {
  readonly ruleId: string;
  readonly messageId: string | undefined;
  readonly line: number;
  readonly column: number;
  /** Old-text ranges whose change counts as this finding's own edit. */
  readonly reach: readonly (readonly [number, number])[];
}

/**
 * The rules `check` runs (recommended, untyped) on `text` as `file`: only our findings, and whether it parsed.
 * `parsed`: the text as a transform's untyped lint parsed it (the same parser and options as `check`'s), so as not to
 * parse it again.
 */
export function lintFindings(
  text: string,
  file: string,
  parsed: SourceCode | null = null,
): { findings: Finding[]; parsed: boolean } {
  const linter = new Linter({ configType: "flat", cwd: path.parse(path.resolve(file)).root });
  const config = [{ ignores: ["!**/node_modules/", "!**/.*"] }, ...checkConfig("recommended")];
  const messages = linter.verify(parsed?.text === text ? parsed : text, config, { filename: path.resolve(file) });
  const parses = !messages.some((message) => message.fatal && message.message.startsWith("Parsing error"));
  const sourceCode = linter.getSourceCode();
  const findings = messages
    .filter((message) => message.ruleId?.startsWith("elicitation/"))
    .map((message) => ({
      ruleId: message.ruleId!,
      messageId: message.messageId,
      line: message.line,
      column: message.column,
      reach: parses ? reachOf(message, sourceCode) : [],
    }));
  return { findings, parsed: parses };
}

function reachOf(message: Linter.LintMessage, sourceCode: SourceCode): [number, number][] {
  const start = sourceCode.getIndexFromLoc({ line: message.line, column: message.column - 1 });
  const end = message.endLine
    ? sourceCode.getIndexFromLoc({ line: message.endLine, column: (message.endColumn ?? message.column) - 1 })
    : start;
  const ranges: [number, number][] = [[start, end]];
  for (const suggestion of message.suggestions ?? []) ranges.push([suggestion.fix.range[0], suggestion.fix.range[1]]);
  const call = enclosingCall(sourceCode.getNodeByRangeIndex(start) as TSESTree.Node | null, start, end);
  if (call) for (const each of [call, ...callsHandedTo(call, sourceCode)]) ranges.push(...withoutFunctionBodies(each));
  return ranges;
}

type AnyCall = TSESTree.CallExpression | TSESTree.NewExpression;

/**
 * The calls the wait `call` is handed to as an argument, directly, in an array, or through the variable it is stored
 * in (`askWithin(ask, { signal, noAnswer })`, `Promise.race([ask, timer])`, `const ask = …; askWithin(ask, …)`): a wait
 * raced by a helper gets its deadline in the helper's call, so an edit there is the wait's own.
 */
function callsHandedTo(call: AnyCall, sourceCode: SourceCode): AnyCall[] {
  const found: AnyCall[] = [];
  let pending: TSESTree.Node[] = [call];
  for (let depth = 0; depth < 3 && pending.length > 0; depth += 1) {
    const next: TSESTree.Node[] = [];
    for (const value of pending) {
      let child: TSESTree.Node = value;
      let parent = child.parent;
      // Not through `await`: a variable holding the answer is not the wait.
      if (parent?.type === "ArrayExpression") {
        child = parent;
        parent = parent.parent;
      }
      if (
        (parent?.type === "CallExpression" || parent?.type === "NewExpression") &&
        parent.arguments.includes(child as TSESTree.CallExpressionArgument)
      ) {
        found.push(parent);
        next.push(parent);
      } else if (parent?.type === "VariableDeclarator" && parent.init === child && parent.id.type === "Identifier") {
        const [variable] = sourceCode.getDeclaredVariables(parent as never);
        for (const reference of variable?.references ?? []) {
          if (reference.isRead()) next.push(reference.identifier as TSESTree.Node);
        }
      }
    }
    pending = next;
  }
  return found;
}

/** The call (or `new`) whose callee holds the reported range, as rules report a call at its name. */
function enclosingCall(
  node: TSESTree.Node | null,
  start: number,
  end: number,
): TSESTree.CallExpression | TSESTree.NewExpression | null {
  for (let current = node; current; current = current.parent ?? null) {
    if (current.type === "CallExpression" || current.type === "NewExpression") {
      const callee = current.callee;
      return callee.range[0] <= start && end <= callee.range[1] ? current : current.range[0] === start ? current : null;
    }
    if (
      current.type.endsWith("Statement") ||
      current.type.startsWith("Function") ||
      current.type === "ArrowFunctionExpression"
    )
      return null;
  }
  return null;
}

/** The call's range minus the bodies of the functions passed to it: what runs inside them is not the call's own. */
function withoutFunctionBodies(call: TSESTree.CallExpression | TSESTree.NewExpression): [number, number][] {
  const holes = call.arguments
    .filter((argument) => argument.type === "ArrowFunctionExpression" || argument.type === "FunctionExpression")
    .map((fn) => fn.body.range)
    .sort((a, b) => a[0] - b[0]);
  const ranges: [number, number][] = [];
  let from = call.range[0];
  for (const [holeStart, holeEnd] of holes) {
    ranges.push([from, holeStart]);
    from = holeEnd;
  }
  ranges.push([from, call.range[1]]);
  return ranges;
}

/** Whether a hunk changes text inside the range (an insertion counts where it lands, ends included). */
function touches(hunk: Hunk, [start, end]: readonly [number, number], text: string): boolean {
  // Widen the range to whole lines: hunks are whole lines.
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const newline = text.indexOf("\n", end);
  const lineEnd = newline === -1 ? text.length : newline + 1;
  return hunk.start === hunk.end
    ? lineStart <= hunk.start && hunk.start <= lineEnd
    : hunk.start < lineEnd && lineStart < hunk.end;
}

/** For each hunk, the indexes of the old findings it belongs to. */
export function attribute(hunks: readonly Hunk[], findings: readonly Finding[], before: string): number[][] {
  const owners = hunks.map((): number[] => []);
  findings.forEach((finding, index) => {
    for (const range of finding.reach) {
      // Hunks are in order and do not overlap: from the first that does not end before the range's first line.
      const lineStart = before.lastIndexOf("\n", range[0] - 1) + 1;
      let low = 0;
      let high = hunks.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (hunks[middle]!.end < lineStart) low = middle + 1;
        else high = middle;
      }
      const lineEnd = range[1] + lineLength(before, range[1]);
      for (let hunk = low; hunk < hunks.length && hunks[hunk]!.start <= lineEnd; hunk++) {
        const list = owners[hunk]!;
        if (list[list.length - 1] !== index && touches(hunks[hunk]!, range, before)) list.push(index);
      }
    }
  });
  return owners;
}

/** How far from `index` the line it is on ends (its line break included). */
function lineLength(text: string, index: number): number {
  const newline = text.indexOf("\n", index);
  return (newline === -1 ? text.length : newline + 1) - index;
}

/**
 * Old findings that are gone from the new text although no hunk touched them: the rewrite hid them. A finding on a
 * line no hunk changed is looked for on the same line of the new text (same rule, message and column).
 */
export function hiddenFindings(
  before: string,
  after: string,
  old: readonly Finding[],
  current: readonly Finding[],
): Finding[] {
  const hunks = hunksBetween(before, after);
  const owned = new Set(attribute(hunks, old, before).flat());
  const mapLine = lineMapper(before, after);
  const at = (finding: Finding, line: number) =>
    `${finding.ruleId}|${finding.messageId ?? ""}|${line}|${finding.column}`;
  const now = new Set(current.map((finding) => at(finding, finding.line)));
  return old.filter((finding, index) => !owned.has(index) && !now.has(at(finding, mapLine(finding.line))));
}

// ---------------------------------------------------------------------------------------------------------------------
// Edit units

/** Hunks that belong to one finding (or to findings sharing a hunk) form one unit, kept or left out together. */
export function editUnits(hunks: readonly Hunk[], owners: readonly number[][]): number[][] {
  const parent = hunks.map((_, index) => index);
  const find = (index: number): number => (parent[index] === index ? index : (parent[index] = find(parent[index]!)));
  const firstHunkOf = new Map<number, number>();
  owners.forEach((findings, hunk) => {
    for (const finding of findings) {
      const first = firstHunkOf.get(finding);
      if (first === undefined) firstHunkOf.set(finding, hunk);
      else parent[find(hunk)] = find(first);
    }
  });
  const units = new Map<number, number[]>();
  hunks.forEach((_, index) => units.set(find(index), [...(units.get(find(index)) ?? []), index]));
  return [...units.values()];
}

/**
 * Edit units and what each keeps in the file. A hunk that only declares a helper a transform added (`askWithin`,
 * `withinDeadline`, named in `helpers`) is no edit of its own: each unit reaches, besides its own hunks, the
 * declarations of the helpers it calls. So a helper is written exactly while an edit that calls it is kept, and a
 * type error inside a helper blames the edits that call it.
 */
export function unitsWithHelpers(
  hunks: readonly Hunk[],
  units: readonly number[][],
  helpers: Iterable<string>,
): { units: number[][]; reach: number[][] } {
  const declaring = new Map<number, string>();
  for (const name of helpers) {
    hunks.forEach((hunk, index) => {
      // Only the declaration names it: the hunk holds no call of its own.
      if (declaresFunction(hunk.text, name) && mentions(hunk.text, name) === 1) declaring.set(index, name);
    });
  }
  const edits = units.map((unit) => unit.filter((hunk) => !declaring.has(hunk))).filter((unit) => unit.length > 0);
  const reach = edits.map((unit) => [
    ...unit,
    ...[...declaring].flatMap(([hunk, name]) => (unit.some((own) => callsName(hunks[own]!.text, name)) ? [hunk] : [])),
  ]);
  return { units: edits, reach };
}

/** Whether `text` declares a function named `name` at the start of a line (as a transform adds a helper). */
export function declaresFunction(text: string, name: string): boolean {
  return new RegExp(`(?:^|\\n)[ \\t]*(?:export[ \\t]+)?function[ \\t]+${name}[ \\t]*[<(]`).test(text);
}

function mentions(text: string, name: string): number {
  return text.match(new RegExp(`(?<![\\w$])${name}(?![\\w$])`, "g"))?.length ?? 0;
}

function callsName(text: string, name: string): boolean {
  return new RegExp(`(?<![\\w$])${name}\\s*\\(`).test(text);
}
