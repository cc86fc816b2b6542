/**
 * The project model's modules (docs/architecture.md, "The project model"): the functions a file imports from its own
 * project, found in the module that exports them. Each module is read from disk and parsed once, and kept while its
 * text is unchanged (eslint-plugin-import-x keeps an imported module's `ExportMap` the same way), in the disk store
 * of cached-facts.ts. Lazy: a module is read only when a call of the linted file leads to one of its exports, and
 * parsed only when its text passes the question's gate (by default, the text gate's words for asking a person).
 * Re-exports are followed, a few hops deep, and a module that leads back to one in progress ends the search.
 *
 * Untyped, a relative specifier is resolved as Node and TypeScript resolve it (`./ui`, `./ui.js` written for
 * `./ui.ts`, a folder's `index`), a bare one by module-resolution.ts (a tsconfig alias, a workspace package). Typed
 * linting follows the same imports: the program's declaration of an imported function is this same file.
 */
import path from "node:path";
import ts from "typescript";
import { parseForESLint } from "@typescript-eslint/parser";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "./node-types.ts";
import { SourceCode } from "eslint";
import { isFunctionNode, unwrapExpression } from "./ast.ts";
import { codeOf, isNameChar, isSpace } from "./brackets.ts";
import { Fact, diskFacts, fileFacts } from "./cached-facts.ts";
import { textMayAskPerson, textMayContainHumanWait, textMayStoreSettler } from "./human-wait.ts";
import { isSourceFile } from "./source-files.ts";
import { nodesOfTypes } from "./node-index.ts";
import { typeAccess } from "./types.ts";
import {
  importedFileOf,
  mayNameProjectModule,
  moduleFileAt,
  moduleFileFor,
  noteFilePath,
  projectFileOf,
  projectText,
  stampOf,
  type ModuleFile,
} from "./project-files.ts";
import { textFacts } from "./text-gate.ts";
import { reexportsIn } from "./package-reexports.ts";
import { ELICITATION_HANDLER_APIS, REQUEST_HANDLER_REGISTRATIONS } from "../protocol/apis.ts";
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

/** `export { a } from "./x"`, `export * from "@app/ui"`: a barrel, which hands on what other modules export. */
const REEXPORT = /\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["']/;

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
  /** The specifiers its text imports values from, once a question needed them (null: the file is unreadable). */
  imports?: readonly string[] | null;
  /** Whether each export asked about may hand on a wait on a person, from the text (`exportMayAsk`). */
  askingExports?: Map<string, boolean>;
  /** Whether each export asked about may be a question's request schema, from the text (`exportMayBeQuestionSchema`). */
  schemaExports?: Map<string, boolean>;
  /** The text's code with strings and comments blanked, where a declaration's braces are counted. */
  code?: string;
  /** Where the code declares each name (the first declaration of it), read in one pass once a question needs it. */
  declarations?: ReadonlyMap<string, Declared>;
}

const PARSED_MODULE = new Fact<null, ParsedModule>(
  "a project module's SourceCode (once a gate let its text through), per file, while its size and mtime stay",
);

/** A module whose text calls no wait on a person (the text gate's second step), and re-exports nothing, cannot hand one to its importers. */
const mayHandOnAsk: ModuleGate = (text) => textFacts(text).mayAskPerson || REEXPORT.test(text);

/** What a question's request schema names (protocol/apis.ts): the methods and names the registrations compare. */
const QUESTION_SCHEMA_METHODS = [
  ...new Set(ELICITATION_HANDLER_APIS.flatMap((api) => api.schemaNames.filter((name) => name.includes("/")))),
];

/**
 * A module that may build a question's request schema (`z.object({ method: z.literal(<a question's method>) })`),
 * which a handler registered in another file may be registered with (calls.ts `schemaMethodLiteral`).
 */
const mayBuildQuestionSchema: ModuleGate = (text) =>
  text.includes("literal(") && QUESTION_SCHEMA_METHODS.some((method) => text.includes(method));

/** A module that may build a question's request schema, or re-exports one another module builds. */
const mayHandOnQuestionSchema: ModuleGate = (text) => mayBuildQuestionSchema(text) || REEXPORT.test(text);

/** A helper that maps an answer to the project's own words compares an answer literal, and may ask nobody itself. */
export const mayMapAnswer: ModuleGate = (text) => mayHandOnAsk(text) || textFacts(text).comparesAnswerLiteral;

/**
 * Any text: a module a handler's registration leads to (a list of tools, a wrapper, a schema) asks nobody itself,
 * and is read only because the registration does.
 */
const anyText: ModuleGate = () => true;

/** How many modules this process has parsed for the project model (`check --discover` and the bench report it). */
let modulesParsed = 0;

export function projectModulesParsed(): number {
  return modulesParsed;
}

/**
 * The function `callee` (an identifier the file imports, or `ns.name` of a namespace import) names in the module of
 * the project it is imported from; null where it is not imported from one, or that module exports no function by
 * that name, or `gate` (by default: the module may ask a person) says its text cannot matter.
 */
export function importedFunctionOf(
  callee: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  gate: ModuleGate = mayHandOnAsk,
): ImportedFunction | null {
  const found = importedThrough(unwrapExpression(callee), sourceCode, gate);
  return found && isFunctionNode(found.node) ? { fn: found.node, module: found.module } : null;
}

/**
 * What an identifier the file imports (or `ns.name` of a namespace import) is in the module of the project it comes
 * from: a function, a class, or the value of a `const` (a list of tools, a wrapper, a schema). The module is read
 * whatever its text asks: a registration, a handler or a store of the linted file leads to it.
 */
export function importedValueOf(
  reference: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): ExportedValue | null {
  return importedThrough(unwrapExpression(reference), sourceCode, anyText);
}

/**
 * What `target` names in the module of the project it is imported from, read through `gate`; typed, where that finds
 * nothing, the program's declaration of it. Null where `target` is no import of a module of the project.
 */
function importedThrough(
  target: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  gate: ModuleGate,
): ExportedValue | null {
  const found = exportOfImport(target, sourceCode, gate);
  return found === undefined ? null : (found ?? declaredByProgram(target, sourceCode));
}

/** What `target` names in the module it is imported from, read through `gate`; undefined where it is no such import. */
function exportOfImport(
  target: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  gate: ModuleGate,
): ExportedValue | null | undefined {
  const importing = importOf(target, sourceCode);
  if (!importing || !projectFileOf(sourceCode)) return undefined;
  // Asked for every call of an imported name: the file is found once per lint (importedFileOf).
  const file = importedFileOf(importing.specifier, sourceCode);
  // Where the module's text shows the export cannot be what is looked for (a wait, a question's schema), nothing is
  // parsed for it.
  const exportMay = EXPORT_SUMMARIES.get(gate);
  if (file && exportMay && passesGate(file, gate) && !exportMay(file, importing.name)) return null;
  return exportedValue(file && moduleAt(file, gate), importing.name, gate, new Set(), 0);
}

/** For the gates that look for something an export is: whether an export of a module its text lets through may be it. */
const EXPORT_SUMMARIES = new Map<ModuleGate, (file: ModuleFile, exported: string) => boolean>([
  [mayHandOnAsk, exportMayAsk],
  [mayHandOnQuestionSchema, exportMayBeQuestionSchema],
]);

/**
 * The value of a request schema the file imports from a module of the project (`CallToolRequestSchema`, or one
 * built with `z.literal(…)` of a question's method), where the module's text shows it may be a question's: a module,
 * or an export, whose text names no question's method is not parsed for it.
 */
export function importedSchemaOf(
  reference: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): ExportedValue | null {
  return importedThrough(unwrapExpression(reference), sourceCode, mayHandOnQuestionSchema);
}

/**
 * Typed: where the program declares what an imported name is, when the untyped resolution found nothing (an alias of
 * a tsconfig the untyped reading does not follow: one `extends` from a package, project references). Only a source
 * file of the project answers: a declaration file or a package under node_modules has no body to read.
 */
function declaredByProgram(target: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): ExportedValue | null {
  const access = typeAccess(sourceCode);
  const tsNode = access?.toTsNode(target);
  if (!access || !tsNode) return null;
  const named = ts.isPropertyAccessExpression(tsNode) ? tsNode.name : tsNode;
  let symbol = access.checker.getSymbolAtLocation(named);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = access.checker.getAliasedSymbol(symbol);
  const declaration = symbol?.declarations?.[0];
  const file = declaration ? path.resolve(declaration.getSourceFile().fileName) : null;
  if (!declaration || !file || !isSourceFile(file) || file.split(path.sep).includes("node_modules")) return null;
  const module = projectModuleAt(file);
  const name = (declaration as ts.NamedDeclaration).name;
  if (!module || !name) return null;
  const at = name.getStart();
  for (const node of nodesOfTypes(module.sourceCode, DECLARING_TYPES)) {
    if (node.id?.range[0] !== at) continue;
    if (node.type === AST_NODE_TYPES.FunctionDeclaration) return { node, module };
    return node.init ? { node: unwrapExpression(node.init), module } : null;
  }
  return null;
}

/** Where a module declares a function or a value by name. */
const DECLARING_TYPES = [AST_NODE_TYPES.FunctionDeclaration, AST_NODE_TYPES.VariableDeclarator] as const;

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

const IMPORTED_NAMES = new Fact<null, ReadonlySet<string>>(
  "the local names a file's value imports from modules that may be the project's bind, per file",
);

/** The local names a file's value imports bind: a name not among them is no import, and its scope is not read. */
function importedNames(sourceCode: Readonly<TSESLint.SourceCode>): ReadonlySet<string> {
  return fileFacts(sourceCode).remember(IMPORTED_NAMES, null, () => {
    const names = new Set<string>();
    for (const statement of sourceCode.ast.body) {
      if (statement.type !== AST_NODE_TYPES.ImportDeclaration || statement.importKind === "type") continue;
      if (!mayNameProjectModule(statement.source.value)) continue;
      for (const specifier of statement.specifiers) names.add(specifier.local.name);
    }
    return names;
  });
}

/** The import specifier that binds `identifier`, when it binds a value from a module that may be the project's. */
function importBinding(
  identifier: TSESTree.Identifier,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.ImportSpecifier | TSESTree.ImportDefaultSpecifier | TSESTree.ImportNamespaceSpecifier | null {
  if (!importedNames(sourceCode).has(identifier.name)) return null;
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
  if (declaration.importKind === "type" || !mayNameProjectModule(declaration.source.value)) return null;
  return specifier;
}

/** `from "./x"`, `from "@app/ui"`: the file may import a module of its own project. */
const PROJECT_IMPORT = /\bfrom\s*["'](?!node:)[^"']/;

/**
 * What a file must show before a wait in another module can matter to a rule: it awaits, and it compares an answer
 * literal (exhaustive-action), reads a caller's signal or context (forward-abort-signal), or takes something it must
 * give back (release-in-finally). Most importing files show none, and their imports are not read.
 */
const MAY_USE_IMPORTED_ASK =
  /\b(?:accept|decline|cancel|selected|signal|extra|ctx|context|acquire|lock|begin|transaction|setTimeout|setInterval)/;

/** `.tool(`, `.registerResource(`, `.setRequestHandler(`: the file registers a handler of a client's request. */
const REGISTERS_HANDLER = new RegExp(
  `\\.(?:${REQUEST_HANDLER_REGISTRATIONS.map((registration) => registration.method).join("|")})\\s*\\(`,
);

/** `.setRequestHandler(`: a registration whose first argument is the request's schema, which may be built elsewhere. */
const REGISTERS_WITH_SCHEMA = new RegExp(
  `\\.(?:${REQUEST_HANDLER_REGISTRATIONS.filter((registration) => registration.takes === "request")
    .map((registration) => registration.method)
    .join("|")})\\s*\\(`,
);

/** Whether the text registers a handler of a client's request, which may be declared in another module. */
export function textMayRegisterHandler(text: string): boolean {
  return REGISTERS_HANDLER.test(text);
}

function mayUseImportedAsk(text: string): boolean {
  return (
    PROJECT_IMPORT.test(text) &&
    ((text.includes("await") && MAY_USE_IMPORTED_ASK.test(text)) || textMayRegisterHandler(text))
  );
}

const IMPORTS_ASKING_MODULE = new Fact<null, boolean>(
  "whether a file imports a project module whose text may ask a person, per file",
);

/**
 * The rules' gate for waits in other modules: the file imports (values) a module of the project whose text may ask a
 * person. Such a module is parsed only when a call of this file leads to it.
 */
export function importsModuleThatMayAsk(sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return fileFacts(sourceCode).remember(IMPORTS_ASKING_MODULE, null, () => {
    const text = sourceCode.text;
    const from = projectFileOf(sourceCode);
    if (!from || !mayUseImportedAsk(text)) return false;
    const throughImports = textMayRegisterHandler(text);
    const withSchema = throughImports && REGISTERS_WITH_SCHEMA.test(text);
    return sourceCode.ast.body.some((statement) => {
      if (statement.type !== AST_NODE_TYPES.ImportDeclaration || statement.importKind === "type") return false;
      if (!throughImports) return importMayAsk(from, statement.source.value, usedBindings(statement, sourceCode));
      // A handler, a list of tools or a schema is handed on as a value; a class only constructed (`new McpServer()`)
      // hands on none (the model does not follow an instance's methods into another module).
      return (
        statement.specifiers.some((specifier) => handsOnValue(specifier, sourceCode)) &&
        importMayAsk(from, statement.source.value, null, withSchema)
      );
    });
  });
}

/**
 * Whether a reference reads a value, not a type. ESLint's own scope analysis (espree's JavaScript, which `check` and
 * most JavaScript projects lint with) has no type references and does not say: every one of its references does.
 */
function readsValue(reference: TSESLint.Scope.Reference): boolean {
  return (reference as { isValueReference?: boolean }).isValueReference !== false;
}

/** Where the file reads an import's binding as a value; null without a scope manager, which would say. */
function valueReadsOf(
  specifier: TSESTree.ImportClause,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESLint.Scope.Reference[] | null {
  const variable = sourceCode.scopeManager?.getDeclaredVariables(specifier)[0];
  return variable ? variable.references.filter(readsValue) : null;
}

/** Whether an import's binding is read as a value other than by constructing it (`new X(…)`). */
function handsOnValue(specifier: TSESTree.ImportClause, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  // Without a scope manager nothing says how it is used: it may hand anything on.
  return (
    valueReadsOf(specifier, sourceCode)?.some((reference) => {
      const parent = reference.identifier.parent;
      return !(parent?.type === AST_NODE_TYPES.NewExpression && parent.callee === reference.identifier);
    }) ?? true
  );
}

/** A name an import binds: what the module exports it as (`default`, `*` for a namespace), and its local name. */
interface ImportBinding {
  readonly exported: string;
  readonly local: string;
}

/**
 * The bindings of an import that the file uses the way `namesUsedIn` reads a text, looked for only where the scope
 * manager says each binding is read (not through the whole text, and not a shadowing name of the same spelling).
 */
function usedBindings(
  statement: TSESTree.ImportDeclaration,
  sourceCode: Readonly<TSESLint.SourceCode>,
): ImportBinding[] {
  const text = sourceCode.text;
  let names: UsedNames | undefined;
  const used = (specifier: TSESTree.ImportClause) => {
    const reads = valueReadsOf(specifier, sourceCode);
    if (!reads) return usesImportedName(text, (names ??= namesUsedIn(text)), specifier.local.name);
    return reads.some(
      (reference) => usedAt(text, reference.identifier.range[1]) && !constructedAt(text, reference.identifier.range[0]),
    );
  };
  return statement.specifiers.filter(used).map((specifier) => ({
    local: specifier.local.name,
    exported:
      specifier.type === AST_NODE_TYPES.ImportSpecifier
        ? specifier.imported.type === AST_NODE_TYPES.Identifier
          ? specifier.imported.name
          : specifier.imported.value
        : specifier.type === AST_NODE_TYPES.ImportDefaultSpecifier
          ? "default"
          : "*",
  }));
}

/** A call, a member read or an index right after a name that ends at `end` (`ask(`, `ui.confirm`, `ui?.[k]`). */
const USE_AFTER_NAME = /\s*(?:\?\.\s*)?[(.[]/y;

function usedAt(text: string, end: number): boolean {
  USE_AFTER_NAME.lastIndex = end;
  return USE_AFTER_NAME.test(text);
}

/**
 * The names a text calls, reads a member of, or indexes (`ask(`, `ui.confirm(`, `pending[id]`): the uses the model
 * follows an imported name through. A name only handed on, only constructed (`new Server(…)`: the model does not
 * follow an instance's methods into another module), or named in no code, asks nobody through it. Read in one pass
 * for all of a file's imports; a name the pass cannot spell (not ASCII) is looked for on its own.
 */
const NAME_USE = /([A-Za-z_$][\w$]*)\s*(?:\?\.\s*)?[(.[]/g;
const ASCII_NAME = /^[A-Za-z_$][\w$]*$/;
const DOT = 0x2e;

type UsedNames = ReadonlySet<string>;

function namesUsedIn(text: string): UsedNames {
  const names = new Set<string>();
  // A match starts where a name does (a later start of the same name has the same end); what comes before it is
  // looked at only for names that are used, which is cheaper than looking behind at every position of the text.
  for (const use of text.matchAll(NAME_USE)) {
    const start = use.index;
    const before = text.charCodeAt(start - 1);
    if (isNameChar(before) || before === DOT) continue;
    if (constructedAt(text, start)) continue;
    names.add(use[1]!);
  }
  return names;
}

/** Whether `new` and white space come right before `start` (`new Server(…)`). */
function constructedAt(text: string, start: number): boolean {
  const isSpaceAt = (at: number) => at >= 0 && isSpace(text.charCodeAt(at), text[at]!);
  let index = start - 1;
  if (!isSpaceAt(index)) return false;
  while (isSpaceAt(index)) index--;
  return index >= 2 && text.startsWith("new", index - 2) && !isNameChar(text.charCodeAt(index - 3));
}

function usesImportedName(text: string, used: UsedNames, name: string): boolean {
  if (ASCII_NAME.test(name)) return used.has(name);
  const escaped = name.replace(/\$/g, "\\$");
  return new RegExp(`(?<![\\w$.])(?<!\\bnew\\s+)${escaped}\\s*(?:\\?\\.\\s*)?[(.[]`).test(text);
}

/** The names an import clause binds, as written before `from` (`a, { b as c }` → default as a, b as c). */
function bindingsOfClause(clause: string): ImportBinding[] {
  const bindings: ImportBinding[] = [];
  const braces = /\{([^}]*)\}/.exec(clause);
  for (const part of braces?.[1]?.split(",") ?? []) {
    if (/^\s*type\s/.test(part)) continue;
    const named = /^\s*([\w$]+|"[^"]*"|'[^']*')\s*(?:\bas\s+([\w$]+)\s*)?$/.exec(part);
    if (named) bindings.push({ exported: named[1]!.replace(/^["']|["']$/g, ""), local: named[2] ?? named[1]! });
  }
  const outside = braces ? clause.replace(braces[0], "") : clause;
  const namespace = /\*\s*as\s+([\w$]+)/.exec(outside);
  if (namespace) bindings.push({ exported: "*", local: namespace[1]! });
  const byDefault = /^\s*([\w$]+)\s*(?:,|$)/.exec(outside);
  if (byDefault) bindings.push({ exported: "default", local: byDefault[1]! });
  return bindings;
}

/**
 * Whether the module `specifier` names from `from` may ask a person through the names the file uses of it (`used`);
 * `used` null, for a file that registers handlers: through any of its exports, or a module it imports (a list of
 * tools collected from the modules that declare them), or (`withSchema`: it registers with a request's schema) a
 * question's schema the module builds. Nothing is parsed.
 */
function importMayAsk(
  from: string,
  specifier: string,
  used: readonly ImportBinding[] | null,
  withSchema = true,
): boolean {
  if (used?.length === 0) return false;
  const file = moduleFileFor(from, specifier);
  if (!file) return false;
  if (passesGate(file, mayHandOnAsk))
    return used === null || used.some((binding) => exportMayAsk(file, binding.exported));
  const throughImports = used === null;
  // A file that registers handlers may register one with a question's request schema the module builds.
  if (throughImports && withSchema && passesGate(file, mayBuildQuestionSchema)) return true;
  return (
    throughImports &&
    importsAt(file).some((next) => {
      const imported = moduleFileFor(file.path, next);
      return imported !== null && passesGate(imported, mayHandOnAsk);
    })
  );
}

/**
 * Whether the export `exported` of a module whose text may ask a person may hand that wait on (the way
 * eslint-plugin-import-x's ExportMap summarises a module, but from the text, without parsing it): its declaration's
 * text asks, or calls a function the module declares that may. Where the text does not show the declaration plainly
 * (a default or namespace import, a re-export, a destructured binding), it may.
 */
function exportMayAsk(file: ModuleFile, exported: string): boolean {
  return exportAnswer(
    file,
    exported,
    (kept) => (kept.askingExports ??= new Map()),
    // Declared here, in a module whose text asks nobody (it passed the gate for its re-exports alone): it cannot.
    (source, local) => passesGate(file, asksItself) && declarationMayAsk(source, local, new Set(), 0),
  );
}

/**
 * Whether the export `exported` of a module that may build a question's request schema may be one, from the text:
 * its declaration names a question's method, or names a declaration of the module that does (`z.object(shape)`, the
 * one step `schemaMethodLiteral` follows). A default, namespace or re-exported name may.
 */
function exportMayBeQuestionSchema(file: ModuleFile, exported: string): boolean {
  return exportAnswer(
    file,
    exported,
    (kept) => (kept.schemaExports ??= new Map()),
    (source, local) => passesGate(file, mayBuildQuestionSchema) && declarationNamesQuestionMethod(source, local, true),
  );
}

/**
 * A question about an export, answered once per export and text: a default or namespace import may be anything, and a
 * re-exported name is handed on from another module, which decides (the model follows the re-export; read in the
 * code, not in strings: a parser's bundle spells `export * from "…"` in its messages); a name declared here is
 * judged by `declaredHere` from its local name.
 */
function exportAnswer(
  file: ModuleFile,
  exported: string,
  answers: (kept: ParsedModule) => Map<string, boolean>,
  declaredHere: (source: ModuleSource, local: string) => boolean,
): boolean {
  if (exported === "default" || exported === "*") return true;
  const kept = keptModule(file);
  const known = answers(kept);
  let answer = known.get(exported);
  if (answer === undefined) {
    const source = moduleSourceOf(file, kept);
    if (source === null) answer = false;
    else if (reexportsName(source.code, exported)) answer = true;
    else answer = declaredHere(source, localNameOf(source.code, exported));
    known.set(exported, answer);
  }
  return answer;
}

function declarationNamesQuestionMethod(source: ModuleSource, name: string, followNames: boolean): boolean {
  const window = declarationWindow(source, name);
  // Not declared where the text shows it plainly (a destructured binding): it may be.
  if (!window) return followNames;
  if (window.end - window.start > MAX_DECLARATION_CHARS) return true;
  const declaration = source.text.slice(window.start, window.end);
  if (QUESTION_SCHEMA_METHODS.some((method) => declaration.includes(method))) return true;
  if (!followNames) return false;
  const named = new Set(source.code.slice(window.bodyStart, window.end).match(IDENTIFIER_WORD));
  named.delete(name);
  return [...named].some((next) => declarationNamesQuestionMethod(source, next, false));
}

const IDENTIFIER_WORD = /(?<![\w$.])[A-Za-z_$][\w$]*/g;

/** A module whose own text may ask a person (the text gate's second step), whatever it re-exports. */
const asksItself: ModuleGate = (text) => textFacts(text).mayAskPerson;

/** `export * from "…"`, or `export { …, exported, … } from "…"` (`local as exported` too), in a module's code. */
function reexportsName(code: string, exported: string): boolean {
  return reexportsIn(code).some((reexport) => reexport.names === "*" || reexport.names.has(exported));
}

/** The local name an `export { local as exported }` list gives an export; the export's own name otherwise. */
function localNameOf(code: string, exported: string): string {
  for (const list of code.matchAll(/\bexport\s*\{([^}]*)\}/g)) {
    for (const part of list[1]!.split(",")) {
      const [local, as] = part.split(/\s+as\s+/).map((word) => word.trim());
      if ((as ?? local) === exported && local) return local;
    }
  }
  return exported;
}

/** How many declarations deep a module's own calls are followed from an export. */
const MAX_DECLARATION_HOPS = 4;
/** How long a declaration is read; a longer one may ask (the summary says so). */
const MAX_DECLARATION_CHARS = 200_000;
/** A declaration at the start of a line: where the one before it ends, as far as the text shows. */
const NEXT_DECLARATION = /\n(?:export\s+(?:default\s+)?)?(?:async\s+)?(?:function|const|let|var|class)\b/g;

function declarationMayAsk(source: ModuleSource, name: string, seen: Set<string>, hops: number): boolean {
  if (seen.has(name)) return false;
  if (hops > MAX_DECLARATION_HOPS) return true;
  seen.add(name);
  const window = declarationWindow(source, name);
  if (!window) return hops === 0;
  const { start, bodyStart, end } = window;
  if (end - start > MAX_DECLARATION_CHARS) return true;
  const declaration = source.text.slice(start, end);
  if (textMayContainHumanWait(declaration) && textMayAskPerson(declaration)) return true;
  // A wait of its own on an answer: a settler kept for later, or a waiter object's `wait()` (local-waits.ts).
  if (textMayStoreSettler(declaration) || WAITER_WAIT.test(declaration)) return true;
  // A call of another function the module declares may ask in turn.
  for (const call of source.code.slice(bodyStart, end).matchAll(CALLED_NAME)) {
    if (call[1] !== name && declarationMayAsk(source, call[1]!, seen, hops + 1)) return true;
  }
  return false;
}

/**
 * Where the module's code declares `name`: from its declaration to the next declaration that starts a line, never
 * less than the declaration (parameters may hold braces, `function ask({ message }) {`, so its own brackets are not
 * counted); `bodyStart` is just past the declared name.
 */
function declarationWindow(
  source: ModuleSource,
  name: string,
): { start: number; bodyStart: number; end: number } | null {
  const declared = source.declarations.get(name);
  if (!declared) return null;
  NEXT_DECLARATION.lastIndex = declared.bodyStart;
  return { ...declared, end: NEXT_DECLARATION.exec(source.code)?.index ?? source.code.length };
}

/** A module's text, its code (strings and comments blanked), and where the code declares each name. */
interface ModuleSource {
  readonly text: string;
  readonly code: string;
  readonly declarations: ReadonlyMap<string, Declared>;
}

/** Where a declaration starts, and just past the name it declares. */
interface Declared {
  readonly start: number;
  readonly bodyStart: number;
}

/** The module's text, code and declarations, each read once per text; null where the file cannot be read. */
function moduleSourceOf(file: ModuleFile, kept: ParsedModule): ModuleSource | null {
  const text = textOf(file, kept);
  const code = text === null ? null : (kept.code ??= codeOf(text));
  if (text === null || code === null) return null;
  return { text, code, declarations: (kept.declarations ??= declarationsIn(code)) };
}

const WAITER_WAIT = /\.\s*wait\s*\(/;

const CALLED_NAME = /(?<![\w$.])([A-Za-z_$][\w$]*)\s*\(/g;

/** `function name(`, `const name =`, `class name`: where a module declares a name. */
const DECLARATION = /\bfunction\s*\*?\s*([\w$]+)\s*\(|\b(?:const|let|var)\s+([\w$]+)\s*=|\bclass\s+([\w$]+)/g;

/** Each name's first declaration in a module's code, in one pass (not one search of the code per name asked). */
function declarationsIn(code: string): Map<string, Declared> {
  const found = new Map<string, Declared>();
  for (const declared of code.matchAll(DECLARATION)) {
    const name = declared[1] ?? declared[2] ?? declared[3]!;
    if (!found.has(name)) found.set(name, { start: declared.index, bodyStart: declared.index + declared[0].length });
  }
  return found;
}

/** The specifiers a file's text imports values from (`import … from "./x"`; `import type` left out). */
const VALUE_IMPORTS = /\bimport\s+(?!type\b)([^;]*?)\bfrom\s*["']([^"']+)["']/g;

/**
 * The same question from a file's text alone, for a caller that has not parsed it (`check` choosing which files to
 * parse): whether `file` imports a module of the project whose text may ask a person.
 */
export function textImportsModuleThatMayAsk(file: string, text: string): boolean {
  if (!mayUseImportedAsk(text)) return false;
  const from = path.resolve(file);
  const throughImports = textMayRegisterHandler(text);
  const withSchema = throughImports && REGISTERS_WITH_SCHEMA.test(text);
  const names = throughImports ? null : namesUsedIn(text);
  const code = throughImports ? codeOf(text) : "";
  for (const match of text.matchAll(VALUE_IMPORTS)) {
    const bindings = bindingsOfClause(match[1]!);
    const mayAsk = names
      ? importMayAsk(
          from,
          match[2]!,
          bindings.filter((binding) => usesImportedName(text, names, binding.local)),
        )
      : bindings.some((binding) => handsOnValueInText(code, binding.local)) &&
        importMayAsk(from, match[2]!, null, withSchema);
    if (mayAsk) return true;
  }
  return false;
}

/**
 * `handsOnValue` from the text: the name is written in code other than in its import clause, and not only after
 * `new`. A type annotation counts too, so the text admits every file the parsed file would.
 */
function handsOnValueInText(code: string, name: string): boolean {
  const escaped = name.replace(/\$/g, "\\$");
  // `new X.Y()` constructs a member of X: X itself is read.
  const use = new RegExp(`(?<![\\w$.])(?:(?<!\\bnew\\s+)${escaped}(?![\\w$])|${escaped}(?=\\s*(?:\\?\\.|[.[])))`, "g");
  // Once in its import clause; a second time where the code reads it.
  return use.test(code) && use.test(code);
}

/** The project module `specifier` names from the file `from`, parsed; null where none is found or `gate` fails it. */
function resolveModule(from: string, specifier: string, gate: ModuleGate = mayHandOnAsk): ProjectModule | null {
  const file = moduleFileFor(from, specifier);
  return file ? moduleAt(file, gate) : null;
}

/** The module at an absolute path, parsed whatever its text asks (`check --discover` reads files as the model does). */
export function projectModuleAt(file: string): ProjectModule | null {
  const found = moduleFileAt(file);
  return found ? moduleAt(found, anyText) : null;
}

/** What is kept of the module at `file`: a file whose size or mtime changed (an editor's save) is read again. */
function keptModule(file: ModuleFile): ParsedModule {
  const stamp = stampOf(file);
  const store = diskFacts(file.path);
  const kept = store.recall(PARSED_MODULE, null);
  if (kept?.stamp === stamp) return kept;
  return store.keep(PARSED_MODULE, null, { stamp, module: undefined, gates: new Map() });
}

/** The module's text: the parsed module's, or read from disk (null where it cannot be read). */
function textOf(file: ModuleFile, kept: ParsedModule): string | null {
  return kept.module ? kept.module.sourceCode.text : projectText(file);
}

/** Whether `gate` lets the module's text through, answered once per text and gate; nothing is parsed. */
function passesGate(file: ModuleFile, gate: ModuleGate): boolean {
  const kept = keptModule(file);
  if (kept.module === null) return false;
  let passes = kept.gates.get(gate);
  if (passes === undefined) {
    const text = textOf(file, kept);
    passes = text !== null && gate(text);
    kept.gates.set(gate, passes);
  }
  return passes;
}

/** The module at `file`, parsed once per text (whichever gate first lets it through); null where `gate` fails it. */
function moduleAt(file: ModuleFile, gate: ModuleGate): ProjectModule | null {
  if (!passesGate(file, gate)) return null;
  const kept = keptModule(file);
  if (kept.module === undefined) {
    const text = projectText(file);
    kept.module = text === null ? null : parseModule(file.path, text);
  }
  return kept.module;
}

/** The specifiers the module's text imports values from, read once per text. */
function importsAt(file: ModuleFile): readonly string[] {
  const kept = keptModule(file);
  if (kept.imports === undefined) {
    const text = textOf(file, kept);
    kept.imports = text === null ? null : [...text.matchAll(VALUE_IMPORTS)].map((match) => match[2]!);
  }
  return kept.imports ?? [];
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

/** `export { name } from "./x"`, `export { other as name } from "./x"`, `export * from "./x"`: where to look next. */
function reexportSource(
  statement: TSESTree.ProgramStatement,
  name: string,
): { specifier: string; name: string } | null {
  if (statement.type === AST_NODE_TYPES.ExportAllDeclaration) {
    return statement.exported === null && mayNameProjectModule(statement.source.value)
      ? { specifier: statement.source.value, name }
      : null;
  }
  if (statement.type !== AST_NODE_TYPES.ExportNamedDeclaration || !statement.source) return null;
  if (!mayNameProjectModule(statement.source.value)) return null;
  for (const specifier of statement.specifiers) {
    const exported = specifier.exported.type === AST_NODE_TYPES.Identifier ? specifier.exported.name : null;
    const local = specifier.local.type === AST_NODE_TYPES.Identifier ? specifier.local.name : null;
    if (exported === name && local !== null) return { specifier: statement.source.value, name: local };
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
  return exportOfImport(unwrapExpression(node), sourceCode, gate) ?? null;
}

/** The modules of the project a file imports values from, those whose text `gate` lets through. */
export function importedModulesOf(sourceCode: Readonly<TSESLint.SourceCode>, gate: ModuleGate): ProjectModule[] {
  const from = projectFileOf(sourceCode);
  if (!from) return [];
  const modules: ProjectModule[] = [];
  for (const statement of sourceCode.ast.body) {
    if (statement.type !== AST_NODE_TYPES.ImportDeclaration || statement.importKind === "type") continue;
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
      if (declaration.type !== AST_NODE_TYPES.Identifier) return { node: unwrapExpression(declaration), module };
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
