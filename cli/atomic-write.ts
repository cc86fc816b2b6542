/**
 * How `migrate` writes a file whole: the new text goes into a temporary file beside it, `.<name>.<pid>.<hex>.tmp`,
 * which a rename then puts in its place, so a reader sees the old text or the new, never half of one. A run killed
 * between the two steps leaves that temporary file behind (and the file itself as it was); the next run recognises it
 * by its exact name, and removes it once the process that wrote it is gone.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { isSourceFile } from "../analysis/source-files.ts";

/** Writes beside the file, then renames over it; on any failure the temporary file is removed. */
export function writeAtomically(file: string, text: string): void {
  const mode = fs.statSync(file).mode;
  const temporary = path.join(path.dirname(file), temporaryName(path.basename(file), process.pid));
  try {
    fs.writeFileSync(temporary, text, { mode });
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

function temporaryName(name: string, pid: number): string {
  return `.${name}.${pid}.${randomBytes(4).toString("hex")}.tmp`;
}

/** The name `temporaryName` writes, and nothing else: the file's own name (a source file's), the pid, 8 hex digits. */
const TEMPORARY_NAME = /^\.(.+)\.([1-9]\d*)\.[0-9a-f]{8}\.tmp$/;

/** A temporary file of migrate's found beside a file it reads. */
export interface Leftover {
  /** The temporary file. */
  readonly path: string;
  /** The file whose new text it holds. */
  readonly target: string;
  /** The process that wrote it. */
  readonly pid: number;
  /** That process still runs (another migrate at work, or the pid taken since by another program): left alone. */
  readonly writerRunning: boolean;
}

/** migrate's temporary files in the folders that hold `files`. */
export function findLeftovers(files: readonly string[]): Leftover[] {
  const found: Leftover[] = [];
  for (const directory of new Set(files.map((file) => path.dirname(file)))) {
    let names: string[];
    try {
      names = fs.readdirSync(directory);
    } catch {
      continue; // a folder that cannot be listed holds nothing migrate could have written either
    }
    for (const name of names) {
      const match = TEMPORARY_NAME.exec(name);
      if (!match || !isSourceFile(match[1]!)) continue;
      const pid = Number(match[2]);
      const target = path.join(directory, match[1]!);
      found.push({ path: path.join(directory, name), target, pid, writerRunning: isRunning(pid) });
    }
  }
  return found;
}

/**
 * Whether a process with this id runs now. This process has written nothing yet, so a leftover bearing its own id is
 * an earlier run's whose id came round again (as it does in a container, where each run may get the same one).
 */
function isRunning(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
