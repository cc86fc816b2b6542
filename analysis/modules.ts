/**
 * The project model's modules (docs/architecture.md, "The project model"): the functions a file imports from its own
 * project, found in the module that exports them. Each module is read from disk and parsed once, and kept while its
 * text is unchanged (eslint-plugin-import-x keeps an imported module's `ExportMap` the same way), in the disk store
 * of cached-facts.ts. Lazy: a module is read only when a call of the linted file leads to one of its exports, and
 * parsed only when its text may ask a person (the text gate's words). Re-exports are followed, a few hops deep, and
 * a module that leads back to one in progress ends the search.
 *
 * Untyped, a specifier is resolved as Node and TypeScript resolve a relative path (`./ui`, `./ui.js` written for
 * `./ui.ts`, a folder's `index`). Typed linting follows the same imports: the program's declaration of an imported
 * function is this same file.
 */
import fs from "node:fs";
import path from "node:path";
import { parseForESLint } from "@typescript-eslint/parser";
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { SourceCode } from "eslint";
import { isFunctionNode, unwrapExpression } from "./ast.ts";
import { Fact, diskFacts, fileFacts } from "./cached-facts.ts";
import { SOURCE_EXTENSIONS } from "./source-files.ts";
import { textFacts } from "./text-gate.ts";
import { resolveIdentifier } from "./walk.ts";

/** A module of the project, as the rules read it: its file and a `SourceCode` like the one ESLint gives a rule. */
export interface ProjectModule {
  readonly path: string;
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
}

/** A function another module of the project exports, and that module. */
export interface ImportedFunction {
  readonly fn: TSESTree.FunctionLike;
  readonly module: ProjectModule;
}

/** How many re-exports are followed from the import to the declaration. */
const MAX_REEXPORT_HOPS = 3;

/** `export { a } from "./x"`, `export * from "./x"`: a barrel, which hands on what other modules export. */
const REEXPORT = /\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["']\./;

/**
 * Whether a module's text may matter to the question at hand; a module whose text fails it is not parsed for that
 * question. The default asks for a wait on a person, or a re-export of one.
 */
export type ModuleGate = (text: string) => boolean;

/** A module parsed, with what says whether it is still the text on disk. */
interface ParsedModule {
  readonly stamp: string;
  /** The module parsed; null where it does not parse, undefined until a gate has let its text through. */
  module: ProjectModule | null | undefined;
  /** The gates its text failed, and those it passed: asked again, they are answered without reading the file. */
  readonly gates: Map<ModuleGate, boolean>;
}

const PARSED_MODULE = new Fact<null, ParsedModule>(
  "a project module's SourceCode (once a gate let its text through), per file, while its size and mtime stay",
);

/** A module whose text calls no wait on a person (the text gate's second step), and re-exports nothing, cannot hand one to its importers. */
const mayHandOnAsk: ModuleGate = (text) => textFacts(text).mayAskPerson || REEXPORT.test(text);

/** How many modules this process has parsed for the project model (`check --discover` and the bench report it). */
let modulesParsed = 0;

export function projectModulesParsed(): number {
  return modulesParsed;
}

/**
 * The function `callee` (an identifier the file imports, or `ns.name` of a namespace import) names in the module of
 * the project it is imported from; null where it is not imported from one, or that module exports no function by
 * that name.
 */
export function importedFunctionOf(
  callee: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): ImportedFunction | null {
  const target = unwrapExpression(callee);
  const importing = importOf(target, sourceCode);
  if (!importing) return null;
  const from = fileOf(sourceCode);
  if (!from) return null;
  return exportedFunction(resolveModule(from, importing.specifier), importing.name, new Set(), 0);
}

/** The import a callee names: its module specifier and the exported name (`default` for a default import). */
function importOf(
  target: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): { specifier: string; name: string } | null {
  // `ui.confirm(…)` on `import * as ui from "./ui"`
  if (
    target.type === AST_NODE_TYPES.MemberExpression &&
    !target.computed &&
    target.property.type === AST_NODE_TYPES.Identifier &&
    target.object.type === AST_NODE_TYPES.Identifier
  ) {
    const binding = importBinding(target.object, sourceCode);
    return binding?.type === AST_NODE_TYPES.ImportNamespaceSpecifier
      ? { specifier: sourceOf(binding), name: target.property.name }
      : null;
  }
  if (target.type !== AST_NODE_TYPES.Identifier) return null;
  const binding = importBinding(target, sourceCode);
  if (!binding || binding.type === AST_NODE_TYPES.ImportNamespaceSpecifier) return null;
  const specifier = sourceOf(binding);
  if (binding.type === AST_NODE_TYPES.ImportDefaultSpecifier) return { specifier, name: "default" };
  const imported = binding.imported;
  return { specifier, name: imported.type === AST_NODE_TYPES.Identifier ? imported.name : imported.value };
}

function sourceOf(binding: TSESTree.ImportClause): string {
  return (binding.parent as TSESTree.ImportDeclaration).source.value;
}

/** The import specifier that binds `identifier`, when it binds a value from a relative module of the project. */
function importBinding(
  identifier: TSESTree.Identifier,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.ImportSpecifier | TSESTree.ImportDefaultSpecifier | TSESTree.ImportNamespaceSpecifier | null {
  const definition = resolveIdentifier(identifier, sourceCode)?.defs[0];
  if (definition?.type !== "ImportBinding") return null;
  const specifier = definition.node;
  if (
    specifier.type !== AST_NODE_TYPES.ImportSpecifier &&
    specifier.type !== AST_NODE_TYPES.ImportDefaultSpecifier &&
    specifier.type !== AST_NODE_TYPES.ImportNamespaceSpecifier
  )
    return null;
  const declaration = specifier.parent;
  if (declaration.type !== AST_NODE_TYPES.ImportDeclaration) return null;
  if (declaration.importKind === "type" || !declaration.source.value.startsWith(".")) return null;
  return specifier;
}

const FILE_PATH = new Fact<null, string>("the path a file was linted or read as, per file");

/** Says which file `sourceCode` is: every rule's `create()` does (analysis/create-rule.ts), since a SourceCode does not. */
export function noteFilePath(sourceCode: Readonly<TSESLint.SourceCode>, filename: string): void {
  fileFacts(sourceCode).remember(FILE_PATH, null, () => filename);
}

/** `from "./x"`, `from '../x'`: the file may import a module of its own project. */
const RELATIVE_IMPORT = /\bfrom\s*["']\.\.?\//;

/**
 * What a file must show before a wait in another module can matter to a rule: it awaits, and it compares an answer
 * literal (exhaustive-action), reads a caller's signal or context (forward-abort-signal), or takes something it must
 * give back (release-in-finally). Most importing files show none, and their imports are not read.
 */
const MAY_USE_IMPORTED_ASK =
  /\b(?:accept|decline|cancel|selected|signal|extra|ctx|context|acquire|lock|begin|transaction|setTimeout|setInterval)/;

function mayUseImportedAsk(text: string): boolean {
  return RELATIVE_IMPORT.test(text) && text.includes("await") && MAY_USE_IMPORTED_ASK.test(text);
}

const IMPORTS_ASKING_MODULE = new Fact<null, boolean>(
  "whether a file imports a project module whose text may ask a person, per file",
);

/**
 * The rules' gate for waits in other modules: the file imports (values, from a relative path) a module of the project
 * whose text may ask a person. Each such module is parsed then, once, since a call of this file may lead to it.
 */
export function importsModuleThatMayAsk(sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  if (!mayUseImportedAsk(sourceCode.text)) return false;
  return fileFacts(sourceCode).remember(IMPORTS_ASKING_MODULE, null, () => {
    const from = fileOf(sourceCode);
    if (!from) return false;
    return sourceCode.ast.body.some(
      (statement) =>
        statement.type === AST_NODE_TYPES.ImportDeclaration &&
        statement.importKind !== "type" &&
        statement.source.value.startsWith(".") &&
        resolveModule(from, statement.source.value) !== null,
    );
  });
}

/** The relative specifiers a file's text imports values from (`import … from "./x"`; `import type` left out). */
const RELATIVE_VALUE_IMPORTS = /\bimport\s+(?!type\b)[^;]*?\bfrom\s*["'](\.\.?\/[^"']+)["']/g;

/**
 * The same question from a file's text alone, for a caller that has not parsed it (`check` choosing which files to
 * parse): whether `file` imports a module of the project whose text may ask a person.
 */
export function textImportsModuleThatMayAsk(file: string, text: string): boolean {
  if (!mayUseImportedAsk(text)) return false;
  for (const match of text.matchAll(RELATIVE_VALUE_IMPORTS)) {
    if (resolveModule(path.resolve(file), match[1]!) !== null) return true;
  }
  return false;
}

/** The file's absolute path, or null for text that has none (`<text>`, `<input>`). */
function fileOf(sourceCode: Readonly<TSESLint.SourceCode>): string | null {
  const file = fileFacts(sourceCode).recall(FILE_PATH, null);
  return file !== undefined && path.isAbsolute(file) ? file : null;
}

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

/** The project module `specifier` names from the file `from`, parsed; null where none is found or `gate` fails it. */
function resolveModule(from: string, specifier: string, gate: ModuleGate = mayHandOnAsk): ProjectModule | null {
  for (const candidate of candidatesFor(from, specifier)) {
    const stat = statOf(candidate);
    if (stat?.isFile() && SOURCE_EXTENSIONS.some((extension) => candidate.endsWith(extension)))
      return moduleAt(candidate, stat, gate);
  }
  return null;
}

function statOf(file: string): fs.Stats | null {
  try {
    return fs.statSync(file);
  } catch {
    return null;
  }
}

/**
 * The module at `file`, parsed once per text (whichever gate first lets it through): a file whose size or mtime
 * changed (an editor's save) is read again.
 */
function moduleAt(file: string, stat: fs.Stats, gate: ModuleGate): ProjectModule | null {
  const stamp = `${stat.size}:${stat.mtimeMs}`;
  const store = diskFacts(file);
  let kept = store.recall(PARSED_MODULE, null);
  if (kept?.stamp !== stamp) kept = store.keep(PARSED_MODULE, null, { stamp, module: undefined, gates: new Map() });
  if (kept.module === null) return null;
  let passes = kept.gates.get(gate);
  if (passes === undefined) {
    const text = kept.module ? kept.module.sourceCode.text : readText(file);
    passes = text !== null && gate(text);
    kept.gates.set(gate, passes);
    if (passes && kept.module === undefined) kept.module = parseModule(file, text!);
  }
  return passes ? (kept.module ?? null) : null;
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

function parseModule(file: string, text: string): ProjectModule | null {
  let parsed: ReturnType<typeof parseForESLint>;
  try {
    parsed = parseForESLint(text, {
      range: true,
      loc: true,
      tokens: true,
      comment: true,
      sourceType: "module",
      filePath: file,
      jsx: /\.[jt]sx$/.test(file),
    });
  } catch {
    // A module that does not parse is reported when it is linted itself; here it answers nothing.
    return null;
  }
  modulesParsed += 1;
  const sourceCode = new SourceCode({
    text,
    ast: parsed.ast as never,
    parserServices: parsed.services,
    scopeManager: parsed.scopeManager as never,
    visitorKeys: parsed.visitorKeys as never,
  }) as unknown as TSESLint.SourceCode;
  // ESLint's traversal sets each node's `parent` (and is what the node index reads), as it does before rules run.
  (sourceCode as unknown as { traverse(): unknown }).traverse();
  noteFilePath(sourceCode, file);
  return { path: file, sourceCode };
}

/** The function `module` exports as `name`, through its own declarations and its re-exports. */
function exportedFunction(
  module: ProjectModule | null,
  name: string,
  seen: Set<string>,
  hops: number,
): ImportedFunction | null {
  if (!module || seen.has(module.path) || hops > MAX_REEXPORT_HOPS) return null;
  seen.add(module.path);
  for (const statement of module.sourceCode.ast.body) {
    const found = functionExportedBy(statement, name, module);
    if (found === "follow") continue;
    if (found) return { fn: found, module };
    const source = reexportSource(statement, name);
    if (source) {
      const next = exportedFunction(resolveModule(module.path, source.specifier), source.name, seen, hops + 1);
      if (next) return next;
    }
  }
  return null;
}

/** The function `statement` exports as `name`, if it does. */
function functionExportedBy(
  statement: TSESTree.ProgramStatement,
  name: string,
  module: ProjectModule,
): TSESTree.FunctionLike | null | "follow" {
  if (statement.type === AST_NODE_TYPES.ExportDefaultDeclaration) {
    if (name !== "default") return null;
    const declaration = statement.declaration;
    if (isFunctionNode(declaration)) return declaration;
    return declaration.type === AST_NODE_TYPES.Identifier ? localFunctionNamed(declaration.name, module) : null;
  }
  if (statement.type !== AST_NODE_TYPES.ExportNamedDeclaration) return null;
  const declaration = statement.declaration;
  if (declaration?.type === AST_NODE_TYPES.FunctionDeclaration && declaration.id?.name === name) return declaration;
  if (declaration?.type === AST_NODE_TYPES.VariableDeclaration) {
    for (const declarator of declaration.declarations) {
      if (declarator.id.type !== AST_NODE_TYPES.Identifier || declarator.id.name !== name || !declarator.init) continue;
      const init = unwrapExpression(declarator.init);
      return isFunctionNode(init) ? init : null;
    }
  }
  if (statement.source) return null;
  for (const specifier of statement.specifiers) {
    const exported = specifier.exported.type === AST_NODE_TYPES.Identifier ? specifier.exported.name : null;
    const local = specifier.local.type === AST_NODE_TYPES.Identifier ? specifier.local.name : null;
    if (exported === name && local !== null) return localFunctionNamed(local, module);
  }
  return null;
}

/** `export { name } from "./x"`, `export { other as name } from "./x"`, `export * from "./x"`: where to look next. */
function reexportSource(
  statement: TSESTree.ProgramStatement,
  name: string,
): { specifier: string; name: string } | null {
  if (statement.type === AST_NODE_TYPES.ExportAllDeclaration) {
    return statement.exported === null && statement.source.value.startsWith(".")
      ? { specifier: statement.source.value, name }
      : null;
  }
  if (statement.type !== AST_NODE_TYPES.ExportNamedDeclaration || !statement.source) return null;
  if (!statement.source.value.startsWith(".")) return null;
  for (const specifier of statement.specifiers) {
    const exported = specifier.exported.type === AST_NODE_TYPES.Identifier ? specifier.exported.name : null;
    const local = specifier.local.type === AST_NODE_TYPES.Identifier ? specifier.local.name : null;
    if (exported === name && local !== null) return { specifier: statement.source.value, name: local };
  }
  return null;
}

/** A function declared at the top of `module` under `name` (a declaration, or a `const` holding one). */
function localFunctionNamed(name: string, module: ProjectModule): TSESTree.FunctionLike | null {
  for (const statement of module.sourceCode.ast.body) {
    const declaration =
      statement.type === AST_NODE_TYPES.ExportNamedDeclaration && statement.declaration
        ? statement.declaration
        : statement;
    if (declaration.type === AST_NODE_TYPES.FunctionDeclaration && declaration.id?.name === name) return declaration;
    if (declaration.type !== AST_NODE_TYPES.VariableDeclaration) continue;
    for (const declarator of declaration.declarations) {
      if (declarator.id.type !== AST_NODE_TYPES.Identifier || declarator.id.name !== name || !declarator.init) continue;
      const init = unwrapExpression(declarator.init);
      return isFunctionNode(init) ? init : null;
    }
  }
  return null;
}

/**
 * The module of the project `node` (an identifier the file imports, or `ns.name` of a namespace import) is imported
 * from, and the name it has there: the start for a question about a value other than a function (a class, an
 * instance kept in a `const`). Re-exports are followed as for functions. Null where `node` is no such import, or
 * `gate` says the module's text cannot matter.
 */
export function importedBindingOf(
  node: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  gate: ModuleGate,
): ExportedValue | null {
  const importing = importOf(unwrapExpression(node), sourceCode);
  const from = importing && fileOf(sourceCode);
  if (!importing || !from) return null;
  return exportedValue(resolveModule(from, importing.specifier, gate), importing.name, gate, new Set(), 0);
}

/** The modules of the project a file imports values from (relative specifiers), those whose text `gate` lets through. */
export function importedModulesOf(sourceCode: Readonly<TSESLint.SourceCode>, gate: ModuleGate): ProjectModule[] {
  const from = fileOf(sourceCode);
  if (!from) return [];
  const modules: ProjectModule[] = [];
  for (const statement of sourceCode.ast.body) {
    if (statement.type !== AST_NODE_TYPES.ImportDeclaration || statement.importKind === "type") continue;
    if (!statement.source.value.startsWith(".")) continue;
    const module = resolveModule(from, statement.source.value, gate);
    if (module && !modules.includes(module)) modules.push(module);
  }
  return modules;
}

/** A value a module exports under a name: the expression or declaration that makes it, and that module. */
export interface ExportedValue {
  /** A function, a class, or the initializer of a `const`. */
  readonly node: TSESTree.Node;
  readonly module: ProjectModule;
}

/** The value `module` exports as `name`: a declaration of its own, or one it re-exports. */
function exportedValue(
  module: ProjectModule | null,
  name: string,
  gate: ModuleGate,
  seen: Set<string>,
  hops: number,
): ExportedValue | null {
  if (!module || seen.has(module.path) || hops > MAX_REEXPORT_HOPS) return null;
  seen.add(module.path);
  let local: string | null = null;
  for (const statement of module.sourceCode.ast.body) {
    if (statement.type === AST_NODE_TYPES.ExportDefaultDeclaration && name === "default") {
      const declaration = statement.declaration;
      if (declaration.type !== AST_NODE_TYPES.Identifier) return { node: declaration, module };
      local = declaration.name;
    }
    if (statement.type === AST_NODE_TYPES.ExportNamedDeclaration && !statement.source) {
      for (const specifier of statement.specifiers) {
        const exported = specifier.exported.type === AST_NODE_TYPES.Identifier ? specifier.exported.name : null;
        if (exported === name && specifier.local.type === AST_NODE_TYPES.Identifier) local = specifier.local.name;
      }
    }
    const source = reexportSource(statement, name);
    if (source) {
      const next = exportedValue(resolveModule(module.path, source.specifier, gate), source.name, gate, seen, hops + 1);
      if (next) return next;
    }
  }
  const declared = topLevelValue(module, local ?? name);
  return declared ? { node: declared, module } : null;
}

/** What a module's top level declares under `name`: a function, a class, or a `const`'s initializer. */
function topLevelValue(module: ProjectModule, name: string): TSESTree.Node | null {
  for (const statement of module.sourceCode.ast.body) {
    const declaration =
      (statement.type === AST_NODE_TYPES.ExportNamedDeclaration ||
        statement.type === AST_NODE_TYPES.ExportDefaultDeclaration) &&
      statement.declaration
        ? statement.declaration
        : statement;
    if (
      (declaration.type === AST_NODE_TYPES.FunctionDeclaration ||
        declaration.type === AST_NODE_TYPES.ClassDeclaration) &&
      declaration.id?.name === name
    )
      return declaration;
    if (declaration.type !== AST_NODE_TYPES.VariableDeclaration) continue;
    for (const declarator of declaration.declarations) {
      if (declarator.id.type === AST_NODE_TYPES.Identifier && declarator.id.name === name && declarator.init)
        return unwrapExpression(declarator.init);
    }
  }
  return null;
}

/** The file a SourceCode was linted or read as, when it is on disk: for messages that name another module. */
export function projectFileOf(sourceCode: Readonly<TSESLint.SourceCode>): string | null {
  return fileOf(sourceCode);
}
