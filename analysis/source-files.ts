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
