/**
 * The two RuleTesters every rule test uses: untyped (the editor's default) and typed (a program from
 * test/typed-project/tsconfig.json, which includes the real @modelcontextprotocol/sdk types).
 */
import path from "node:path";
import { RuleTester } from "@typescript-eslint/rule-tester";

export const untypedRuleTester = new RuleTester();

const TYPED_PROJECT_ROOT = path.join(__dirname, "typed-project");

/** Typed cases must set `filename` to a file in test/typed-project (file.ts or file.tsx). */
export const typedRuleTester = new RuleTester({
  languageOptions: {
    parserOptions: {
      projectService: true,
      tsconfigRootDir: TYPED_PROJECT_ROOT,
    },
  },
});

export const TYPED_FILE = path.join(TYPED_PROJECT_ROOT, "file.ts");
