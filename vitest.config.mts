import { defineConfig } from "vitest/config";

/**
 * Four projects. `unit`: rule, core, codemod and kit tests, in process, no build, no npm, no child process —
 * `npx vitest run --project unit` while you work. `integration`: everything under test/ that packs, installs, spawns
 * ESLint or the CLI, drives the real SDKs, or lints real packages (`npm test` builds first; the project's global setup
 * packs and installs once per run). A new test that starts a process or needs the build belongs under test/.
 * `oxlint` (test/oxlint/): the real oxlint binary with the packed plugin against ESLint's Node API. `playground`
 * (test/playground/): the built playground in headless Chromium.
 */
const UNIT_FILES = [
  "rules/**/*.test.ts",
  "analysis/**/*.test.ts",
  "edits/**/*.test.ts",
  "protocol/**/*.test.ts",
  "codemods/**/*.test.ts",
  "testing/**/*.test.ts",
  "cli/**/*.test.ts",
  "test/docs.test.ts",
  "test/structure.test.ts",
  "test/project-model.test.ts",
  "bench/**/*.test.ts",
];

/** Test folders with a vitest project of their own (below), left out of `integration`. */
const OWN_PROJECT_FILES = ["test/oxlint/**", "test/playground/**"];

export default defineConfig({
  test: {
    exclude: ["**/node_modules/**", ".tmp/**"],
    setupFiles: ["./test/setup-rule-tester.ts"],
    pool: "forks",
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          isolate: false,
          include: UNIT_FILES,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/**/*.test.ts"],
          exclude: ["**/node_modules/**", ".tmp/**", ...UNIT_FILES, ...OWN_PROJECT_FILES],
          globalSetup: ["./test/support/global-setup.ts"],
          // The slow files wait on child processes (ESLint, tsc, git, npm): room for a cold, busy 2-core machine.
          // On a fresh clone at load 20+, codemods-cli's migrate-then-tsc test took 158 s and failed at 120 s. A
          // timeout here only catches a hang, so it is generous; the tests assert no durations.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        // The real oxlint binary with the packed plugin (the tarball the integration project's setup also installs)
        // against ESLint's Node API: `npx vitest run --project oxlint`.
        extends: true,
        test: {
          name: "oxlint",
          include: ["test/oxlint/**/*.test.ts"],
          globalSetup: ["./test/oxlint/global-setup.ts"],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        // The built playground (npm run build:playground, in its global setup) in headless Chromium:
        // `npx vitest run --project playground`.
        extends: true,
        test: {
          name: "playground",
          include: ["test/playground/**/*.test.ts"],
          globalSetup: ["./test/playground/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
    // Vitest's default (cores - 1) is one worker on a 2-core CI machine; the slow files mostly wait on git and
    // child processes, so a third worker overlaps that waiting instead of queueing behind it.
    maxWorkers: 3,
  },
});
