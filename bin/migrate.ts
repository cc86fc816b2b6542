/**
 * `eslint-plugin-elicitation migrate <paths…>`: runs the codemods over a repository, safely.
 * Refuses uncommitted changes under the paths (unless --force), shows unified diffs with --dry, type-checks the
 * changed files before and after where a tsconfig.json is present (ts-morph, loaded only then) and keeps no change
 * that adds a type error, and writes each file atomically. Exit codes: 0 ok, 1 a file failed, 2 usage (including a
 * dirty tree).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from "diff";
import { CodemodInternalError, CodemodSyntaxError, nearestTsconfig } from "../codemods/apply-suggestions.ts";
import { parseDeadlineMs, type CodemodOptions } from "../codemods/jscodeshift-adapter.ts";
import { formatRewrite } from "../codemods/format.ts";
import { CODEMODS, type Codemod } from "../codemods/registry.ts";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CommandIo } from "./io.ts";

const HELP = `Usage: eslint-plugin-elicitation migrate <paths...> [options]

Rewrites what the plugin's rules report, across files and directories:
${CODEMODS.map((codemod) => `  ${codemod.name.padEnd(20)}${codemod.summary}`).join("\n")}

Options:
  --transform <name>   run only this transform (repeatable); default: all of them
  --deadline-ms <ms>   the deadline a person gets to answer, written as \`timeout\`; required by "deadline"
  --await-using        release-in-finally: use \`await using\` where the acquisition returns a disposable
  --dry                print a unified diff of every change and write nothing
  --force              run even when the paths have uncommitted changes in git
  --no-typecheck       do not type-check changed files (otherwise done when a tsconfig.json is found)
  -h, --help           show this help

Where a rewrite is not provably equivalent, the code is left as is and the reason is printed with file:line.
Exit codes: 0 done, 1 a file failed (bad syntax, a rewrite that adds a type error, an unwritable file),
2 usage error or uncommitted changes under the paths.`;

/** Source files the transforms read; declaration files hold no code to rewrite. */
const SOURCE_EXTENSIONS = new Set([".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"]);
const DECLARATION_FILE = /\.d\.[cm]?ts$/;
/** Below this many files a progress display is noise. */
const PROGRESS_MIN_FILES = 20;
const PROGRESS_BAR_WIDTH = 24;
/** Rounds of all transforms over one file; the second normally changes nothing. */
const MAX_ROUNDS = 4;

interface MigrateArgs {
  readonly paths: readonly string[];
  readonly codemods: readonly Codemod[];
  readonly options: CodemodOptions;
  readonly dry: boolean;
  readonly force: boolean;
  readonly typecheck: boolean;
}

interface Skip {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly transform: string;
  /** The rule whose report was left alone (a transform may apply several). */
  readonly rule: string;
  readonly reason: string;
}

interface FileResult {
  readonly file: string;
  readonly before: string;
  after: string;
  status: "changed" | "unchanged" | "failed";
  readonly skips: Skip[];
  /** Edits applied per transform. */
  readonly applied: Map<string, number>;
  /** Helper functions a transform added to the file. */
  readonly helpers?: Set<string>;
  error?: string;
}

export async function runMigrate(argv: readonly string[], io: CommandIo): Promise<number> {
  const parsed = parseArgs(argv);
  if ("help" in parsed) {
    io.stdout(`${HELP}\n`);
    return EXIT_OK;
  }
  if ("error" in parsed) {
    io.stderr(`migrate: ${parsed.error}\n\n${HELP}\n`);
    return EXIT_USAGE;
  }
  const args = parsed;
  const display = (file: string) => displayPath(file, io.cwd);

  const absolutePaths = args.paths.map((entry) => path.resolve(io.cwd, entry));
  const missing = absolutePaths.filter((entry) => !fs.existsSync(entry));
  if (missing.length > 0) {
    io.stderr(`migrate: no such file or directory: ${missing.map(display).join(", ")}\n`);
    return EXIT_USAGE;
  }

  if (!args.dry && !args.force) {
    const state = uncommittedChanges(absolutePaths);
    if (state.dirty.length > 0) {
      const shown = state.dirty.slice(0, 10).map((line) => `  ${line}\n`).join("");
      const more = state.dirty.length > 10 ? `  … and ${state.dirty.length - 10} more\n` : "";
      io.stderr(
        `migrate: uncommitted changes under the given paths; commit or stash them first so the rewrite can be reviewed and undone (or pass --force):\n${shown}${more}`,
      );
      return EXIT_USAGE;
    }
    if (state.notInGit) io.stderr("migrate: not inside a git repository; nothing to undo the rewrite with but your own backups\n");
  }

  const files = collectSourceFiles(absolutePaths);
  const progress = createProgress(io, files.length);
  const results: FileResult[] = [];
  for (const [index, file] of files.entries()) {
    progress.update(index, display(file));
    results.push(migrateFile(file, args, display));
  }
  progress.done();

  // Hook: the project's own Prettier, where it has one, formats what the transforms changed.
  for (const result of results) {
    if (result.status !== "changed") continue;
    const formatted = await formatRewrite(result.file, result.before, result.after);
    if (formatted.kind === "formatted") result.after = formatted.text;
  }

  if (args.typecheck) await rejectTypeRegressions(results, io, display);

  for (const result of results) {
    if (result.status !== "changed") continue;
    if (args.dry) {
      io.stdout(unifiedDiff(display(result.file), result.before, result.after));
      continue;
    }
    try {
      // Someone may have saved the file while the run went on: their text wins, and the file counts as failed.
      if (fs.readFileSync(result.file, "utf8") !== result.before) throw new Error("it changed on disk during the run");
      writeAtomically(result.file, result.after);
    } catch (error) {
      result.status = "failed";
      result.error = `${display(result.file)}: could not write: ${errorMessage(error)}`;
    }
  }

  io.stdout(report(results, args, display));
  return results.some((result) => result.status === "failed") ? EXIT_FAILURE : EXIT_OK;
}

function parseArgs(argv: readonly string[]): MigrateArgs | { error: string } | { help: true } {
  const paths: string[] = [];
  const names: string[] = [];
  let deadline: string | undefined;
  let awaitUsing = false;
  let dry = false;
  let force = false;
  let typecheck = true;
  let onlyPaths = false;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (onlyPaths || !arg.startsWith("-")) {
      paths.push(arg);
      continue;
    }
    const [flag, inlineValue] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const takeValue = (): string | null => {
      if (inlineValue !== undefined) return inlineValue;
      const next = argv[index + 1];
      if (next === undefined || next.startsWith("-")) return null;
      index += 1;
      return next;
    };
    switch (flag) {
      case "--":
        onlyPaths = true;
        break;
      case "-h":
      case "--help":
        return { help: true };
      case "--dry":
      case "--dry-run":
        dry = true;
        break;
      case "--force":
        force = true;
        break;
      case "--await-using":
        awaitUsing = true;
        break;
      case "--no-typecheck":
        typecheck = false;
        break;
      case "-t":
      case "--transform": {
        const value = takeValue();
        if (value === null) return { error: `${flag} needs a transform name (${CODEMODS.map((c) => c.name).join(", ")})` };
        names.push(...value.split(",").filter(Boolean));
        break;
      }
      case "--deadline-ms": {
        const value = takeValue();
        if (value === null) return { error: "--deadline-ms needs a number of milliseconds" };
        deadline = value;
        break;
      }
      default:
        return { error: `unknown option ${flag}` };
    }
  }
  if (paths.length === 0) return { error: "give at least one file or directory to migrate" };
  const unknown = names.filter((name) => !CODEMODS.some((codemod) => codemod.name === name));
  if (unknown.length > 0) {
    return { error: `unknown transform ${unknown.join(", ")} (known: ${CODEMODS.map((c) => c.name).join(", ")})` };
  }
  const codemods = names.length === 0 ? CODEMODS : CODEMODS.filter((codemod) => names.includes(codemod.name));
  let deadlineMs: number | undefined;
  if (deadline !== undefined) {
    try {
      deadlineMs = parseDeadlineMs(deadline);
    } catch (error) {
      return { error: errorMessage(error) };
    }
  } else if (codemods.some((codemod) => codemod.needsDeadline)) {
    return {
      error:
        'the "deadline" transform needs --deadline-ms <ms>: how long a person may take to answer is your decision, so there is no default (or leave it out with --transform)',
    };
  }
  return { paths, codemods, options: { deadlineMs, awaitUsing }, dry, force, typecheck };
}

/** Runs every selected transform on one file, in memory; a failure leaves the file as it was. */
function migrateFile(file: string, args: MigrateArgs, display: (file: string) => string): FileResult {
  let before: string;
  try {
    before = fs.readFileSync(file, "utf8");
  } catch (error) {
    return { file, before: "", after: "", status: "failed", skips: [], applied: new Map(), error: `${display(file)}: could not read: ${errorMessage(error)}` };
  }
  const result: FileResult = { file, before, after: before, status: "unchanged", skips: [], applied: new Map(), helpers: new Set() };
  let text = before;
  // One transform's rewrite can move code another reports on; rounds end when one changes nothing, so the skipped
  // places are those of the final text, with its line numbers.
  for (let round = 1; round <= MAX_ROUNDS; round += 1) {
    const skips: Skip[] = [];
    let changedThisRound = false;
    for (const codemod of args.codemods) {
      try {
        const outcome = codemod.run(text, file, args.options);
        if (outcome.changed) {
          text = outcome.output;
          changedThisRound = true;
          result.applied.set(codemod.name, (result.applied.get(codemod.name) ?? 0) + outcome.applied);
          for (const helper of outcome.addedHelpers ?? []) result.helpers?.add(helper);
        }
        for (const skip of outcome.skipped) skips.push({ file, line: skip.line, column: skip.column, transform: codemod.name, rule: skip.rule, reason: skip.reason });
      } catch (error) {
        result.status = "failed";
        result.after = before;
        result.error =
          error instanceof CodemodSyntaxError
            ? `${display(file)}:${error.line}:${error.column}: cannot parse: ${error.detail}`
            : error instanceof CodemodInternalError
              ? `${display(file)}: [${codemod.name}] ${error.message.slice(error.file.length + 2)}`
              : `${display(file)}: ${codemod.name} failed: ${errorMessage(error)}`;
        return result;
      }
    }
    if (!changedThisRound) {
      result.skips.push(...skips.sort((a, b) => a.line - b.line || a.column - b.column));
      result.after = text;
      result.status = text === before ? "unchanged" : "changed";
      return result;
    }
  }
  result.status = "failed";
  result.after = before;
  result.error = `${display(file)}: the transforms kept rewriting each other's output after ${MAX_ROUNDS} rounds; file left as it was`;
  return result;
}

/** Every JS/TS source file under the paths, sorted; directories skip node_modules and dot-folders. */
function collectSourceFiles(paths: readonly string[]): string[] {
  const files = new Set<string>();
  const isSource = (file: string) => SOURCE_EXTENSIONS.has(path.extname(file)) && !DECLARATION_FILE.test(file);
  const walk = (directory: string) => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && !entry.name.startsWith(".")) walk(full);
      } else if (entry.isFile() && isSource(entry.name)) {
        files.add(full);
      }
    }
  };
  for (const entry of paths) {
    if (fs.statSync(entry).isDirectory()) walk(entry);
    else files.add(entry);
  }
  return [...files].sort();
}

/** `git status` lines for the paths (untracked files count: git could not restore them either). */
function uncommittedChanges(paths: readonly string[]): { dirty: string[]; notInGit: boolean } {
  const dirty: string[] = [];
  let notInGit = false;
  for (const entry of paths) {
    const directory = fs.statSync(entry).isDirectory() ? entry : path.dirname(entry);
    const status = spawnSync("git", ["status", "--porcelain=v1", "--untracked-files=all", "--", entry], {
      cwd: directory,
      encoding: "utf8",
    });
    if (status.error || status.status !== 0) {
      notInGit = true;
      continue;
    }
    dirty.push(...status.stdout.split("\n").filter((line) => line.trim() !== ""));
  }
  return { dirty: [...new Set(dirty)], notInGit };
}

type TsMorph = typeof import("ts-morph");

/**
 * Type-checks each changed file as it was and as rewritten, in the project of its nearest tsconfig.json, and puts
 * back any file whose rewrite adds an error. ts-morph is optional: without it the check is skipped, and said so.
 */
async function rejectTypeRegressions(results: FileResult[], io: CommandIo, display: (file: string) => string): Promise<void> {
  const changed = results.filter((result) => result.status === "changed");
  const byConfig = new Map<string, FileResult[]>();
  for (const result of changed) {
    const config = nearestTsconfig(path.dirname(result.file));
    if (config) byConfig.set(config, [...(byConfig.get(config) ?? []), result]);
  }
  if (byConfig.size === 0) return;
  let tsMorph: TsMorph;
  try {
    tsMorph = await import("ts-morph");
  } catch {
    io.stderr("migrate: ts-morph is not installed, so changed files were not type-checked (npm install -D ts-morph)\n");
    return;
  }
  for (const [config, group] of byConfig) {
    io.stderr(`migrate: type-checking ${group.length} changed file(s) in the project of ${display(config)}\n`);
    const project = new tsMorph.Project({ tsConfigFilePath: config });
    for (const result of group) {
      const sourceFile = project.getSourceFile(result.file) ?? project.addSourceFileAtPath(result.file);
      sourceFile.replaceWithText(result.before);
      const errorsBefore = describeDiagnostics(tsMorph, sourceFile.getPreEmitDiagnostics());
      sourceFile.replaceWithText(result.after);
      const errorsAfter = describeDiagnostics(tsMorph, sourceFile.getPreEmitDiagnostics());
      const added = withoutCounted(errorsAfter, errorsBefore);
      if (added.length === 0) continue;
      sourceFile.replaceWithText(result.before);
      const first = added[0]!;
      result.status = "failed";
      result.after = result.before;
      result.error = `${display(result.file)}:${first.line}: the rewrite would add a type error (${first.key}); file left as it was${added.length > 1 ? ` (${added.length} new errors)` : ""}`;
    }
  }
}

interface DiagnosticSummary {
  /** Code and message, without position: rewrites move code, so positions are no way to match errors. */
  readonly key: string;
  readonly line: number;
}

function describeDiagnostics(tsMorph: TsMorph, diagnostics: ReturnType<import("ts-morph").SourceFile["getPreEmitDiagnostics"]>): DiagnosticSummary[] {
  return diagnostics
    .filter((diagnostic) => diagnostic.getCategory() === tsMorph.ts.DiagnosticCategory.Error)
    .map((diagnostic) => ({
      key: `TS${diagnostic.getCode()}: ${tsMorph.ts.flattenDiagnosticMessageText(diagnostic.compilerObject.messageText, " ")}`,
      line: diagnostic.getLineNumber() ?? 1,
    }));
}

/** The entries of `after` left once each entry of `before` cancels one with the same key. */
function withoutCounted(after: readonly DiagnosticSummary[], before: readonly DiagnosticSummary[]): DiagnosticSummary[] {
  const remaining = new Map<string, number>();
  for (const { key } of before) remaining.set(key, (remaining.get(key) ?? 0) + 1);
  return after.filter(({ key }) => {
    const count = remaining.get(key) ?? 0;
    if (count === 0) return true;
    remaining.set(key, count - 1);
    return false;
  });
}


/** Writes beside the file, then renames over it: a reader sees the old text or the new, never half of one. */
function writeAtomically(file: string, text: string): void {
  const mode = fs.statSync(file).mode;
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    fs.writeFileSync(temporary, text, { mode });
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

function unifiedDiff(name: string, before: string, after: string): string {
  const forward = name.split(path.sep).join("/");
  return createTwoFilesPatch(`a/${forward}`, `b/${forward}`, before, after, undefined, undefined, {
    context: 3,
    headerOptions: FILE_HEADERS_ONLY,
  });
}

function report(results: readonly FileResult[], args: MigrateArgs, display: (file: string) => string): string {
  const lines: string[] = [];
  for (const result of results) {
    if (result.status === "changed") {
      const counts = [...result.applied].map(([name, count]) => `${name} ${count}`).join(", ");
      lines.push(`${args.dry ? "would change" : "changed"}  ${display(result.file)} (${counts})`);
      for (const helper of result.helpers ?? []) {
        lines.push(`${args.dry ? "would add" : "added"}  helper \`${helper}\` to ${display(result.file)}: it ends each question it is handed on the caller's signal or the deadline, as a "no decision" answer`);
      }
    }
    if (result.status === "failed") lines.push(`failed  ${result.error ?? display(result.file)}`);
    // A failed file was left whole; its skips belong to a rewrite that did not happen.
    if (result.status !== "failed") {
      // Skips carry the rewritten file's lines; in a dry run that file exists only as the + side of the diff.
      const where = args.dry && result.status === "changed" ? " (line after the rewrite)" : "";
      for (const skip of result.skips) {
        const source = skip.rule === skip.transform ? skip.rule : `${skip.transform}: ${skip.rule}`;
        lines.push(`skipped  ${display(skip.file)}:${skip.line}:${skip.column}${where} [${source}] ${skip.reason}`);
      }
    }
  }
  const count = (status: FileResult["status"]) => results.filter((result) => result.status === status).length;
  const skipped = results.filter((result) => result.status !== "failed").reduce((sum, result) => sum + result.skips.length, 0);
  const summary =
    `${args.dry ? "Dry run, nothing written. " : ""}Summary: ${count("changed")} changed, ${count("unchanged")} unchanged, ` +
    `${skipped} skipped with reason, ${count("failed")} failed (${results.length} files).`;
  return `${[...lines, summary].join("\n")}\n`;
}

interface Progress {
  update(done: number, current: string): void;
  done(): void;
}

/** A redrawn bar on a terminal; on anything else, a plain line every tenth of the way. Quiet for short runs. */
function createProgress(io: CommandIo, total: number): Progress {
  if (total < PROGRESS_MIN_FILES) return { update() {}, done() {} };
  if (io.isTTY) {
    return {
      update(done, current) {
        const filled = Math.round((done / total) * PROGRESS_BAR_WIDTH);
        io.stderr(`\r\x1b[K[${"#".repeat(filled)}${".".repeat(PROGRESS_BAR_WIDTH - filled)}] ${done}/${total} ${current}`);
      },
      done() {
        io.stderr("\r\x1b[K");
      },
    };
  }
  const step = Math.max(1, Math.ceil(total / 10));
  return {
    update(done) {
      if (done > 0 && done % step === 0) io.stderr(`migrate: ${done}/${total} files\n`);
    },
    done() {
      io.stderr(`migrate: ${total}/${total} files\n`);
    },
  };
}

function displayPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : file;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
