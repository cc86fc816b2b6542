/**
 * Where a bare specifier of the project leads (docs/architecture.md, "The project model"): an alias of the project's
 * `tsconfig.json` (`paths`, `baseUrl`: `import { confirm } from "@app/ui"`), or a package of the same repository
 * imported by its name (a workspace, reached through its `node_modules` symlink or, before an install, the root
 * `package.json`'s `workspaces`). A package installed from a registry is not the project's: its file lies under a
 * `node_modules` folder, and the model reads none of it.
 *
 * The specifier is resolved by TypeScript's own resolver (`ts.resolveModuleName`, as typed linting resolves it) with
 * the `paths`, `baseUrl` and `moduleResolution` of the nearest `tsconfig.json` (its `extends` followed), so a
 * typed and an untyped run of the rules find the same module. A package whose entry is a declaration file
 * (`types: "dist/index.d.ts"`) leads to the source beside it or in `src/`. Every answer is kept per folder in the disk
 * store; a `tsconfig.json` or `package.json` is read once per process.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { Fact, diskFacts } from "./cached-facts.ts";
import { isSourceFile } from "./source-files.ts";

const BARE_RESOLUTION = new Fact<string, string | null>(
  "the project file a bare specifier leads to from a folder (null: a registry package, or nothing), per specifier",
);
const NEAREST_OPTIONS = new Fact<null, ts.CompilerOptions>(
  "the module resolution options (paths, baseUrl, moduleResolution) of a folder's nearest tsconfig.json, per folder",
);
const WORKSPACES = new Fact<null, ReadonlyMap<string, string> | null>(
  "the packages a workspace root's package.json lists (name → folder), per root folder",
);

/**
 * The source file of the project `specifier` (neither relative nor a node built-in) names from the file `from`, or
 * null where it names a package installed from a registry, or nothing.
 */
export function resolveBareSpecifier(from: string, specifier: string): string | null {
  if (specifier.startsWith("node:") || specifier.startsWith(".") || path.isAbsolute(specifier)) return null;
  const folder = path.dirname(from);
  return diskFacts(folder).remember(BARE_RESOLUTION, specifier, () => {
    const options = optionsFor(folder);
    // A package from a registry is most imports: told apart by a look at `node_modules`, without TypeScript's resolver.
    const resolved = mayBeProjectPackage(folder, specifier, options) ? viaTypeScript(from, specifier, options) : null;
    return resolved ?? viaWorkspaces(folder, specifier);
  });
}

/**
 * Whether `specifier` may name a module of the project: an alias of the tsconfig's `paths` matches it, a `baseUrl`
 * may hold it, or the nearest `node_modules` entry of its package is a link (a workspace package, `npm link`).
 */
function mayBeProjectPackage(folder: string, specifier: string, options: ts.CompilerOptions): boolean {
  if (options.baseUrl !== undefined) return true;
  for (const pattern of Object.keys(options.paths ?? {})) {
    const star = pattern.indexOf("*");
    if (star < 0 ? specifier === pattern : specifier.startsWith(pattern.slice(0, star))) return true;
  }
  const name = packageName(specifier);
  for (let current = folder; ; current = path.dirname(current)) {
    const entry = lstatOf(path.join(current, "node_modules", name));
    if (entry) return entry.isSymbolicLink();
    if (path.dirname(current) === current) return false;
  }
}

function lstatOf(file: string): fs.Stats | null {
  try {
    return fs.lstatSync(file);
  } catch {
    return null;
  }
}

function viaTypeScript(from: string, specifier: string, options: ts.CompilerOptions): string | null {
  let resolved: ts.ResolvedModuleFull | undefined;
  try {
    resolved = ts.resolveModuleName(specifier, from, options, ts.sys).resolvedModule;
  } catch {
    return null;
  }
  // A linked workspace package counts as external to TypeScript; its real path (outside node_modules) says it is ours.
  if (!resolved) return null;
  const file = path.resolve(resolved.resolvedFileName);
  if (isUnderNodeModules(file)) return null;
  return sourceOf(file);
}

function isUnderNodeModules(file: string): boolean {
  return file.split(path.sep).includes("node_modules");
}

/** The source a resolved file stands for: itself, or for a declaration file the source beside it or under `src/`. */
function sourceOf(file: string): string | null {
  if (isSourceFile(file)) return file;
  const declaration = /\.d\.([cm]?)ts$/.exec(file);
  if (!declaration) return null;
  const stem = file.slice(0, declaration.index);
  const flavour = declaration[1];
  const stems = [stem];
  // `dist/index.d.ts` built from `src/index.ts`; `lib/`, `build/`, `out/` likewise.
  const built = stem.replace(/([\\/])(?:dist|lib|build|out)(?:[\\/](?:esm|cjs|types))?([\\/])/, "$1src$2");
  if (built !== stem) stems.push(built);
  for (const candidate of stems) {
    for (const extension of [`.${flavour}ts`, ".tsx", `.${flavour}js`]) {
      if (isFile(candidate + extension)) return candidate + extension;
    }
  }
  return null;
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The options TypeScript resolves with: the nearest tsconfig.json's, with module resolution that reads `exports`. */
function optionsFor(folder: string): ts.CompilerOptions {
  return diskFacts(folder).remember(NEAREST_OPTIONS, null, () => {
    const config = nearestUp(folder, "tsconfig.json");
    const options = config ? readCompilerOptions(config) : {};
    return {
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      module: ts.ModuleKind.ESNext,
      allowJs: true,
      ...options,
    };
  });
}

/**
 * The resolution options of a tsconfig.json, its `extends` (relative or from a package) merged as TypeScript merges
 * them. Its `include` is not expanded: only the options are wanted.
 */
function readCompilerOptions(config: string): ts.CompilerOptions {
  const host: ts.ParseConfigFileHost = {
    ...ts.sys,
    readDirectory: () => [],
    onUnRecoverableConfigFileDiagnostic: () => {},
  };
  let parsed: ts.ParsedCommandLine | undefined;
  try {
    parsed = ts.getParsedCommandLineOfConfigFile(config, {}, host);
  } catch {
    return {};
  }
  const own = parsed?.options ?? {};
  const options: ts.CompilerOptions = {};
  if (own.baseUrl !== undefined) options.baseUrl = own.baseUrl;
  if (own.paths !== undefined) {
    options.paths = own.paths;
    if (own.pathsBasePath !== undefined) options.pathsBasePath = own.pathsBasePath;
  }
  // Node10 ignores `exports`, Classic finds no package: keep a resolution that reads a package as Node does.
  const kind = own.moduleResolution;
  if (kind === ts.ModuleResolutionKind.Node16 || kind === ts.ModuleResolutionKind.NodeNext)
    options.moduleResolution = kind;
  return options;
}

/** The nearest `name` in `folder` or a folder above it. */
function nearestUp(folder: string, name: string): string | null {
  for (let current = folder; ; current = path.dirname(current)) {
    const candidate = path.join(current, name);
    if (isFile(candidate)) return candidate;
    if (path.dirname(current) === current) return null;
  }
}

/**
 * A package of the repository imported by its name where `node_modules` holds no link to it (not installed yet): the
 * root `package.json`'s `workspaces` (`["packages/*"]`, or `{ packages: […] }`) name its folder.
 */
function viaWorkspaces(folder: string, specifier: string): string | null {
  const name = packageName(specifier);
  for (let current = folder; ; current = path.dirname(current)) {
    const packages = workspacesOf(current);
    const root = packages?.get(name);
    if (root) {
      const subpath = specifier.slice(name.length);
      return entryOf(root, subpath);
    }
    if (path.dirname(current) === current) return null;
  }
}

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

function workspacesOf(folder: string): ReadonlyMap<string, string> | null {
  return diskFacts(folder).remember(WORKSPACES, null, () => {
    const manifest = readJson(path.join(folder, "package.json"));
    const listed = manifest?.["workspaces"];
    const patterns = Array.isArray(listed)
      ? listed
      : Array.isArray((listed as { packages?: unknown } | undefined)?.packages)
        ? (listed as { packages: unknown[] }).packages
        : null;
    if (!patterns) return null;
    const packages = new Map<string, string>();
    for (const pattern of patterns) {
      if (typeof pattern !== "string") continue;
      for (const member of expandWorkspace(folder, pattern)) {
        const name = readJson(path.join(member, "package.json"))?.["name"];
        if (typeof name === "string") packages.set(name, member);
      }
    }
    return packages;
  });
}

/** `packages/*` and `apps/web`: the folders a workspace pattern names (a trailing `*` or `**` reads one level). */
function expandWorkspace(root: string, pattern: string): string[] {
  const clean = pattern.replace(/\/\*\*?$/, "");
  const base = path.resolve(root, clean);
  if (clean === pattern) return [base];
  try {
    return fs
      .readdirSync(base, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(base, entry.name));
  } catch {
    return [];
  }
}

/** The source file a workspace package's entry (or `subpath` of it) leads to. */
function entryOf(root: string, subpath: string): string | null {
  const manifest = readJson(path.join(root, "package.json")) ?? {};
  const entries: string[] = [];
  if (subpath === "") {
    const exported = (manifest["exports"] as Record<string, unknown> | string | undefined) ?? undefined;
    const main = typeof exported === "string" ? exported : exported?.["."];
    entries.push(...conditionTargets(main));
    for (const field of ["source", "types", "typings", "module", "main"]) {
      const value = manifest[field];
      if (typeof value === "string") entries.push(value);
    }
    entries.push("src/index", "index");
  } else entries.push(`.${subpath}`, `src${subpath}`);
  for (const entry of entries) {
    const base = path.resolve(root, entry);
    for (const candidate of [base, ...[".ts", ".tsx", ".js", "/index.ts", "/index.js"].map((end) => base + end)]) {
      const source = isFile(candidate) ? sourceOf(candidate) : null;
      if (source) return source;
    }
    const mapped = sourceOf(base.replace(/\.[cm]?js$/, ".d.ts"));
    if (mapped) return mapped;
  }
  return null;
}

/** The paths an `exports` entry names under its conditions (`types`, `import`, `default`, …), in order. */
function conditionTargets(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value !== "object" || value === null) return [];
  return Object.values(value).flatMap(conditionTargets);
}

function readJson(file: string): Record<string, unknown> | null {
  try {
    const parsed = ts.parseConfigFileTextToJson(file, fs.readFileSync(file, "utf8")).config as unknown;
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
