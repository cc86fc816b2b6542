/**
 * One benchmark child process (started by bench/run.ts, never by hand). Two modes:
 * - time: build every variant of a suite, warm each up on a slice of the corpus, then run `rounds` rounds; each
 *   round runs every variant once over the whole corpus, in an order rotated by one each round (so drift and
 *   ordering cancel out), with a forced GC before each. Per-file times are summed per subset of the corpus.
 * - memory: run one variant once in a fresh process and report the process's peak resident set.
 * Reads its job from the JSON file named on the command line; prints one JSON line on stdout.
 */
import fs from "node:fs";
import { buildVariant, type PassResult, type RunTotals } from "./variants.ts";

export interface MeasureJob {
  mode: "time" | "memory";
  /** JSON file holding the corpus as an array of absolute paths. */
  filesFrom: string;
  variants: string[];
  rounds: number;
  /** Named subsets of the corpus (indices into it) whose time is also reported; "all" is always there. */
  subsets?: Record<string, number[]>;
  tsconfig?: string;
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

function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function sumSubsets(pass: PassResult, subsets: Record<string, number[]>): Record<string, SubsetTime> {
  const sums: Record<string, SubsetTime> = {};
  for (const [name, indices] of Object.entries(subsets)) {
    let cpuMs = 0;
    let wallMs = 0;
    for (const index of indices) {
      cpuMs += pass.cpuMs[index];
      wallMs += pass.wallMs[index];
    }
    sums[name] = { cpuMs, wallMs };
  }
  return sums;
}

async function timeSuite(job: MeasureJob, files: string[], texts: string[]): Promise<TimeResult> {
  const variants = await Promise.all(job.variants.map((id) => buildVariant(id, { tsconfig: job.tsconfig })));
  const subsets = { all: files.map((_, index) => index), ...job.subsets };
  const rounds: TimeResult["rounds"] = {};
  const totals: Record<string, RunTotals> = {};
  const labels: Record<string, string> = {};
  const warmupCount = Math.min(files.length, WARMUP_FILES);
  for (const variant of variants) {
    labels[variant.id] = variant.label;
    rounds[variant.id] = [];
    await variant.run(files.slice(0, warmupCount), texts.slice(0, warmupCount));
  }
  for (let round = 0; round < job.rounds; round += 1) {
    for (let index = 0; index < variants.length; index += 1) {
      const variant = variants[(index + round) % variants.length];
      collectGarbage();
      const pass = await variant.run(files, texts);
      rounds[variant.id].push(sumSubsets(pass, subsets));
      totals[variant.id] = { findings: pass.findings, fileErrors: pass.fileErrors };
    }
  }
  return { mode: "time", rounds, totals, labels };
}

async function measureMemory(job: MeasureJob, files: string[], texts: string[]): Promise<MemoryResult> {
  const variant = await buildVariant(job.variants[0], { tsconfig: job.tsconfig });
  collectGarbage();
  const startRssBytes = process.memoryUsage().rss;
  await variant.run(files, texts);
  // resourceUsage().maxRSS is in kilobytes.
  return { mode: "memory", variant: variant.id, peakRssBytes: process.resourceUsage().maxRSS * 1024, startRssBytes };
}

async function main(): Promise<void> {
  const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8")) as MeasureJob;
  const files = JSON.parse(fs.readFileSync(job.filesFrom, "utf8")) as string[];
  const texts = files.map((file) => fs.readFileSync(file, "utf8"));
  const result = job.mode === "time" ? await timeSuite(job, files, texts) : await measureMemory(job, files, texts);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
