/**
 * The parser `check` lints JavaScript files with when it lints without types (README, "Command line: `check`"):
 * ESLint's own, espree, which reads a JavaScript file in about half the time typescript-eslint's parser takes (with
 * ESLint's scope analysis: 0.37 s against 0.73 s on four bundles of the MCP SDKs, 520 KB), and is what a JavaScript
 * project's own ESLint config usually lints with. The rules read plain ESTree and never require a TypeScript node or
 * the parser's services, so both parsers give them the same tree to read. A file espree cannot read (Flow
 * annotations, a syntax TypeScript's scanner is more lenient about) is read by typescript-eslint's parser, as every
 * file was before.
 */
import { createRequire } from "node:module";
import type { AST, Linter } from "eslint";
import * as tsParser from "@typescript-eslint/parser";

/** `.js`, `.mjs`, `.cjs`, `.jsx`: what espree reads. */
const JAVASCRIPT_FILE = /\.[cm]?jsx?$/;

interface Espree {
  parse(code: string, options: Record<string, unknown>): AST.Program;
  readonly version: string;
}

/** The espree ESLint itself loads, so that the trees the rules read are those ESLint's own default parser builds. */
const espree = createRequire(require.resolve("eslint"))("espree") as Espree;

/** typescript-eslint's parser as ESLint's types see it (their token types differ only in name). */
const typescriptParser = tsParser as unknown as {
  parseForESLint(code: string, options?: unknown): Linter.ESLintParseResult;
};

export const javascriptFirstParser = {
  meta: { name: "eslint-plugin-elicitation/javascript-first", version: `${espree.version}+${tsParser.meta.version}` },
  parseForESLint(code: string, options?: Record<string, unknown>): Linter.ESLintParseResult {
    const file = typeof options?.filePath === "string" ? options.filePath : "";
    if (JAVASCRIPT_FILE.test(file)) {
      try {
        // No scope manager: ESLint analyses espree's tree itself, as it does for its default parser.
        return { ast: espree.parse(code, espreeOptions(file)) };
      } catch {
        // espree's syntax error: typescript-eslint's parser may read it, or give the error ESLint reports.
      }
    }
    return typescriptParser.parseForESLint(code, options);
  },
} satisfies Linter.Parser;

function espreeOptions(file: string): Record<string, unknown> {
  return {
    ecmaVersion: "latest",
    // A CommonJS module may `return` at its top level.
    sourceType: file.endsWith(".cjs") ? "commonjs" : "module",
    ecmaFeatures: { jsx: true },
    range: true,
    loc: true,
    tokens: true,
    comment: true,
  };
}
