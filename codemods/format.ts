/**
 * Formatting a rewritten file with the project's own Prettier, when the project runs Prettier: its config file (or,
 * without one, a project that evidently runs Prettier with its defaults: `prettier` in the nearest package.json's
 * dependencies or scripts) and its installed `prettier` package, resolved from the file's folder (never ours).
 *
 * Only what the rewrite changed is formatted: each changed region on its own (Prettier's rangeStart/rangeEnd, which
 * widen it to the statements it touches), so statements the rewrite did not touch stay byte for byte. Prettier works
 * on the text with `\n` line endings; the result is put back with the file's own (lines nobody touched keep theirs,
 * new lines get the file's). Only a file that followed the configuration before (`prettier --check` passes, line
 * endings aside) is formatted, so it still passes after; in any other file (tabs where the configuration says spaces,
 * no semicolons where it says semicolons, …) a Prettier-formatted block would stand out, so the rewrite stays as the
 * transforms wrote it, in the file's own style (see edits/layout.ts).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parse } from "@typescript-eslint/parser";
import { lineChanges } from "../edits/line-diff.ts";

/** The part of Prettier's API used here (3.x). */
interface PrettierApi {
  readonly version: string;
  resolveConfigFile(file: string): Promise<string | null>;
  resolveConfig(file: string, options?: { editorconfig?: boolean }): Promise<Record<string, unknown> | null>;
  getFileInfo(
    file: string,
    options?: { ignorePath?: string[] },
  ): Promise<{ ignored: boolean; inferredParser: string | null }>;
  check(source: string, options: Record<string, unknown>): Promise<boolean>;
  format(source: string, options: Record<string, unknown>): Promise<string>;
}

type FormatOutcome =
  /** Formatted with the project's Prettier over the statements the rewrite changed. */
  | { readonly kind: "formatted"; readonly text: string; readonly version: string }
  /** Not formatted, and why (no config, no Prettier installed, ignored, a Prettier error). */
  | { readonly kind: "unformatted"; readonly reason: string };

/** The `prettier` package the project at `directory` would load, or null when it has none. */
function loadProjectPrettier(directory: string): PrettierApi | null {
  const from = path.join(directory, "package.json");
  try {
    // Node's module cache keeps each Prettier loaded once, however many files ask.
    const api = createRequire(from)("prettier") as Partial<PrettierApi>;
    return typeof api.format === "function" && typeof api.check === "function" ? (api as PrettierApi) : null;
  } catch {
    return null;
  }
}

/** The nearest package.json above `directory`, read, or null. */
function nearestPackageJson(directory: string): { file: string; json: Record<string, unknown> } | null {
  for (let current = directory; ; current = path.dirname(current)) {
    const file = path.join(current, "package.json");
    if (fs.existsSync(file)) {
      try {
        return { file, json: JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown> };
      } catch {
        return null;
      }
    }
    if (path.dirname(current) === current) return null;
  }
}

const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"] as const;

/**
 * Whether a project without a Prettier configuration file still runs Prettier (with its defaults): its package.json
 * depends on `prettier` itself or one of its scripts runs it. An installed `prettier` alone is no sign: many tools
 * bring it along without the project formatting anything with it.
 */
export function runsPrettier(packageJson: Record<string, unknown>): boolean {
  const declared = DEPENDENCY_FIELDS.some((field) => {
    const dependencies = packageJson[field];
    return typeof dependencies === "object" && dependencies !== null && "prettier" in dependencies;
  });
  const scripts = packageJson["scripts"];
  const scripted =
    typeof scripts === "object" &&
    scripts !== null &&
    Object.values(scripts).some((script) => typeof script === "string" && /(?:^|[\s;&|(])prettier\b/.test(script));
  return declared || scripted;
}

/** Formats the regions of `after` (the rewrite of `before`) that differ from `before`, as the project's Prettier would. */
export async function formatRewrite(file: string, before: string, after: string): Promise<FormatOutcome> {
  const prettier = loadProjectPrettier(path.dirname(file));
  if (!prettier) return { kind: "unformatted", reason: "Prettier is not installed in this project" };
  try {
    const configFile = await prettier.resolveConfigFile(file);
    const manifest = nearestPackageJson(path.dirname(file));
    if (!configFile && !(manifest && runsPrettier(manifest.json))) {
      return { kind: "unformatted", reason: "the project has no Prettier configuration and does not run Prettier" };
    }
    const roots = [configFile, manifest?.file].filter((entry): entry is string => typeof entry === "string");
    const info = await prettier.getFileInfo(file, {
      ignorePath: [...new Set(roots.map((root) => path.join(path.dirname(root), ".prettierignore")))],
    });
    if (info.ignored) return { kind: "unformatted", reason: "the file is listed in .prettierignore" };
    if (!info.inferredParser) return { kind: "unformatted", reason: "Prettier has no parser for this file" };
    // Prettier reads and writes `\n`; the file's own line endings are put back at the end.
    const beforeLf = before.replace(/\r\n/g, "\n");
    const afterLf = after.replace(/\r\n/g, "\n");
    const configured = { ...(await prettier.resolveConfig(file, { editorconfig: true })), filepath: file };
    const options: Record<string, unknown> = { ...configured, endOfLine: "lf" };
    // A file Prettier would not leave as it is was not formatted with this configuration: a Prettier-formatted block
    // would stand out in it, so the rewrite keeps the file's own style, as the transforms wrote it.
    if (!(await prettier.check(beforeLf, options))) {
      return { kind: "unformatted", reason: "the file does not follow the project's Prettier configuration" };
    }
    const comments = commentRanges(afterLf, file);
    const regions = changedRegions(beforeLf, afterLf).flatMap((region) => {
      const code = withoutOuterComments(afterLf, region, comments);
      return code ? [code] : [];
    });
    let text = afterLf;
    // Last region first, so that formatting one moves no offset of those before it. Prettier formats the whole
    // statements a range touches: a region inside a statement that an earlier region's formatting reached is done.
    for (let index = regions.length - 1; index >= 0; index -= 1) {
      const [start, end] = regions[index]!;
      const formatted = await formatRange(prettier, text, options, start, end);
      const from = changedSpan(text, formatted)[0];
      text = formatted;
      while (index > 0 && regions[index - 1]![1] > from) index -= 1;
    }
    return { kind: "formatted", text: withLineEndingsOf(after, text), version: prettier.version };
  } catch (error) {
    return {
      kind: "unformatted",
      reason: `Prettier failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
    };
  }
}

/** The comments of `text` as `[start, end)` offsets, in order; none when it does not parse (Prettier will say why). */
function commentRanges(text: string, file: string): (readonly [number, number])[] {
  try {
    return (parse(text, { comment: true, range: true, filePath: file }).comments ?? []).map((comment) => comment.range);
  } catch {
    return [];
  }
}

/**
 * A changed region without the comments and blank space at its start and end, or null when that is all it holds.
 * Prettier finds no node for a range that starts or ends inside a comment, and then formats nothing at all: a helper
 * added with its doc comment would keep the transforms' layout (`(answer) =>` under `arrowParens: "avoid"`, a
 * signature wrapped for another `printWidth`).
 */
function withoutOuterComments(
  text: string,
  [start, end]: readonly [number, number],
  comments: readonly (readonly [number, number])[],
): [number, number] | null {
  let from = start;
  let to = end;
  for (let moved = true; moved && from < to;) {
    moved = false;
    while (from < to && /\s/.test(text[from]!)) from += 1;
    while (to > from && /\s/.test(text[to - 1]!)) to -= 1;
    const opening = comments.find(([commentStart, commentEnd]) => commentStart <= from && from < commentEnd);
    if (opening) [from, moved] = [Math.min(opening[1], to), true];
    const closing = comments.find(([commentStart, commentEnd]) => commentStart < to && to <= commentEnd);
    if (closing) [to, moved] = [Math.max(closing[0], from), true];
  }
  return from < to ? [from, to] : null;
}

/**
 * Prettier formats a range by reparsing the statements it touches on their own, so a range that touches only a block
 * holding a `break` or `continue` for a statement around it (the `}` closing a new `case`, say) fails to parse
 * ("Unsyntactic break"). Then the range starts instead at the nearest line above with less indentation (the `case`
 * or loop head that owns the block), again until it parses or reaches the top of the file.
 */
async function formatRange(
  prettier: PrettierApi,
  text: string,
  options: Record<string, unknown>,
  start: number,
  end: number,
): Promise<string> {
  let from = start;
  for (;;) {
    try {
      return await prettier.format(text, { ...options, rangeStart: from, rangeEnd: Math.max(from, end - 1) });
    } catch (error) {
      const outer = lineWithLessIndentAbove(text, from, end);
      if (outer === null) throw error;
      from = outer;
    }
  }
}

/** The offset of the nearest line above `start` indented less than the least indented line in [start, end), or null. */
function lineWithLessIndentAbove(text: string, start: number, end: number): number | null {
  const indentOf = (line: string): number => (line.trim() === "" ? Infinity : line.length - line.trimStart().length);
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const least = Math.min(...text.slice(lineStart, end).split("\n").map(indentOf));
  for (let cursor = lineStart; cursor > 0;) {
    const previous = text.lastIndexOf("\n", cursor - 2) + 1;
    if (indentOf(text.slice(previous, cursor - 1)) < least) return previous;
    cursor = previous;
  }
  return null;
}

/** The part of `before` that `after` replaces, as offsets of `before`: everything between their common prefix and suffix. */
function changedSpan(before: string, after: string): [number, number] {
  const shortest = Math.min(before.length, after.length);
  let start = 0;
  while (start < shortest && before[start] === after[start]) start += 1;
  let end = 0;
  while (end < shortest - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end += 1;
  return [start, before.length - end];
}

/** The regions of `after` (offsets, whole lines, end exclusive) that are not lines of `before`. */
function changedRegions(before: string, after: string): [number, number][] {
  const regions: [number, number][] = [];
  let offset = 0;
  for (const change of lineChanges(before, after)) {
    if (change.removed) continue;
    if (change.added) {
      const previous = regions.at(-1);
      if (previous && previous[1] === offset) previous[1] = offset + change.value.length;
      else regions.push([offset, offset + change.value.length]);
    }
    offset += change.value.length;
  }
  return regions;
}

/**
 * `formatted` (with `\n` endings) written with the line endings of `original`: a line both have keeps its ending
 * byte for byte, a line only `formatted` has gets the file's (`\r\n` when the file uses it anywhere, as the transforms
 * write).
 */
function withLineEndingsOf(original: string, formatted: string): string {
  if (!original.includes("\r\n")) return formatted;
  const lines = original.match(/[^\n]*(?:\n|$)/g)!.filter((line, index, all) => line !== "" || index < all.length - 1);
  let index = 0;
  let result = "";
  for (const change of lineChanges(original.replace(/\r\n/g, "\n"), formatted)) {
    const count = change.count ?? 0;
    if (change.removed) {
      index += count;
    } else if (change.added) {
      result += change.value.replace(/\n/g, "\r\n");
    } else {
      result += lines.slice(index, index + count).join("");
      index += count;
    }
  }
  return result;
}
