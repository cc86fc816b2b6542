/**
 * `npm run build:playground`: the playground as a static page in dist/playground/ (any static server serves it; no
 * backend). One bundle holds ESLint's `Linter` (eslint/universal), typescript-eslint's parser (and so TypeScript)
 * and the plugin from its sources. What those reach of Node is answered here:
 * - `path`: path-browserify, Node's POSIX path in JavaScript (analysis/wrappers.ts, analysis/versions.ts and
 *   typescript-estree use it);
 * - `fs` and `module`: shims whose reads fail (shims/), so analysis/versions.ts finds no installed SDK and the rules
 *   give the advice of the versions the API table lists first, as for a file outside any project;
 * - package-root.ts, which reads package.json from disk when loaded: replaced by the manifest imported at build time;
 * - `eslint` (typescript-eslint's utils load its classes to re-export them): ESLint's browser build, eslint/universal;
 * - esquery: its CommonJS build, which has the `parse` that ESLint's selector code calls (its ESM build exports only a
 *   default);
 * - `process`: shims/process.ts, loaded first (tinyglobby, reached through typescript-estree, reads `process.platform`).
 * The rule pages' ❌/✅ examples become the module `virtual:rule-examples`.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import { readRuleDoc } from "../test/support/rule-pages.mts";

const ROOT = path.join(import.meta.dirname, "..");
const shim = (name: string) => path.join(import.meta.dirname, "shims", name);
const fromEslint = createRequire(createRequire(import.meta.url).resolve("eslint"));

const EXAMPLES_ID = "virtual:rule-examples";

/** Every rule page's labelled examples, in page order, as `{ rule, label, code }`. */
function ruleExamples(): Plugin {
  return {
    name: "rule-examples",
    resolveId: (source) => (source === EXAMPLES_ID ? `\0${EXAMPLES_ID}` : null),
    load(id) {
      if (id !== `\0${EXAMPLES_ID}`) return null;
      const pages = fs.readdirSync(path.join(ROOT, "docs", "rules")).filter((name) => name.endsWith(".md"));
      const examples = pages.sort().flatMap((page) => {
        const rule = page.slice(0, -".md".length);
        this.addWatchFile(path.join(ROOT, "docs", "rules", page));
        return readRuleDoc(rule)
          .examples.filter((example) => example.label !== null)
          .map((example) => ({ rule, label: example.label, code: example.code }));
      });
      return `export default ${JSON.stringify(examples)};`;
    },
  };
}

/** The version of an installed package, as the bundle holds it. */
const installedVersion = (name: string) =>
  (
    JSON.parse(fs.readFileSync(createRequire(import.meta.url).resolve(`${name}/package.json`), "utf8")) as {
      version: string;
    }
  ).version;

export default defineConfig({
  root: import.meta.dirname,
  base: "./",
  define: {
    __PLAYGROUND_VERSIONS__: JSON.stringify({
      plugin: installedVersion("eslint-plugin-elicitation"),
      eslint: installedVersion("eslint"),
      parser: installedVersion("@typescript-eslint/parser"),
      typescript: installedVersion("typescript"),
    }),
  },
  resolve: {
    alias: [
      { find: /^(node:)?path$/, replacement: createRequire(import.meta.url).resolve("path-browserify") },
      { find: /^(node:)?fs$/, replacement: shim("fs.ts") },
      { find: /^(node:)?module$/, replacement: shim("module.ts") },
      { find: /^esquery$/, replacement: fromEslint.resolve("esquery") },
      { find: /^eslint(\/use-at-your-own-risk)?$/, replacement: shim("eslint.ts") },
    ],
  },
  plugins: [
    {
      name: "package-root",
      enforce: "pre",
      resolveId(source, importer) {
        if (!importer || path.resolve(path.dirname(importer), source) !== path.join(ROOT, "package-root.ts"))
          return null;
        return shim("package-root.ts");
      },
    },
    ruleExamples(),
  ],
  build: {
    outDir: path.join(ROOT, "dist", "playground"),
    emptyOutDir: true,
    target: "es2022",
    chunkSizeWarningLimit: 8000,
  },
});
