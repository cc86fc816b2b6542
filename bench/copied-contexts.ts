/**
 * A counterfactual for `npm run bench` only, never for users: ESLint with each rule's context built as a copy of the
 * file's context rather than as an object that inherits from it.
 *
 * Why measure it: ESLint (10.15.0, lib/linter/file-context.js, `FileContext#extend`) makes every rule's context with
 * `Object.create(fileContext)`, so each linted file's context becomes a prototype. V8 keeps a hidden class for the
 * objects made from that prototype in its old generation, and that class points at the prototype, which points at
 * the file's `SourceCode` (tree, tokens, scopes, traversal). Until the next full collection every file stays
 * reachable from the old generation: the young-generation collections copy and promote each file instead of
 * freeing it. That is what one enabled rule costs before it does anything (bench/README.md, "What one enabled rule
 * costs"); with the contexts copied, the same rules run without it.
 *
 * It changes ESLint for the whole process, so only a suite that runs one variant per process may use it.
 */
import { createRequire } from "node:module";
import path from "node:path";

interface FileContextClass {
  prototype: { extend(this: object, extension: object): object };
}

let applied = false;

export function copyRuleContexts(): void {
  if (applied) return;
  const require = createRequire(__filename);
  // ESLint's package exports do not name its linter's modules; its own require cache holds the same file by path.
  const eslintDir = path.dirname(require.resolve("eslint/package.json"));
  const { FileContext } = require(path.join(eslintDir, "lib", "linter", "file-context.js")) as {
    FileContext?: FileContextClass;
  };
  if (typeof FileContext?.prototype.extend !== "function")
    throw new Error("this ESLint has no FileContext#extend: the copied-contexts variants do not apply to it");
  FileContext.prototype.extend = function extend(this: object, extension: object): object {
    return Object.freeze({ ...this, ...extension });
  };
  applied = true;
}
