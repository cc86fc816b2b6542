/**
 * `npm run bench`: what our rules and transforms cost, as ratios against a baseline timed in the same run on the
 * same files. See bench/README.md for how to read the output.
 *
 *   npm run bench                 full run (targets are judged on this)
 *   npm run bench -- --quick      a third of each corpus, no memory runs: a quick look, not a verdict
 *   options: --rounds N (default 3)  --jobs N (parallel child processes, default 2)  --no-memory
 *            --only broad-lint,dense-lint,dense-floor,dense-processes,dense-typed,broad-transform,dense-transform,
 *                   repository-check,repository-processes,framework-check,framework-oxlint,large-file,large-sizes,
 *                   large-cli,dense-against
 *            --against DIR  another checkout of the plugin, built (npm ci && npm run build): adds suite
 *                   dense-against, its configs.recommended against this checkout's, interleaved in one process
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  broadCorpus,
  denseCorpus,
  displayPath,
  frameworkCorpus,
  quietCorpus,
  REPO_ROOT,
  totalBytes,
  writeLargeFileCorpus,
  writeRepositoryCorpus,
  type Corpus,
} from "./corpora.ts";
import type { MeasureJob, MemoryResult, PassesResult, SubsetTime, TimeResult } from "./measure.ts";
import { GENERATED_SEED, GENERATED_SIZES, writeGeneratedServers } from "./generated-server.ts";
import { recommendedOf, ruleNames } from "./subjects.ts";
import { ensureBuilt } from "../test/support/build.ts";

const RESULTS_DIR = path.join(REPO_ROOT, "bench", "results");
/** Per run: two benches started at once (people do) must not share job files. */
const WORK_DIR = path.join(RESULTS_DIR, "work", String(process.pid));
const MEASURE_SCRIPT = path.join(__dirname, "measure.ts");
/** The dense corpus is small (a pass is under a second): more rounds, for a stable median at little cost. */
const DENSE_UNTYPED_ROUNDS = 9;
/** dense-processes: a fresh process per variant and round, each linting the dense corpus this many times. */
const DENSE_PROCESS_ROUNDS = 8;
const DENSE_PROCESS_PASSES = 4;
/** dense-against: two builds' rules differ by a few per cent, so more rounds than the others for a stable median. */
const DENSE_AGAINST_ROUNDS = 100;
/** dense-processes also times its first pass apart from the others: the code is compiled and optimised in it. */
const FIRST_PASS = "first pass";
const LATER_PASSES = "later passes";
/** Where the repository suite's files are copied: outside this repository, whose .gitignore covers bench/results/. */
const REPOSITORY_DIR = path.join(os.tmpdir(), `elicitation-bench-repository-${process.pid}`);
/** The framework-like repository: broad code and the MCP/ACP libraries' own code, copied the same way. */
const FRAMEWORK_DIR = path.join(os.tmpdir(), `elicitation-bench-framework-${process.pid}`);
/** The one large generated module: inside the repository (git-ignored), since ESLint lints only below its cwd. */
const LARGE_FILE_DIR = path.join(WORK_DIR, "large");
/** The generated servers of each size: in the run's own work folder too (removed when the run ends). */
const GENERATED_DIR = path.join(WORK_DIR, "generated");
/** A small generated server that warms the large-file suites' variants up before their rounds. */
const WARMUP_SERVER_BYTES = 100 * 1024;

const sizeLabel = (bytes: number) => (bytes >= 512 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes / 1024} KB`);

interface Options {
  quick: boolean;
  rounds: number;
  jobs: number;
  memory: boolean;
  only: Set<string> | null;
  /** `--against`: another checkout whose built rules suite dense-against times against this one's. */
  against: string | null;
}

function parseOptions(argv: readonly string[]): Options {
  const options: Options = { quick: false, rounds: 3, jobs: 2, memory: true, only: null, against: null };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    const value = () => {
      const next = argv[index + 1];
      if (next === undefined) throw new UsageError(`${argument} needs a value`);
      index += 1;
      return next;
    };
    if (argument === "--quick") options.quick = true;
    else if (argument === "--no-memory") options.memory = false;
    else if (argument === "--rounds") options.rounds = positiveInteger(argument, value());
    else if (argument === "--jobs") options.jobs = positiveInteger(argument, value());
    else if (argument === "--only") options.only = new Set(value().split(","));
    else if (argument === "--against") options.against = builtCheckout(argument, value());
    else if (argument === "--help" || argument === "-h") throw new UsageError("");
    else throw new UsageError(`unknown option ${argument}`);
  }
  if (options.quick) options.memory = false;
  return options;
}

class UsageError extends Error {}

/** The checkout `--against` names, absolute, once it is known to hold a built plugin. */
function builtCheckout(flag: string, directory: string): string {
  const root = path.resolve(directory);
  if (!fs.existsSync(path.join(root, "dist", "index.js")))
    throw new UsageError(
      `${flag} ${directory}: no dist/index.js there; build that checkout first (npm ci && npm run build)`,
    );
  return root;
}

function positiveInteger(flag: string, text: string): number {
  const parsed = Number(text);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new UsageError(`${flag} must be a whole number >= 1, got "${text}"`);
  return parsed;
}

/** One child process: a timed suite or one memory measurement. */
interface Job {
  name: string;
  corpus: string;
  spec: MeasureJob;
}

interface Suite {
  name: string;
  corpus: Corpus;
  variants: string[];
  subsets?: Record<string, number[]>;
  /** Rounds for this suite when not the run's `--rounds`. */
  rounds?: number;
  /** Variants whose peak memory is measured, each in a fresh process. */
  memoryVariants: string[];
  /** A fresh process per variant and round, linting the corpus `passes` times, instead of one interleaving process. */
  processes?: { passes: number };
  /** Files a variant handles before the next takes them (1 for a few large files: interleaved file by file). */
  blockFiles?: number;
  /** How many of the corpus's first files warm the variants up. */
  warmupFiles?: number;
}

interface RatioSpec {
  group: string;
  label: string;
  suite: string;
  numerator: string;
  denominator: string;
  subset: string;
  target?: number;
  /** Which time the row compares: CPU (the default, and what targets are judged on) or elapsed. */
  measure?: "cpu" | "wall";
  /** A slope: the row's ratio divided by the same ratio on this subset, round by round. */
  relativeTo?: string;
}

function everyThird(corpus: Corpus): Corpus {
  return {
    ...corpus,
    files: corpus.files.filter((_, index) => index % 3 === 0),
    recipe: `${corpus.recipe}; --quick: every third file`,
  };
}

function buildSuites(options: Options): { suites: Suite[]; corpora: Corpus[] } {
  const fullBroad = broadCorpus();
  const broad = options.quick ? everyThird(fullBroad) : fullBroad;
  const quietFiles = new Set(quietCorpus(broad).files);
  const quietIndices = broad.files.flatMap((file, index) => (quietFiles.has(file) ? [index] : []));
  const dense = denseCorpus();
  const ruleVariants = ruleNames().map((name) => `lint:rule:${name}`);
  const suites: Suite[] = [
    {
      name: "broad-lint",
      corpus: broad,
      variants: ["lint:parser", "lint:noop", "lint:recommended", ...ruleVariants],
      subsets: { quiet: quietIndices },
      memoryVariants: ["lint:parser", "lint:recommended"],
    },
    {
      // Untyped only, and more rounds: the corpus is small, and typed variants' program building in the same
      // process would land its garbage collection on these.
      name: "dense-lint",
      corpus: dense,
      variants: ["lint:parser", "lint:recommended", "lint:parser-again"],
      rounds: Math.max(options.rounds, DENSE_UNTYPED_ROUNDS),
      memoryVariants: ["lint:parser", "lint:recommended"],
    },
    {
      // In its own process, so its garbage does not fall on dense-lint's variants.
      name: "dense-floor",
      corpus: dense,
      variants: ["lint:parser", "lint:noop-each"],
      rounds: Math.max(options.rounds, DENSE_UNTYPED_ROUNDS),
      memoryVariants: [],
    },
    {
      // As a user runs ESLint, and as issue 25 measured: each variant in a fresh process of its own, linting the
      // corpus several times, the order rotating from round to round. No variant's garbage falls on another's, and
      // the copied-contexts variants tell ESLint's share of the cost from ours (bench/copied-contexts.ts).
      name: "dense-processes",
      corpus: dense,
      variants: [
        "lint:parser",
        "lint:noop",
        "lint:recommended",
        "copied-contexts:lint:noop",
        "copied-contexts:lint:recommended",
      ],
      rounds: options.quick ? 3 : DENSE_PROCESS_ROUNDS,
      processes: { passes: DENSE_PROCESS_PASSES },
      memoryVariants: [],
    },
    {
      name: "dense-typed",
      corpus: dense,
      variants: ["lint:parser", "lint:recommended", "lint:parser-typed", "lint:switch-typed", "lint:recommended-typed"],
      memoryVariants: ["lint:parser-typed", "lint:switch-typed", "lint:recommended-typed"],
    },
    {
      name: "broad-transform",
      corpus: broad,
      variants: ["transform:identity", "transform:migrate"],
      subsets: { quiet: quietIndices },
      memoryVariants: ["transform:identity", "transform:migrate"],
    },
    {
      name: "dense-transform",
      corpus: dense,
      variants: ["transform:identity", "transform:migrate"],
      memoryVariants: [],
    },
  ];
  const corpora = [broad, quietCorpus(broad), dense];
  const wants = (name: string) => !options.only || options.only.has(name);
  if (wants("repository-check") || wants("repository-processes")) {
    const repository = writeRepositoryCorpus(REPOSITORY_DIR, [broad, dense]);
    corpora.push(repository);
    suites.push({
      // Whole runs as a user starts them (discovery, the text pre-filter, ESLint), one per round: issue #12's
      // "a repository where 1 % of files ask a person costs ~1 % of a full lint".
      name: "repository-check",
      corpus: repository,
      variants: ["repo:eslint-parser", "repo:check"],
      memoryVariants: [],
    });
    suites.push({
      // The same runs, each in a fresh process as a user starts them. In one warm process the parser-only run leaves
      // typescript-eslint's parser compiled and optimised, while what only `check` runs (espree for JavaScript
      // files, the project model) starts cold at each round: that suite favours the parser-only run.
      name: "repository-processes",
      corpus: repository,
      variants: ["repo:eslint-parser", "repo:check"],
      processes: { passes: 1 },
      memoryVariants: [],
    });
  }
  if (wants("framework-check") || wants("framework-oxlint")) {
    const framework = frameworkCorpus();
    const repository = { ...writeRepositoryCorpus(FRAMEWORK_DIR, [broad, framework]), name: "framework-repository" };
    corpora.push(framework, repository);
    suites.push({
      // Issue 25: a framework's repository mentions MCP, sessions and promises in many files and asks in few.
      name: "framework-check",
      corpus: repository,
      variants: ["repo:eslint-parser", "repo:check"],
      memoryVariants: [],
    });
    suites.push({
      // Issue 38: oxlint hosting the plugin (as a JS plugin, untyped) against `check --no-typed` and ESLint's parse.
      name: "framework-oxlint",
      corpus: repository,
      variants: ["repo:eslint-parser", "repo:check-no-typed", "repo:oxlint", "repo:oxlint-alone"],
      memoryVariants: [],
    });
  }
  if (!options.only || options.only.has("large-file")) {
    const large = writeLargeFileCorpus(LARGE_FILE_DIR);
    corpora.push(large);
    suites.push({
      // Issue 24: one generated module of thousands of asking tools must cost a linear multiple of its parse.
      name: "large-file",
      corpus: large,
      variants: ["lint:parser", "lint:recommended"],
      rounds: 1,
      memoryVariants: [],
    });
  }
  if (wants("large-sizes") || wants("large-cli")) {
    // Issue 37: generated servers of each size, in the shapes real servers use (bench/generated-server.ts).
    const [small, ...sized] = writeGeneratedServers(GENERATED_DIR, [WARMUP_SERVER_BYTES, ...GENERATED_SIZES]);
    const servers: Corpus = {
      name: "generated-servers",
      files: [small!, ...sized],
      recipe: `bench/generated-server.ts, seed ${GENERATED_SEED}: ${GENERATED_SIZES.map(sizeLabel).join(", ")} (a ${sizeLabel(WARMUP_SERVER_BYTES)} one first, for the warm-up only)`,
    };
    corpora.push(servers);
    suites.push({
      name: "large-sizes",
      corpus: servers,
      variants: ["lint:noop", "lint:recommended"],
      subsets: Object.fromEntries(GENERATED_SIZES.map((bytes, index) => [sizeLabel(bytes), [index + 1]])),
      blockFiles: 1,
      warmupFiles: 1,
      memoryVariants: [],
    });
    const oneMegabyte = GENERATED_SIZES.findIndex((bytes) => bytes === 1024 * 1024) + 1;
    const cliCorpus: Corpus = {
      name: "generated-server-1mb",
      files: [small!, servers.files[oneMegabyte]!],
      recipe: `the ${sizeLabel(WARMUP_SERVER_BYTES)} and 1 MB generated servers (the first for the warm-up only)`,
    };
    corpora.push(cliCorpus);
    suites.push({
      name: "large-cli",
      corpus: cliCorpus,
      variants: ["lint:noop", "cli:check", "cli:migrate-dry"],
      subsets: { "1 MB": [1] },
      blockFiles: 1,
      warmupFiles: 1,
      memoryVariants: [],
    });
  }
  if (options.against) {
    suites.push({
      // Two builds of the rules on the code that asks people, interleaved in one process: is this checkout's
      // recommended config dearer than the other's? The one process keeps both on the same machine state.
      name: "dense-against",
      corpus: dense,
      variants: ["lint:noop", recommendedOf(REPO_ROOT), recommendedOf(options.against)],
      rounds: Math.max(options.rounds, DENSE_AGAINST_ROUNDS),
      memoryVariants: [],
    });
  }
  // `--against` asks for its suite whatever `--only` lists.
  const chosen = options.only
    ? suites.filter((suite) => options.only?.has(suite.name) || suite.name === "dense-against")
    : suites;
  return { suites: chosen, corpora };
}

function ratioSpecs(against: string | null): RatioSpec[] {
  const specs: RatioSpec[] = [
    {
      group: "a",
      label: "recommended / parser alone",
      suite: "broad-lint",
      numerator: "lint:recommended",
      denominator: "lint:parser",
      subset: "all",
      target: 1.03,
    },
    {
      group: "a",
      label: "recommended / parser alone",
      suite: "dense-lint",
      numerator: "lint:recommended",
      denominator: "lint:parser",
      subset: "all",
      target: 1.15,
    },
    {
      group: "a",
      label: "parser alone / itself (the harness's error)",
      suite: "dense-lint",
      numerator: "lint:parser-again",
      denominator: "lint:parser",
      subset: "all",
    },
    {
      group: "a",
      label: "as many rules that do nothing / parser alone, dense (floor)",
      suite: "dense-floor",
      numerator: "lint:noop-each",
      denominator: "lint:parser",
      subset: "all",
    },
    {
      group: "a",
      label: "a rule that does nothing / parser alone, a process each",
      suite: "dense-processes",
      numerator: "lint:noop",
      denominator: "lint:parser",
      subset: "all",
    },
    {
      group: "a",
      label: "recommended / parser alone, a process each",
      suite: "dense-processes",
      numerator: "lint:recommended",
      denominator: "lint:parser",
      subset: "all",
    },
    {
      group: "a",
      label: "recommended / a rule that does nothing, a process each",
      suite: "dense-processes",
      numerator: "lint:recommended",
      denominator: "lint:noop",
      subset: "all",
    },
    {
      group: "a",
      label: "  the same, first pass only (the code runs cold)",
      suite: "dense-processes",
      numerator: "lint:recommended",
      denominator: "lint:noop",
      subset: FIRST_PASS,
    },
    {
      group: "a",
      label: "  the same, the passes after the first",
      suite: "dense-processes",
      numerator: "lint:recommended",
      denominator: "lint:noop",
      subset: LATER_PASSES,
    },
    {
      group: "a",
      label: "a rule that does nothing, contexts copied / parser alone",
      suite: "dense-processes",
      numerator: "copied-contexts:lint:noop",
      denominator: "lint:parser",
      subset: "all",
    },
    {
      group: "a",
      label: "recommended, contexts copied / parser alone",
      suite: "dense-processes",
      numerator: "copied-contexts:lint:recommended",
      denominator: "lint:parser",
      subset: "all",
    },
    {
      group: "b",
      label: "switch-exhaustiveness-check typed / parser alone",
      suite: "dense-typed",
      numerator: "lint:switch-typed",
      denominator: "lint:parser",
      subset: "all",
    },
    {
      group: "b",
      label: "recommended typed / parser alone",
      suite: "dense-typed",
      numerator: "lint:recommended-typed",
      denominator: "lint:parser",
      subset: "all",
    },
    {
      group: "b",
      label: "recommended typed / switch-exhaustiveness-check typed",
      suite: "dense-typed",
      numerator: "lint:recommended-typed",
      denominator: "lint:switch-typed",
      subset: "all",
    },
    {
      group: "b",
      label: "recommended typed / recommended untyped",
      suite: "dense-typed",
      numerator: "lint:recommended-typed",
      denominator: "lint:recommended",
      subset: "all",
    },
    {
      group: "b",
      label: "recommended typed / parser alone typed",
      suite: "dense-typed",
      numerator: "lint:recommended-typed",
      denominator: "lint:parser-typed",
      subset: "all",
    },
    {
      group: "c",
      label: "migrate transforms / jscodeshift identity",
      suite: "broad-transform",
      numerator: "transform:migrate",
      denominator: "transform:identity",
      subset: "all",
      target: 0.5,
    },
    {
      group: "c",
      label: "migrate transforms / jscodeshift identity",
      suite: "dense-transform",
      numerator: "transform:migrate",
      denominator: "transform:identity",
      subset: "all",
    },
    {
      group: "e",
      label: "check . / eslint . with the parser alone",
      suite: "repository-check",
      numerator: "repo:check",
      denominator: "repo:eslint-parser",
      subset: "all",
      target: 0.1,
    },
    {
      group: "e",
      label: "the same, a process each",
      suite: "repository-processes",
      numerator: "repo:check",
      denominator: "repo:eslint-parser",
      subset: "all",
    },
    {
      group: "f",
      label: "check . / eslint . with the parser alone",
      suite: "framework-check",
      numerator: "repo:check",
      denominator: "repo:eslint-parser",
      subset: "all",
      target: 0.15,
    },
    {
      group: "h",
      label: "oxlint + plugin / eslint . with the parser alone",
      suite: "framework-oxlint",
      numerator: "repo:oxlint",
      denominator: "repo:eslint-parser",
      subset: "all",
    },
    {
      group: "h",
      label: "check --no-typed / eslint . with the parser alone",
      suite: "framework-oxlint",
      numerator: "repo:check-no-typed",
      denominator: "repo:eslint-parser",
      subset: "all",
    },
    {
      group: "h",
      label: "oxlint + plugin / check --no-typed",
      suite: "framework-oxlint",
      numerator: "repo:oxlint",
      denominator: "repo:check-no-typed",
      subset: "all",
    },
    {
      group: "h",
      label: "oxlint + plugin / check --no-typed, elapsed",
      suite: "framework-oxlint",
      numerator: "repo:oxlint",
      denominator: "repo:check-no-typed",
      subset: "all",
      measure: "wall",
    },
    {
      group: "h",
      label: "oxlint + plugin / oxlint with no rule",
      suite: "framework-oxlint",
      numerator: "repo:oxlint",
      denominator: "repo:oxlint-alone",
      subset: "all",
    },
    {
      group: "g",
      label: "recommended / parser alone, one generated 5 MB module",
      suite: "large-file",
      numerator: "lint:recommended",
      denominator: "lint:parser",
      subset: "all",
    },
    ...GENERATED_SIZES.map((bytes): RatioSpec => ({
      group: "i",
      label: `recommended / one rule that does nothing, generated server of ${sizeLabel(bytes)}`,
      suite: "large-sizes",
      numerator: "lint:recommended",
      denominator: "lint:noop",
      subset: sizeLabel(bytes),
      target: 2.0,
    })),
    {
      group: "i",
      label: `slope: the ${sizeLabel(GENERATED_SIZES.at(-1)!)} ratio / the ${sizeLabel(GENERATED_SIZES[0])} ratio`,
      suite: "large-sizes",
      numerator: "lint:recommended",
      denominator: "lint:noop",
      subset: sizeLabel(GENERATED_SIZES.at(-1)!),
      relativeTo: sizeLabel(GENERATED_SIZES[0]),
      target: 1.25,
    },
    {
      group: "i",
      label: "check <file> / one rule that does nothing, 1 MB",
      suite: "large-cli",
      numerator: "cli:check",
      denominator: "lint:noop",
      subset: "1 MB",
    },
    {
      group: "i",
      label: "migrate --dry --no-typecheck <file> / check <file>, 1 MB",
      suite: "large-cli",
      numerator: "cli:migrate-dry",
      denominator: "cli:check",
      subset: "1 MB",
    },
    {
      group: "a",
      label: "a rule that does nothing / parser alone (ESLint's floor)",
      suite: "broad-lint",
      numerator: "lint:noop",
      denominator: "lint:parser",
      subset: "all",
    },
    {
      group: "a",
      label: "recommended / a rule that does nothing",
      suite: "broad-lint",
      numerator: "lint:recommended",
      denominator: "lint:noop",
      subset: "all",
    },
    {
      group: "d",
      label: "recommended / parser alone",
      suite: "broad-lint",
      numerator: "lint:recommended",
      denominator: "lint:parser",
      subset: "quiet",
    },
    {
      group: "d",
      label: "a rule that does nothing / parser alone",
      suite: "broad-lint",
      numerator: "lint:noop",
      denominator: "lint:parser",
      subset: "quiet",
    },
  ];
  for (const name of ruleNames()) {
    specs.push({
      group: "d",
      label: `${name} alone / parser alone`,
      suite: "broad-lint",
      numerator: `lint:rule:${name}`,
      denominator: "lint:parser",
      subset: "quiet",
    });
  }
  if (against) specs.push(...againstSpecs(against));
  for (const name of ruleNames()) {
    specs.push({
      group: "d",
      label: `${name} alone / a rule that does nothing`,
      suite: "broad-lint",
      numerator: `lint:rule:${name}`,
      denominator: "lint:noop",
      subset: "quiet",
    });
  }
  return specs;
}

function runChild(job: Job, log: (line: string) => void): Promise<TimeResult | MemoryResult | PassesResult> {
  const specFile = path.join(WORK_DIR, `${job.name.replace(/[^\w.-]+/g, "_")}.job.json`);
  fs.writeFileSync(specFile, JSON.stringify(job.spec));
  const started = Date.now();
  log(`started  ${job.name}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", MEASURE_SCRIPT, specFile], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) {
        reject(new Error(`${job.name} failed (exit ${code}):\n${stderr.trim()}`));
        return;
      }
      log(`finished ${job.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const lastLine = stdout.trim().split("\n").at(-1) ?? "";
      resolve(JSON.parse(lastLine) as TimeResult | MemoryResult | PassesResult);
    });
  });
}

/**
 * A suite of one process per variant and round (mode "passes"): the rounds run one after another, each starting
 * every variant in turn, the order rotated by one from round to round. Gathered as one suite's rounds.
 */
async function runProcessRounds(job: Job, log: (line: string) => void): Promise<TimeResult> {
  const started = Date.now();
  log(`started  ${job.name}`);
  const { variants } = job.spec;
  const result: TimeResult = { mode: "time", rounds: {}, totals: {}, labels: {} };
  for (const variant of variants) result.rounds[variant] = [];
  for (let round = 0; round < job.spec.rounds; round += 1) {
    for (let step = 0; step < variants.length; step += 1) {
      const variant = variants[(step + round) % variants.length];
      const name = `${job.name} round ${round + 1} ${variant}`;
      const spec = { ...job.spec, variants: [variant] };
      const passes = (await runChild({ ...job, name, spec }, () => {})) as PassesResult;
      result.rounds[variant].push({
        all: passes.time,
        [FIRST_PASS]: passes.firstPass,
        [LATER_PASSES]: passes.laterPasses,
      });
      result.totals[variant] = passes.totals;
      result.labels[variant] = passes.label;
    }
  }
  // A counterfactual that changed what the rules find would time other work than the variant it stands for.
  for (const variant of variants) {
    const original = variant.replace(/^copied-contexts:/, "");
    if (original !== variant && result.totals[original]?.findings !== result.totals[variant]?.findings)
      throw new Error(
        `${variant} found ${result.totals[variant]?.findings}, ${original} ${result.totals[original]?.findings}`,
      );
  }
  log(`finished ${job.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function runPool<T>(tasks: Array<() => Promise<T>>, concurrency: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next;
      next += 1;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
  return results;
}

interface Stats {
  min: number;
  median: number;
  max: number;
}

function stats(values: readonly number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { min: sorted[0], median, max: sorted[sorted.length - 1] };
}

interface RatioResult extends RatioSpec {
  corpus: string;
  files: number;
  /** Per round, numerator CPU time / denominator CPU time (the two were timed in the same round). */
  cpu: Stats;
  wall: Stats;
  /** The ratio the table shows: `cpu`, or `wall` for a row whose `measure` is "wall". */
  shown: Stats;
  numeratorCpuMs: Stats;
  denominatorCpuMs: Stats;
  /** The baseline's time in the row's measure. */
  denominatorShownMs: Stats;
  verdict: "ok" | "missed" | "";
}

function computeRatio(spec: RatioSpec, suite: Suite, result: TimeResult): RatioResult | null {
  const numerator = result.rounds[spec.numerator];
  const denominator = result.rounds[spec.denominator];
  if (!numerator || !denominator) return null;
  const pick = (rounds: Array<Record<string, SubsetTime>>, key: keyof SubsetTime) =>
    rounds.map((round) => round[spec.subset][key]);
  const ratioOf = (key: keyof SubsetTime) => {
    const top = pick(numerator, key);
    const bottom = pick(denominator, key);
    const base = spec.relativeTo;
    if (base === undefined) return stats(top.map((value, round) => value / bottom[round]));
    // A slope: this subset's ratio over the base subset's, each round's pair timed in that same round.
    return stats(
      top.map(
        (value, round) => value / bottom[round] / (numerator[round]![base]![key] / denominator[round]![base]![key]),
      ),
    );
  };
  const cpu = ratioOf("cpuMs");
  const wall = ratioOf("wallMs");
  // The passes of a process each lint the whole corpus.
  const whole = spec.subset === "all" || spec.subset === FIRST_PASS || spec.subset === LATER_PASSES;
  const files = whole ? suite.corpus.files.length : (suite.subsets?.[spec.subset]?.length ?? 0);
  const key = spec.measure === "wall" ? "wallMs" : "cpuMs";
  return {
    ...spec,
    corpus: whole ? suite.corpus.name : spec.subset,
    files,
    cpu,
    wall,
    shown: spec.measure === "wall" ? wall : cpu,
    numeratorCpuMs: stats(pick(numerator, "cpuMs")),
    denominatorCpuMs: stats(pick(denominator, "cpuMs")),
    denominatorShownMs: stats(pick(denominator, key)),
    verdict: spec.target === undefined ? "" : cpu.median <= spec.target ? "ok" : "missed",
  };
}

/** Suite large-sizes: CPU seconds per MB of the empty rule and of the rules' own share above it, median over rounds. */
function perMegabyte(result: TimeResult | undefined): string[] {
  if (!result) return [];
  const median = (variant: string, subset: string) =>
    stats(result.rounds[variant]!.map((round) => round[subset]!.cpuMs)).median;
  const cells = GENERATED_SIZES.map((bytes) => {
    const label = sizeLabel(bytes);
    const megabytes = bytes / 1024 / 1024;
    const floor = median("lint:noop", label) / 1000 / megabytes;
    const own = (median("lint:recommended", label) - median("lint:noop", label)) / 1000 / megabytes;
    return `${label}: ${floor.toFixed(2)} s/MB + ${own.toFixed(2)} s/MB`;
  });
  return [`CPU per MB, one rule that does nothing + the recommended rules' own share: ${cells.join("; ")}`];
}

/** Suite dense-against's rows: this checkout's recommended rules against another's, and each against ESLint's floor. */
function againstSpecs(against: string): RatioSpec[] {
  const ours = recommendedOf(REPO_ROOT);
  const theirs = recommendedOf(against);
  const named = path.basename(against);
  const row = (label: string, numerator: string, denominator: string): RatioSpec => ({
    group: "j",
    label,
    suite: "dense-against",
    numerator,
    denominator,
    subset: "all",
  });
  return [
    row(`recommended / recommended of ${named}`, ours, theirs),
    row("recommended / a rule that does nothing", ours, "lint:noop"),
    row(`recommended of ${named} / a rule that does nothing`, theirs, "lint:noop"),
  ];
}

function formatTable(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
        .join("  "),
    )
    .join("\n");
}

const fixed = (value: number, digits = 3) => value.toFixed(digits);
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    if (error.message) process.stderr.write(`bench: ${error.message}\n`);
    process.stderr.write(
      fs
        .readFileSync(__filename, "utf8")
        .split("*/")[0]
        .replace(/^\/\*\*?/, "")
        .replace(/^ \* ?/gm, "") + "\n",
    );
    return 2;
  }
  const startedAt = Date.now();
  fs.mkdirSync(WORK_DIR, { recursive: true });
  const { suites, corpora } = buildSuites(options);
  // dense-against times this checkout's compiled rules, as the other's are: compiled from the sources as they are.
  if (options.against) ensureBuilt();
  const log = (line: string) =>
    process.stderr.write(`[bench ${((Date.now() - startedAt) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);

  for (const corpus of corpora) {
    log(`corpus ${corpus.name}: ${corpus.files.length} files, ${(totalBytes(corpus.files) / 1e6).toFixed(1)} MB`);
  }
  const listFiles: Record<string, string> = {};
  for (const suite of suites) {
    const listFile = path.join(WORK_DIR, `${suite.corpus.name}.files.json`);
    fs.writeFileSync(listFile, JSON.stringify(suite.corpus.files));
    listFiles[suite.corpus.name] = listFile;
  }

  const jobs: Array<{ suite: Suite; job: Job }> = [];
  for (const suite of suites) {
    jobs.push({
      suite,
      job: {
        name: `${suite.name} (${suite.variants.length} variants x ${suite.rounds ?? options.rounds} rounds${suite.processes ? `, a process each, ${suite.processes.passes} passes` : ""})`,
        corpus: suite.corpus.name,
        spec: {
          mode: suite.processes ? "passes" : "time",
          passes: suite.processes?.passes,
          filesFrom: listFiles[suite.corpus.name],
          variants: suite.variants,
          rounds: suite.rounds ?? options.rounds,
          subsets: suite.subsets,
          blockFiles: suite.blockFiles,
          warmupFiles: suite.warmupFiles,
          workDir: path.join(WORK_DIR, suite.name),
        },
      },
    });
  }
  if (options.memory) {
    for (const suite of suites) {
      for (const variant of suite.memoryVariants) {
        jobs.push({
          suite,
          job: {
            name: `memory ${suite.name} ${variant}`,
            corpus: suite.corpus.name,
            spec: {
              mode: "memory",
              filesFrom: listFiles[suite.corpus.name],
              variants: [variant],
              rounds: 1,
              workDir: path.join(WORK_DIR, `memory-${suite.name}-${variant.replace(/[^\w-]+/g, "_")}`),
            },
          },
        });
      }
    }
  }
  const results = await runPool(
    jobs.map(
      ({ job }) =>
        () =>
          job.spec.mode === "passes" ? runProcessRounds(job, log) : runChild(job, log),
    ),
    options.jobs,
  );

  const timeResults = new Map<string, TimeResult>();
  const memory: Array<{ suite: string; corpus: string; variant: string; peakRssBytes: number; startRssBytes: number }> =
    [];
  results.forEach((result, index) => {
    const { suite } = jobs[index];
    if (result.mode === "time") timeResults.set(suite.name, result);
    else if (result.mode === "memory")
      memory.push({
        suite: suite.name,
        corpus: suite.corpus.name,
        variant: result.variant,
        peakRssBytes: result.peakRssBytes,
        startRssBytes: result.startRssBytes,
      });
  });

  const ratios: RatioResult[] = [];
  for (const spec of ratioSpecs(options.against)) {
    const suite = suites.find((candidate) => candidate.name === spec.suite);
    const result = timeResults.get(spec.suite);
    if (!suite || !result) continue;
    const ratio = computeRatio(spec, suite, result);
    if (ratio) ratios.push(ratio);
  }

  const out: string[] = [];
  out.push(
    `eslint-plugin-elicitation bench — ${options.quick ? "QUICK (a third of each corpus; not a verdict)" : "full"} run, ${options.rounds} rounds, ${options.jobs} parallel job(s), ${os.cpus().length} CPUs`,
  );
  out.push(
    "Ratio = CPU time of the variant / CPU time of its baseline, interleaved file by file in the same round on the same files (dense-processes: a fresh process per variant and round); min / median / max over rounds. Targets are judged on the median.",
  );
  out.push("");
  const groupTitles: Record<string, string> = {
    a: "(a) configs.recommended vs ESLint with the parser alone",
    b: "(b) type information, dense corpus",
    c: "(c) migrate's transforms (in-process, chained) vs a jscodeshift identity transform",
    d: "(d) each rule on files with no elicitation code (issues 2 and 3)",
    e: "(e) check on a whole repository vs eslint with the parser alone (issue 12)",
    f: "(f) check on a framework-like repository vs eslint with the parser alone (issue 25)",
    g: "(g) one large generated module, cost per MB as a ratio to its parse (issue 24)",
    h: "(h) oxlint with the plugin on the framework-like repository vs check and ESLint's parse (issue 38)",
    i: "(i) generated MCP servers of 0.5 to 4 MB: the rules' cost per size, check and migrate on 1 MB (issue 37)",
    j: "(j) this checkout's configs.recommended against another's (--against), dense corpus, one process (issue 34)",
  };
  for (const group of ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]) {
    const rows = ratios.filter((ratio) => ratio.group === group);
    if (rows.length === 0) continue;
    out.push(groupTitles[group]);
    out.push(
      formatTable([
        ["ratio", "corpus", "files", "min", "median", "max", "target", "", "baseline median"],
        ...rows.map((ratio) => [
          ratio.label,
          ratio.corpus,
          String(ratio.files),
          fixed(ratio.shown.min),
          fixed(ratio.shown.median),
          fixed(ratio.shown.max),
          ratio.target === undefined ? "" : `<= ${ratio.target}`,
          ratio.verdict,
          `${(ratio.denominatorShownMs.median / 1000).toFixed(2)} s ${ratio.measure === "wall" ? "elapsed" : "CPU"}`,
        ]),
      ]),
    );
    if (group === "i") out.push(...perMegabyte(timeResults.get("large-sizes")));
    out.push("");
  }
  out.push("Findings per variant (lint: problems reported; transforms: files whose text changed):");
  for (const [suiteName, result] of timeResults) {
    const parts = Object.entries(result.totals).map(
      ([variant, totals]) =>
        `${variant}=${totals.findings}${totals.fileErrors ? ` (${totals.fileErrors} unparsable)` : ""}`,
    );
    out.push(`  ${suiteName}: ${parts.join(", ")}`);
  }
  if (memory.length > 0) {
    out.push("");
    out.push(
      "Peak memory (resident set of a fresh process running one variant once; 'start' = after loading code and files)",
    );
    out.push(
      formatTable([
        ["variant", "corpus", "peak RSS", "start RSS", "peak - start"],
        ...memory.map((entry) => [
          entry.variant,
          entry.corpus,
          megabytes(entry.peakRssBytes),
          megabytes(entry.startRssBytes),
          megabytes(entry.peakRssBytes - entry.startRssBytes),
        ]),
      ]),
    );
  }
  out.push("");
  out.push(`Total ${((Date.now() - startedAt) / 1000).toFixed(0)} s.`);

  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const report = {
    startedAt: new Date(startedAt).toISOString(),
    options: { ...options, only: options.only ? [...options.only] : null },
    machine: { cpus: os.cpus().length, node: process.version, loadAverage: os.loadavg() },
    corpora: corpora.map((corpus) => ({
      name: corpus.name,
      recipe: corpus.recipe,
      count: corpus.files.length,
      bytes: totalBytes(corpus.files),
      files: corpus.files.map(displayPath),
    })),
    ratios,
    memory,
    raw: Object.fromEntries(timeResults),
  };
  const jsonFile = path.join(RESULTS_DIR, `bench-${stamp}.json`);
  fs.writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(RESULTS_DIR, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(RESULTS_DIR, "latest.txt"), `${out.join("\n")}\n`);
  out.push(`Results: ${displayPath(jsonFile)} (and bench/results/latest.json, latest.txt)`);
  fs.rmSync(WORK_DIR, { recursive: true, force: true });
  fs.rmSync(REPOSITORY_DIR, { recursive: true, force: true });
  fs.rmSync(FRAMEWORK_DIR, { recursive: true, force: true });
  process.stdout.write(`${out.join("\n")}\n`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
