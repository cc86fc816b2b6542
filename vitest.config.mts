import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    exclude: ["**/node_modules/**", ".tmp/**"],
    setupFiles: ["./test/setup-rule-tester.ts"],
    // Packaging and CLI tests install tarballs and spawn ESLint: give them room, keep unit tests fast.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: "forks",
    // Vitest's default (cores - 1) is one worker on a 2-core CI machine; the slow files mostly wait on npm, git and
    // child processes, so a third worker overlaps that waiting instead of queueing behind it.
    maxWorkers: 3,
  },
});
