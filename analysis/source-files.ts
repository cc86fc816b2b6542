/**
 * The one list of source files the plugin reads: every flavour of JavaScript and TypeScript module. The configs,
 * `check`, `migrate` and the codemod engine all take it from here.
 */

/** Extensions of source files, with the dot. */
export const SOURCE_EXTENSIONS: readonly string[] = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];

/** Flat-config `files` globs for the extensions. */
export function globsFor(extensions: readonly string[]): string[] {
  return extensions.map((extension) => `**/*${extension}`);
}

/** Declaration files hold no code the rules or the transforms could act on. */
const DECLARATION_FILE = /\.d\.[cm]?tsx?$|\.d\.[^.]+\.[cm]?ts$/;

export function isSourceFile(file: string): boolean {
  return SOURCE_EXTENSIONS.some((extension) => file.endsWith(extension)) && !DECLARATION_FILE.test(file);
}

/**
 * Test files, as flat configs commonly scope them (@vitest/eslint-plugin's and typescript-eslint's examples give a
 * config object `files: ["tests/**"]` or `["**\/*.test.ts", "**\/*.spec.ts"]`): `*.test.*`, `*.spec.*`, and anything
 * under a `__tests__`, `test` or `tests` folder. A wait there is a test double's, answered or rejected by the test.
 */
export const TEST_FILE_GLOBS: readonly string[] = [
  "**/*.test.*",
  "**/*.spec.*",
  "**/__tests__/**",
  "**/test/**",
  "**/tests/**",
];
