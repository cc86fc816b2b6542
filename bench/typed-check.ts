/**
 * `npm run bench:typed`: what a typed `check` (its default where a tsconfig.json is found) costs against an untyped
 * one, in CPU time and peak memory, on the generated agent repository of bench/agent-repository.ts (about 1,400
 * TypeScript modules under one tsconfig.json). Each run is a fresh `node dist/cli/cli.js check --format json .`
 * process, as a user starts it; a round runs both, their order alternating from round to round. The child reports
 * its own `process.resourceUsage()` as it exits: CPU time (user + system) and the resident set's high-water mark.
 *
 *   npm run bench:typed                       3 rounds
 *   options: --rounds N  --scale X (module count times X)
 *
 * Results: bench/results/typed-check-latest.json (every run) and the table on standard output.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuilt } from "../test/support/build.ts";
import { writeAgentRepository } from "./agent-repository.ts";
import { REPO_ROOT } from "./corpora.ts";

const CLI = path.join(REPO_ROOT, "dist", "cli", "cli.js");
const RESULTS = path.join(REPO_ROOT, "bench", "results", "typed-check-latest.json");

interface Run {
  readonly mode: "typed" | "untyped";
  readonly cpuSeconds: number;
  readonly maxRssMb: number;
  readonly findings: number;
  readonly files: number;
}

/** Loaded before the CLI (`node -r`): writes the process's own resource usage where `BENCH_USAGE_FILE` says. */
const USAGE_PRELOAD = `const fs = require("node:fs");
process.on("exit", () => fs.writeFileSync(process.env.BENCH_USAGE_FILE, JSON.stringify(process.resourceUsage())));
`;

function parseOptions(argv: readonly string[]): { rounds: number; scale: number } {
  const options = { rounds: 3, scale: 1 };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    const value = Number(argv[index + 1]);
    if ((flag !== "--rounds" && flag !== "--scale") || !(value > 0)) {
      throw new Error(`usage: npm run bench:typed -- [--rounds N] [--scale X] (got ${argv.join(" ")})`);
    }
    options[flag === "--rounds" ? "rounds" : "scale"] = value;
    index += 1;
  }
  return options;
}

function runCheck(mode: Run["mode"], repository: string, preload: string, usageFile: string): Run {
  const child = spawnSync(
    process.execPath,
    ["-r", preload, CLI, "check", mode === "typed" ? "--typed" : "--no-typed", "--format", "json", "."],
    {
      cwd: repository,
      encoding: "utf8",
      maxBuffer: 512 * 1024 * 1024,
      env: { ...process.env, BENCH_USAGE_FILE: usageFile },
    },
  );
  // 1 is "findings": the generated repository has some on purpose.
  if (child.status !== 0 && child.status !== 1) {
    throw new Error(`check ${mode} exited ${child.status}: ${child.stderr}`);
  }
  const usage = JSON.parse(fs.readFileSync(usageFile, "utf8")) as NodeJS.ResourceUsage;
  const results = JSON.parse(child.stdout) as { messages: unknown[] }[];
  return {
    mode,
    cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
    maxRssMb: usage.maxRSS / 1024,
    findings: results.reduce((count, result) => count + result.messages.length, 0),
    files: results.length,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function row(label: string, values: readonly number[], digits: number): string {
  const cells = [Math.min(...values), median(values), Math.max(...values)].map((value) => value.toFixed(digits));
  return `| ${label} | ${cells.join(" | ")} |`;
}

function main(): void {
  const options = parseOptions(process.argv.slice(2));
  ensureBuilt();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "elicitation-bench-typed-"));
  try {
    const repository = path.join(work, "agent-repository");
    const written = writeAgentRepository(repository, path.join(REPO_ROOT, "node_modules"), { scale: options.scale });
    const preload = path.join(work, "usage-preload.cjs");
    fs.writeFileSync(preload, USAGE_PRELOAD);
    const usageFile = path.join(work, "usage.json");
    process.stdout.write(
      `typed check / untyped check: ${written.files.length} modules (${written.asking.length} ask a person), ` +
        `${options.rounds} rounds\n`,
    );
    const rounds: Array<{ typed: Run; untyped: Run }> = [];
    for (let round = 0; round < options.rounds; round += 1) {
      // Alternating which runs first, so a machine's load that moves over minutes falls on both alike.
      const order: Run["mode"][] = round % 2 === 0 ? ["typed", "untyped"] : ["untyped", "typed"];
      const runs = Object.fromEntries(order.map((mode) => [mode, runCheck(mode, repository, preload, usageFile)]));
      const { typed, untyped } = runs as { typed: Run; untyped: Run };
      rounds.push({ typed, untyped });
      process.stdout.write(
        `  round ${round + 1}: typed ${typed.cpuSeconds.toFixed(1)} s CPU, ${typed.maxRssMb.toFixed(0)} MB peak, ` +
          `${typed.findings} findings; untyped ${untyped.cpuSeconds.toFixed(1)} s, ${untyped.maxRssMb.toFixed(0)} MB, ` +
          `${untyped.findings} findings\n`,
      );
    }
    const measures = [
      { name: "CPU seconds", of: (run: Run) => run.cpuSeconds, digits: 1 },
      { name: "peak MB", of: (run: Run) => run.maxRssMb, digits: 0 },
    ];
    const lines = [
      "| measure | min | median | max |",
      "| --- | --- | --- | --- |",
      ...measures.map(({ name, of }) =>
        row(
          `typed / untyped, ${name}`,
          rounds.map((r) => of(r.typed) / of(r.untyped)),
          2,
        ),
      ),
      ...(["typed", "untyped"] as const).flatMap((mode) =>
        measures.map(({ name, of, digits }) =>
          row(
            `${mode}, ${name}`,
            rounds.map((r) => of(r[mode])),
            digits,
          ),
        ),
      ),
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
    fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
    fs.writeFileSync(
      RESULTS,
      `${JSON.stringify({ modules: written.files.length, asking: written.asking.length, rounds }, null, 2)}\n`,
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main();
