/**
 * The playground project's global setup: `npm run build:playground` once, so the test loads the page a user builds.
 * Built even where no Chromium is installed: a build that fails is a failure of its own.
 */
import { execFileSync } from "node:child_process";
import { REPO_ROOT } from "../support/paths.ts";

export default function setup(): void {
  execFileSync("npm", ["run", "--silent", "build:playground", "--", "--logLevel", "warn"], {
    cwd: REPO_ROOT,
    stdio: "inherit",
  });
}
