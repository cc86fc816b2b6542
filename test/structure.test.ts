/**
 * What docs/architecture.md says of the code's shape, computed from the sources so that it cannot drift: no import
 * cycle among the package's own modules (type imports included), each folder importing only the folders the map
 * allows, protocol literals spelled in protocol/ alone, every rule file within 350 lines, at most five module-level
 * caches, and rules asking `askOf` rather than the recognisers behind it.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./support/cli.ts";

/** The package's own sources: what `npm run build` compiles, without tests. */
const SOURCE_FOLDERS = ["protocol", "analysis", "edits", "rules", "codemods", "cli", "testing"];
const TOP_LEVEL_SOURCES = ["index.ts", "package-root.ts"];

function sourceFiles(): string[] {
  const found: string[] = [...TOP_LEVEL_SOURCES];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(path.join(REPO_ROOT, folder), { withFileTypes: true })) {
      const relative = path.posix.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "__fixtures__" && entry.name !== "node_modules") walk(relative);
      } else if (/\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name)) found.push(relative);
    }
  };
  for (const folder of SOURCE_FOLDERS) walk(folder);
  return found.sort();
}

const FILES = sourceFiles();
const TEXT = new Map(FILES.map((file) => [file, fs.readFileSync(path.join(REPO_ROOT, file), "utf8")]));

/** Each file's relative imports (values, types and re-exports alike), resolved to files of the package. */
function importGraph(): Map<string, string[]> {
  const known = new Set(FILES);
  const graph = new Map<string, string[]>();
  for (const file of FILES) {
    const { importedFiles } = ts.preProcessFile(TEXT.get(file)!, true, true);
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith("."))
      .map((specifier) => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)))
      .map((target) =>
        [target, target.replace(/\.js$/, ".ts"), `${target}.ts`].find((candidate) => known.has(candidate)),
      )
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components of more than one file (Tarjan's algorithm): each is an import cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** The folder a file belongs to, as the architecture map's table names them. */
function layerOf(file: string): string {
  return file.includes("/") ? file.split("/")[0]! : "top";
}

/** docs/architecture.md, "The folders": what each folder may import. */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  protocol: [],
  analysis: ["protocol"],
  edits: ["protocol", "analysis"],
  rules: ["protocol", "analysis", "edits"],
  codemods: ["protocol", "analysis", "edits", "rules"],
  cli: ["protocol", "analysis", "edits", "rules", "codemods", "testing", "top"],
  testing: ["protocol"],
  top: ["protocol", "analysis", "rules"],
};

/**
 * The literals the map says only protocol/ spells: answer values, method names, option and context field names. The
 * generic words (`cancel`, `selected`) are left out: a timer's `cancel` method is not ACP's.
 */
const PROTOCOL_LITERALS: ReadonlySet<string> = new Set([
  "accept",
  "decline",
  "cancelled",
  "elicitation/create",
  "session/request_permission",
  "session/cancel",
  "cancellationSignal",
  "stopWaitingOnCancel",
  "mcpReq",
]);

/** The string literals of a file's code (parsed, so comments and template text are left out). */
function stringLiterals(text: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    node.forEachChild(visit);
  };
  visit(ts.createSourceFile("file.ts", text, ts.ScriptTarget.Latest, true));
  return found;
}

/** A module-level cache as the structure issue counts them: `const x = new Map()` / `new WeakMap()` at the top level. */
const MODULE_CACHE = /^(?:export )?(?:const|let) [A-Za-z_]+(?:: [^=]+)? = new (?:Weak)?Map(?:<.*>)?\(\);/gm;

/** The recognisers behind `askOf` (analysis/asks.ts), which the rules and codemods must not ask directly. */
const BEHIND_ASK_OF = /\b(?:matchHumanWaitCall|matchWaitOnPerson|matchElicitationHandler)\b/;

describe("the architecture map's claims, computed from the sources", () => {
  const graph = importGraph();

  it("finds the package's sources and their imports", () => {
    expect(FILES.length).toBeGreaterThan(100);
    expect(graph.get("rules/require-deadline/analyse.ts")).toContain("rules/require-deadline/deadline-edits.ts");
  });

  it("has no import cycle, of values or of types", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("the cycle finder sees a cycle made of type imports alone", () => {
    const planted = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["a.ts"]],
    ]);
    expect(cycles(planted)).toEqual([["a.ts", "b.ts"]]);
    const { importedFiles } = ts.preProcessFile('import type { X } from "./b.ts";', true, true);
    expect(importedFiles.map((imported) => imported.fileName)).toEqual(["./b.ts"]);
  });

  it("each folder imports only the folders the map allows (data flows one way)", () => {
    const wrongWay = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => layerOf(target) !== layerOf(file) && !MAY_IMPORT[layerOf(file)]!.includes(layerOf(target)))
        .map((target) => `${file} → ${target}`),
    );
    expect(wrongWay).toEqual([]);
  });

  it("a rule's folder imports no other rule's folder, nor its own index.ts", () => {
    const crossing = [...graph].flatMap(([file, targets]) =>
      file.startsWith("rules/") && file.split("/").length === 3
        ? targets
            .filter((target) => target.startsWith("rules/") && target.split("/").length === 3)
            .filter((target) => target.split("/")[1] !== file.split("/")[1] || target.endsWith("/index.ts"))
            .map((target) => `${file} → ${target}`)
        : [],
    );
    expect(crossing).toEqual([]);
  });

  it("only protocol/ spells a protocol literal", () => {
    const spelled = FILES.filter((file) =>
      stringLiterals(TEXT.get(file)!).some((value) => PROTOCOL_LITERALS.has(value)),
    );
    expect([...new Set(spelled.map(layerOf))]).toEqual(["protocol"]);
    expect(stringLiterals('// "decline"\nconst a = "decline", b = `mcpReq`, c = `${a} "cancelled"`;')).toEqual([
      "decline",
      "mcpReq",
    ]);
  });

  it("no other source quotes the no-decision answers or a question's method, not even in a comment", () => {
    // Comments may show code (`r.action === "accept"`, `ctx.mcpReq.signal`); the words a reader searches the
    // repository for to find where the protocol is spelled are quoted in protocol/ alone.
    const searched = ["decline", "cancelled", "elicitation/create", "session/request_permission", "cancellationSignal"];
    const quoted = new RegExp(`["'](?:${searched.join("|")})["']`);
    const quoting = FILES.filter((file) => layerOf(file) !== "protocol" && quoted.test(TEXT.get(file)!));
    expect(quoting).toEqual([]);
    expect(quoted.test('// { outcome: "cancelled" }')).toBe(true);
  });

  it("every rule file is at most 350 lines", () => {
    const long = FILES.filter((file) => file.startsWith("rules/"))
      .map((file) => [file, TEXT.get(file)!.split("\n").length] as const)
      .filter(([, lines]) => lines > 350);
    expect(long).toEqual([]);
  });

  it("at most five module-level caches", () => {
    const caches = FILES.flatMap((file) => [...TEXT.get(file)!.matchAll(MODULE_CACHE)].map(() => file));
    expect(caches.length).toBeLessThanOrEqual(5);
    expect(caches).toContain("analysis/cached-facts.ts");
  });

  it("rules and codemods ask askOf, not the recognisers behind it", () => {
    const direct = FILES.filter((file) => !file.startsWith("analysis/") && BEHIND_ASK_OF.test(TEXT.get(file)!));
    expect(direct).toEqual([]);
  });
});
