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
  },
});
