/**
 * One benchmark child process (started by bench/run.ts, never by hand). Two modes:
 * - time: build every variant of a suite, warm them up on a slice of the corpus, then run `rounds` rounds. A round
 *   starts every variant afresh, then takes the files in blocks of BLOCK_FILES and runs every variant over each
 *   block, in an order rotated by one from block to block and from round to round, going round the list of variants
 *   forwards in even rounds and backwards in odd ones (bench/order.ts). So the variants are interleaved
 *   within a fraction of a second of each other: the load of a shared machine, which moves over seconds, falls on
 *   all of them alike; and each variant's garbage is mostly collected inside its own block. Per-file times are
 *   summed per subset of the corpus.
 * - memory: run one variant once over the corpus in a fresh process and report the process's peak resident set.
 * - passes: run one variant over the corpus `passes` times in a fresh process, as one `eslint` run over a
 *   repository would (no warm-up), and report the CPU time of those passes; bench/run.ts starts one such process
 *   per variant and round, in an order rotated from round to round.
 * Reads its job from the JSON file named on the command line; prints one JSON line on stdout.
 */
import fs from "node:fs";
import { clearCaches } from "@typescript-eslint/parser";
import { turnOf } from "./order.ts";
import { buildVariant, type RunTotals, type Variant } from "./variants.ts";

export interface MeasureJob {
  mode: "time" | "memory" | "passes";
  /** JSON file holding the corpus as an array of absolute paths. */
  filesFrom: string;
  variants: string[];
  rounds: number;
  /** Mode "passes": how many times the corpus is linted in the one process. */
  passes?: number;
  /** Named subsets of the corpus (indices into it) whose time is also reported; "all" is always there. */
  subsets?: Record<string, number[]>;
  /** Where typed variants write their tsconfig. */
  workDir: string;
  /** Files a variant handles in a row before the next variant takes them (default BLOCK_FILES). */
  blockFiles?: number;
  /** The first files of the corpus that warm each variant up (default WARMUP_FILES). */
  warmupFiles?: number;
}

export interface SubsetTime {
  cpuMs: number;
  wallMs: number;
}

export interface TimeResult {
  mode: "time";
  /** Per variant, one entry per round: the time of each subset. */
  rounds: Record<string, Array<Record<string, SubsetTime>>>;
  totals: Record<string, RunTotals>;
  labels: Record<string, string>;
}

export interface MemoryResult {
  mode: "memory";
  variant: string;
  /** Peak resident set of the whole process, in bytes. */
  peakRssBytes: number;
  /** Resident set after loading the code and the corpus, before the run: the part that is not the variant's. */
  startRssBytes: number;
}

/** Files used to warm up each variant (JIT, lazy requires, caches) before any round is timed. */
const WARMUP_FILES = 150;

export interface PassesResult {
  mode: "passes";
  variant: string;
  label: string;
  /** CPU and elapsed time of all the passes (not of loading the code and the corpus). */
  time: SubsetTime;
  /** Of the first pass (the code runs cold: compiled as first called, optimised as it turns hot), and of the rest. */
  firstPass: SubsetTime;
  laterPasses: SubsetTime;
  /** Of one pass. */
  totals: RunTotals;
}

function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

interface RoundTimes {
  cpuMs: Float64Array[];
  wallMs: Float64Array[];
  totals: RunTotals[];
}

/** Files a variant handles in a row before the next variant takes the same files. */
const BLOCK_FILES = 20;

/** One round: every variant started afresh, then each block of files through every variant, the order rotating. */
async function runRound(
  variants: readonly Variant[],
  files: readonly string[],
  texts: readonly string[],
  rotation: number,
  blockFiles = BLOCK_FILES,
): Promise<RoundTimes> {
  collectGarbage();
  // Typed variants build their program on their first file of the round, as a fresh `eslint` run would.
  if (variants.some((variant) => variant.typed)) clearCaches();
  for (const variant of variants) await variant.start();
  const cpuMs = variants.map(() => new Float64Array(files.length));
  const wallMs = variants.map(() => new Float64Array(files.length));
  const totals = variants.map(() => ({ findings: 0, fileErrors: 0 }));
  for (let block = 0; block * blockFiles < files.length; block += 1) {
    const end = Math.min(files.length, (block + 1) * blockFiles);
    for (let step = 0; step < variants.length; step += 1) {
      const which = turnOf(step, block + rotation, rotation % 2 === 1, variants.length);
      // A suite of a few large files: the garbage one variant left is collected before the next is timed.
      if (blockFiles !== BLOCK_FILES) collectGarbage();
      for (let index = block * blockFiles; index < end; index += 1) {
        const cpuStart = process.cpuUsage();
        const wallStart = process.hrtime.bigint();
        const result = await variants[which].file(files[index], texts[index]);
        wallMs[which][index] = Number(process.hrtime.bigint() - wallStart) / 1e6;
        const cpu = process.cpuUsage(cpuStart);
        cpuMs[which][index] = (cpu.user + cpu.system) / 1000 + (result.childCpuMs ?? 0);
        totals[which].findings += result.findings;
        totals[which].fileErrors += result.fileErrors;
      }
    }
  }
  return { cpuMs, wallMs, totals };
}

function sum(values: Float64Array, indices: readonly number[]): number {
  let total = 0;
  for (const index of indices) total += values[index];
  return total;
}

async function timeSuite(job: MeasureJob, files: string[], texts: string[]): Promise<TimeResult> {
  const variants = await Promise.all(job.variants.map((id) => buildVariant(id, { workDir: job.workDir, files })));
  const subsets = { all: files.map((_, index) => index), ...job.subsets };
  const rounds: TimeResult["rounds"] = {};
  const totals: Record<string, RunTotals> = {};
  const labels: Record<string, string> = {};
  for (const variant of variants) {
    labels[variant.id] = variant.label;
    rounds[variant.id] = [];
  }
  const warmupCount = Math.min(files.length, job.warmupFiles ?? WARMUP_FILES);
  await runRound(variants, files.slice(0, warmupCount), texts.slice(0, warmupCount), 0, job.blockFiles);
  for (let round = 0; round < job.rounds; round += 1) {
    const times = await runRound(variants, files, texts, round, job.blockFiles);
    variants.forEach((variant, which) => {
      const perSubset: Record<string, SubsetTime> = {};
      for (const [name, indices] of Object.entries(subsets)) {
        perSubset[name] = { cpuMs: sum(times.cpuMs[which], indices), wallMs: sum(times.wallMs[which], indices) };
      }
      rounds[variant.id].push(perSubset);
      totals[variant.id] = times.totals[which];
    });
  }
  return { mode: "time", rounds, totals, labels };
}

async function measureMemory(job: MeasureJob, files: string[], texts: string[]): Promise<MemoryResult> {
  const variant = await buildVariant(job.variants[0], { workDir: job.workDir, files });
  collectGarbage();
  const startRssBytes = process.memoryUsage().rss;
  await variant.start();
  for (let index = 0; index < files.length; index += 1) await variant.file(files[index], texts[index]);
  // resourceUsage().maxRSS is in kilobytes.
  return { mode: "memory", variant: variant.id, peakRssBytes: process.resourceUsage().maxRSS * 1024, startRssBytes };
}

async function measurePasses(job: MeasureJob, files: string[], texts: string[]): Promise<PassesResult> {
  const variant = await buildVariant(job.variants[0], { workDir: job.workDir, files, alone: true });
  const totals: RunTotals = { findings: 0, fileErrors: 0 };
  const cpuStart = process.cpuUsage();
  const wallStart = process.hrtime.bigint();
  let firstPass: SubsetTime = { cpuMs: 0, wallMs: 0 };
  await variant.start();
  for (let pass = 0; pass < (job.passes ?? 1); pass += 1) {
    for (let index = 0; index < files.length; index += 1) {
      const result = await variant.file(files[index], texts[index]);
      if (pass > 0) continue;
      totals.findings += result.findings;
      totals.fileErrors += result.fileErrors;
    }
    if (pass === 0) firstPass = timeSince(cpuStart, wallStart);
  }
  const time = timeSince(cpuStart, wallStart);
  const laterPasses = { cpuMs: time.cpuMs - firstPass.cpuMs, wallMs: time.wallMs - firstPass.wallMs };
  return { mode: "passes", variant: variant.id, label: variant.label, time, firstPass, laterPasses, totals };
}

function timeSince(cpuStart: NodeJS.CpuUsage, wallStart: bigint): SubsetTime {
  const cpu = process.cpuUsage(cpuStart);
  return { cpuMs: (cpu.user + cpu.system) / 1000, wallMs: Number(process.hrtime.bigint() - wallStart) / 1e6 };
}

async function main(): Promise<void> {
  const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8")) as MeasureJob;
  const files = JSON.parse(fs.readFileSync(job.filesFrom, "utf8")) as string[];
  const texts = files.map((file) => fs.readFileSync(file, "utf8"));
  const result =
    job.mode === "time"
      ? await timeSuite(job, files, texts)
      : job.mode === "passes"
        ? await measurePasses(job, files, texts)
        : await measureMemory(job, files, texts);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
