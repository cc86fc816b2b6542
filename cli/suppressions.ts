/**
 * ESLint's bulk suppressions (ESLint 9.24+: `--suppress-all`, `--suppress-rule`, `--prune-suppressions`,
 * `eslint-suppressions.json`) for `check`, through ESLint's own SuppressionsService
 * (eslint/lib/services/suppressions-service.js): the same file format, the same counting (errors per file and rule,
 * paths relative to the directory the command runs in, POSIX separators), the same matching. So a team can adopt the
 * plugin with `check --suppress-all` and later run plain `eslint` on the same file, or the other way round.
 *
 * The service is not among ESLint's package exports, so it is loaded by its file path inside the installed ESLint.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { ESLint } from "eslint";

export const DEFAULT_SUPPRESSIONS_FILE = "eslint-suppressions.json";

/** `{ "src/a.ts": { "elicitation/exhaustive-action": { "count": 2 } } }` */
export type SuppressedViolations = Record<string, Record<string, { count: number }>>;

/** The part of ESLint's SuppressionsService that `check` uses (ESLint 10.15.0's signatures). */
interface SuppressionsService {
  suppress(results: ESLint.LintResult[], rules?: string[]): Promise<void>;
  prune(results: ESLint.LintResult[]): Promise<void>;
  load(): Promise<SuppressedViolations>;
  applySuppressions(
    results: ESLint.LintResult[],
    suppressions: SuppressedViolations,
  ): { results: ESLint.LintResult[]; unused: SuppressedViolations };
}

type SuppressionsServiceClass = new (options: { filePath: string; cwd: string }) => SuppressionsService;

/** What `check` was asked to do with the suppressions file. */
export type SuppressionsMode =
  { kind: "apply" } | { kind: "suppress-all" } | { kind: "suppress-rules"; rules: string[] } | { kind: "prune" };

export class SuppressionsError extends Error {}

function loadServiceClass(): SuppressionsServiceClass {
  // The ESLint that `check` itself lints with (the one this package resolves), not another copy.
  const eslintDirectory = path.dirname(createRequire(__filename).resolve("eslint/package.json"));
  const servicePath = path.join(eslintDirectory, "lib", "services", "suppressions-service.js");
  if (!fs.existsSync(servicePath)) {
    const { version } = JSON.parse(fs.readFileSync(path.join(eslintDirectory, "package.json"), "utf8")) as {
      version: string;
    };
    throw new SuppressionsError(
      `suppressions need ESLint 9.24 or later, which has them built in (ESLint ${version} is installed)`,
    );
  }
  const load = createRequire(servicePath);
  return (load(servicePath) as { SuppressionsService: SuppressionsServiceClass }).SuppressionsService;
}

export interface SuppressionsOutcome {
  /** The results with the suppressed findings moved to `suppressedMessages`, as ESLint does. */
  results: ESLint.LintResult[];
  /** Suppressions that matched no finding: counts left over per file and rule. */
  unused: SuppressedViolations;
  /** How many findings the file suppressed. */
  suppressed: number;
  /** The suppressions file as it was applied (after any write); empty when there is none. */
  suppressions: SuppressedViolations;
}

/**
 * Writes the file first when asked (`suppress-all`, `suppress-rules`, `prune`), then applies it, as ESLint's CLI does.
 * Without a file and without a request to write one, the results come back as they were.
 */
export async function applySuppressionsFile(
  results: ESLint.LintResult[],
  mode: SuppressionsMode,
  filePath: string,
  cwd: string,
): Promise<SuppressionsOutcome> {
  if (mode.kind === "apply" && !fs.existsSync(filePath)) {
    return { results, unused: {}, suppressed: 0, suppressions: {} };
  }
  const SuppressionsService = loadServiceClass();
  const service = new SuppressionsService({ filePath, cwd });
  try {
    // ESLint's service writes the file but not its folder: `--suppressions-location lint/suppressions.json` works.
    if (mode.kind !== "apply") fs.mkdirSync(path.dirname(filePath), { recursive: true });
    if (mode.kind === "suppress-all") await service.suppress(results);
    if (mode.kind === "suppress-rules") await service.suppress(results, mode.rules);
    if (mode.kind === "prune") await service.prune(results);
    const suppressions = await service.load();
    const applied = service.applySuppressions(results, suppressions);
    const suppressed = applied.results.reduce((sum, result) => sum + result.suppressedMessages.length, 0);
    const before = results.reduce((sum, result) => sum + result.suppressedMessages.length, 0);
    return { results: applied.results, unused: applied.unused, suppressed: suppressed - before, suppressions };
  } catch (error) {
    // ESLint's "Failed to parse suppressions file at …", with JSON.parse's reason from its cause.
    const cause = (error as Error & { cause?: unknown }).cause;
    const reason = cause instanceof Error ? `: ${cause.message}` : "";
    throw new SuppressionsError(`${(error as Error).message}${reason}`);
  }
}

/** One line per file and rule whose suppressions no longer occur: `src/a.ts  elicitation/x  (1 of 2 unused)`. */
export function describeUnused(unused: SuppressedViolations, suppressions: SuppressedViolations): string[] {
  return Object.entries(unused).flatMap(([file, rules]) =>
    Object.entries(rules).map(([rule, { count }]) => {
      const total = suppressions[file]?.[rule]?.count ?? count;
      return `  ${file}  ${rule}  (${count === total ? `${count}` : `${count} of ${total}`} unused)`;
    }),
  );
}
