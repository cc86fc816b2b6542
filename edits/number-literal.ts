/**
 * How an edit writes a number into code (a deadline's milliseconds): `300_000` where the file's language has numeric
 * separators, `300000` where it may not.
 *
 * The rule: TypeScript always (the compiler has read separators since 2.7 and writes them out for targets before
 * ES2021). JavaScript when the `ecmaVersion` the file is linted with is 2021 or later, the edition that brought them:
 * in an editor or `eslint`, the file's `languageOptions.ecmaVersion` (ESLint's default, `latest`, qualifies); in
 * `migrate`, the same option from the project's ESLint config for the file, or `latest` without one. A project whose
 * config says `ecmaVersion: 2020` would have its own parser reject `300_000`, so it gets `300000`.
 */

/** ES2021, the first edition with numeric separators. */
const SEPARATORS_SINCE = 2021;

/** Below this many digits a number reads at a glance (`5000`); from it on, it is grouped by thousands. */
const GROUPED_FROM_DIGITS = 5;

/** An `ecmaVersion` as ESLint takes it: a year, an edition number (12 = 2021), `latest`, or none (the default). */
export type EcmaVersion = number | "latest" | undefined;

/** Whether a number written into `filename`, linted at `ecmaVersion`, may have separators (see above). */
export function separatorsAllowed(filename: string, ecmaVersion: EcmaVersion): boolean {
  if (/\.[cm]?tsx?$/i.test(filename)) return true;
  if (ecmaVersion === undefined || ecmaVersion === "latest") return true;
  const year = ecmaVersion >= 6 && ecmaVersion < 2015 ? ecmaVersion + 2009 : ecmaVersion;
  return year >= SEPARATORS_SINCE;
}

/** A whole number as code: grouped by thousands with `_` (`300_000`) where `separators`, plain digits elsewhere. */
export function numberLiteral(value: number, separators: boolean): string {
  const digits = String(value);
  if (!separators || !/^\d+$/.test(digits) || digits.length < GROUPED_FROM_DIGITS) return digits;
  return digits.replace(/\B(?=(\d{3})+$)/g, "_");
}

/** How many number literals in `text` have the value `value`, however they are grouped (`300000`, `300_000`). */
export function countNumberLiterals(text: string, value: number): number {
  let count = 0;
  for (const [literal] of text.matchAll(/(?<![\w.$])\d[\d_]*(?![\w.$])/g)) {
    if (Number(literal.replace(/_/g, "")) === value) count += 1;
  }
  return count;
}
