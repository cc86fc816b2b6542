/** Where the repository is, for test helpers that must not load vitest or the CLI (the integration global setup). */
import path from "node:path";

export const REPO_ROOT = path.join(__dirname, "..", "..");
