/**
 * Which files `check` and `migrate` read: one discovery for both commands.
 *
 * A directory inside a git work tree lists what git would commit (`git ls-files --cached --others
 * --exclude-standard`), so `.gitignore`d build output (`dist/`) and dependencies are never read. Elsewhere (no git,
 * or a directory git ignores, such as a package under node_modules that was named on purpose) a walk that skips
 * node_modules, dot-folders and the usual build folders. A file named on the command line is always taken. Last,
 * `--ignore-pattern` globs, matched the way ESLint matches its own `--ignore-pattern` (relative to the cwd).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { SOURCE_EXTENSIONS, globsFor, isSourceFile } from "../analysis/source-files.ts";
import { withoutConfigWarnings } from "./eslint-warnings.ts";

/** Folders a walk outside git never enters: dependencies and what builds and test runs leave behind. */
const WALK_SKIPS = new Set(["node_modules", "dist", "build", "coverage"]);

export interface DiscoverOptions {
  /** The directory `--ignore-pattern` globs are relative to. */
  readonly cwd: string;
  readonly ignorePatterns?: readonly string[];
  /** Hears of each directory the walk cannot list (the walk goes on without it); without it, the error is thrown. */
  readonly onUnreadableDirectory?: (directory: string, reason: string) => void;
}

/** Absolute paths of the source files under `paths` (absolute files or directories), sorted, without duplicates. */
export async function discoverSourceFiles(paths: readonly string[], options: DiscoverOptions): Promise<string[]> {
  const files = new Set<string>();
  for (const entry of paths) {
    if (!fs.statSync(entry).isDirectory()) {
      files.add(path.resolve(entry));
      continue;
    }
    for (const file of gitFiles(entry) ?? walk(entry, options.onUnreadableDirectory))
      if (isSourceFile(file)) files.add(file);
  }
  const sorted = [...files].sort();
  const patterns = options.ignorePatterns ?? [];
  return patterns.length === 0 ? sorted : withoutIgnored(sorted, patterns, options.cwd);
}

/** The files git would commit under `directory`, or null when git cannot tell (not a work tree, or ignored). */
function gitFiles(directory: string): string[] | null {
  const git = (args: string[]) =>
    spawnSync("git", args, { cwd: directory, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  const inside = git(["rev-parse", "--is-inside-work-tree"]);
  if (inside.error || inside.status !== 0 || inside.stdout.trim() !== "true") return null;
  // A directory git ignores (node_modules/some-package) was named on purpose: walk it instead of listing nothing.
  if (git(["check-ignore", "-q", "."]).status === 0) return null;
  const listed = git(["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "."]);
  if (listed.error || listed.status !== 0) return null;
  return listed.stdout
    .split("\0")
    .filter((relative) => relative !== "" && !relative.split("/").includes("node_modules"))
    .map((relative) => path.join(directory, relative))
    .filter(isExistingFile); // --cached also lists files deleted from the work tree, and submodules as directories
}

function walk(directory: string, onUnreadable?: (directory: string, reason: string) => void): string[] {
  const found: string[] = [];
  const visit = (current: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(current, { withFileTypes: true });
    } catch (error) {
      if (!onUnreadable) throw error;
      onUnreadable(current, readErrorReason(error));
      return;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        if (!WALK_SKIPS.has(entry.name) && !entry.name.startsWith(".")) visit(full);
      } else if (entry.isFile()) {
        found.push(full);
      }
    }
  };
  visit(directory);
  return found;
}

/** A symbolic link to nothing, or to itself in a loop, is no file to read: git lists it, the walk never does. */
function isExistingFile(file: string): boolean {
  try {
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

/** A source file's text, or why there is none to lint: it cannot be read, or it is not text. */
export type SourceText = { readonly text: string } | { readonly unreadable: string } | { readonly binary: true };

/**
 * Reads a file to lint. A NUL byte marks a file that is not text (git's test, on its first 8,000 bytes): a `.ts`
 * video segment, say, whose bytes would go to the terminal in a code frame.
 */
export function readSourceText(file: string): SourceText {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (error) {
    return { unreadable: readErrorReason(error, file) };
  }
  // A named pipe would block the read until something writes to it.
  if (!stat.isFile()) return { unreadable: `it is ${kindOf(stat)}, not a file` };
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    return { unreadable: readErrorReason(error, file) };
  }
  if (bytes.subarray(0, 8000).includes(0)) return { binary: true };
  return { text: bytes.toString("utf8") };
}

function kindOf(stat: fs.Stats): string {
  if (stat.isFIFO()) return "a named pipe";
  if (stat.isSocket()) return "a socket";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device";
  return "a directory";
}

/**
 * Why a path could not be read, in words and with the system's code (`permission denied (EACCES)`); a path that is
 * there as a symbolic link but leads nowhere says so, rather than "no such file".
 */
export function readErrorReason(error: unknown, file?: string): string {
  const { code, message } = error as NodeJS.ErrnoException;
  switch (code) {
    case "EACCES":
    case "EPERM":
      return `permission denied (${code})`;
    case "ELOOP":
      return "a loop of symbolic links: it leads back to itself (ELOOP)";
    case "ENOENT":
      if (file !== undefined && fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink())
        return "a symbolic link to a file that does not exist (ENOENT)";
      return "no such file (ENOENT)";
    default:
      // Node's message ends with the syscall and the path (`EIO: i/o error, read`), which the report already names.
      return code ? `${message.replace(/^[A-Z]+: /, "").replace(/, \w+( '.*')?$/, "")} (${code})` : String(message);
  }
}

/** Drops the files an `--ignore-pattern` glob matches, asking ESLint itself so the globs mean what they mean there. */
async function withoutIgnored(files: readonly string[], patterns: readonly string[], cwd: string): Promise<string[]> {
  const eslint = await withoutConfigWarnings(
    () =>
      new ESLint({
        cwd,
        overrideConfigFile: true,
        // Only the user's patterns decide here: the discovery already left node_modules out where it had to.
        // A file no config object matches counts as ignored: match every source file, so only the patterns decide.
        overrideConfig: [{ ignores: ["!**/node_modules/"] }, { files: globsFor(SOURCE_EXTENSIONS) }],
        ignorePatterns: [...patterns],
      }),
  );
  const kept: string[] = [];
  for (const file of files) {
    const relative = path.relative(cwd, file);
    // ESLint's patterns cannot reach outside its cwd; such files were named by the user and stay.
    const outside = relative.startsWith("..") || path.isAbsolute(relative);
    if (outside || !(await eslint.isPathIgnored(file))) kept.push(file);
  }
  return kept;
}
