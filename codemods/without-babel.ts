/**
 * Imported first by every transform, for its side effect only.
 *
 * Unless told `--no-babel`, jscodeshift loads a transform through `@babel/register` with its `ignore` list replaced,
 * which makes Babel compile every module loaded afterwards, `node_modules` included — for these transforms that is
 * TypeScript and ESLint, a minute of work before the first file. The transforms are plain CommonJS and need no
 * compiling, so inside jscodeshift's worker, once the transform module itself is loaded, the hook is removed through
 * `@babel/register`'s own `revert()`. Outside jscodeshift's worker nothing is touched.
 */
import path from "node:path";

const WORKER = `${path.sep}jscodeshift${path.sep}src${path.sep}Worker.js`;
/** Its entry module (`lib/index.cjs`, or `lib/index.js` in older releases) exports `revert`. */
const BABEL_REGISTER = /[\\/]@babel[\\/]register[\\/]lib[\\/](?:index|nodeWrapper)\.c?js$/;

function loadedModule(matches: (filename: string) => boolean): NodeJS.Module | undefined {
  for (const [filename, loaded] of Object.entries(require.cache)) {
    if (loaded && matches(filename)) return loaded;
  }
  return undefined;
}

if (loadedModule((filename) => filename.endsWith(WORKER))) {
  const register = loadedModule((filename) => BABEL_REGISTER.test(filename))?.exports as
    { revert?: unknown } | undefined;
  if (typeof register?.revert === "function") register.revert();
}
