/**
 * The integration project's global setup: packs the package (its prepack script builds it in place) and installs the
 * tarball into the ESLint 10 and 9 projects before any test file starts. The work lands in packed.ts's cache, so the
 * test files' own `packOnce()` / `installedProject()` calls return at once, and no `beforeAll` waits on npm and the
 * registry inside its hook timeout (a cold 2-core machine with an empty npm cache needs minutes for them). Global
 * setup has no timeout of its own; an npm failure fails the run here, with npm's message.
 */
import { installedProject, packOnce } from "./packed.ts";

export default async function setup(): Promise<void> {
  await packOnce();
  await Promise.all([installedProject(10), installedProject(9)]);
}
