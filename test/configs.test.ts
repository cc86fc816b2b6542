/**
 * The flat configs as a user composes them, through ESLint's Node API on real files: they carry their own `files`
 * and parser, and a user's own typed config (parserOptions.projectService) still applies, in either order.
 */
import path from "node:path";
import { ESLint, type Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../index.ts";
import { makeProject } from "./support/cli.ts";
import { BUGGY_SERVER, expectedFindings, sortFindings } from "./support/samples.ts";

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

const project = makeProject("configs", {
  "tsconfig.json": TSCONFIG,
  "src/outcome.ts": TYPED_ONLY,
  "src/server.ts": BUGGY_SERVER,
  "src/server.mts": BUGGY_SERVER,
  "src/server.cjs": BUGGY_SERVER.replace(/^import .*$/gm, ""),
  "src/server.jsx": BUGGY_SERVER,
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
});
