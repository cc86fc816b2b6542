/**
 * The integration project's global setup, before any test file starts:
 * - builds the plugin in place when the compiled JS is missing or stale (ESLint's CLI and eslint-doc-generator load it);
 * - packs the package and installs the tarball into the ESLint 10 and 9 projects. The work lands in packed.ts's cache,
 *   so the test files' own `packOnce()` / `installedProject()` calls return at once, and no `beforeAll` waits on npm
 *   and the registry inside its hook timeout (a cold 2-core machine with an empty npm cache needs minutes for them).
 * Global setup has no timeout of its own; a failing build or npm fails the run here, with their messages.
 */
import { ensureBuilt } from "./build.ts";
import { installedProject, packOnce } from "./packed.ts";

export default async function setup(): Promise<void> {
  ensureBuilt();
  await packOnce();
  await Promise.all([installedProject(10), installedProject(9)]);
}
