/**
 * What the sweep checks on one file, shared by `npm run sweep` (bench/sweep.ts, in worker processes) and CI's
 * bounded subset (test/sweep.test.ts, in-process).
 *
 * For each file:
 * 1. Read it. Binary content (a NUL byte) is an input error: reported, nothing run.
 * 2. Lint it with every rule of the plugin, untyped, first with default options, then with the `strict` options
 *    (reusing the parsed SourceCode). A syntax error is an input error. A rule that throws is a FAILURE (ours).
 * 3. Run every transform of codemods/, chained as `migrate` chains them. On a file that parses, a transform that
 *    throws is a FAILURE; so is output that no longer parses, and a transform that changes its own output again.
 *    On a file that does not parse, a transform may refuse it (throw); that is part of the input error.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Linter, type SourceCode } from "eslint";
import { REPO_ROOT, displayPath } from "./corpora.ts";
import {
  everyRule,
  everyRuleStrict,
  lintConfig,
  loadTransforms,
  runTransform,
  runTransformChain,
  type LoadedTransform,
} from "./subjects.ts";

type FailureKind =
  "rule-exception" | "transform-exception" | "transform-output-unparsable" | "transform-not-idempotent";

export interface Failure {
  kind: FailureKind;
  /** The rule id or transform name at fault. */
  subject: string;
  message: string;
  /** The first frame of the stack, and the first frame inside this repository's code when different. */
  frame: string;
}

export interface FileReport {
  file: string;
  bytes: number;
  /** ok: nothing of ours failed; input-error: the file is not source we can read; failure: something of ours broke. */
  status: "ok" | "input-error" | "failure";
  /** Why the input could not be processed (input-error), with line and column when the parser gave them. */
  inputError?: string;
  failures: Failure[];
  /** Problems the rules reported (default options). */
  findings: Record<string, number>;
  /** Transforms that changed the file. */
  changedBy: string[];
  ms: number;
}

/** Bytes read to decide whether a file is binary. */
const BINARY_SNIFF_BYTES = 64 * 1024;

export interface CheckerSubjects {
  /** Transforms to chain; default (with `FileChecker.create`): every transform in codemods/. */
  transforms?: LoadedTransform[];
  /** A stand-in for the plugin (tests of the sweep itself); default: the plugin of index.ts, strict options too. */
  plugin?: { rules: Record<string, unknown> };
  /** Told what runs next on the file ("rules, default options", "transform deadline", ...): a crash names it. */
  onStage?: (stage: string) => void;
}

export class FileChecker {
  // Rooted at the file system root: files outside the repository (the malformed set) must match the config too.
  private readonly linter = new Linter({ configType: "flat", cwd: path.parse(REPO_ROOT).root });
  private readonly defaultConfig: Linter.Config[];
  private readonly strictConfig: Linter.Config[];
  private readonly parseOnlyConfig = lintConfig({});
  private readonly ruleIds: string[];
  private readonly plugin: unknown;
  private readonly onStage: (stage: string) => void;
  readonly transforms: LoadedTransform[];

  /** A checker with every transform of codemods/ (loading them is asynchronous), unless told otherwise. */
  static async create(subjects: CheckerSubjects = {}): Promise<FileChecker> {
    return new FileChecker({ ...subjects, transforms: subjects.transforms ?? (await loadTransforms()) });
  }

  constructor(subjects: CheckerSubjects & { transforms: LoadedTransform[] }) {
    this.transforms = subjects.transforms;
    const rules = subjects.plugin ? everyRule(subjects.plugin.rules) : everyRule();
    this.plugin = subjects.plugin;
    this.onStage = subjects.onStage ?? (() => {});
    this.ruleIds = Object.keys(rules);
    this.defaultConfig = lintConfig(rules, undefined, subjects.plugin);
    this.strictConfig = subjects.plugin ? this.defaultConfig : lintConfig(everyRuleStrict());
  }

  check(file: string): FileReport {
    const started = process.hrtime.bigint();
    const report: FileReport = { file, bytes: 0, status: "ok", failures: [], findings: {}, changedBy: [], ms: 0 };
    const finish = () => {
      report.ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (report.failures.length > 0) report.status = "failure";
      else if (report.inputError !== undefined) report.status = "input-error";
      return report;
    };

    let buffer: Buffer;
    try {
      buffer = fs.readFileSync(file);
    } catch (error) {
      report.inputError = `cannot read: ${errorMessage(error)}`;
      return finish();
    }
    report.bytes = buffer.length;
    const nul = buffer.subarray(0, BINARY_SNIFF_BYTES).indexOf(0);
    if (nul !== -1) {
      report.inputError = `binary content (NUL byte at offset ${nul}), not source text`;
      return finish();
    }
    const text = buffer.toString("utf8");

    const parsed = this.lint(file, text, report);
    this.transform(file, text, parsed, report);
    return finish();
  }

  /** Lints with every rule; returns whether the file parsed. */
  private lint(file: string, text: string, report: FileReport): boolean {
    let messages: Linter.LintMessage[];
    this.onStage("rules, default options");
    try {
      messages = this.linter.verify(text, this.defaultConfig, { filename: file });
    } catch (error) {
      report.failures.push(this.ruleFailure(error, file, text));
      return true;
    }
    const fatal = messages.find((message) => message.fatal);
    if (fatal) {
      report.inputError = `syntax error at ${fatal.line}:${fatal.column}: ${fatal.message.replace(/^Parsing error: /, "")}`;
      return false;
    }
    for (const message of messages) {
      if (message.ruleId) report.findings[message.ruleId] = (report.findings[message.ruleId] ?? 0) + 1;
    }
    const sourceCode: SourceCode = this.linter.getSourceCode();
    this.onStage("rules, strict options");
    try {
      this.linter.verify(sourceCode, this.strictConfig, { filename: file });
    } catch (error) {
      report.failures.push(this.ruleFailure(error, file, text, "strict options"));
    }
    return true;
  }

  /** Names the rule that threw: ESLint tags errors from visitors; errors from `create()` are found by elimination. */
  private ruleFailure(error: unknown, file: string, text: string, note?: string): Failure {
    let subject = (error as { ruleId?: string }).ruleId;
    if (!subject) {
      subject =
        this.ruleIds.find((ruleId) => {
          try {
            this.linter.verify(text, lintConfig({ [ruleId]: "error" }, undefined, this.plugin), { filename: file });
            return false;
          } catch {
            return true;
          }
        }) ?? "(unknown rule)";
    }
    return {
      kind: "rule-exception",
      subject: note ? `${subject} (${note})` : subject,
      message: firstLine(errorMessage(error)),
      frame: describeFrames(error),
    };
  }

  private transform(file: string, text: string, parsed: boolean, report: FileReport): void {
    if (this.transforms.length === 0) return;
    let current: string | undefined;
    try {
      const result = runTransformChain(this.transforms, file, text, (name) => {
        current = name;
        this.onStage(`transform ${name}`);
      });
      report.changedBy = result.changedBy;
      if (result.changedBy.length === 0) return;
      this.onStage("re-parse of the transformed text");
      const reparse = this.linter
        .verify(result.output, this.parseOnlyConfig, { filename: file })
        .find((message) => message.fatal);
      if (reparse) {
        report.failures.push({
          kind: "transform-output-unparsable",
          subject: result.changedBy.join(" + "),
          message: `output does not parse: ${reparse.message} at ${reparse.line}:${reparse.column}`,
          frame: "",
        });
        return;
      }
      // Each transform on its own output must change nothing (users run them one at a time with jscodeshift).
      for (const step of result.steps) {
        const loaded = this.transforms.find((transform) => transform.name === step.name);
        current = step.name;
        this.onStage(`transform ${step.name}, second run`);
        if (loaded && runTransform(loaded, file, step.output) !== step.output) {
          report.failures.push({
            kind: "transform-not-idempotent",
            subject: step.name,
            message: "run again on its own output, it changed the file again",
            frame: "",
          });
        }
      }
    } catch (error) {
      if (!parsed) {
        // The transform refused a file that does not parse: the input error already says why.
        report.inputError = `${report.inputError}; ${current} refused it: ${firstLine(errorMessage(error))}`;
        return;
      }
      report.failures.push({
        kind: "transform-exception",
        subject: current ?? "(unknown transform)",
        message: firstLine(errorMessage(error)),
        frame: describeFrames(error),
      });
    }
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function firstLine(text: string): string {
  return text.split("\n")[0];
}

/** "at …" lines of a stack: the first one, plus the first one in this repository's own code (not node_modules). */
function describeFrames(error: unknown): string {
  const stack = error instanceof Error && error.stack ? error.stack : "";
  const frames = stack
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("at "));
  if (frames.length === 0) return "";
  const ours = frames.find(
    (frame) => frame.includes(REPO_ROOT) && !frame.includes(`${path.sep}node_modules${path.sep}`),
  );
  const shorten = (frame: string) => frame.split(REPO_ROOT + path.sep).join("");
  return ours && ours !== frames[0] ? `${shorten(frames[0])} … ${shorten(ours)}` : shorten(frames[0]);
}

/** One report as a line of the sweep's output. */
export function formatReport(report: FileReport): string {
  const where = displayPath(report.file);
  if (report.status === "input-error") return `input error  ${where}: ${report.inputError}`;
  if (report.status === "failure") {
    return report.failures
      .map(
        (failure) =>
          `FAILURE      ${where}: ${failure.kind} in ${failure.subject}: ${failure.message}${failure.frame ? `\n             ${failure.frame}` : ""}`,
      )
      .join("\n");
  }
  return `ok           ${where} (${formatBytes(report.bytes)}, ${(report.ms / 1000).toFixed(1)} s)`;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * The malformed inputs every sweep includes: what the sweep must survive. Written into a fresh temporary directory;
 * returns the paths, sorted. `hugeBytes` is the size of the large file (5 MB unless told).
 */
export function writeMalformedFiles(
  dir: string = fs.mkdtempSync(path.join(os.tmpdir(), "elicitation-sweep-")),
  hugeBytes = 5 * 1024 * 1024,
): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const files: Record<string, string | Buffer> = {
    // Elicitation code cut off mid-condition: the rules would have work here if it parsed.
    "syntax-error.ts": [
      "export async function confirm(server: any) {",
      '  const result = await server.elicitInput({ message: "Delete?", requestedSchema: { type: "object", properties: {} } });',
      '  if (result.action === "accept" {',
      "    return true;",
      "",
    ].join("\n"),
    // A JavaScript file with a stray `}` at the top level.
    "unbalanced.mjs": "export const answer = 42;\n}\n",
    // Bytes that are not text: every value 0..255, four times over.
    "binary.js": Buffer.from(Array.from({ length: 1024 }, (_, index) => index % 256)),
    "empty.ts": "",
    "huge.ts": hugeSource(hugeBytes),
  };
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return Object.keys(files)
    .sort()
    .map((name) => path.join(dir, name));
}

/**
 * A large but valid module, like a generated API client: thousands of small functions, and one elicitation in the
 * middle that folds decline and cancel together, so the rules and transforms walk the whole file, not just skip it.
 */
function hugeSource(targetBytes: number): string {
  const parts: string[] = ["// Generated for the sweep: a large valid module.\n"];
  let size = parts[0].length;
  let index = 0;
  let elicitationWritten = false;
  while (size < targetBytes) {
    let chunk =
      `export function handler${index}(input: { id: string; values: number[] }): number {\n` +
      `  let total = ${index};\n` +
      `  for (const value of input.values) total += value * ${index % 7};\n` +
      `  return input.id.length > ${index % 13} ? total : -total;\n` +
      `}\n`;
    if (!elicitationWritten && size >= targetBytes / 2) {
      elicitationWritten = true;
      chunk +=
        "export async function confirmDelete(server: any): Promise<boolean> {\n" +
        '  const result = await server.elicitInput({ message: "Delete everything?", requestedSchema: { type: "object", properties: {} } });\n' +
        '  if (result.action === "accept") {\n' +
        "    return true;\n" +
        "  } else {\n" +
        "    return false;\n" +
        "  }\n" +
        "}\n";
    }
    parts.push(chunk);
    size += chunk.length;
    index += 1;
  }
  return parts.join("");
}
