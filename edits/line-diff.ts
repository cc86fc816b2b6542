/**
 * Line diffs that stay linear on large files edited all over. jsdiff's `diffLines` (Myers' algorithm) costs about
 * (lines) × (changed lines): nothing on a file of a few thousand lines, quadratic on a generated module that a
 * rewrite touches in a thousand places. Above LARGE_TEXT_LINES, the texts are first cut at anchors, as patience diff
 * does: the lines that occur exactly once in each text, kept in the order both texts have them (their longest
 * increasing run), and `diffLines` compares only the stretches between two anchors. Below it, `diffLines` runs on the
 * whole texts, so small files get the diff they always had.
 */
import { diffLines, FILE_HEADERS_ONLY, createTwoFilesPatch } from "diff";

/** One run of lines: unchanged, removed from the old text or added in the new one (jsdiff's change shape). */
export interface LineChange {
  readonly value: string;
  readonly count: number;
  readonly added: boolean;
  readonly removed: boolean;
}

/** Texts of fewer lines than this, on both sides, are compared whole. */
const LARGE_TEXT_LINES = 4_000;

/** The lines of `text`, each with its line break (`\n` or `\r\n`), as `diffLines` cuts them. */
function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** The changes from `before` to `after`, line by line, in order. */
export function lineChanges(before: string, after: string): LineChange[] {
  const old = linesOf(before);
  const now = linesOf(after);
  if (old.length < LARGE_TEXT_LINES && now.length < LARGE_TEXT_LINES) return fromJsdiff(diffLines(before, after));
  const changes: LineChange[] = [];
  const push = (change: LineChange) => {
    if (change.count === 0) return;
    const last = changes[changes.length - 1];
    if (last && last.added === change.added && last.removed === change.removed) {
      changes[changes.length - 1] = { ...last, value: last.value + change.value, count: last.count + change.count };
    } else changes.push(change);
  };
  let fromOld = 0;
  let fromNow = 0;
  for (const [oldIndex, nowIndex] of [...anchors(old, now), [old.length, now.length] as const]) {
    const gapOld = old.slice(fromOld, oldIndex).join("");
    const gapNow = now.slice(fromNow, nowIndex).join("");
    if (gapOld === "" || gapNow === "") {
      push({ value: gapOld, count: oldIndex - fromOld, added: false, removed: true });
      push({ value: gapNow, count: nowIndex - fromNow, added: true, removed: false });
    } else {
      for (const change of fromJsdiff(diffLines(gapOld, gapNow))) push(change);
    }
    if (oldIndex < old.length) push({ value: old[oldIndex]!, count: 1, added: false, removed: false });
    fromOld = oldIndex + 1;
    fromNow = nowIndex + 1;
  }
  return changes;
}

export function fromJsdiff(changes: readonly { value: string; count?: number; added?: boolean; removed?: boolean }[]) {
  return changes.map((change): LineChange => ({
    value: change.value,
    count: change.count ?? linesOf(change.value).length,
    added: !!change.added,
    removed: !!change.removed,
  }));
}

/**
 * Pairs (old index, new index) of lines that occur once in each text, in the order both texts have them: the longest
 * run of such pairs whose old indexes increase along the new text (patience sorting, with each pile's predecessor).
 */
function anchors(old: readonly string[], now: readonly string[]): [number, number][] {
  const seenOld = new Map<string, number>();
  old.forEach((line, index) => seenOld.set(line, seenOld.has(line) ? -1 : index));
  const seenNow = new Map<string, number>();
  now.forEach((line, index) => seenNow.set(line, seenNow.has(line) ? -1 : index));
  const pairs: [number, number][] = [];
  now.forEach((line, index) => {
    const oldIndex = seenOld.get(line);
    if (oldIndex !== undefined && oldIndex >= 0 && seenNow.get(line) === index) pairs.push([oldIndex, index]);
  });
  // tops[k]: the pair ending the best run of length k + 1 (smallest old index); before[i]: the pair before pair i.
  const tops: number[] = [];
  const before: number[] = new Array<number>(pairs.length);
  pairs.forEach(([oldIndex], pair) => {
    let low = 0;
    let high = tops.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (pairs[tops[middle]!]![0] < oldIndex) low = middle + 1;
      else high = middle;
    }
    before[pair] = low > 0 ? tops[low - 1]! : -1;
    tops[low] = pair;
  });
  const run: [number, number][] = [];
  for (let pair = tops.length > 0 ? tops[tops.length - 1]! : -1; pair >= 0; pair = before[pair]!)
    run.push(pairs[pair]!);
  return run.reverse();
}

/** Lines of context around each change in a unified diff, as `git diff` shows. */
const CONTEXT_LINES = 3;

/**
 * A unified diff of `before` and `after` (file headers `a/<name>`, `b/<name>`, no index line), as
 * `createTwoFilesPatch` writes it (diff@8, lib/patch/create.js); on large texts from `lineChanges`.
 */
export function unifiedDiff(name: string, before: string, after: string): string {
  const old = linesOf(before);
  const now = linesOf(after);
  if (old.length < LARGE_TEXT_LINES && now.length < LARGE_TEXT_LINES) {
    return createTwoFilesPatch(`a/${name}`, `b/${name}`, before, after, undefined, undefined, {
      context: CONTEXT_LINES,
      headerOptions: FILE_HEADERS_ONLY,
    });
  }
  return formatUnified(name, lineChanges(before, after));
}

/** `changes` as a unified diff with file headers `a/<name>` and `b/<name>`. */
export function formatUnified(name: string, changes: readonly LineChange[]): string {
  const out = [`--- a/${name}`, `+++ b/${name}`];
  let oldLine = 1;
  let nowLine = 1;
  let hunk: { oldStart: number; nowStart: number; oldCount: number; nowCount: number; lines: string[] } | null = null;
  const mark = (sign: string, lines: readonly string[]) => {
    for (const line of lines) {
      if (line.endsWith("\n")) hunk!.lines.push(sign + line.replace(/\n$/, ""));
      else hunk!.lines.push(sign + line, "\\ No newline at end of file");
    }
  };
  const close = () => {
    if (!hunk) return;
    // A side of no lines is numbered from the line before it (the unified format's rule).
    const oldStart = hunk.oldCount === 0 ? hunk.oldStart - 1 : hunk.oldStart;
    const nowStart = hunk.nowCount === 0 ? hunk.nowStart - 1 : hunk.nowStart;
    out.push(`@@ -${oldStart},${hunk.oldCount} +${nowStart},${hunk.nowCount} @@`, ...hunk.lines);
    hunk = null;
  };
  changes.forEach((change, index) => {
    const lines = linesOf(change.value);
    if (change.added || change.removed) {
      if (!hunk) {
        const previous = index > 0 ? linesOf(changes[index - 1]!.value).slice(-CONTEXT_LINES) : [];
        hunk = {
          oldStart: oldLine - previous.length,
          nowStart: nowLine - previous.length,
          oldCount: previous.length,
          nowCount: previous.length,
          lines: [],
        };
        mark(" ", previous);
      }
      mark(change.added ? "+" : "-", lines);
      if (change.added) {
        hunk.nowCount += lines.length;
        nowLine += lines.length;
      } else {
        hunk.oldCount += lines.length;
        oldLine += lines.length;
      }
      return;
    }
    if (hunk) {
      // Changes closer than twice the context share one hunk; else the context after this one closes it.
      const joins = lines.length <= CONTEXT_LINES * 2 && index < changes.length - 1;
      const shown = joins ? lines : lines.slice(0, CONTEXT_LINES);
      mark(" ", shown);
      hunk.oldCount += shown.length;
      hunk.nowCount += shown.length;
      if (!joins) close();
    }
    oldLine += lines.length;
    nowLine += lines.length;
  });
  close();
  return `${out.join("\n")}\n`;
}
