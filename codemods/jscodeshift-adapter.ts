/**
 * Turns a codemod's `run(source, file, options)` into the function jscodeshift calls, and reads the options
 * jscodeshift passes along (it keeps unknown flags under their dashed names: `--deadline-ms=300000` → `deadline-ms`).
 */
import type { API, FileInfo, Options } from "jscodeshift";
import { formatLocation, type FixOutcome } from "./apply-suggestions.ts";

/** Options every codemod understands, whether called by jscodeshift or by `migrate`. */
export interface CodemodOptions {
  /** `deadline`: the timeout, in milliseconds, a person gets to answer. Required; there is no default. */
  readonly deadlineMs?: number;
  /** `release-in-finally`: prefer `await using` where the acquisition returns a disposable. */
  readonly awaitUsing?: boolean;
}

export type RunCodemod = (source: string, file: string, options: CodemodOptions) => FixOutcome;

export type JscodeshiftTransform = (file: FileInfo, api: API, options: Options) => string | undefined;

/** jscodeshift counts `undefined` as "skipped" and the same text as "unchanged"; both leave the file untouched. */
export function toJscodeshiftTransform(run: RunCodemod): JscodeshiftTransform {
  return function transform(file, api, options) {
    const outcome = run(file.source, file.path, readCodemodOptions(options));
    // Some runners (jscodeshift's own testUtils) pass no `report`.
    const report = typeof api.report === "function" ? api.report : () => {};
    for (const skip of outcome.skipped) {
      report(`${formatLocation(file.path, skip.line, skip.column)}: skipped (${skip.rule}): ${skip.reason}`);
    }
    return outcome.changed ? outcome.output : undefined;
  };
}

export function readCodemodOptions(options: Options): CodemodOptions {
  const deadline = options["deadline-ms"] ?? options["deadlineMs"];
  const awaitUsing = options["await-using"] ?? options["awaitUsing"];
  return {
    deadlineMs: deadline === undefined || deadline === null ? undefined : parseDeadlineMs(deadline),
    awaitUsing: awaitUsing === true || awaitUsing === "true" || awaitUsing === 1 || awaitUsing === "1",
  };
}

/** A whole, positive number of milliseconds; anything else is a usage error that names the flag. */
export function parseDeadlineMs(value: unknown): number {
  const text = String(value).trim().replace(/_/g, "");
  const parsed = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed <= 0) {
    throw new Error(`--deadline-ms must be a whole number of milliseconds greater than 0, got "${String(value)}"`);
  }
  return parsed;
}
