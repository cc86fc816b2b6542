/**
 * The oxlint project's global setup: the packed package installed with ESLint 10 (test/support/packed.ts), the
 * project whose node_modules oxlint loads the plugin from. Shared with the integration project's setup through
 * packed.ts's on-disk cache and lock, so a full run packs and installs once.
 */
import { installedProject } from "../support/packed.ts";

export default async function setup(): Promise<void> {
  await installedProject(10);
}
