// Lints this repository's own code. Fixtures are excluded: they hold the bugs the plugin exists to find.
import eslintPlugin from "eslint-plugin-eslint-plugin";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "dist/",
      "fixtures/",
      "codemods/__fixtures__/",
      ".tmp/",
      "bench/results/",
      "**/*.js",
      "**/*.d.ts",
      "test/typed-project/",
      // The project model's multi-file fixtures hold the bugs the rules find across modules.
      "test/project-model/",
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ["rules/*/index.ts", "rules/**/*.test.ts"],
    ...eslintPlugin.configs.recommended,
  },
  {
    files: ["rules/**/*.test.ts"],
    rules: {
      "eslint-plugin/require-test-case-name": ["error", { require: "always" }],
      "eslint-plugin/no-identical-tests": "error",
      "eslint-plugin/unique-test-case-names": "error",
    },
  },
);
