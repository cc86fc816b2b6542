/**
 * The flat configs as a user composes them, through ESLint's Node API on real files: they carry their own `files`
 * and parser, and a user's own typed config (parserOptions.projectService) still applies, in either order.
 */
import path from "node:path";
import { ESLint, type Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../index.ts";
import { makeProject } from "./support/cli.ts";
import { BUGGY_SERVER, TEST_DOUBLE, expectedFindings, sortFindings } from "./support/samples.ts";

/** Named for nothing a person is asked through: only type information ties `outcome` to an answer's action. */
const TYPED_ONLY = `type Outcome = "accept" | "decline" | "cancel";

export function describeOutcome(outcome: Outcome): string {
  if (outcome === "accept") {
    return "yes";
  } else {
    return "no";
  }
}
`;

const TSCONFIG = JSON.stringify({
  compilerOptions: { target: "es2022", lib: ["es2022"], module: "nodenext", strict: true, noEmit: true, types: [] },
  include: ["src"],
});

const TEST_FILES = [
  "src/deploy.test.ts",
  "src/deploy.spec.mjs",
  "src/__tests__/deploy.ts",
  "test/deploy.ts",
  "tests/deploy.js",
];

const project = makeProject("configs", {
  ...Object.fromEntries(TEST_FILES.map((file) => [file, TEST_DOUBLE])),
  "src/deploy.ts": TEST_DOUBLE,
  "tsconfig.json": TSCONFIG,
  "src/outcome.ts": TYPED_ONLY,
  "src/server.ts": BUGGY_SERVER,
  "src/server.mts": BUGGY_SERVER,
  "src/server.cjs": BUGGY_SERVER.replace(/^import .*$/gm, ""),
  "src/server.jsx": BUGGY_SERVER,
  // TypeScript that ESLint's default parser cannot read, in a file `recommended` leaves out.
  "src/answer.test.ts": `interface Answer {\n  action: "accept" | "decline" | "cancel";\n}\n${TEST_DOUBLE}`,
});

async function lint(config: Linter.Config[], file: string) {
  const eslint = new ESLint({ cwd: project, overrideConfigFile: true, overrideConfig: config });
  const [result] = await eslint.lintFiles([path.join(project, file)]);
  return result!.messages.map((m) => ({ line: m.line, ruleId: m.ruleId ?? `fatal: ${m.message}` }));
}

const typed: Linter.Config = {
  files: ["**/*.ts"],
  languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: project } },
};

describe("configs.recommended on its own", () => {
  it.each(["src/server.ts", "src/server.mts", "src/server.jsx"])("lints %s with no other config", async (file) => {
    expect(sortFindings(await lint([plugin.configs.recommended], file))).toEqual(expectedFindings(BUGGY_SERVER));
  });

  it("lints a .cjs file as well", async () => {
    const findings = await lint([plugin.configs.recommended], "src/server.cjs");
    expect(findings.filter((f) => f.ruleId.startsWith("fatal"))).toEqual([]);
    expect(findings.length).toBeGreaterThan(0);
  });

  it("sets no parserOptions, so nothing of the user's is overridden", () => {
    for (const config of Object.values(plugin.configs)) {
      expect(config.languageOptions?.parserOptions).toBeUndefined();
      expect(config.files).toEqual([
        "**/*.ts",
        "**/*.tsx",
        "**/*.mts",
        "**/*.cts",
        "**/*.js",
        "**/*.jsx",
        "**/*.mjs",
        "**/*.cjs",
      ]);
    }
  });

  it("contrast: without type information, a union named for nothing of ours is not reported", async () => {
    expect(await lint([plugin.configs.recommended], "src/outcome.ts")).toEqual([]);
  });
});

describe("test files", () => {
  const rulesOf = (findings: { ruleId: string }[]) => [...new Set(findings.map((f) => f.ruleId))].sort();

  it.each(TEST_FILES)("recommended leaves %s alone: the test answers its own question", async (file) => {
    // With no other config of the user's for the file, ESLint notes that nothing applies to it; no rule of ours runs.
    const findings = await lint([plugin.configs.recommended], file);
    expect(findings.filter((f) => f.ruleId.startsWith("elicitation/"))).toEqual([]);
    expect(await lint([{ files: ["**/*.ts", "**/*.js", "**/*.mjs"] }, plugin.configs.recommended], file)).toEqual([]);
  });

  it.each(TEST_FILES)("strict still reports the wait in %s", async (file) => {
    expect(rulesOf(await lint([plugin.configs.strict], file))).toContain("elicitation/require-deadline");
  });

  it("contrast: the same code in src/deploy.ts is reported by recommended", async () => {
    expect(rulesOf(await lint([plugin.configs.recommended], "src/deploy.ts"))).toContain(
      "elicitation/require-deadline",
    );
  });

  it("contrast: recommended with its ignores emptied lints test files again", async () => {
    const everywhere = { ...plugin.configs.recommended, ignores: [] };
    expect(rulesOf(await lint([everywhere], "src/deploy.test.ts"))).toContain("elicitation/require-deadline");
  });
});

describe("composed with the user's typed config", () => {
  it.each([
    ["ours first", () => [plugin.configs.recommended, typed]],
    ["ours last", () => [typed, plugin.configs.recommended]],
  ])("keeps their projectService (%s): the typed-only finding appears", async (_order, configs) => {
    const eslint = new ESLint({ cwd: project, overrideConfigFile: true, overrideConfig: configs() });
    const computed = (await eslint.calculateConfigForFile(path.join(project, "src/outcome.ts"))) as Linter.Config;
    expect(computed.languageOptions?.parserOptions).toMatchObject({ projectService: true });
    expect(await lint(configs(), "src/outcome.ts")).toEqual([{ line: 4, ruleId: "elicitation/exhaustive-action" }]);
  });

  it("a typed block that takes recommended's ignores (the README's recipe) leaves a TypeScript test file unparsed", async () => {
    const scoped = { ...typed, ignores: [...plugin.configs.recommended.ignores] };
    const findings = await lint([plugin.configs.recommended, scoped], "src/answer.test.ts");
    expect(findings.filter((finding) => finding.ruleId.startsWith("fatal: Parsing error"))).toEqual([]);
    expect(await lint([plugin.configs.recommended, scoped], "src/outcome.ts")).toEqual([
      { line: 4, ruleId: "elicitation/exhaustive-action" },
    ]);
    // Contrast: the same block without them hands the test file to ESLint's default parser.
    expect(await lint([plugin.configs.recommended, typed], "src/answer.test.ts")).toEqual([
      { line: 1, ruleId: "fatal: Parsing error: The keyword 'interface' is reserved" },
    ]);
  });
});
