/**
 * `check`'s typed run, for the files only the typed text gates admit. Typed, a rule such as exhaustive-action admits
 * every file that names an answer word (`cancel`, `accept`), since a type may make any comparison a branch on a
 * person's answer: on an agent framework that is nearly every file, and parsing each of them with type information
 * cost five times the untyped run and over a gigabyte. The program typescript-eslint builds for the first files
 * answers instead: each rule that admitted a candidate says, from the TypeScript source file and the checker,
 * whether types could give it anything there (`mayReportWithTypes`, rules/index.ts), and only those files are
 * parsed. Findings are the same; the others cost a walk of a tree the program already holds.
 */
import type { ESLint } from "eslint";
import type ts from "typescript";

/** A file that only typed gates admit, with what each of the rules that admitted it asks of the program. */
export interface TypedCandidate {
  readonly file: string;
  readonly askers: ReadonlyArray<(sourceFile: ts.SourceFile, program: ts.Program) => boolean>;
}

/** The programs typescript-eslint parsed files with in this run, as the parser tells them (cli/check.ts). */
export class ProgramsSeen {
  readonly #programs = new Set<ts.Program>();

  readonly add = (program: ts.Program): void => {
    this.#programs.add(program);
  };

  /** The file's source file and the program holding it, if a program seen so far holds it. */
  find(file: string): { sourceFile: ts.SourceFile; program: ts.Program } | null {
    for (const program of this.#programs) {
      const sourceFile = program.getSourceFile(file);
      if (sourceFile) return { sourceFile, program };
    }
    return null;
  }
}

/**
 * Splits the candidates into the files to lint with types and the files no rule can report on. A candidate that no
 * program seen so far holds is linted on its own first (`lintOne`, typed, as before), which brings its project's
 * program for the others; a file in no project at all comes back from that lint as it did before.
 */
export async function sortTypedCandidates(
  candidates: readonly TypedCandidate[],
  programs: ProgramsSeen,
  lintOne: (file: string) => Promise<ESLint.LintResult[]>,
): Promise<{ toLint: string[]; skipped: string[]; linted: ESLint.LintResult[] }> {
  const toLint: string[] = [];
  const skipped: string[] = [];
  const linted: ESLint.LintResult[] = [];
  let pending = candidates;
  while (pending.length > 0) {
    const unknown: TypedCandidate[] = [];
    for (const candidate of pending) {
      const found = programs.find(candidate.file);
      if (!found) unknown.push(candidate);
      else if (candidate.askers.some((asks) => asks(found.sourceFile, found.program))) toLint.push(candidate.file);
      else skipped.push(candidate.file);
    }
    const [first, ...rest] = unknown;
    if (first) linted.push(...(await lintOne(first.file)));
    pending = rest;
  }
  return { toLint, skipped, linted };
}
