/**
 * The integration project's global setup, before any test file starts:
 * - builds the plugin in place when the compiled JS is missing or stale (ESLint's CLI and eslint-doc-generator load it);
 * - packs the package and installs the tarball into the ESLint 10 and 9 projects. The work lands in packed.ts's cache,
 *   so the test files' own `packOnce()` / `installedProject()` calls return at once, and no `beforeAll` waits on npm
 *   and the registry inside its hook timeout (a cold 2-core machine with an empty npm cache needs minutes for them).
 *   Skipped when the command line names test files and none of them uses the tarball: those files then pack lazily
 *   themselves, as they always can.
 * Global setup has no timeout of its own; a failing build or npm fails the run here, with their messages.
 */
import { ensureBuilt } from "./build.ts";
import { installedProject, packOnce } from "./packed.ts";

/** The test files that install the packed tarball. */
const TARBALL_TESTS = ["test/package.test.ts", "test/jscodeshift-pack.test.ts", "test/precommit.test.ts"];

/** Vitest's file filters on the command line: arguments that look like paths (`vitest run test/cli.test.ts`). */
function fileFilters(argv: readonly string[]): string[] {
  return argv.slice(2).filter((arg) => !arg.startsWith("-") && /[./\\]/.test(arg));
}

function runsTarballTests(filters: readonly string[]): boolean {
  if (filters.length === 0) return true;
  const normalised = filters.map((filter) => filter.replaceAll("\\", "/").replace(/^\.\//, ""));
  return TARBALL_TESTS.some((file) => normalised.some((filter) => file.includes(filter) || filter.endsWith(file)));
}

export default async function setup(): Promise<void> {
  ensureBuilt();
  if (!runsTarballTests(fileFilters(process.argv))) return;
  await packOnce();
  await Promise.all([installedProject(10), installedProject(9)]);
}
