/**
 * Where the project model finds a project's files (docs/architecture.md, "The project model"): the path each linted
 * or read file has, and the source file a specifier written in it names: a relative one as Node and TypeScript
 * resolve it (`./ui`, `./ui.js` written for `./ui.ts`, a folder's `index`), a bare one by module-resolution.ts (a
 * tsconfig alias, a workspace package); and such a file's text, read once while its size and mtime stay (an editor's
 * save is seen on the next lint of the importer). Apart from modules.ts, so that what modules.ts imports (mrtr.ts, through the
 * text gate) may find a project file without an import cycle.
 */
import fs from "node:fs";
import path from "node:path";
import type { TSESLint } from "@typescript-eslint/utils";
import { Fact, diskFacts, fileFacts } from "./cached-facts.ts";
import { resolveBareSpecifier } from "./module-resolution.ts";
import { SOURCE_EXTENSIONS } from "./source-files.ts";

const FILE_PATH = new Fact<null, string>("the path a file was linted or read as, per file");

/** Says which file `sourceCode` is: every rule's `create()` does (analysis/create-rule.ts), since a SourceCode does not. */
export function noteFilePath(sourceCode: Readonly<TSESLint.SourceCode>, filename: string): void {
  fileFacts(sourceCode).remember(FILE_PATH, null, () => filename);
}

/** The file a SourceCode was linted or read as, when it is on disk; null for text that has none (`<text>`, `<input>`). */
export function projectFileOf(sourceCode: Readonly<TSESLint.SourceCode>): string | null {
  const file = fileFacts(sourceCode).recall(FILE_PATH, null);
  return file !== undefined && path.isAbsolute(file) ? file : null;
}

/** A source file of the project on disk, as the model found it, with the stat that says which text it holds. */
export interface ModuleFile {
  readonly path: string;
  readonly stat: fs.Stats;
}

/** What says whether a file still holds the text it was read with: its size and mtime (an editor's save changes them). */
export function stampOf(file: ModuleFile): string {
  return `${file.stat.size}:${file.stat.mtimeMs}`;
}

const IMPORTED_FILE = new Fact<string, ModuleFile | null>(
  "the project file a specifier written in a file names, per file and specifier",
);

/**
 * The source file a specifier written in the file of `sourceCode` names; null where none is the project's. Asked for
 * every call of an imported name: resolved once per lint of the file (the next lint sees a file created since).
 */
export function importedFileOf(specifier: string, sourceCode: Readonly<TSESLint.SourceCode>): ModuleFile | null {
  const from = projectFileOf(sourceCode);
  if (!from) return null;
  return fileFacts(sourceCode).remember(IMPORTED_FILE, specifier, () => moduleFileFor(from, specifier));
}

/**
 * The source file `specifier` names from `from`: a relative path as Node and TypeScript resolve it, a bare specifier
 * (a `tsconfig` alias, a workspace package) as module-resolution.ts does; null where none is the project's.
 */
export function moduleFileFor(from: string, specifier: string): ModuleFile | null {
  if (!mayNameProjectModule(specifier)) return null;
  if (!specifier.startsWith(".")) {
    const file = resolveBareSpecifier(from, specifier);
    return file ? moduleFileAt(file) : null;
  }
  for (const candidate of diskFacts(path.dirname(from)).remember(CANDIDATES, specifier, () =>
    candidatesFor(from, specifier),
  )) {
    const stat = statOf(candidate);
    if (stat?.isFile() && SOURCE_EXTENSIONS.some((extension) => candidate.endsWith(extension)))
      return { path: candidate, stat };
  }
  return null;
}

/** The file at an absolute path, when it is one. */
export function moduleFileAt(file: string): ModuleFile | null {
  const stat = statOf(file);
  return stat?.isFile() ? { path: file, stat } : null;
}

/** A specifier that may name a module of the project: relative, or bare (a `tsconfig` alias, a workspace package). */
export function mayNameProjectModule(specifier: string): boolean {
  return !specifier.startsWith("node:");
}

const CANDIDATES = new Fact<string, readonly string[]>(
  "the files a relative specifier may name, per folder it is written in and specifier",
);

/** The files a relative specifier may name, in the order Node and TypeScript try them. */
function candidatesFor(from: string, specifier: string): string[] {
  const base = path.resolve(path.dirname(from), specifier);
  const withoutJs = base.replace(/\.(c|m)?js$/, "");
  const written = /\.(c|m)?js$/.exec(base)?.[0];
  // `./ui.js` written for `./ui.ts` (TypeScript's NodeNext), `./ui.mjs` for `./ui.mts`.
  const sources = written ? [written.replace("js", "ts"), written.replace("js", "tsx"), written] : [];
  return [
    ...sources.map((extension) => withoutJs + extension),
    base,
    ...SOURCE_EXTENSIONS.map((extension) => base + extension),
    ...SOURCE_EXTENSIONS.map((extension) => path.join(base, `index${extension}`)),
  ];
}

function statOf(file: string): fs.Stats | null {
  try {
    // Most candidates do not exist: asked not to throw, Node answers those without building an error.
    return fs.statSync(file, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

const PROJECT_TEXT = new Fact<null, { readonly stamp: string; readonly text: string | null }>(
  "a project file's text (null: unreadable), per file, while its size and mtime stay",
);

/** The text of a project file, read once while its size and mtime stay; null where it cannot be read. */
export function projectText(file: ModuleFile): string | null {
  const stamp = stampOf(file);
  const store = diskFacts(file.path);
  const kept = store.recall(PROJECT_TEXT, null);
  if (kept?.stamp === stamp) return kept.text;
  let text: string | null = null;
  try {
    text = fs.readFileSync(file.path, "utf8");
  } catch {
    // Unreadable: it holds nothing.
  }
  return store.keep(PROJECT_TEXT, null, { stamp, text }).text;
}
