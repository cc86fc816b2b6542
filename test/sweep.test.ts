/**
 * CI's bounded, fixed subset of `npm run sweep` (bench/sweep.ts): the same per-file checks, in-process, on
 * SUBSET_SIZE files spread evenly over the sorted node_modules corpus (files up to 30 KB) and on the generated
 * malformed set. The full sweep (every file, a 5 MB generated file) is `npm run sweep`, outside the test suite.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepCorpus } from "../bench/corpora.ts";
import { FileChecker, formatReport, writeMalformedFiles, type FileReport } from "../bench/sweep-core.ts";
import { ruleNames } from "../bench/subjects.ts";

/**
 * The sizes bound the whole file to well under 30 s on a warm 2-core machine (measured in CPU seconds of one worker:
 * ~9 s for 300 corpus files, ~7 s for a 128 KB generated file). The generated file is the expensive part: every rule
 * and transform walks all of it, and the cost grows faster than its size (256 KB: 13 s; 1 MB: 110 s, which is what
 * made the 300 s hook time out on a cold machine).
 */
const SUBSET_SIZE = 300;
const SUBSET_MAX_BYTES = 30 * 1024;
const LARGE_FILE_BYTES = 128 * 1024;

/** Every (length / SUBSET_SIZE)-th small file of the sorted corpus: many packages, the same files each run. */
function fixedSubset(): string[] {
  const small = sweepCorpus().files.filter((file) => fs.statSync(file).size <= SUBSET_MAX_BYTES);
  return Array.from({ length: SUBSET_SIZE }, (_, index) => small[Math.floor((index * small.length) / SUBSET_SIZE)]);
}

function describeNotOk(reports: readonly FileReport[]): string {
  return reports
    .filter((report) => report.status === "failure")
    .map(formatReport)
    .join("\n");
}

describe("sweep: CI subset", () => {
  let malformedDir: string;
  let malformed: Record<string, FileReport>;
  let corpusReports: FileReport[];
  let checker: FileChecker;

  beforeAll(async () => {
    checker = await FileChecker.create();
    malformedDir = fs.mkdtempSync(path.join(os.tmpdir(), "elicitation-sweep-test-"));
    // The malformed files first: if one of them stopped the run, the corpus files after it would never be checked.
    const files = [...writeMalformedFiles(malformedDir, LARGE_FILE_BYTES), ...fixedSubset()];
    const reports = files.map((file) => checker.check(file));
    malformed = Object.fromEntries(
      reports
        .filter((report) => report.file.startsWith(malformedDir))
        .map((report) => [path.basename(report.file), report]),
    );
    corpusReports = reports.filter((report) => !report.file.startsWith(malformedDir));
  });

  afterAll(() => {
    fs.rmSync(malformedDir, { recursive: true, force: true });
  });

  it("runs every rule of the plugin and every transform of codemods/", () => {
    expect(ruleNames().length).toBeGreaterThanOrEqual(5);
    expect(checker.transforms.length).toBeGreaterThan(0);
  });

  it(`checks all ${SUBSET_SIZE} corpus files after the malformed ones`, () => {
    expect(corpusReports).toHaveLength(SUBSET_SIZE);
    expect(new Set(corpusReports.map((report) => report.file)).size).toBe(SUBSET_SIZE);
  });

  it("no rule throws and no transform throws or breaks a file on the corpus subset", () => {
    expect(describeNotOk(corpusReports)).toBe("");
  });

  it("reports a syntax error per file with its line and column, and no failure of ours", () => {
    expect(malformed["syntax-error.ts"]).toMatchObject({ status: "input-error", failures: [] });
    expect(malformed["syntax-error.ts"].inputError).toMatch(/^syntax error at 3:\d+: /);
    expect(malformed["unbalanced.mjs"]).toMatchObject({ status: "input-error", failures: [] });
    expect(malformed["unbalanced.mjs"].inputError).toMatch(/^syntax error at 2:\d+: /);
  });

  it("reports binary content per file without running anything on it", () => {
    expect(malformed["binary.js"]).toMatchObject({ status: "input-error", failures: [], changedBy: [], findings: {} });
    expect(malformed["binary.js"].inputError).toBe("binary content (NUL byte at offset 0), not source text");
  });

  it("processes an empty file as valid source: nothing found, nothing changed", () => {
    expect(malformed["empty.ts"]).toMatchObject({ status: "ok", bytes: 0, failures: [], changedBy: [], findings: {} });
  });

  it("processes the large file: the elicitation in its middle is found and rewritten, and the output re-parses", () => {
    const large = malformed["huge.ts"];
    expect(describeNotOk([large])).toBe("");
    expect(large.bytes).toBeGreaterThanOrEqual(LARGE_FILE_BYTES);
    expect(large.findings["elicitation/exhaustive-action"]).toBe(1);
    expect(large.changedBy).toContain("exhaustive-action");
  });

  it("turns a rule that throws into a FAILURE naming the rule and the stack's first frame", () => {
    const file = path.join(malformedDir, "asks.ts");
    fs.writeFileSync(file, "export const answer = await server.elicitInput({ message: 'Proceed?' });\n");
    const throwsInVisitor = {
      meta: { type: "problem", schema: [] },
      create: () => ({
        CallExpression() {
          throw new TypeError("cannot read properties of undefined");
        },
      }),
    };
    const throwsInCreate = {
      meta: { type: "problem", schema: [] },
      create: () => {
        throw new RangeError("Maximum call stack size exceeded");
      },
    };
    const quiet = { meta: { type: "problem", schema: [] }, create: () => ({}) };
    const visitorReport = new FileChecker({
      transforms: [],
      plugin: { rules: { quiet, "throws-in-visitor": throwsInVisitor } },
    }).check(file);
    expect(visitorReport.status).toBe("failure");
    expect(visitorReport.failures).toEqual([
      {
        kind: "rule-exception",
        subject: "elicitation/throws-in-visitor",
        message: "cannot read properties of undefined",
        frame: expect.stringMatching(/^at CallExpression \(test\/sweep\.test\.ts:\d+:\d+\)$/),
      },
    ]);
    const createReport = new FileChecker({
      transforms: [],
      plugin: { rules: { quiet, "throws-in-create": throwsInCreate } },
    }).check(file);
    expect(createReport.failures).toEqual([
      expect.objectContaining({
        kind: "rule-exception",
        subject: "elicitation/throws-in-create",
        message: "Error while loading rule 'elicitation/throws-in-create': Maximum call stack size exceeded",
        frame: expect.stringMatching(/^at Object\.create \(test\/sweep\.test\.ts:\d+:\d+\)$/),
      }),
    ]);
  });

  it("turns a transform that throws on a file that parses into a FAILURE naming the transform", () => {
    const file = path.join(malformedDir, "plain.ts");
    fs.writeFileSync(file, "export const one = 1;\n");
    const throwing = {
      name: "throws-on-purpose",
      parser: "tsx",
      transform: () => {
        throw new Error("boom");
      },
    };
    const report = new FileChecker({ transforms: [throwing] }).check(file);
    expect(report).toMatchObject({ status: "failure", changedBy: [] });
    expect(report.failures).toEqual([
      {
        kind: "transform-exception",
        subject: "throws-on-purpose",
        message: "boom", // V8 names the method "transform" or "Object.transform" depending on how the object literal was compiled.
        frame: expect.stringMatching(/^at (Object\.)?transform \(test\/sweep\.test\.ts:\d+:\d+\)$/),
      },
    ]);
  });

  it("turns a transform whose output does not parse into a FAILURE", () => {
    const file = path.join(malformedDir, "breaks.ts");
    fs.writeFileSync(file, "export const one = 1;\n");
    const breaking = { name: "breaks-the-file", parser: "tsx", transform: () => "export const one = ;\n" };
    const report = new FileChecker({ transforms: [breaking] }).check(file);
    expect(report.status).toBe("failure");
    expect(report.failures).toEqual([
      expect.objectContaining({
        kind: "transform-output-unparsable",
        subject: "breaks-the-file",
        message: expect.stringMatching(/^output does not parse: Parsing error: .* at 1:\d+$/),
      }),
    ]);
  });

  it("turns a transform that changes its own output again into a FAILURE", () => {
    const file = path.join(malformedDir, "grows.ts");
    fs.writeFileSync(file, "export const one = 1;\n");
    const growing = {
      name: "appends-a-line",
      parser: "tsx",
      transform: (info: { source: string }) => `${info.source}// again\n`,
    };
    const report = new FileChecker({ transforms: [growing] }).check(file);
    expect(report).toMatchObject({ status: "failure", changedBy: ["appends-a-line"] });
    expect(report.failures).toEqual([
      {
        kind: "transform-not-idempotent",
        subject: "appends-a-line",
        message: "run again on its own output, it changed the file again",
        frame: "",
      },
    ]);
  });
});
