/**
 * `npm run sweep`: every rule (untyped) and every transform over every .ts/.tsx/.js/.mjs/.cjs file under
 * node_modules, plus a generated set of malformed files (syntax errors, binary content, an empty file, a 5 MB file).
 *
 *   npm run sweep                          the whole corpus, 2 worker processes
 *   npm run sweep -- --limit 500           the first 500 files of the sorted corpus (plus the malformed set)
 *   npm run sweep -- --files-from list.txt the files named in list.txt (one path a line, relative to the
 *                                          current directory) instead of node_modules
 *   options: --jobs N (worker processes, default 2)  --timeout-s N (per file, default 600: a hang detector)  --no-malformed
 *            --verbose (a line for every file)  --json FILE (report; default bench/results/sweep-latest.json)
 *
 * Each file ends as one of: ok; input error (binary content, a syntax error: the file is not source we can read,
 * reported with line:column, and the run goes on); FAILURE (ours: a rule threw, a transform threw on a file that
 * parses, a transform's output does not parse, or a transform changes its own output again; or a file took longer than the
 * timeout). Exit code: 1 when any FAILURE, else 3 when any input error (the malformed set always has some), else 0.
 * 2 is a usage error. Ctrl-C stops the run and prints the summary of the files done (exit 130 unless a FAILURE).
 */
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { displayPath, REPO_ROOT, sweepCorpus } from "./corpora.ts";
import { formatBytes, formatReport, writeMalformedFiles, type FileReport } from "./sweep-core.ts";
import type { WorkerRequest, WorkerResponse } from "./sweep-worker.ts";

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
export const EXIT_INPUT_ERRORS = 3;
export const EXIT_INTERRUPTED = 130;

interface Options {
  limit: number | null;
  filesFrom: string | null;
  jobs: number;
  timeoutMs: number;
  malformed: boolean;
  verbose: boolean;
  json: string;
}

class UsageError extends Error {}

function parseOptions(argv: readonly string[]): Options {
  const options: Options = {
    limit: null,
    filesFrom: null,
    jobs: 2,
    timeoutMs: 600_000,
    malformed: true,
    verbose: false,
    json: path.join(REPO_ROOT, "bench", "results", "sweep-latest.json"),
  };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    const value = () => {
      const next = argv[index + 1];
      if (next === undefined) throw new UsageError(`${argument} needs a value`);
      index += 1;
      return next;
    };
    if (argument === "--limit") options.limit = wholeNumber(argument, value(), 0);
    else if (argument === "--files-from") options.filesFrom = value();
    else if (argument === "--jobs") options.jobs = wholeNumber(argument, value(), 1);
    else if (argument === "--timeout-s") options.timeoutMs = wholeNumber(argument, value(), 1) * 1000;
    else if (argument === "--no-malformed") options.malformed = false;
    else if (argument === "--verbose") options.verbose = true;
    else if (argument === "--json") options.json = path.resolve(value());
    else if (argument === "--help" || argument === "-h") throw new UsageError("");
    else throw new UsageError(`unknown option ${argument}`);
  }
  return options;
}

function wholeNumber(flag: string, text: string, minimum: number): number {
  const parsed = Number(text);
  if (!Number.isInteger(parsed) || parsed < minimum)
    throw new UsageError(`${flag} must be a whole number >= ${minimum}, got "${text}"`);
  return parsed;
}

function readFileList(listFile: string): string[] {
  let text: string;
  try {
    text = fs.readFileSync(listFile, "utf8");
  } catch (error) {
    throw new UsageError(
      `--files-from: cannot read ${listFile}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => path.resolve(line));
}

/** A worker process, what it is doing, and the end of what it wrote to stderr (a crash's last words). */
interface WorkerSlot {
  child: ChildProcess;
  stage: string;
  stderrTail: string;
  ready: Promise<string[]>;
}

const WORKER_SCRIPT = path.join(__dirname, "sweep-worker.ts");
const STDERR_TAIL_CHARS = 4000;

function startWorker(): WorkerSlot {
  const child = fork(WORKER_SCRIPT, [], {
    cwd: REPO_ROOT,
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "pipe", "ipc"],
  });
  const slot: WorkerSlot = { child, stage: "starting", stderrTail: "", ready: Promise.resolve([]) };
  child.stderr?.on("data", (chunk: Buffer) => {
    slot.stderrTail = (slot.stderrTail + chunk.toString()).slice(-STDERR_TAIL_CHARS);
  });
  child.on("message", (message: WorkerResponse) => {
    if ("stage" in message) slot.stage = message.stage;
  });
  slot.ready = new Promise<string[]>((resolve, reject) => {
    const onMessage = (message: WorkerResponse) => {
      if ("ready" in message) {
        child.off("message", onMessage);
        resolve(message.transforms);
      }
    };
    child.on("message", onMessage);
    child.once("exit", (code) =>
      reject(new Error(`sweep worker exited (code ${code}) before it was ready:\n${slot.stderrTail}`)),
    );
  });
  return slot;
}

/** The line of a crashed worker's stderr that says what happened ("FATAL ERROR: … heap out of memory", …). */
function crashLine(stderrTail: string): string {
  const lines = stderrTail
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.find((line) => /FATAL ERROR|RangeError|Error:/.test(line)) ?? lines.at(-1) ?? "no output";
}

/** Set by Ctrl-C (SIGINT) or SIGTERM: no new file is started, and the summary covers the files done. */
let interrupted = false;
const liveWorkers = new Set<ChildProcess>();

function interrupt(): void {
  if (interrupted) process.exit(130);
  interrupted = true;
  for (const child of liveWorkers) child.kill("SIGKILL");
}

/** Runs every file through the workers; a stuck or crashed worker costs one file (a FAILURE) and is replaced. */
async function sweep(
  files: readonly string[],
  options: Options,
  onReport: (report: FileReport) => void,
): Promise<string[]> {
  let next = 0;
  let transforms: string[] = [];
  const runSlot = async (): Promise<void> => {
    let slot = startWorker();
    liveWorkers.add(slot.child);
    transforms = await slot.ready;
    while (next < files.length && !interrupted) {
      const file = files[next];
      next += 1;
      let timedOut = false;
      const outcome = await new Promise<FileReport | { code: number | null; signal: NodeJS.Signals | null }>(
        (resolve) => {
          const timer = setTimeout(() => {
            timedOut = true;
            slot.child.kill("SIGKILL");
          }, options.timeoutMs);
          const done = (value: FileReport | { code: number | null; signal: NodeJS.Signals | null }) => {
            clearTimeout(timer);
            slot.child.off("message", onMessage);
            slot.child.off("exit", onExit);
            resolve(value);
          };
          const onMessage = (message: WorkerResponse) => {
            if ("report" in message) done(message.report);
          };
          const onExit = (code: number | null, signal: NodeJS.Signals | null) => done({ code, signal });
          slot.child.on("message", onMessage);
          slot.child.once("exit", onExit);
          slot.stage = "reading";
          slot.child.send({ file } satisfies WorkerRequest);
        },
      );
      if ("status" in outcome) {
        onReport(outcome);
        continue;
      }
      liveWorkers.delete(slot.child);
      // Killed because the run was interrupted (or by Ctrl-C reaching the whole process group): the file is not done.
      if (interrupted || outcome.signal === "SIGINT" || outcome.signal === "SIGTERM") {
        interrupted = true;
        break;
      }
      const subject = slot.stage.replace(/^transform /, "").replace(/^rules, .*/, "rules");
      onReport({
        file,
        bytes: safeSize(file),
        status: "failure",
        failures: [
          {
            kind: /^transform /.test(slot.stage) ? "transform-exception" : "rule-exception",
            subject: `${subject} (during: ${slot.stage})`,
            message: timedOut
              ? `no answer after ${options.timeoutMs / 1000} s: a hang, or far too slow`
              : `the worker process died (${outcome.signal ?? `exit code ${outcome.code}`}): ${crashLine(slot.stderrTail)}`,
            frame: "",
          },
        ],
        findings: {},
        changedBy: [],
        ms: 0,
      });
      slot = startWorker();
      liveWorkers.add(slot.child);
      await slot.ready;
    }
    liveWorkers.delete(slot.child);
    if (slot.child.connected) slot.child.disconnect();
  };
  await Promise.all(Array.from({ length: Math.min(options.jobs, files.length) }, runSlot));
  return transforms;
}

function safeSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

async function main(argv: readonly string[]): Promise<number> {
  let options: Options;
  let files: string[];
  let corpusDescription: string;
  try {
    options = parseOptions(argv);
    if (options.filesFrom) {
      files = readFileList(options.filesFrom);
      corpusDescription = `${files.length} files from ${options.filesFrom}`;
    } else {
      const corpus = sweepCorpus();
      files = corpus.files;
      corpusDescription = `${files.length} files: ${corpus.recipe}`;
    }
    if (options.limit !== null) {
      files = files.slice(0, options.limit);
      corpusDescription += `; first ${options.limit}`;
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    if (error.message) process.stderr.write(`sweep: ${error.message}\n`);
    process.stderr.write(
      fs
        .readFileSync(__filename, "utf8")
        .split("*/")[0]
        .replace(/^\/\*\*?/, "")
        .replace(/^ \* ?/gm, "") + "\n",
    );
    return EXIT_USAGE;
  }
  const malformed = options.malformed ? writeMalformedFiles() : [];
  const all = [...malformed, ...files];
  const startedAt = Date.now();
  const isTTY = Boolean(process.stderr.isTTY);
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(`sweep: ${all.length} files (${malformed.length} generated malformed files, then ${corpusDescription})`);

  // The malformed set lives in a temporary directory: printed as <malformed>/name.
  const shown = (report: FileReport) =>
    malformed.length > 0
      ? formatReport(report)
          .split(path.dirname(malformed[0]) + path.sep)
          .join("<malformed>/")
      : formatReport(report);
  const reports: FileReport[] = [];
  const counts = { ok: 0, "input-error": 0, failure: 0 };
  let lastProgress = 0;
  const progress = (force = false) => {
    const now = Date.now();
    if (!force && now - lastProgress < (isTTY ? 200 : 15_000)) return;
    lastProgress = now;
    const done = reports.length;
    const line = `[${String(done).padStart(String(all.length).length)}/${all.length}] ${((100 * done) / all.length).toFixed(0).padStart(3)}%  ok ${counts.ok}  input errors ${counts["input-error"]}  FAILURES ${counts.failure}  ${((now - startedAt) / 1000).toFixed(0)} s`;
    if (isTTY) process.stderr.write(`\r${line}\x1b[K`);
    else process.stderr.write(`${line}\n`);
  };
  const clearProgress = () => {
    if (isTTY) process.stderr.write("\r\x1b[K");
  };

  process.on("SIGINT", interrupt);
  process.on("SIGTERM", interrupt);
  const transforms = await sweep(all, options, (report) => {
    reports.push(report);
    counts[report.status] += 1;
    const isMalformed = malformed.includes(report.file);
    if (report.status !== "ok" || options.verbose || isMalformed) {
      clearProgress();
      out(shown(report));
    }
    progress();
  });
  progress(true);
  clearProgress();

  const findings: Record<string, number> = {};
  const changed: Record<string, number> = {};
  let bytes = 0;
  for (const report of reports) {
    bytes += report.bytes;
    for (const [rule, count] of Object.entries(report.findings)) findings[rule] = (findings[rule] ?? 0) + count;
    for (const transform of report.changedBy) changed[transform] = (changed[transform] ?? 0) + 1;
  }
  const failures = reports.filter((report) => report.status === "failure");
  const slowest = [...reports].sort((a, b) => b.ms - a.ms).slice(0, 3);
  const seconds = (Date.now() - startedAt) / 1000;
  out("");
  if (interrupted) out(`INTERRUPTED: ${reports.length} of ${all.length} files done; the summary covers those.`);
  out(`Summary: ${reports.length} files, ${formatBytes(bytes)}, ${seconds.toFixed(0)} s, ${options.jobs} worker(s)`);
  out(`  ok                ${counts.ok}`);
  out(`  input errors      ${counts["input-error"]}   (not source we can read; reported per file above)`);
  out(`  FAILURES (ours)   ${counts.failure}`);
  out(
    `  rule findings     ${
      Object.entries(findings)
        .map(([rule, count]) => `${rule} ${count}`)
        .join(", ") || "none"
    }`,
  );
  out(
    `  transforms        ${transforms.length ? transforms.map((name) => `${name} changed ${changed[name] ?? 0}`).join(", ") : "none found in codemods/"}`,
  );
  out(
    `  slowest           ${slowest.map((report) => `${displayPath(report.file)} ${(report.ms / 1000).toFixed(1)} s`).join("; ")}`,
  );
  if (failures.length > 0) {
    out("");
    out("FAILURES:");
    for (const report of failures) out(shown(report));
  }
  const exitCode =
    failures.length > 0
      ? EXIT_FAILURE
      : interrupted
        ? EXIT_INTERRUPTED
        : counts["input-error"] > 0
          ? EXIT_INPUT_ERRORS
          : EXIT_OK;
  out("");
  out(
    exitCode === EXIT_FAILURE
      ? "Exit 1: something of ours failed (see FAILURES)."
      : exitCode === EXIT_INTERRUPTED
        ? "Exit 130: interrupted before the end; no failure of ours in the files done."
        : exitCode === EXIT_INPUT_ERRORS
          ? "Exit 3: no failure of ours; some inputs could not be read as source (expected for the malformed set)."
          : "Exit 0: every file processed.",
  );
  fs.mkdirSync(path.dirname(options.json), { recursive: true });
  fs.writeFileSync(
    options.json,
    `${JSON.stringify(
      {
        startedAt: new Date(startedAt).toISOString(),
        seconds,
        corpus: corpusDescription,
        counts,
        findings,
        changed,
        transforms,
        exitCode,
        notOk: reports
          .filter((report) => report.status !== "ok")
          .map((report) => ({ ...report, file: displayPath(report.file) })),
      },
      null,
      2,
    )}\n`,
  );
  if (malformed.length > 0) fs.rmSync(path.dirname(malformed[0]), { recursive: true, force: true });
  return exitCode;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`sweep: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = EXIT_FAILURE;
  },
);
