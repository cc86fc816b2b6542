/**
 * The project model's package re-exports (docs/architecture.md, "The project model"): a module of the project that
 * hands on a package's exports under its own path (`export { acceptedContent, inputRequired } from
 * "@modelcontextprotocol/server"` in `src/mcp.ts`), so that `import { acceptedContent } from "./mcp.js"` is an import
 * of the package's. Read from the module's text (no parse), a few re-exports deep, and kept in the disk store while
 * the file's size and mtime stay.
 */
import type { TSESLint } from "@typescript-eslint/utils";
import { Fact, diskFacts } from "./cached-facts.ts";
import { importedFileOf, moduleFileFor, projectText, stampOf, type ModuleFile } from "./project-files.ts";

/** A re-export the text of a module shows: the names handed on (`*` for all) and where from. */
export interface Reexport {
  readonly names: ReadonlyMap<string, string> | "*";
  readonly from: string;
}

const REEXPORTS = new Fact<null, { readonly stamp: string; readonly reexports: readonly Reexport[] }>(
  "the re-exports a project module's text shows, per file, while its size and mtime stay",
);

/** `export { a, b as c } from "x"`, `export * from "x"` (not `export * as ns`, which hands on a namespace). */
const REEXPORT_STATEMENT = /\bexport\s*(?:\{([^}]*)\}|\*)\s*from\s*["']([^"']+)["']/g;

const MAX_HOPS = 3;

/**
 * The package (and the name in it) that `name`, imported from the project module `specifier` names, is re-exported
 * from; null where the module does not hand it on from a package.
 */
export function packageReexportOf(
  specifier: string,
  name: string,
  sourceCode: Readonly<TSESLint.SourceCode>,
): { readonly package: string; readonly name: string } | null {
  let file = importedFileOf(specifier, sourceCode);
  let wanted = name;
  for (let hop = 0; file && hop < MAX_HOPS; hop += 1) {
    const next = reexportsOf(file).find((reexport) => reexport.names === "*" || reexport.names.has(wanted));
    if (!next) return null;
    if (next.names !== "*") wanted = next.names.get(wanted)!;
    const from = file.path;
    file = moduleFileFor(from, next.from);
    // A bare specifier that names no file of the project (a tsconfig alias, a workspace package) is a package's.
    if (!file && !next.from.startsWith(".")) return { package: next.from, name: wanted };
  }
  return null;
}

function reexportsOf(file: ModuleFile): readonly Reexport[] {
  const stamp = stampOf(file);
  const store = diskFacts(file.path);
  const kept = store.recall(REEXPORTS, null);
  if (kept?.stamp === stamp) return kept.reexports;
  return store.keep(REEXPORTS, null, { stamp, reexports: reexportsIn(projectText(file) ?? "") }).reexports;
}

/** The re-exports a module's text (or its code, strings blanked) shows. */
export function reexportsIn(text: string): Reexport[] {
  const found: Reexport[] = [];
  for (const match of text.matchAll(REEXPORT_STATEMENT)) {
    const from = match[2]!;
    if (match[1] === undefined) {
      found.push({ names: "*", from });
      continue;
    }
    const names = new Map<string, string>();
    for (const part of match[1].split(",")) {
      const [local, exported] = part
        .replace(/^\s*type\s+/, "")
        .split(/\s+as\s+/)
        .map((word) => word.trim());
      if (local) names.set(exported ?? local, local);
    }
    found.push({ names, from });
  }
  return found;
}
