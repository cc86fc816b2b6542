/**
 * Formatting a rewritten file with the project's own Prettier, when the project has one: its config file and its
 * installed `prettier` package, resolved from the file's folder (never ours). A file that passed `prettier --check`
 * before the rewrite is formatted whole, so it passes after; a file that did not is formatted only over the range the
 * rewrite changed, so lines nobody touched keep their (unformatted) text. Without a config or without Prettier the
 * rewrite stays as the transforms wrote it, in the file's own style (see layout.ts).
 */
import { createRequire } from "node:module";
import path from "node:path";

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
  /** Formatted with the project's Prettier; `whole` when the file was clean before and is formatted throughout. */
  | { readonly kind: "formatted"; readonly text: string; readonly whole: boolean; readonly version: string }
  /** Not formatted, and why (no config, no Prettier installed, ignored, a Prettier error). */
  | { readonly kind: "unformatted"; readonly reason: string };

const loaded = new Map<string, PrettierApi | null>();

/** The `prettier` package the project at `directory` would load, or null when it has none. */
function loadProjectPrettier(directory: string): PrettierApi | null {
  const from = path.join(directory, "package.json");
  let resolved: string;
  try {
    resolved = createRequire(from).resolve("prettier");
  } catch {
    return null;
  }
  if (!loaded.has(resolved)) {
    try {
      const api = createRequire(from)("prettier") as Partial<PrettierApi>;
      loaded.set(
        resolved,
        typeof api.format === "function" && typeof api.check === "function" ? (api as PrettierApi) : null,
      );
    } catch {
      loaded.set(resolved, null);
    }
  }
  return loaded.get(resolved) ?? null;
}

/** Formats `after` (the rewrite of `before`) as the project's Prettier would, over the changed range only if need be. */
export async function formatRewrite(file: string, before: string, after: string): Promise<FormatOutcome> {
  const prettier = loadProjectPrettier(path.dirname(file));
  if (!prettier) return { kind: "unformatted", reason: "Prettier is not installed in this project" };
  try {
    const configFile = await prettier.resolveConfigFile(file);
    if (!configFile) return { kind: "unformatted", reason: "the project has no Prettier configuration" };
    const info = await prettier.getFileInfo(file, {
      ignorePath: [path.join(path.dirname(configFile), ".prettierignore")],
    });
    if (info.ignored) return { kind: "unformatted", reason: "the file is listed in .prettierignore" };
    if (!info.inferredParser) return { kind: "unformatted", reason: "Prettier has no parser for this file" };
    const options = { ...(await prettier.resolveConfig(file, { editorconfig: true })), filepath: file };
    if (await prettier.check(before, options)) {
      return { kind: "formatted", text: await prettier.format(after, options), whole: true, version: prettier.version };
    }
    const [rangeStart, rangeEnd] = changedRange(before, after);
    const text = await prettier.format(after, { ...options, rangeStart, rangeEnd });
    return { kind: "formatted", text, whole: false, version: prettier.version };
  } catch (error) {
    return {
      kind: "unformatted",
      reason: `Prettier failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
    };
  }
}

/** The range of `after` that differs from `before`: everything between their common prefix and common suffix. */
function changedRange(before: string, after: string): [number, number] {
  let start = 0;
  const shortest = Math.min(before.length, after.length);
  while (start < shortest && before[start] === after[start]) start += 1;
  let end = 0;
  while (end < shortest - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end += 1;
  return [start, after.length - end];
}
