/**
 * The fixed file lists the benchmark and the sweep run on. They are not committed: each is rebuilt at run time by
 * the recipe below, which is deterministic for a given node_modules (explicit packages, sorted paths, fixed caps),
 * and the run records the list it used in bench/results/.
 *
 * - broad: real code from packages installed as devDependencies, with little or no elicitation code. Declaration
 *   files (.d.ts) are left out (they hold no statements a rule could visit) and so are files over MAX_FILE_BYTES.
 * - quiet: the broad files with no elicitation code at all (see `hasElicitationCode`): the per-rule cost ratio.
 * - dense: every fixture of this repository (fixtures/, the codemods' inputs) and the examples that ship inside
 *   @modelcontextprotocol/sdk (dist/esm/examples).
 * - framework: the library code of the MCP and ACP SDKs as installed (transports, protocol, clients, servers): code
 *   that mentions MCP, requests, sessions and promises throughout, and asks a person almost nowhere.
 * - large: one generated module of LARGE_FILE_TOOLS tool registrations in one function, each asking once.
 * - sweep: every .ts/.tsx/.js/.mjs/.cjs file under node_modules, any size, declaration files included.
 */
import fs from "node:fs";
import path from "node:path";

export const REPO_ROOT = path.resolve(__dirname, "..");
const NODE_MODULES = path.join(REPO_ROOT, "node_modules");

/**
 * The broad corpus takes modules up to this size: code as people write it (no bundles, no generated tables), and
 * enough files (over 2,000) for per-file costs to show while a pass stays a few seconds, so a whole bench run fits
 * in about 5 minutes on 2 cores.
 */
const MAX_FILE_BYTES = 10 * 1024;

/**
 * Packages of the broad corpus, in order, with the most files each may contribute (its sorted paths, first N).
 * Caps keep one package from dominating; the total is about 2,100 files, 5 MB.
 */
const BROAD_PACKAGES: ReadonlyArray<{ name: string; cap: number; exclude?: RegExp }> = [
  { name: "@typescript-eslint/eslint-plugin", cap: 150 },
  { name: "@typescript-eslint/scope-manager", cap: 180 },
  { name: "@typescript-eslint/typescript-estree", cap: 60 },
  { name: "@typescript-eslint/utils", cap: 40 },
  { name: "@typescript-eslint/type-utils", cap: 25 },
  { name: "@typescript-eslint/rule-tester", cap: 40 },
  { name: "eslint", cap: 250 },
  { name: "eslint-plugin-eslint-plugin", cap: 45 },
  { name: "eslint-doc-generator", cap: 40 },
  { name: "vitest", cap: 30 },
  { name: "@vitest/runner", cap: 20 },
  { name: "@vitest/utils", cap: 20 },
  { name: "@vitest/mocker", cap: 20 },
  { name: "zod", cap: 200 },
  { name: "jscodeshift", cap: 70 },
  { name: "recast", cap: 25 },
  { name: "ast-types", cap: 35 },
  { name: "@babel/core", cap: 70 },
  { name: "@babel/traverse", cap: 35 },
  { name: "@babel/generator", cap: 25 },
  { name: "@babel/types", cap: 90 },
  // The SDK's own library code (client, server, transports); its examples are the dense corpus.
  { name: "@modelcontextprotocol/sdk", cap: 120, exclude: /\/examples\// },
  { name: "hono", cap: 200 },
  { name: "ajv", cap: 215 },
  { name: "yaml", cap: 155 },
  { name: "diff", cap: 50 },
  { name: "semver", cap: 55 },
  { name: "jose", cap: 50 },
  { name: "lint-staged", cap: 40 },
  { name: "express", cap: 10 },
];

const SOURCE_FILE = /\.(?:ts|tsx|js|mjs|cjs)$/;
const DECLARATION_FILE = /\.d\.(?:ts|mts|cts)$/;

/**
 * Text that marks elicitation code: the words of the human-wait APIs and their answers. Deliberately wider than a
 * rule's own pre-filter, so "no elicitation code" is not defined by the thing being measured.
 */
const ELICITATION_WORDS = /elicit|permission|ElicitResult|acceptAction|human.?in.?the.?loop/i;

function hasElicitationCode(text: string): boolean {
  return ELICITATION_WORDS.test(text);
}

export interface Corpus {
  name: string;
  /** Absolute paths, sorted. */
  files: string[];
  recipe: string;
}

/** Every file under `dir` whose name matches, sorted by path; `node_modules` below `dir` is entered only if asked. */
function listFiles(dir: string, options: { enterNodeModules: boolean; match: (file: string) => boolean }): string[] {
  const found: string[] = [];
  const walk = (current: string): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      // Symbolic links are not followed: node_modules/.bin and workspace links would list files twice.
      if (entry.isDirectory()) {
        if (entry.name === "node_modules" && !options.enterNodeModules) continue;
        walk(full);
      } else if (entry.isFile() && options.match(full)) {
        found.push(full);
      }
    }
  };
  walk(dir);
  return found.sort(compareCodeUnits);
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function fileSize(file: string): number {
  return fs.statSync(file).size;
}

function isBroadCandidate(file: string): boolean {
  return SOURCE_FILE.test(file) && !DECLARATION_FILE.test(file) && fileSize(file) <= MAX_FILE_BYTES;
}

export function broadCorpus(): Corpus {
  const files: string[] = [];
  for (const { name, cap, exclude } of BROAD_PACKAGES) {
    const packageDir = path.join(NODE_MODULES, name);
    if (!fs.existsSync(packageDir)) throw new Error(`broad corpus: package "${name}" is not installed (run npm ci)`);
    const candidates = listFiles(packageDir, {
      enterNodeModules: false,
      match: (file) => isBroadCandidate(file) && !(exclude && exclude.test(toPosix(file))),
    });
    files.push(...candidates.slice(0, cap));
  }
  return {
    name: "broad",
    files,
    recipe: `per package in BROAD_PACKAGES (bench/corpora.ts): .ts/.tsx/.js/.mjs/.cjs files, no .d.ts, <= ${MAX_FILE_BYTES} bytes, nested node_modules skipped, sorted, first <cap>`,
  };
}

/** The broad files with no elicitation code: where a rule must cost nothing. */
export function quietCorpus(broad: Corpus = broadCorpus()): Corpus {
  return {
    name: "quiet",
    files: broad.files.filter((file) => !hasElicitationCode(fs.readFileSync(file, "utf8"))),
    recipe: `the broad corpus minus files matching ${String(ELICITATION_WORDS)}`,
  };
}

export function denseCorpus(): Corpus {
  const sourceOnly = (file: string) => SOURCE_FILE.test(file) && !DECLARATION_FILE.test(file);
  const fixtures = listFiles(path.join(REPO_ROOT, "fixtures"), { enterNodeModules: false, match: sourceOnly });
  const codemodInputs = listFiles(path.join(REPO_ROOT, "codemods", "__fixtures__"), {
    enterNodeModules: false,
    match: (file) => sourceOnly(file) && /\.input\.[^/]+$/.test(file),
  });
  const examples = listFiles(path.join(NODE_MODULES, "@modelcontextprotocol/sdk/dist/esm/examples"), {
    enterNodeModules: false,
    match: sourceOnly,
  });
  return {
    name: "dense",
    files: [...fixtures, ...codemodInputs, ...examples],
    recipe:
      "fixtures/**/*.{ts,tsx,js,mjs,cjs} (no .d.ts) + codemods/__fixtures__/**/*.input.* + node_modules/@modelcontextprotocol/sdk/dist/esm/examples/**/*.js, sorted",
  };
}

/** The MCP and ACP libraries whose installed code makes the framework corpus; their examples are the dense corpus. */
const FRAMEWORK_PACKAGES: readonly string[] = [
  "@modelcontextprotocol/sdk",
  "@modelcontextprotocol/server",
  "@modelcontextprotocol/client",
  "@modelcontextprotocol/core",
  "@agentclientprotocol/sdk",
  "@modelcontextprotocol/server-everything",
];
/** Bundles above this are generated code nobody lints in a repository. */
const MAX_FRAMEWORK_FILE_BYTES = 256 * 1024;

export function frameworkCorpus(): Corpus {
  const files: string[] = [];
  for (const name of FRAMEWORK_PACKAGES) {
    const packageDir = path.join(NODE_MODULES, name);
    if (!fs.existsSync(packageDir))
      throw new Error(`framework corpus: package "${name}" is not installed (run npm ci)`);
    files.push(
      ...listFiles(packageDir, {
        enterNodeModules: false,
        match: (file) =>
          SOURCE_FILE.test(file) &&
          !DECLARATION_FILE.test(file) &&
          !/\/examples\//.test(toPosix(file)) &&
          fileSize(file) <= MAX_FRAMEWORK_FILE_BYTES,
      }),
    );
  }
  return {
    name: "framework",
    files,
    recipe: `every .ts/.js/.mjs/.cjs file (no .d.ts, no examples/, <= ${MAX_FRAMEWORK_FILE_BYTES} bytes) of ${FRAMEWORK_PACKAGES.join(", ")}, sorted`,
  };
}

/** The generated module's size: as many tools as the 5 MB module of issue 24 has, in one function. */
const LARGE_FILE_TOOLS = 12_446;

/** Writes the large generated module into `dir` and returns it as a one-file corpus. */
export function writeLargeFileCorpus(dir: string): Corpus {
  fs.mkdirSync(dir, { recursive: true });
  const tools: string[] = [];
  for (let index = 0; index < LARGE_FILE_TOOLS; index += 1) {
    tools.push(`  server.registerTool("tool_${index}", { description: "Tool ${index}" }, async (args, extra) => {
    const answer = await server.server.elicitInput({ message: "Proceed with tool ${index}?", requestedSchema });
    if (answer.action === "accept") {
      return { content: [{ type: "text", text: "done ${index}" }] };
    }
    return { content: [{ type: "text", text: "stopped" }] };
  });
`);
  }
  const file = path.join(dir, "generated-tools.ts");
  fs.writeFileSync(
    file,
    `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n\nconst requestedSchema = { type: "object", properties: {} } as const;\n\nexport function register(server: McpServer) {\n${tools.join("")}}\n`,
  );
  return {
    name: "large",
    files: [file],
    recipe: `one generated module (bench/corpora.ts writeLargeFileCorpus): ${LARGE_FILE_TOOLS} registerTool calls in one function, each with one elicitInput and an if on accept`,
  };
}

/** What `npm run sweep` covers by default: every source file under node_modules, declaration files included. */
export function sweepCorpus(): Corpus {
  return {
    name: "sweep",
    files: listFiles(NODE_MODULES, { enterNodeModules: true, match: (file) => SOURCE_FILE.test(file) }),
    recipe: "node_modules/**/*.{ts,tsx,js,mjs,cjs} (nested node_modules included, symlinks not followed), sorted",
  };
}

export function totalBytes(files: readonly string[]): number {
  let total = 0;
  for (const file of files) total += fileSize(file);
  return total;
}

function toPosix(file: string): string {
  return file.split(path.sep).join("/");
}

/** A path as printed and recorded: relative to the repository, so results name no machine-specific directory. */
export function displayPath(file: string): string {
  const relative = path.relative(REPO_ROOT, file);
  return toPosix(relative.startsWith("..") ? file : relative);
}

/**
 * A whole repository on disk for `check` and `eslint` to discover and lint, as a user runs them: the files of the
 * given corpora copied under `<dir>/src/` by their path in this repository (`node_modules/` renamed `vendor/` and
 * `dist/` or `build/` renamed `lib/`, since
 * both tools skip node_modules), and a package.json at the root. Its corpus is that one package.json: the variants
 * that time a whole run lint the directory it is in. Placed outside this repository, whose .gitignore would hide it.
 */
export function writeRepositoryCorpus(dir: string, sources: readonly Corpus[]): Corpus {
  fs.mkdirSync(dir, { recursive: true });
  const seen = new Set<string>();
  for (const file of sources.flatMap((corpus) => corpus.files)) {
    const relative = path
      .relative(REPO_ROOT, file)
      .split(path.sep)
      // Both tools skip node_modules, and check's walk also skips dist/ and build/ (build output), which is where
      // the installed packages keep their code: renamed, so both runs lint the same files.
      .map((part) => (part === "node_modules" ? "vendor" : part === "dist" || part === "build" ? "lib" : part));
    const target = path.join(dir, "src", ...relative);
    if (seen.has(target)) continue;
    seen.add(target);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(file, target);
  }
  const manifest = path.join(dir, "package.json");
  fs.writeFileSync(
    manifest,
    `${JSON.stringify({ name: "bench-repository", private: true, type: "module" }, null, 2)}\n`,
  );
  return {
    name: "repository",
    files: [manifest],
    recipe: `one directory of ${seen.size} files: ${sources.map((corpus) => corpus.name).join(" + ")} copied under src/ (node_modules/ as vendor/), linted as a whole`,
  };
}
