/**
 * Turns a codemod's `run(source, file, options)` into the function jscodeshift calls, and reads the options
 * jscodeshift passes along (it keeps unknown flags under their dashed names: `--deadline-ms=300000` → `deadline-ms`).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { API, FileInfo, Options } from "jscodeshift";
import type { WrapperOption } from "../analysis/wrappers.ts";
import type { EcmaVersion } from "../edits/number-literal.ts";
import { CodemodUsageError, formatLocation, type FixOutcome } from "./apply-suggestions.ts";

/** Options every codemod understands, whether called by jscodeshift or by `migrate`. */
export interface CodemodOptions {
  /** `deadline`: the timeout, in milliseconds, a person gets to answer. Required; there is no default. */
  readonly deadlineMs?: number;
  /** `release-in-finally`: prefer `await using` where the acquisition returns a disposable. */
  readonly awaitUsing?: boolean;
  /**
   * `deadline`: the project's own functions that wait on a person, as the rules' `humanWaitFunctions` option gives
   * them: their deadline and signal options are the ones written (`ttl`, `timeout_ms`), and no other.
   */
  readonly humanWaitFunctions?: readonly WrapperOption[];
  /**
   * `deadline`: the `ecmaVersion` of the project's ESLint config for the file (`migrate` reads it), which decides
   * whether a JavaScript file's deadline is written `300_000` (edits/number-literal.ts). Default: ESLint's, `latest`.
   */
  readonly ecmaVersion?: EcmaVersion;
}

export type RunCodemod = (source: string, file: string, options: CodemodOptions) => FixOutcome;

export type JscodeshiftTransform = (file: FileInfo, api: API, options: Options) => string | undefined;

/** jscodeshift counts `undefined` as "skipped" and the same text as "unchanged"; both leave the file untouched. */
export function toJscodeshiftTransform(run: RunCodemod): JscodeshiftTransform {
  return function transform(file, api, options) {
    let outcome: FixOutcome;
    try {
      outcome = run(file.source, file.path, readCodemodOptions(options));
    } catch (error) {
      if (!(error instanceof CodemodUsageError)) throw error;
      // Not one error per file with a stack trace: the message once for the run, and the file left as it is.
      sayOnce(`${error.message}; nothing was rewritten. Run it again with the option (e.g. --deadline-ms=300000).`);
      return undefined;
    }
    // Some runners (jscodeshift's own testUtils) pass no `report`.
    const report = typeof api.report === "function" ? api.report : () => {};
    for (const skip of outcome.skipped) {
      report(`${formatLocation(file.path, skip.line, skip.column)}: skipped (${skip.rule}): ${skip.reason}`);
    }
    return outcome.changed ? outcome.output : undefined;
  };
}

const said = new Set<string>();

/**
 * Writes `message` to stderr once per run. jscodeshift runs transforms in worker processes it forks (one per CPU):
 * the first worker to get here says it, the others see its marker file, named after the runner's process id and
 * removed when that worker exits. In band (`--run-in-band`) there is one process and no marker.
 */
function sayOnce(message: string): void {
  if (said.has(message)) return;
  said.add(message);
  if (typeof process.send === "function") {
    const marker = path.join(os.tmpdir(), `eslint-plugin-elicitation-usage-${process.ppid}`);
    try {
      fs.writeFileSync(marker, "", { flag: "wx" });
    } catch {
      return;
    }
    process.on("exit", () => fs.rmSync(marker, { force: true }));
  }
  process.stderr.write(`${message}\n`);
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
