/**
 * oxlint as a host of the plugin: the pinned dev dependency's binary, a `.oxlintrc.json` written from one of our flat
 * configs, and its JSON report read back as ESLint positions. Shared by the bench's oxlint suite, the oxlint parity
 * test (test/oxlint/) and the docs test that holds the README's recipe to the configs.
 *
 * Facts of oxlint@1.96.0 this relies on (found by running it): `jsPlugins` entries are resolved like imports from
 * the config file's folder; a JS plugin's rule is configured as `"<namespace>/<rule>"` with ESLint's entry shape;
 * `--format json` prints `{ diagnostics: [{ code: "elicitation(<rule>)", message, filename, labels: [{ span }] }],
 * number_of_files }`, each span's `offset` and `length` in UTF-8 bytes and its `column` counted in bytes too.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Linter } from "eslint";
import { REPO_ROOT } from "./corpora.ts";

export const OXLINT_BIN = path.join(REPO_ROOT, "node_modules", ".bin", "oxlint");

type RuleEntry = Linter.RuleEntry;

export interface OxlintConfig {
  $schema?: string;
  jsPlugins: string[];
  rules: Record<string, RuleEntry>;
  overrides?: { files: string[]; rules: Record<string, RuleEntry> }[];
}

/**
 * The `.oxlintrc.json` that turns on what `config` turns on. oxlint has no top-level `ignores` for some rules only,
 * so a config that leaves test files out (`recommended`) becomes an override turning its rules off there.
 */
export function oxlintConfigFor(config: Linter.Config, pluginSpecifier = "eslint-plugin-elicitation"): OxlintConfig {
  const rules = { ...config.rules } as Record<string, RuleEntry>;
  const oxlint: OxlintConfig = { jsPlugins: [pluginSpecifier], rules };
  if (config.ignores?.length) {
    const off = Object.fromEntries(Object.keys(rules).map((id) => [id, "off" as const]));
    oxlint.overrides = [{ files: config.ignores.map(String), rules: off }];
  }
  return oxlint;
}

interface OxlintFinding {
  /** As oxlint prints it: relative to the folder it ran in. */
  filename: string;
  /** `elicitation/<rule>`, ESLint's spelling of oxlint's `elicitation(<rule>)`. */
  ruleId: string;
  message: string;
  /** UTF-8 byte offset and length of the reported range, and the column oxlint prints (1-based, in bytes). */
  offset: number;
  length: number;
  printedLine: number;
  printedColumn: number;
}

export interface OxlintRun {
  findings: OxlintFinding[];
  files: number;
  exitCode: number;
  stderr: string;
}

interface OxlintJson {
  diagnostics: {
    code?: string;
    message: string;
    filename: string;
    labels?: { span: { offset: number; length: number; line: number; column: number } }[];
  }[];
  number_of_files: number;
}

/** `oxlint --format json <args…>` in `cwd` (which holds the `.oxlintrc.json`). Throws when it prints no report. */
export function runOxlint(cwd: string, args: readonly string[] = ["."]): OxlintRun {
  const child = spawnSync(OXLINT_BIN, ["--format", "json", ...args], {
    cwd,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (child.error) throw child.error;
  return readReport(child.stdout, child.stderr, child.status ?? -1);
}

/**
 * The same run, timed for the bench: through bash, whose `times` prints the CPU time of the processes it waited for
 * (oxlint's threads included), which `process.cpuUsage()` of this process does not see. The report goes through a
 * file, so that bash's own output stays apart from it.
 */
export function runOxlintTimed(cwd: string, args: readonly string[]): OxlintRun & { cpuMs: number } {
  const reportFile = path.join(os.tmpdir(), `oxlint-report-${process.pid}-${Date.now()}.json`);
  const script = '"$0" --format json "$@" > "$REPORT"; status=$?; times >&2; exit $status';
  const child = spawnSync("bash", ["-c", script, OXLINT_BIN, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, REPORT: reportFile },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.error) throw child.error;
  // `times`: the shell's own user and system time, then its children's, as `0m1.234s 0m0.210s`.
  const lines = child.stderr.trim().split("\n");
  const children = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/.exec(lines.at(-1) ?? "");
  if (!children) throw new Error(`no CPU times from bash's times:\n${child.stderr}`);
  const seconds = (minutes: string, rest: string) => Number(minutes) * 60 + Number(rest);
  const cpuMs = (seconds(children[1]!, children[2]!) + seconds(children[3]!, children[4]!)) * 1000;
  const stdout = fs.readFileSync(reportFile, "utf8");
  fs.rmSync(reportFile, { force: true });
  return { ...readReport(stdout, lines.slice(0, -2).join("\n"), child.status ?? -1), cpuMs };
}

function readReport(stdout: string, stderr: string, exitCode: number): OxlintRun {
  const start = stdout.indexOf("{");
  if (start === -1) throw new Error(`oxlint exited ${exitCode} without a report:\n${stdout}${stderr}`.trim());
  const report = JSON.parse(stdout.slice(start)) as OxlintJson;
  const findings = report.diagnostics.map((diagnostic) => {
    const span = diagnostic.labels?.[0]?.span ?? { offset: 0, length: 0, line: 0, column: 0 };
    return {
      filename: diagnostic.filename,
      ruleId: (diagnostic.code ?? "").replace(/^([\w@/-]+)\((.+)\)$/, "$1/$2"),
      message: diagnostic.message,
      offset: span.offset,
      length: span.length,
      printedLine: span.line,
      printedColumn: span.column,
    };
  });
  return { findings, files: report.number_of_files, exitCode, stderr };
}

/** ESLint's position (1-based line, 1-based column in UTF-16 code units) of a UTF-8 byte offset into `text`. */
export function positionAtByte(text: string, byteOffset: number): { line: number; column: number } {
  const before = Buffer.from(text, "utf8").subarray(0, byteOffset).toString("utf8");
  const lines = before.split(/\r\n|\r|\n|\u2028|\u2029/);
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}
