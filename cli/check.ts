/**
 * `check <paths…>`: lint with one of the plugin's configs through ESLint's Node API, without any ESLint config of the
 * user's. Prints findings as code frames (or ESLint's json / SARIF), exits 1 on findings, 0 when clean, 2 on usage errors.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { ESLint, type Linter } from "eslint";
import * as tsParser from "@typescript-eslint/parser";
import type ts from "typescript";
import { SOURCE_EXTENSIONS, globsFor } from "../analysis/source-files.ts";
import { textImportsModuleThatMayAsk } from "../analysis/modules.ts";
import plugin from "../index.ts";
import { RULE_MODULES, type RuleName } from "../rules/index.ts";
import { discoverSourceFiles, readErrorReason, readSourceText } from "./files.ts";
import { runDiscover } from "./discover.ts";
import { withoutConfigWarnings } from "./eslint-warnings.ts";
import { javascriptFirstParser } from "./js-parser.ts";
import { progressLine } from "./progress.ts";
import { ProgramsSeen, sortTypedCandidates, type TypedCandidate } from "./typed-candidates.ts";
import {
  DEFAULT_SUPPRESSIONS_FILE,
  SuppressionsError,
  applySuppressionsFile,
  describeUnused,
  type SuppressionsMode,
} from "./suppressions.ts";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CommandIo } from "./io.ts";

export const CONFIG_NAMES = ["recommended", "strict", "all"] as const;
export type ConfigName = (typeof CONFIG_NAMES)[number];
export const FORMATS = ["stylish", "json", "sarif"] as const;
type Format = (typeof FORMATS)[number];
type Concurrency = number | "auto" | "off";

const RULE_PREFIX = "elicitation";

/** Everything an ESLint instance is built from; plain JSON so worker threads can rebuild it. */
interface CheckSettings {
  config: ConfigName;
  /** Lint with type information: typescript-eslint's project service rooted here (the tsconfig.json's folder). */
  tsconfigRootDir?: string;
  cwd: string;
  cache: boolean;
  cacheLocation?: string;
  concurrency: Concurrency;
}

/** The files `check` lints: every flavour of JavaScript and TypeScript module. */
const LINTED_FILES = globsFor(SOURCE_EXTENSIONS);
const EXTENSION_LIST = SOURCE_EXTENSIONS.join("/");

const USAGE = `Usage: eslint-plugin-elicitation check [options] <paths...>

Lints ${EXTENSION_LIST} files with the plugin's rules. No ESLint config of yours is needed.
In a git repository it reads the files git would commit (so .gitignore'd output such as dist/ is skipped);
elsewhere it skips node_modules, dist, build, coverage and dot-folders. A file named on the command line is always
linted and parsed; a file found in a directory is parsed only if it has words a rule starts from.

Options:
  --config <name>        recommended (default), strict or all; recommended leaves test files alone (*.test.*,
                         *.spec.*, __tests__/, test/, tests/), strict and all lint them too
  --ignore-pattern <g>   skip files matching this glob, relative to the current directory (repeatable)
  -f, --format <name>    stylish (default: code frames and a summary), json (ESLint's) or sarif (SARIF 2.1.0)
  -o, --output-file <p>  write the report to this file instead of standard output
  --concurrency <n>      lint on worker threads: a number, auto, or off (default)
  --typed, --no-typed    lint with type information (typescript-eslint's project service) or without; default:
                         typed when a tsconfig.json is found above the paths, up to the project root
  --cache                only re-lint changed files; results kept in --cache-location
  --cache-location <p>   cache file or directory (default: .eslintcache)
  --suppress-all         record every finding in the suppressions file, so only new ones are reported
  --suppress-rule <r>    record the findings of this rule only (repeatable; exhaustive-action or elicitation/…)
  --prune-suppressions   remove suppressions that no longer occur from the file
  --suppressions-location <p>
                         the suppressions file (default: eslint-suppressions.json, ESLint's own format)
  --pass-on-unpruned-suppressions
                         do not fail when suppressions no longer occur
  -v, --version          print the plugin's version
  -h, --help             show this help

With a suppressions file (eslint-suppressions.json in the current directory, or --suppressions-location), the
findings it records are not reported; the file is ESLint's, so \`eslint\` reads it too.

Exit codes: 0 no findings, 1 findings (including files that do not parse or cannot be read), 2 usage error or
suppressions that no longer occur (as ESLint).`;

/**
 * The flat config `check` lints with: our parser for every JS/TS flavour, then the chosen plugin config. Typed,
 * `onProgram` hears of the TypeScript program each file was parsed with.
 */
export function checkConfig(
  config: ConfigName,
  tsconfigRootDir?: string,
  onProgram?: (program: ts.Program) => void,
): Linter.Config[] {
  // Typed, the program's files are parsed without their JSDoc (typescript-eslint's `jsDocParsingMode`): no rule reads
  // it, and TypeScript still reads the JSDoc of JavaScript files that types come from.
  const parserOptions = tsconfigRootDir
    ? { parserOptions: { projectService: true, tsconfigRootDir, jsDocParsingMode: "type-info" } }
    : {};
  return [
    // The file discovery already chose what to lint, node_modules included when a package there was named on purpose.
    { name: "elicitation/check/ignores", ignores: ["!**/node_modules/"] },
    {
      name: "elicitation/check/files",
      files: LINTED_FILES,
      languageOptions: { parser: tsParser as Linter.Parser, sourceType: "module", ...parserOptions },
    },
    { ...(plugin.configs[config] as Linter.Config), files: LINTED_FILES },
    // Last, since the plugin's config names the parser too. Untyped, JavaScript is read by ESLint's own parser
    // (./js-parser.ts); typed, every file goes to typescript-eslint's, which knows the program's types.
    ...(tsconfigRootDir
      ? []
      : [
          {
            name: "elicitation/check/javascript",
            files: LINTED_FILES,
            languageOptions: { parser: javascriptFirstParser },
          },
        ]),
    ...(onProgram
      ? [
          {
            name: "elicitation/check/programs",
            files: LINTED_FILES,
            languageOptions: { parser: parserTellingPrograms(onProgram) },
          },
        ]
      : []),
  ];
}

/**
 * typescript-eslint's parser, telling `onProgram` the program behind each typed parse. Its `meta` is the parser's
 * own, so ESLint's cache sees the same configuration.
 */
function parserTellingPrograms(onProgram: (program: ts.Program) => void): Linter.Parser {
  return {
    meta: tsParser.meta,
    parseForESLint(code, options) {
      const parsed = tsParser.parseForESLint(code, options);
      if (parsed.services.program) onProgram(parsed.services.program);
      return parsed;
    },
  } as Linter.Parser;
}

/**
 * ESLint options for the settings. Exported for the options module that worker threads load: that module is source
 * text (below), so no import names it and knip needs the tag.
 * @public
 */
export function checkEslintOptions(settings: CheckSettings, onProgram?: (program: ts.Program) => void): ESLint.Options {
  return {
    cwd: settings.cwd,
    overrideConfigFile: true,
    overrideConfig: checkConfig(settings.config, settings.tsconfigRootDir, onProgram),
    cache: settings.cache,
    ...(settings.cacheLocation ? { cacheLocation: settings.cacheLocation } : {}),
    concurrency: settings.concurrency,
    errorOnUnmatchedPattern: false,
  };
}

/**
 * Worker threads need options they can rebuild: ESLint takes a module URL for that. A data: URL that imports this
 * very file (the .ts under tsx, the .js once built) keeps it to one module and no temporary files.
 */
async function createEslint(settings: CheckSettings, onProgram?: (program: ts.Program) => void): Promise<ESLint> {
  return withoutConfigWarnings(() => createEslintWithWarnings(settings, onProgram));
}

/** `onProgram` is heard only in this thread: worker threads parse with programs of their own. */
async function createEslintWithWarnings(
  settings: CheckSettings,
  onProgram?: (program: ts.Program) => void,
): Promise<ESLint> {
  const fromOptionsModule = (ESLint as { fromOptionsModule?: (url: URL) => Promise<ESLint> }).fromOptionsModule;
  if (settings.concurrency === "off" || !fromOptionsModule) {
    return new ESLint(checkEslintOptions(settings, onProgram));
  }
  // `require` rather than `import`: it goes through the same loader as this file (tsx's when run from source).
  const source = [
    `import { createRequire } from "node:module";`,
    `const check = createRequire(${JSON.stringify(pathToFileURL(__filename).href)})(${JSON.stringify(__filename)});`,
    `export default check.checkEslintOptions(${JSON.stringify(settings)});`,
  ].join("\n");
  return fromOptionsModule.call(ESLint, new URL(`data:text/javascript,${encodeURIComponent(source)}`));
}

interface ParsedArgs {
  help: boolean;
  paths: string[];
  config: ConfigName;
  format: Format;
  concurrency: Concurrency;
  cache: boolean;
  cacheLocation?: string;
  ignorePatterns: string[];
  outputFile?: string;
  suppressions: SuppressionsMode;
  suppressionsLocation?: string;
  /** `--typed` / `--no-typed`; undefined: typed when a tsconfig.json is found. */
  typed: boolean | undefined;
  passOnUnprunedSuppressions: boolean;
}

class UsageError extends Error {}

function parseCheckArgs(argv: readonly string[]): ParsedArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      allowNegative: true,
      strict: true,
      options: {
        config: { type: "string" },
        format: { type: "string", short: "f" },
        "output-file": { type: "string", short: "o" },
        "suppress-all": { type: "boolean" },
        "suppress-rule": { type: "string", multiple: true },
        "prune-suppressions": { type: "boolean" },
        "suppressions-location": { type: "string" },
        "pass-on-unpruned-suppressions": { type: "boolean" },
        typed: { type: "boolean" },
        concurrency: { type: "string" },
        cache: { type: "boolean" },
        "cache-location": { type: "string" },
        "ignore-pattern": { type: "string", multiple: true },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const config = values.config ?? "recommended";
  if (!isOneOf(CONFIG_NAMES, config)) {
    throw new UsageError(`--config must be one of ${CONFIG_NAMES.join(", ")} (got "${config}").`);
  }
  const format = values.format ?? "stylish";
  if (!isOneOf(FORMATS, format)) {
    throw new UsageError(`--format must be one of ${FORMATS.join(", ")} (got "${format}").`);
  }
  return {
    help: values.help ?? false,
    paths: positionals,
    config,
    format,
    concurrency: parseConcurrency(values.concurrency),
    cache: values.cache ?? false,
    ignorePatterns: values["ignore-pattern"] ?? [],
    ...(values["cache-location"] ? { cacheLocation: values["cache-location"] } : {}),
    ...(values["output-file"] ? { outputFile: values["output-file"] } : {}),
    suppressions: parseSuppressionsMode(values),
    ...(values["suppressions-location"] ? { suppressionsLocation: values["suppressions-location"] } : {}),
    passOnUnprunedSuppressions: values["pass-on-unpruned-suppressions"] ?? false,
    typed: values.typed,
  };
}

/** ESLint's three ways to write the file, one at a time (the same pairs its CLI refuses). */
function parseSuppressionsMode(values: {
  "suppress-all"?: boolean;
  "suppress-rule"?: string[];
  "prune-suppressions"?: boolean;
}): SuppressionsMode {
  const asked = [
    values["suppress-all"] ? "--suppress-all" : null,
    values["suppress-rule"] ? "--suppress-rule" : null,
    values["prune-suppressions"] ? "--prune-suppressions" : null,
  ].filter((flag) => flag !== null);
  if (asked.length > 1) throw new UsageError(`${asked.join(" and ")} cannot be used together.`);
  if (values["suppress-all"]) return { kind: "suppress-all" };
  if (values["prune-suppressions"]) return { kind: "prune" };
  if (!values["suppress-rule"]) return { kind: "apply" };
  const known = Object.keys(RULE_MODULES);
  const rules = values["suppress-rule"].map((rule) => {
    const name = rule.startsWith(`${RULE_PREFIX}/`) ? rule.slice(RULE_PREFIX.length + 1) : rule;
    if (!known.includes(name)) {
      throw new UsageError(`--suppress-rule: no rule "${rule}" in the plugin (its rules: ${known.join(", ")}).`);
    }
    return `${RULE_PREFIX}/${name}`;
  });
  return { kind: "suppress-rules", rules };
}

function parseConcurrency(value: string | undefined): Concurrency {
  if (value === undefined || value === "off") return "off";
  if (value === "auto") return "auto";
  if (/^[1-9]\d*$/.test(value)) return Number(value);
  throw new UsageError(`--concurrency must be a positive number, auto or off (got "${value}").`);
}

function commonAncestor(paths: readonly string[]): string {
  let ancestor = paths[0]!;
  for (const candidate of paths) {
    while (ancestor !== path.dirname(ancestor) && isOutside(ancestor, candidate)) {
      ancestor = path.dirname(ancestor);
    }
  }
  return ancestor;
}

function isOutside(directory: string, candidate: string): boolean {
  const relative = path.relative(directory, candidate);
  return relative === ".." || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
}

function isOneOf<T extends string>(choices: readonly T[], value: string): value is T {
  return (choices as readonly string[]).includes(value);
}

export async function runCheck(argv: readonly string[], io: CommandIo): Promise<number> {
  if (argv.includes("--discover"))
    return runDiscover(
      argv.filter((arg) => arg !== "--discover"),
      io,
    );
  let args: ParsedArgs;
  try {
    args = parseCheckArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`check: ${error.message}\n\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  if (args.help) {
    io.stdout(`${USAGE}\n`);
    return EXIT_OK;
  }
  if (args.paths.length === 0) {
    io.stderr(`check: give at least one file or directory to lint.\n\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  const missing = args.paths.filter((p) => !isThere(path.resolve(io.cwd, p)));
  if (missing.length > 0) {
    io.stderr(missing.map((p) => `check: no such file or directory: ${p}\n`).join(""));
    return EXIT_USAGE;
  }

  // A path that cannot be read (a file without read permission, a symbolic link loop, a folder that cannot be
  // listed) is reported as that file's error with its reason, and the other files are linted.
  const unreadable = new Map<string, string>();
  const targets: string[] = [];
  for (const target of args.paths.map((p) => path.resolve(io.cwd, p))) {
    try {
      fs.statSync(target);
      targets.push(target);
    } catch (error) {
      unreadable.set(target, readErrorReason(error, target));
    }
  }
  const files = await discoverSourceFiles(targets, {
    cwd: io.cwd,
    ignorePatterns: args.ignorePatterns,
    onUnreadableDirectory: (directory, reason) => unreadable.set(directory, reason),
  });
  if (files.length === 0 && unreadable.size === 0) {
    io.stderr(`check: no ${EXTENSION_LIST} files to lint in ${args.paths.join(", ")}.\n`);
    return EXIT_USAGE;
  }
  // The rules' own text gate, before ESLint parses anything: a file no rule can report on costs one read. A file
  // named on the command line is always parsed, so a pre-commit run that names a broken file fails on it.
  const named = new Set(targets.filter((target) => !fs.statSync(target).isDirectory()));
  const tsconfigRootDir =
    args.typed === false || targets.length === 0 ? undefined : findTsconfigRoot(targets, args.typed === true);
  if (args.typed === true && tsconfigRootDir === undefined && targets.length > 0) {
    io.stderr(
      `check: --typed needs a tsconfig.json, and there is none in ${displayPath(commonAncestor(targets.map(directoryOf)), io.cwd)} or the folders above it.\n`,
    );
    return EXIT_USAGE;
  }
  const { toLint, candidates, skipped, binary } = splitByGate(
    files,
    args.config,
    named,
    tsconfigRootDir !== undefined,
    unreadable,
  );
  const notes: string[] = binary.map(
    (file) => `check: note: ${displayPath(file, io.cwd)} is not text (it holds NUL bytes), so it was not linted.\n`,
  );
  const settings: CheckSettings = {
    config: args.config,
    // ESLint ignores files outside its cwd: start from a directory that holds every path given.
    cwd: commonAncestor([io.cwd, ...targets]),
    cache: args.cache,
    cacheLocation: path.resolve(io.cwd, args.cacheLocation ?? ".eslintcache"),
    concurrency: args.concurrency,
    ...(tsconfigRootDir === undefined ? {} : { tsconfigRootDir }),
  };
  // On worker threads each thread builds its own programs, which this thread cannot ask: every candidate is linted.
  const programs = args.concurrency === "off" && candidates.length > 0 ? new ProgramsSeen() : null;
  const eslint = await createEslint(settings, programs?.add);
  const lintNow = programs ? toLint : [...toLint, ...candidates.map((candidate) => candidate.file)];
  let lintResults = await lintWithProgress(eslint, lintNow, files.length, args.concurrency, io);
  if (programs) {
    // Once the files above are parsed, their programs answer for the candidates.
    const sorted = await sortTypedCandidates(candidates, programs, (file) => eslint.lintFiles([file]));
    skipped.push(...sorted.skipped);
    lintResults.push(...sorted.linted);
    if (sorted.toLint.length > 0) lintResults.push(...(await eslint.lintFiles(sorted.toLint)));
  }
  if (tsconfigRootDir !== undefined) {
    lintResults = await untypedOutsideProjects(lintResults, settings, (outside) => {
      const shown = outside.slice(0, 3).map((file) => displayPath(file, io.cwd));
      const more = outside.length > shown.length ? ` and ${outside.length - shown.length} more` : "";
      notes.push(
        `check: note: ${plural(outside.length, "file")} in no tsconfig.json's project (${shown.join(", ")}${more}) ` +
          `checked without type information; add ${outside.length === 1 ? "it" : "them"} to a tsconfig.json's ` +
          "include to check with types.\n",
      );
    });
  }
  const linted = [
    ...[...lintResults.filter((result) => !isIgnoredResult(result)), ...skipped.map(emptyResult)].map((result) =>
      keepOwnFindings(result, notes, io.cwd),
    ),
    ...[...unreadable].map(([file, reason]) => unreadableResult(file, reason)),
  ].sort((a, b) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0));
  if (notes.length > 0) io.stderr(notes.join(""));

  // Paths in the file are relative to the current directory, as ESLint's CLI writes and reads them.
  const suppressionsFile = path.resolve(io.cwd, args.suppressionsLocation ?? DEFAULT_SUPPRESSIONS_FILE);
  if (
    args.suppressionsLocation !== undefined &&
    args.suppressions.kind === "apply" &&
    !fs.existsSync(suppressionsFile)
  ) {
    io.stderr(
      `check: no suppressions file at ${args.suppressionsLocation}: create it with --suppress-all or --suppress-rule.\n`,
    );
    return EXIT_USAGE;
  }
  let suppressed;
  try {
    suppressed = await applySuppressionsFile(linted, args.suppressions, suppressionsFile, io.cwd);
  } catch (error) {
    if (!(error instanceof SuppressionsError)) throw error;
    io.stderr(`check: ${error.message}\n`);
    return EXIT_USAGE;
  }
  const reported = suppressed.results;
  const suppressionsName = displayPath(suppressionsFile, io.cwd);
  if (args.suppressions.kind !== "apply") {
    const recorded = Object.values(suppressed.suppressions).reduce(
      (sum, rules) => sum + Object.values(rules).reduce((count, rule) => count + rule.count, 0),
      0,
    );
    io.stderr(
      `check: ${args.suppressions.kind === "prune" ? "pruned" : "wrote"} ${suppressionsName}: ${plural(recorded, "suppressed finding")} in ${plural(Object.keys(suppressed.suppressions).length, "file")}.\n`,
    );
  }

  let report: string;
  switch (args.format) {
    case "json": {
      const formatter = await eslint.loadFormatter("json");
      report = `${await formatter.format(reported)}\n`;
      break;
    }
    case "sarif": {
      const formatSarif = await loadSarifFormatter();
      if (!formatSarif) {
        io.stderr(
          `check: --format sarif needs ${SARIF_FORMATTER_PACKAGE} (npm install --save-dev ${SARIF_FORMATTER_PACKAGE}).\n`,
        );
        return EXIT_USAGE;
      }
      report = `${formatSarif(reported, { cwd: io.cwd, rulesMeta: eslint.getRulesMetaForResults(reported) })}\n`;
      break;
    }
    case "stylish": {
      const color = io.isTTY && !process.env.NO_COLOR && args.outputFile === undefined;
      report = formatCodeFrames(reported, { cwd: io.cwd, color, suppressed: suppressed.suppressed, suppressionsName });
      break;
    }
  }
  if (args.outputFile === undefined) {
    io.stdout(report);
  } else {
    const outputFile = path.resolve(io.cwd, args.outputFile);
    try {
      fs.mkdirSync(path.dirname(outputFile), { recursive: true });
      fs.writeFileSync(outputFile, report);
    } catch (error) {
      io.stderr(`check: cannot write --output-file ${args.outputFile}: ${(error as Error).message}\n`);
      return EXIT_USAGE;
    }
  }
  const unused = describeUnused(suppressed.unused, suppressed.suppressions);
  if (unused.length > 0 && !args.passOnUnprunedSuppressions) {
    // As ESLint's CLI: a suppression that no longer occurs fails the run, so the file does not go stale.
    io.stderr(
      `check: suppressions in ${suppressionsName} that no longer occur:\n${unused.join("\n")}\n` +
        "Remove them with --prune-suppressions, or pass --pass-on-unpruned-suppressions to ignore them.\n",
    );
    return EXIT_USAGE;
  }
  return reported.some((result) => result.errorCount + result.warningCount > 0) ? EXIT_FAILURE : EXIT_OK;
}

/**
 * Where typed linting is rooted: the nearest folder holding a tsconfig.json, from the folder that holds every path
 * given up to the project root (a folder with a package.json or .git), or, when `--typed` was asked for, up to the
 * repository's root (.git) or the file system's. Undefined when there is none.
 */
function findTsconfigRoot(targets: readonly string[], asked: boolean): string | undefined {
  for (let directory = commonAncestor(targets.map(directoryOf)); ; directory = path.dirname(directory)) {
    if (fs.existsSync(path.join(directory, "tsconfig.json"))) return directory;
    const atRoot = fs.existsSync(path.join(directory, ".git")) || directory === path.dirname(directory);
    if (atRoot || (!asked && fs.existsSync(path.join(directory, "package.json")))) return undefined;
  }
}

function directoryOf(target: string): string {
  return fs.statSync(target).isDirectory() ? target : path.dirname(target);
}

/** typescript-eslint's parse error for a file that no tsconfig.json's project holds (typescript-estree 8.73.0). */
const NOT_IN_A_PROJECT = /was not found by the project service/;

/**
 * Typed, a file in no tsconfig.json's project fails to parse, once per file. Those files are linted again without
 * type information, and `onOutside` hears about them once, so a repository's config files and scripts outside
 * `include` are still checked and cost one note, not an error each.
 */
async function untypedOutsideProjects(
  results: ESLint.LintResult[],
  settings: CheckSettings,
  onOutside: (files: string[]) => void,
): Promise<ESLint.LintResult[]> {
  const outside = results
    .filter((result) => result.messages.some((message) => message.fatal && NOT_IN_A_PROJECT.test(message.message)))
    .map((result) => result.filePath);
  if (outside.length === 0) return results;
  const untypedSettings: CheckSettings = { ...settings, cache: false };
  delete untypedSettings.tsconfigRootDir;
  const untyped = await createEslint(untypedSettings);
  const again = new Map((await untyped.lintFiles(outside)).map((result) => [result.filePath, result]));
  onOutside(outside);
  return results.map((result) => again.get(result.filePath) ?? result);
}

/** Below this many files a progress line is noise. */
const PROGRESS_MIN_FILES = 20;
/** Files per `lintFiles` call while a progress line is shown, so it can move between calls. */
const PROGRESS_CHUNK = 25;

/**
 * `eslint.lintFiles(toLint)`, with a progress line on a terminal: the files the text gate left out count as done at
 * once, the others as each chunk comes back. On worker threads, one call (a call per chunk would start the threads
 * again each time), so the line moves once. Without a terminal, one call and no line.
 */
async function lintWithProgress(
  eslint: ESLint,
  toLint: readonly string[],
  total: number,
  concurrency: Concurrency,
  io: CommandIo,
): Promise<ESLint.LintResult[]> {
  if (toLint.length === 0) return [];
  const progress = progressLine(io, "check", "files", total, PROGRESS_MIN_FILES);
  let done = total - toLint.length;
  progress.update(done);
  const chunk = io.isTTY && total >= PROGRESS_MIN_FILES && concurrency === "off" ? PROGRESS_CHUNK : toLint.length;
  const results: ESLint.LintResult[] = [];
  try {
    for (let start = 0; start < toLint.length; start += chunk) {
      const files = toLint.slice(start, start + chunk);
      results.push(...(await eslint.lintFiles(files)));
      done += files.length;
      progress.update(done);
    }
  } finally {
    progress.end();
  }
  return results;
}

/**
 * Only our rules run, so a user's `eslint-disable` comments for their other rules would come back as unused
 * directives or unknown rules: keep our findings and parse errors, drop the rest. A configuration comment ESLint
 * rejects (a leftover `/* eslint-env *\/`, malformed inline config) is marked fatal although the file parsed and
 * every rule ran on it: it becomes a note on stderr, not a finding and not a parse failure.
 */
function keepOwnFindings(result: ESLint.LintResult, notes: string[], cwd: string): ESLint.LintResult {
  const messages = result.messages.filter((message) => {
    if (message.fatal && message.ruleId === null && !isParseError(message)) {
      notes.push(
        `check: note: ${displayPath(result.filePath, cwd)}:${message.line}: ${message.message} (ignored; the rules ran on this file)\n`,
      );
      return false;
    }
    return message.fatal || message.ruleId?.startsWith(`${RULE_PREFIX}/`);
  });
  if (messages.length === result.messages.length) return result;
  const errors = messages.filter((message) => message.severity === 2);
  return {
    ...result,
    messages,
    errorCount: errors.length,
    fatalErrorCount: errors.filter((message) => message.fatal).length,
    warningCount: messages.length - errors.length,
    fixableErrorCount: 0,
    fixableWarningCount: 0,
  };
}

/** Only the parser's own failure means the file could not be read as code. */
function isParseError(message: Linter.LintMessage): boolean {
  return message.message.startsWith("Parsing error");
}

function displayPath(file: string, cwd: string): string {
  return path.relative(cwd, file) || file;
}

/**
 * Whether any rule of the config could report on this text (untyped unless `typed`, with the config's options, as
 * `check` runs them): each rule's own `mayReport` (rules/index.ts). False is a promise that linting the file would find nothing;
 * a rule without a gate (`mayReport = null`) always says true.
 */
export function mayHaveFindings(text: string, config: ConfigName = "recommended", typed = false): boolean {
  return configRules(config).some((rule) => ruleMayReport(rule, text, typed));
}

interface ConfiguredRule {
  readonly name: RuleName;
  readonly options: Record<string, unknown>;
}

/** The config's rules by name, with the options it gives each. */
function configRules(config: ConfigName): ConfiguredRule[] {
  return Object.entries(plugin.configs[config].rules ?? {}).map(([ruleId, entry]) => ({
    name: ruleId.slice(RULE_PREFIX.length + 1) as RuleName,
    options:
      Array.isArray(entry) && typeof entry[1] === "object" && entry[1] !== null
        ? (entry[1] as Record<string, unknown>)
        : {},
  }));
}

function ruleMayReport(rule: ConfiguredRule, text: string, typed: boolean): boolean {
  const gate = RULE_MODULES[rule.name].mayReport;
  // Typed, some rules admit more files (an answer known by its type needs no word); the gates that take the flag
  // take it third, the others ignore it.
  return gate ? (gate as TypedGate)(text, rule.options, typed) : true;
}

type TypedGate = (text: string, options: Record<string, unknown>, typed: boolean) => boolean;

/**
 * Reads every file once, before ESLint does (ESLint stops the whole run at the first file it cannot read): a file that
 * cannot be read goes into `unreadable` with its reason, one that is not text into `binary`; the others are linted,
 * or skipped where no rule's text gate admits them (a file named on the command line is always linted).
 *
 * Typed, a file that only the typed gates admit (an answer word such as `cancel` is enough for some) is a candidate:
 * the rules that admit it are asked again with the program's types before it is parsed (./typed-candidates.ts),
 * unless one of them cannot be asked, which has it linted.
 */
function splitByGate(
  files: readonly string[],
  config: ConfigName,
  named: ReadonlySet<string>,
  typed: boolean,
  unreadable: Map<string, string>,
): { toLint: string[]; candidates: TypedCandidate[]; skipped: string[]; binary: string[] } {
  const toLint: string[] = [];
  const candidates: TypedCandidate[] = [];
  const skipped: string[] = [];
  const binary: string[] = [];
  const rules = configRules(config);
  for (const file of files) {
    const read = readSourceText(file);
    if ("unreadable" in read) unreadable.set(file, read.unreadable);
    else if ("binary" in read) binary.push(file);
    else if (
      named.has(file) ||
      mayHaveFindings(read.text, config) ||
      // A file may also ask through a module of the project it imports (the project model, analysis/modules.ts).
      textImportsModuleThatMayAsk(file, read.text)
    ) {
      toLint.push(file);
    } else {
      const typedOnly = typed ? rules.filter((rule) => ruleMayReport(rule, read.text, true)) : [];
      const askers = typedOnly.map((rule) => RULE_MODULES[rule.name].mayReportWithTypes);
      if (typedOnly.length === 0) skipped.push(file);
      else if (askers.every((asker) => asker !== undefined)) candidates.push({ file, askers });
      else toLint.push(file);
    }
  }
  return { toLint, candidates, skipped, binary };
}

/** A path that exists, even as a symbolic link that leads nowhere (which is then a file that cannot be read). */
function isThere(target: string): boolean {
  try {
    return fs.lstatSync(target, { throwIfNoEntry: false }) !== undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ENOTDIR";
  }
}

/** How ESLint's results begin a read failure's message, as they begin a parser's with "Parsing error". */
const READING_ERROR = "Reading error";

/** A file `check` could not read, as ESLint reports a file it could not parse: one fatal message, no line. */
function unreadableResult(filePath: string, reason: string): ESLint.LintResult {
  const message: Linter.LintMessage = {
    ruleId: null,
    fatal: true,
    severity: 2,
    message: `${READING_ERROR}: ${reason}`,
    line: 0,
    column: 0,
  };
  return { ...emptyResult(filePath), messages: [message], errorCount: 1, fatalErrorCount: 1 };
}

/** The result ESLint would give a file on which no rule reports (its text is not needed: nothing is framed). */
function emptyResult(filePath: string): ESLint.LintResult {
  return {
    filePath,
    messages: [],
    suppressedMessages: [],
    errorCount: 0,
    fatalErrorCount: 0,
    warningCount: 0,
    fixableErrorCount: 0,
    fixableWarningCount: 0,
    usedDeprecatedRules: [],
  };
}

/** A file passed explicitly that no config applies to (or that is ignored) comes back with one warning and no rule. */
function isIgnoredResult(result: ESLint.LintResult): boolean {
  return (
    result.messages.length === 1 &&
    result.messages[0]!.ruleId === null &&
    !result.messages[0]!.fatal &&
    result.messages[0]!.severity === 1 &&
    /ignored|no matching configuration/i.test(result.messages[0]!.message)
  );
}

const SARIF_FORMATTER_PACKAGE: string = "@microsoft/eslint-formatter-sarif";

type SarifFormatter = (results: ESLint.LintResult[], data: ESLint.LintResultData) => string;

async function loadSarifFormatter(): Promise<SarifFormatter | null> {
  try {
    // An optional dependency: users who never ask for SARIF need not install it.
    const loaded = (await import(SARIF_FORMATTER_PACKAGE)) as { default: SarifFormatter };
    return loaded.default;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Code frames

interface CodeFrameOptions {
  cwd: string;
  color: boolean;
  /** Findings the suppressions file left out, said in the summary when there are any. */
  suppressed?: number;
  suppressionsName?: string;
}

/**
 * One block per finding: `file:line:col  message  rule`, the source line(s) with a caret under the reported
 * range, then each suggestion's description. Ends with a one-line summary.
 */
function formatCodeFrames(results: readonly ESLint.LintResult[], options: CodeFrameOptions): string {
  const paint = painter(options.color);
  const blocks: string[] = [];
  let problems = 0;
  let filesWithProblems = 0;
  let unparsable = 0;
  let unreadable = 0;
  for (const result of results) {
    if (result.messages.length === 0) continue;
    filesWithProblems += 1;
    const file = path.relative(options.cwd, result.filePath) || result.filePath;
    // A file that could not be read is not read again for a frame (a named pipe would block).
    const framed = result.messages.some((message) => message.line > 0);
    const lines = framed ? (result.source ?? readSource(result.filePath)).split(/\r\n|\r|\n/) : [];
    for (const message of result.messages) {
      problems += 1;
      if (isReadError(message)) unreadable += 1;
      else if (message.fatal) unparsable += 1;
      blocks.push(formatMessage(file, lines, message, paint));
    }
  }
  const summary =
    problems === 0
      ? paint.green(`No problems in ${plural(results.length, "file")}.`)
      : paint.red(
          `${plural(problems, "problem")} in ${plural(filesWithProblems, "file")} (${plural(results.length, "file")} checked` +
            (unreadable > 0 ? `, ${unreadable} could not be read` : "") +
            (unparsable > 0 ? `, ${unparsable} could not be parsed` : "") +
            ").",
        );
  const suppressedNote =
    options.suppressed && options.suppressed > 0
      ? ` ${plural(options.suppressed, "finding")} suppressed by ${options.suppressionsName ?? DEFAULT_SUPPRESSIONS_FILE}.`
      : "";
  return blocks.map((block) => `${block}\n\n`).join("") + `${summary}${suppressedNote}\n`;
}

function formatMessage(file: string, lines: readonly string[], message: Linter.LintMessage, paint: Painter): string {
  const where = message.line ? `${file}:${message.line}:${message.column ?? 0}` : file;
  const label = isReadError(message)
    ? "could not read this file"
    : message.fatal
      ? "could not parse this file"
      : (message.ruleId ?? "");
  const out = [`${paint.bold(visible(where))}  ${visible(message.message)}  ${paint.dim(label)}`];
  if (message.line) out.push(...frame(lines, message, paint));
  for (const suggestion of message.suggestions ?? []) {
    out.push(`  ${paint.cyan("suggestion:")} ${suggestion.desc}`);
  }
  return out.join("\n");
}

/** The reported lines (at most three) with a gutter, and carets under the reported columns. */
function frame(lines: readonly string[], message: Linter.LintMessage, paint: Painter): string[] {
  const startLine = message.line;
  const endLine = Math.min(message.endLine ?? startLine, startLine + 2, lines.length);
  const gutterWidth = String(endLine).length;
  const out: string[] = [];
  for (let lineNumber = startLine; lineNumber <= endLine; lineNumber++) {
    const text = visible((lines[lineNumber - 1] ?? "").replace(/\t/g, " "));
    out.push(`  ${paint.dim(`${String(lineNumber).padStart(gutterWidth)} |`)} ${text}`);
    const from = lineNumber === startLine ? message.column - 1 : firstNonSpace(text);
    const to =
      lineNumber === (message.endLine ?? startLine) ? (message.endColumn ?? message.column + 1) - 1 : text.length;
    const width = Math.max(1, to - from);
    out.push(
      `  ${" ".repeat(gutterWidth)} ${paint.dim("|")} ${" ".repeat(Math.max(0, from))}${paint.red("^".repeat(width))}`,
    );
  }
  return out;
}

/**
 * Control characters shown as their Unicode pictures (ESC as ␛), one column each so the carets stay under the code:
 * a file's bytes never reach the terminal as commands.
 */
function visible(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]/g, (char) =>
    char === "\u007f" ? "\u2421" : String.fromCharCode(0x2400 + char.charCodeAt(0)),
  );
}

function isReadError(message: Linter.LintMessage): boolean {
  return message.fatal === true && message.message.startsWith(READING_ERROR);
}

function firstNonSpace(text: string): number {
  const index = text.search(/\S/);
  return index === -1 ? 0 : index;
}

function readSource(filePath: string): string {
  try {
    return fs.readFileSync(filePath, "utf8");
  } catch {
    return "";
  }
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

type Painter = Record<"bold" | "dim" | "red" | "green" | "cyan", (text: string) => string>;

function painter(color: boolean): Painter {
  const wrap = (open: number, close: number) => (text: string) =>
    color ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return { bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), green: wrap(32, 39), cyan: wrap(36, 39) };
}
