/**
 * `eslint-plugin-elicitation migrate <paths…>`: runs the codemods over a repository, safely.
 * Refuses uncommitted changes under the paths (unless --force), shows unified diffs with --dry, type-checks the
 * changed files before and after where a tsconfig.json is present (ts-morph, loaded only then) and keeps no change
 * that adds a type error, and writes each file atomically. Exit codes: 0 ok, 1 a file failed, 2 usage (including a
 * dirty tree).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { unifiedDiff as unifiedDiffOf } from "../edits/line-diff.ts";
import type { SourceCode } from "eslint";
import {
  CodemodInternalError,
  CodemodSyntaxError,
  nearestTsconfig,
  sharedLinting,
} from "../codemods/apply-suggestions.ts";
import { parseDeadlineMs, type CodemodOptions } from "../codemods/jscodeshift-adapter.ts";
import { deadlineEditLabel } from "../codemods/deadline.ts";
import { formatRewrite } from "../codemods/format.ts";
import { CODEMODS, type Codemod } from "../codemods/registry.ts";
import { runTransforms } from "../codemods/run-transforms.ts";
import { findLeftovers, writeAtomically, type Leftover } from "./atomic-write.ts";
import { discoverSourceFiles } from "./files.ts";
import { configuredOptions } from "./wait-functions.ts";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CommandIo } from "./io.ts";
import {
  applyHunks,
  attribute,
  declaresFunction,
  editUnits,
  hiddenFindings,
  hunksBetween,
  lintFindings,
  lineMapper,
  unitsWithHelpers,
  type Finding,
  type Hunk,
} from "./verify.ts";

const HELP = `Usage: eslint-plugin-elicitation migrate <paths...> [options]

Rewrites what the plugin's rules report, across files and directories:
${CODEMODS.map((codemod) => `  ${codemod.name.padEnd(20)}${codemod.summary}`).join("\n")}

Options:
  --transform <name>   run only this transform (repeatable); default: all of them
  --deadline-ms <ms>   the deadline a person gets to answer, written as \`timeout\`; required by "deadline"
  --await-using        release-in-finally: use \`await using\` where the acquisition returns a disposable
  --dry                print a unified diff of every change and write nothing (also --dry-run)
  --force              run even when the paths have uncommitted changes in git, or are not in a git repository
  --no-typecheck       write rewrites without type-checking them (see below)
  --ignore-pattern <g> skip files matching this glob, relative to the current directory (repeatable)
  -v, --version        print the plugin's version
  -h, --help           show this help

Files: in a git repository, those git would commit (.gitignore is honoured); elsewhere a walk that skips
node_modules, dist, build, coverage and dot-folders.
Where a rewrite is not provably equivalent, the code is left as is and the reason is printed with file:line.
Before anything is written, each changed file is type-checked as it was and as rewritten (its nearest
tsconfig.json, or default options): an edit that adds a type error is left out and its place listed as skipped,
with the error; the file's other edits are kept.
A file whose imports do not resolve (dependencies not installed) cannot be checked and is not rewritten (with
--dry its diff is shown, marked as not type-checked).
Each file is written whole: to .<name>.<pid>.<hex>.tmp beside it, then renamed over it. Such a file that a killed
run left behind is removed by the next run (and said), and is not taken for an uncommitted change.
After each rewrite, the rules run on the old and the new text: a finding that vanished although no edit was made
for it means the rewrite hid a problem, and the file is left as it was.
Exit codes: 0 done (places skipped with a reason included, so a second run on a migrated tree exits 0), 1 a file
failed (bad syntax, an unreadable or unwritable file, an unresolved import, a rewrite that hid a finding), 2 usage
error, uncommitted changes under the paths, or no git repository.`;

/** Below this many files a progress display is noise. */
const PROGRESS_MIN_FILES = 20;
const PROGRESS_BAR_WIDTH = 24;

interface MigrateArgs {
  readonly paths: readonly string[];
  readonly codemods: readonly Codemod[];
  readonly options: CodemodOptions;
  readonly dry: boolean;
  readonly force: boolean;
  readonly typecheck: boolean;
  readonly ignorePatterns: readonly string[];
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
  /** `skipped`: left whole, with the reason in its one skip (a file over the size a rewrite is attempted on). */
  status: "changed" | "unchanged" | "skipped" | "failed";
  readonly skips: Skip[];
  /** Edits applied per transform. */
  readonly applied: Map<string, number>;
  /** Helper functions a transform added to the file. */
  readonly helpers?: Set<string>;
  /** What the transforms wrote, before any edit was left out: the skips' lines are its lines. */
  engineOutput: string;
  /** Edits left out because they added a type error, as skips at the place each was made for in the old text. */
  readonly rejected: Skip[];
  /** Dry run only: why the rewrite shown could not be type-checked (an import that does not resolve). */
  unchecked?: string;
  error?: string;
  /** The recommended rules' findings per text of this file, each text linted once (verifying and placing skips). */
  readonly findings?: Map<string, Finding[]>;
}

/**
 * The findings `check` reports in `text` as this file: linted on first ask (from `parsed`, the text as a transform's
 * lint parsed it, where there is one), then read from the file's result.
 */
function findingsIn(result: FileResult, text: string, parsed: SourceCode | null = null): Finding[] {
  const known = result.findings?.get(text);
  if (known) return known;
  const findings = lintFindings(text, result.file, parsed).findings;
  result.findings?.set(text, findings);
  return findings;
}

export async function runMigrate(argv: readonly string[], io: CommandIo): Promise<number> {
  const parsed = parseMigrateArgs(argv);
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

  const files = await discoverSourceFiles(absolutePaths, { cwd: io.cwd, ignorePatterns: args.ignorePatterns });
  // A run killed between writing a file's new text beside it and the rename left that text behind: not a change of
  // the user's, and its file kept its old text. Removed before git is asked, unless its writer is still at work.
  const leftovers = findLeftovers(files);
  io.stdout(removeLeftovers(leftovers, args.dry, display));

  if (!args.dry && !args.force) {
    const state = uncommittedChanges(absolutePaths);
    if (state.dirty.length > 0) {
      const shown = state.dirty
        .slice(0, 10)
        .map((line) => `  ${line}${runningWriterNote(line, leftovers)}\n`)
        .join("");
      const more = state.dirty.length > 10 ? `  … and ${state.dirty.length - 10} more\n` : "";
      io.stderr(
        `migrate: uncommitted changes under the given paths; commit or stash them first so the rewrite can be reviewed and undone (or pass --force):\n${shown}${more}`,
      );
      return EXIT_USAGE;
    }
    if (state.notInGit) {
      io.stderr(
        "migrate: not inside a git repository, so nothing could undo the rewrite; commit the code to git first, preview with --dry, or pass --force\n",
      );
      return EXIT_USAGE;
    }
  }

  const progress = createProgress(io, files.length);
  const results: FileResult[] = [];
  const optionsFor = configuredOptions(io.cwd);
  for (const [index, file] of files.entries()) {
    progress.update(index, display(file));
    // The project's own wrappers, as its ESLint config gives them to the rules: their options are the ones written;
    // and the ecmaVersion it lints the file at, which the numbers written follow.
    const options = { ...args, options: { ...args.options, ...(await optionsFor(file)) } };
    results.push(migrateFile(file, options, display));
  }
  progress.done();

  await verifyResults(results, args, io, display);

  // Hook: the project's own Prettier, where it has one, formats what the transforms changed (after the type check,
  // which formatting cannot change).
  for (const result of results) {
    if (result.status !== "changed") continue;
    const formatted = await formatRewrite(result.file, result.before, result.after);
    if (formatted.kind === "formatted") result.after = formatted.text;
  }
  // Last, once the text that will be on disk is known: formatting and left-out edits move code too.
  for (const result of results)
    if (result.status === "changed" || result.status === "unchanged") placeSkips(result, args.dry);

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

function parseMigrateArgs(argv: readonly string[]): MigrateArgs | { error: string } | { help: true } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      allowNegative: true,
      strict: true,
      options: {
        transform: { type: "string", short: "t", multiple: true },
        "deadline-ms": { type: "string" },
        "await-using": { type: "boolean" },
        dry: { type: "boolean" },
        "dry-run": { type: "boolean" },
        force: { type: "boolean" },
        typecheck: { type: "boolean" },
        "ignore-pattern": { type: "string", multiple: true },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    return { error: errorMessage(error) };
  }
  const { values, positionals: paths } = parsed;
  if (values.help) return { help: true };
  if (paths.length === 0) return { error: "give at least one file or directory to migrate" };
  const names = (values.transform ?? []).flatMap((value) => value.split(",")).filter(Boolean);
  const unknown = names.filter((name) => !CODEMODS.some((codemod) => codemod.name === name));
  if (unknown.length > 0) {
    return { error: `unknown transform ${unknown.join(", ")} (known: ${CODEMODS.map((c) => c.name).join(", ")})` };
  }
  const codemods = names.length === 0 ? CODEMODS : CODEMODS.filter((codemod) => names.includes(codemod.name));
  const deadline = values["deadline-ms"];
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
  return {
    paths,
    codemods,
    options: { deadlineMs, awaitUsing: values["await-using"] ?? false },
    dry: (values.dry ?? false) || (values["dry-run"] ?? false),
    force: values.force ?? false,
    typecheck: values.typecheck ?? true,
    ignorePatterns: values["ignore-pattern"] ?? [],
  };
}

/** Runs every selected transform on one file, in memory; a failure leaves the file as it was. */
function migrateFile(file: string, args: MigrateArgs, display: (file: string) => string): FileResult {
  let before: string;
  try {
    before = fs.readFileSync(file, "utf8");
  } catch (error) {
    return {
      file,
      before: "",
      after: "",
      engineOutput: "",
      status: "failed",
      skips: [],
      applied: new Map(),
      rejected: [],
      error: `${display(file)}: could not read: ${errorMessage(error)}`,
    };
  }
  const result: FileResult = {
    file,
    before,
    after: before,
    engineOutput: before,
    status: "unchanged",
    skips: [],
    applied: new Map(),
    rejected: [],
    helpers: new Set(),
    findings: new Map(),
  };
  // One parse per text for all the transforms. The old text's findings (verifying the rewrite, placing the skips) are
  // read from its parse before it is let go.
  const linting = sharedLinting(file, (text, sourceCode) => findingsIn(result, text, sourceCode));
  try {
    const outcome = runTransforms(args.codemods, before, file, args.options, linting.lint);
    const whole = outcome.skipped.find((skip) => skip.wholeFile);
    if (whole) {
      // Said once for the file, whichever transform said it; no other transform, lint or check runs on it.
      result.status = "skipped";
      result.skips.push({ file, line: 0, column: 0, transform: "", rule: "", reason: whole.reason });
      return result;
    }
    for (const [label, count] of outcome.applied) if (count > 0) result.applied.set(label, count);
    for (const helper of outcome.addedHelpers) result.helpers?.add(helper);
    // The skipped places are those of the final text, with its line numbers.
    result.skips.push(
      ...outcome.skipped
        .map(({ line, column, transform, rule, reason }) => ({ file, line, column, transform, rule, reason }))
        .sort((a, b) => a.line - b.line || a.column - b.column),
    );
    result.after = outcome.output;
    result.engineOutput = outcome.output;
    result.status = outcome.output === before ? "unchanged" : "changed";
    // What the rules find in the final text too, from the parse the transforms' last lint made of it.
    if (result.status === "changed" || result.skips.length > 0)
      findingsIn(result, outcome.output, linting.parsed(outcome.output));
    return result;
  } catch (error) {
    result.status = "failed";
    result.after = before;
    result.error =
      error instanceof CodemodSyntaxError
        ? `${display(file)}:${error.line}:${error.column}: cannot parse: ${error.detail}`
        : error instanceof CodemodInternalError
          ? `${display(file)}: [${transformsOf(error.rules, args.codemods)}] ${error.message.slice(error.file.length + 2)}`
          : `${display(file)}: the transforms failed: ${errorMessage(error)}`;
    return result;
  }
}

/** The transforms whose rules are among `rules`, by name (all of them where no rule is named). */
function transformsOf(rules: readonly string[], codemods: readonly Codemod[]): string {
  const named = codemods.filter((codemod) => codemod.rules.some((rule) => rules.includes(rule)));
  return (named.length > 0 ? named : codemods).map((codemod) => codemod.name).join(", ");
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
    dirty.push(...status.stdout.split("\n").filter((line) => line.trim() !== "" && !isLintCache(line)));
  }
  return { dirty: [...new Set(dirty)], notInGit };
}

/** Removes the leftovers whose writer is gone (says which it would remove, in a dry run); the report's lines. */
function removeLeftovers(leftovers: readonly Leftover[], dry: boolean, display: (file: string) => string): string {
  const lines: string[] = [];
  for (const leftover of leftovers) {
    if (leftover.writerRunning) continue;
    const what = `${display(leftover.path)}: migrate's own temporary file, left by a run (process ${leftover.pid}) stopped before it renamed it over ${display(leftover.target)}, which kept its text`;
    if (dry) {
      lines.push(`would remove  ${what}\n`);
      continue;
    }
    try {
      fs.rmSync(leftover.path, { force: true });
      lines.push(`removed  ${what}\n`);
    } catch (error) {
      lines.push(
        `failed  ${display(leftover.path)}: could not remove migrate's own temporary file: ${errorMessage(error)}\n`,
      );
    }
  }
  return lines.join("");
}

/** What an uncommitted file is, when it is a temporary file of a migrate run still at work. */
function runningWriterNote(porcelainLine: string, leftovers: readonly Leftover[]): string {
  const name = path.posix.basename(porcelainLine.slice(3).replace(/^"(.*)"$/, "$1"));
  const running = leftovers.find((leftover) => leftover.writerRunning && path.basename(leftover.path) === name);
  return running
    ? ` (a temporary file of migrate's, process ${running.pid}, which is still running: wait for it to end, or remove the file if that process is no migrate)`
    : "";
}

/**
 * Whether a `git status --porcelain` line is only ESLint's cache, which `eslint --cache` and `check --cache` write
 * (default name `.eslintcache`, in any folder; or `.cache_<hash>` inside a `.eslintcache/` folder given as the
 * location): not a change of the user's, and nothing the rewrite touches. Any other path counts, dot-files included.
 */
function isLintCache(porcelainLine: string): boolean {
  const file = porcelainLine.slice(3).replace(/^"(.*)"$/, "$1");
  if (porcelainLine.slice(0, 2).includes("R") || file.includes(" -> ")) return false;
  const parts = file.split("/");
  const name = parts.at(-1)!;
  return name === ESLINT_CACHE || (parts.at(-2) === ESLINT_CACHE && /^\.cache_[0-9a-z]+$/.test(name));
}

const ESLINT_CACHE = ".eslintcache";

/**
 * Every changed file, before anything is written: the findings before and after (a finding hidden rather than
 * fixed puts the file back), then, unless --no-typecheck, the type check of each edit (see verify.ts).
 */
async function verifyResults(
  results: FileResult[],
  args: MigrateArgs,
  io: CommandIo,
  display: (file: string) => string,
): Promise<void> {
  // Loaded only when something is to be checked: ts-morph brings the TypeScript compiler.
  const needsTypes = args.typecheck && results.some((result) => result.status === "changed");
  const projects = needsTypes ? new TypeProjects(await import("ts-morph")) : null;
  for (const result of results) {
    if (result.status === "changed") {
      const old = findingsIn(result, result.before);
      const hidden = hiddenFindings(result.before, result.after, old, findingsIn(result, result.after));
      if (hidden.length > 0) {
        const first = hidden[0]!;
        fail(
          result,
          `${display(result.file)}:${first.line}:${first.column}: the rewrite silenced ${first.ruleId} here without rewriting it, so the problem would stay and the report would not (a bug of ours; please report it); file left as it was`,
        );
      } else if (projects) {
        if (projects.count === 0) io.stderr(`migrate: type-checking the changed files\n`);
        typeCheckEdits(result, old, projects, display, args.dry, args.options.deadlineMs);
      }
    }
  }
}

function fail(result: FileResult, error: string): void {
  result.status = "failed";
  result.after = result.before;
  result.error = error;
}

/** Drops each edit whose lines carry a type error the old text did not have; refuses files whose imports do not resolve. */
function typeCheckEdits(
  result: FileResult,
  old: readonly Finding[],
  projects: TypeProjects,
  display: (file: string) => string,
  dry: boolean,
  deadlineMs: number | undefined,
): void {
  const check = projects.checkerFor(result.file);
  const errorsBefore = check(result.before);
  const unresolved = errorsBefore.find((error) => UNRESOLVED_MODULE_CODES.has(error.code));
  if (unresolved) {
    const why = `${unresolved.key.replace(/^TS\d+: /, "").replace(/\.$/, "")} (line ${unresolved.line})`;
    // A preview still shows the rewrite, said to be unchecked; a real run writes nothing it could not check.
    if (dry) result.unchecked = why;
    else {
      fail(
        result,
        `${display(result.file)}:${unresolved.line}: ${why.replace(/ \(line \d+\)$/, "")}, so the rewrite cannot be type-checked; file left as it was (install the project's dependencies, then run migrate again)`,
      );
    }
    return;
  }
  const hunks = hunksBetween(result.before, result.after);
  const owners = attribute(hunks, old, result.before);
  const { units, reach } = unitsWithHelpers(hunks, editUnits(hunks, owners), result.helpers ?? []);
  const kept = new Set(units.keys());
  const keptHunks = () => new Set([...kept].flatMap((unit) => reach[unit]!));
  for (let attempt = 0; attempt <= units.length; attempt += 1) {
    const { text, lines } = applyHunks(result.before, hunks, keptHunks());
    const added = withoutCounted(check(text), errorsBefore);
    if (added.length === 0) break;
    const onLines = (unit: number) => (error: TypeError) =>
      reach[unit]!.some((hunk) => inLines(error.line, lines.get(hunk)));
    // A unit is to blame for an error on one of its lines (or its helper's); an error on no edited line blames every unit.
    const blamed = [...kept].filter((unit) => added.some(onLines(unit)));
    for (const unit of blamed.length > 0 ? blamed : [...kept]) {
      const error = added.find(onLines(unit)) ?? added[0]!;
      result.rejected.push(leftOutSkip(result, hunks, units[unit]!, owners, old, error));
      leaveOutCount(result, hunks, units[unit]!, transformOf(units[unit]!, owners, old), deadlineMs);
      kept.delete(unit);
    }
  }
  const keep = keptHunks();
  const { text } = applyHunks(result.before, hunks, keep);
  if (keep.size === 0 || text === result.before) {
    // Every edit was left out, each a place skipped with its reason: the file is as it was, and that is no failure.
    result.status = "unchanged";
    result.after = result.before;
    result.applied.clear();
    result.helpers?.clear();
    return;
  }
  // Only the helpers a kept edit calls are written, and said to be added.
  for (const helper of result.helpers ?? []) {
    if (!hunks.some((hunk, index) => keep.has(index) && declaresFunction(hunk.text, helper)))
      result.helpers?.delete(helper);
  }
  if (text !== result.after) {
    const hidden = hiddenFindings(result.before, text, old, findingsIn(result, text));
    if (hidden.length > 0) {
      fail(
        result,
        `${display(result.file)}:${hidden[0]!.line}: leaving out an edit that adds a type error would hide a finding; file left as it was`,
      );
      return;
    }
    result.after = text;
  }
}

/**
 * Takes a left-out edit off the file's counts, under the label the transform counted it with (a deadline edit that
 * writes no deadline counts as `signal`).
 */
function leaveOutCount(
  result: FileResult,
  hunks: readonly Hunk[],
  unit: readonly number[],
  transform: string | undefined,
  deadlineMs: number | undefined,
): void {
  if (!transform) return;
  const edits = unit.map((index) => ({
    range: [hunks[index]!.start, hunks[index]!.end] as const,
    text: hunks[index]!.text,
  }));
  const label =
    transform === DEADLINE_TRANSFORM && deadlineMs !== undefined
      ? deadlineEditLabel(result.before, edits, deadlineMs)
      : transform;
  const count = (result.applied.get(label) ?? 0) - 1;
  if (count > 0) result.applied.set(label, count);
  else result.applied.delete(label);
}

/**
 * An edit left out by the type check, as the place skipped: the first finding the edit was made for (its rule and the
 * transform that rewrites it), or, for an edit made for no finding, where it starts; the reason is the type error.
 */
function leftOutSkip(
  result: FileResult,
  hunks: readonly Hunk[],
  unit: readonly number[],
  owners: readonly number[][],
  old: readonly Finding[],
  error: TypeError,
): Skip {
  const reason = `rewriting this would add a type error (${error.key.replace(/\.$/, "")}), so it is left as is`;
  const finding = firstOwner(unit, owners, old);
  if (finding) {
    const rule = finding.ruleId.replace(/^elicitation\//, "");
    const transform = transformOf(unit, owners, old) ?? rule;
    return { file: result.file, line: finding.line, column: finding.column, transform, rule, reason };
  }
  const start = hunks[unit[0]!]!.start;
  const column = start - result.before.lastIndexOf("\n", start - 1);
  return { file: result.file, line: hunks[unit[0]!]!.oldLine, column, transform: "", rule: "", reason };
}

/** The transform that made an edit unit: the one that rewrites the rule of the first finding the unit was made for. */
function transformOf(
  unit: readonly number[],
  owners: readonly number[][],
  old: readonly Finding[],
): string | undefined {
  const finding = firstOwner(unit, owners, old);
  const rule = finding?.ruleId.replace(/^elicitation\//, "");
  return CODEMODS.find((codemod) => rule !== undefined && codemod.rules.includes(rule))?.name;
}

/** The first (in the old text) of the findings an edit unit was made for. */
function firstOwner(
  unit: readonly number[],
  owners: readonly number[][],
  old: readonly Finding[],
): Finding | undefined {
  const indexes = unit.flatMap((hunk) => owners[hunk] ?? []);
  return indexes.map((index) => old[index]!).sort((a, b) => a.line - b.line || a.column - b.column)[0];
}

function inLines(line: number, range: [number, number] | undefined): boolean {
  return range !== undefined && range[0] <= line && line <= range[1];
}

const DEADLINE_TRANSFORM = "deadline";

/** TS2307 "Cannot find module", TS2792 its variant that suggests another module resolution. */
const UNRESOLVED_MODULE_CODES = new Set([2307, 2792]);

/**
 * Skips carry positions in the text they were found in: the transforms' output, or the old text for an edit the type
 * check left out. Only those `check` reports are shown (the transforms also run strict-only checks, to leave those
 * places alone), each at the line:column `check` gives in the file as it is on disk when the run ends: the old text in
 * a dry run, the new one after a real run (formatted, without any left-out edit). A place is found there as the same
 * finding (rule, message, reported text) nearest to where its line moved.
 */
function placeSkips(result: FileResult, dry: boolean): void {
  if (result.skips.length === 0 && result.rejected.length === 0) return;
  const onDisk = dry || result.status !== "changed" ? result.before : result.after;
  // The findings on disk by what identifies them (findingKey), worked out once for all the skips.
  let there: Map<string, Finding[]> | undefined;
  const findingsOnDisk = (key: string) =>
    (there ??= groupBy(findingsIn(result, onDisk), (each) => findingKey(each, onDisk))).get(key) ?? [];
  const taken = new Set<Finding>();
  const placeFrom = (skips: readonly Skip[], from: string): Skip[] => {
    if (skips.length === 0) return [];
    const at = (rule: string, line: number, column: number) => `${rule}|${line}|${column}`;
    const visible = new Map<string, Finding>();
    for (const each of findingsIn(result, from)) {
      const key = at(each.ruleId, each.line, each.column);
      if (!visible.has(key)) visible.set(key, each);
    }
    let mapper: ((line: number) => number) | undefined;
    const mapLine = (line: number) => (mapper ??= lineMapper(from, onDisk))(line);
    return skips.flatMap((skip) => {
      const finding = visible.get(at(`elicitation/${skip.rule}`, skip.line, skip.column));
      // An edit the type check left out that answers no finding of its own stays where its line moved.
      if (!finding) return skip.rule === "" ? [{ ...skip, line: mapLine(skip.line) }] : [];
      if (from === onDisk) return [skip];
      const moved = mapLine(skip.line);
      const key = findingKey(finding, from);
      const candidates = findingsOnDisk(key).filter((each) => !taken.has(each));
      const nearest = candidates.sort((a, b) => Math.abs(a.line - moved) - Math.abs(b.line - moved))[0];
      if (!nearest) return [{ ...skip, line: moved }];
      taken.add(nearest);
      return [{ ...skip, line: nearest.line, column: nearest.column }];
    });
  };
  const placed = [...placeFrom(result.skips, result.engineOutput), ...placeFrom(result.rejected, result.before)];
  result.skips.splice(0, result.skips.length, ...placed.sort((a, b) => a.line - b.line || a.column - b.column));
  result.rejected.length = 0;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** What identifies a finding wherever the code moved: its rule, its message and the text it reports, spaces aside. */
function findingKey(finding: Finding, text: string): string {
  const [start, end] = finding.reach[0] ?? [0, 0];
  return `${finding.ruleId}|${finding.messageId ?? ""}|${text.slice(start, end).replace(/\s+/g, " ")}`;
}

type TsMorph = typeof import("ts-morph");

interface TypeError {
  readonly code: number;
  /** Code and message, without position: rewrites move code, so positions are no way to match errors. */
  readonly key: string;
  readonly line: number;
}

/** One ts-morph project per tsconfig.json (one with default options for files under none), built on first use. */
class TypeProjects {
  private readonly projects = new Map<string, import("ts-morph").Project>();

  constructor(private readonly tsMorph: TsMorph) {}

  get count(): number {
    return this.projects.size;
  }

  /** A function giving the errors of `file` were its text the given one. */
  checkerFor(file: string): (text: string) => TypeError[] {
    const config = nearestTsconfig(path.dirname(file));
    const javascript = /\.[cm]?jsx?$/.test(file);
    const key = `${config ?? ""}|${javascript}`;
    let project = this.projects.get(key);
    if (!project) {
      const { Project, ts } = this.tsMorph;
      // JavaScript is checked too: an argument the callee does not take is an error there as well.
      const js = javascript ? { allowJs: true, checkJs: true } : {};
      project = config
        ? new Project({ tsConfigFilePath: config, compilerOptions: { noEmit: true, ...js } })
        : new Project({
            compilerOptions: {
              target: ts.ScriptTarget.ES2022,
              module: ts.ModuleKind.NodeNext,
              moduleResolution: ts.ModuleResolutionKind.NodeNext,
              skipLibCheck: true,
              noEmit: true,
              ...js,
            },
          });
      this.projects.set(key, project);
    }
    const sourceFile = project.getSourceFile(file) ?? project.addSourceFileAtPath(file);
    return (text) => {
      sourceFile.replaceWithText(text);
      return describeDiagnostics(this.tsMorph, sourceFile.getPreEmitDiagnostics());
    };
  }
}

function describeDiagnostics(
  tsMorph: TsMorph,
  diagnostics: ReturnType<import("ts-morph").SourceFile["getPreEmitDiagnostics"]>,
): TypeError[] {
  return diagnostics
    .filter((diagnostic) => diagnostic.getCategory() === tsMorph.ts.DiagnosticCategory.Error)
    .map((diagnostic) => ({
      code: diagnostic.getCode(),
      key: `TS${diagnostic.getCode()}: ${tsMorph.ts.flattenDiagnosticMessageText(diagnostic.compilerObject.messageText, " ")}`,
      line: diagnostic.getLineNumber() ?? 1,
    }));
}

/** The entries of `after` left once each entry of `before` cancels one with the same key. */
function withoutCounted(after: readonly TypeError[], before: readonly TypeError[]): TypeError[] {
  const remaining = new Map<string, number>();
  for (const { key } of before) remaining.set(key, (remaining.get(key) ?? 0) + 1);
  return after.filter(({ key }) => {
    const count = remaining.get(key) ?? 0;
    if (count === 0) return true;
    remaining.set(key, count - 1);
    return false;
  });
}

function unifiedDiff(name: string, before: string, after: string): string {
  return unifiedDiffOf(name.split(path.sep).join("/"), before, after);
}

function report(results: readonly FileResult[], args: MigrateArgs, display: (file: string) => string): string {
  const lines: string[] = [];
  for (const result of results) {
    if (result.status === "changed") {
      const counts = [...result.applied].map(([name, count]) => `${name} ${count}`).join(", ");
      const unchecked = result.unchecked
        ? `, not type-checked: ${result.unchecked}; install the project's dependencies and run again to check it before writing`
        : "";
      lines.push(`${args.dry ? "would change" : "changed"}  ${display(result.file)} (${counts})${unchecked}`);
      for (const helper of result.helpers ?? []) {
        lines.push(
          `${args.dry ? "would add" : "added"}  helper \`${helper}\` to ${display(result.file)}: it ends each question it is handed on the caller's signal or the deadline, as a "no decision" answer`,
        );
      }
    }
    if (result.status === "failed") lines.push(`failed  ${result.error ?? display(result.file)}`);
    // A failed file was left whole; its skips belong to a rewrite that did not happen.
    if (result.status === "skipped") {
      for (const skip of result.skips) lines.push(`skipped  ${display(skip.file)}: ${skip.reason}`);
    } else if (result.status !== "failed") {
      for (const skip of result.skips) {
        const source = skip.rule === skip.transform ? skip.rule : `${skip.transform}: ${skip.rule}`;
        const tag = source === "" ? "" : ` [${source}]`;
        lines.push(`skipped  ${display(skip.file)}:${skip.line}:${skip.column}${tag} ${skip.reason}`);
      }
    }
  }
  const count = (status: FileResult["status"]) => results.filter((result) => result.status === status).length;
  const skipped = results
    .filter((result) => result.status !== "failed")
    .reduce((sum, result) => sum + result.skips.length, 0);
  const summary =
    `${args.dry ? "Dry run, nothing written. " : ""}Summary: ${count("changed")} changed, ${count("unchanged")} unchanged, ` +
    `${skipped} skipped with reason, ${count("failed")} failed (${plural(results.length, "file")}).`;
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
        io.stderr(
          `\r\x1b[K[${"#".repeat(filled)}${".".repeat(PROGRESS_BAR_WIDTH - filled)}] ${done}/${total} ${current}`,
        );
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

/** Paths as the user typed them: relative to the current directory (`../x` when outside it). */
function displayPath(file: string, cwd: string): string {
  return path.relative(cwd, file) || path.basename(file);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
