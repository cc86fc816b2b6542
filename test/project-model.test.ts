/**
 * The project model across files (issue 34, first kind: the project's own wrapper in another module; sixth kind:
 * a cancel path in one module, the pending prompts in another). Each fixture
 * project under test/project-model is linted as a user lints it: through ESLint's Node API with the plugin's config,
 * untyped and typed (its own tsconfig.json), and through `check`. The two modes must agree, and the contrast files
 * (the same shapes around a wrapper that asks nobody) must stay clean.
 */
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../index.ts";
import { projectModulesParsed } from "../analysis/modules.ts";
import { REPO_ROOT, makeProject, runCli } from "./support/cli.ts";

const PROJECTS = path.join(REPO_ROOT, "test", "project-model");

/** `file:line rule/messageId`, sorted, for every finding of `config` on `folder` of `cwd`. */
async function findings(cwd: string, folder: string, config: "recommended" | "all", typed: boolean): Promise<string[]> {
  const base = plugin.configs[config];
  const eslint = new ESLint({
    cwd,
    overrideConfigFile: true,
    overrideConfig: [
      typed
        ? {
            ...base,
            languageOptions: {
              ...base.languageOptions,
              parserOptions: { projectService: true, tsconfigRootDir: cwd },
            },
          }
        : base,
    ],
  });
  const results = await eslint.lintFiles([folder]);
  return results
    .flatMap((result) =>
      result.messages.map(
        (message) =>
          `${path.relative(cwd, result.filePath)}:${message.line} ${message.ruleId?.replace("elicitation/", "")}/${message.messageId}`,
      ),
    )
    .sort();
}

/** What a reviewer found by hand in test/project-model/wrapper, with the recommended config. */
const WRAPPER_FINDINGS = [
  // `confirmWith` is handed options but not the tool handler's `extra.signal`.
  "wrapper/server.ts:8 forward-abort-signal/notForwarded",
  // A lock held across `confirm` (imported), released outside `finally`.
  "wrapper/tools.ts:10 release-in-finally/releaseNotInFinally",
  // `else` after `accept` on the answer of `confirm`, of `ui.ask` (a namespace import) and of `confirmWithPerson`
  // (re-exported under another name through a barrel).
  "wrapper/tools.ts:13 exhaustive-action/declineAndCancelMerged",
  "wrapper/tools.ts:19 exhaustive-action/declineAndCancelMerged",
  "wrapper/tools.ts:24 exhaustive-action/declineAndCancelMerged",
];

describe("the project's own wrapper in another module", () => {
  it("is found untyped, through ESLint's Node API; the toast wrapper's callers stay clean", async () => {
    const found = await findings(PROJECTS, "wrapper", "recommended", false);
    expect(found).toEqual(WRAPPER_FINDINGS);
    expect(found.filter((finding) => finding.startsWith("wrapper/contrast.ts"))).toEqual([]);
  });

  it("is found typed, and the typed findings are the untyped ones", async () => {
    expect(await findings(PROJECTS, "wrapper", "recommended", true)).toEqual(WRAPPER_FINDINGS);
  });

  it("is found by `check` with its defaults", async () => {
    const { code, stdout } = await runCli(["check", "--no-typed", "--format", "json", "wrapper"], PROJECTS);
    expect(code).toBe(1);
    const reported = (JSON.parse(stdout) as ESLint.LintResult[])
      .flatMap((result) =>
        result.messages.map(
          (message) =>
            `${path.relative(PROJECTS, result.filePath)}:${message.line} ${message.ruleId?.replace("elicitation/", "")}/${message.messageId}`,
        ),
      )
      .sort();
    expect(reported).toEqual(WRAPPER_FINDINGS);
  });

  it("sees a change to the imported module on the next lint of the importer, as an editor does", async () => {
    const files = Object.fromEntries(
      ["ui.ts", "tools.ts", "index.ts"].map((name) => [
        `src/${name}`,
        fs.readFileSync(path.join(PROJECTS, "wrapper", name), "utf8"),
      ]),
    );
    const cwd = makeProject("project-model", files);
    const before = await findings(cwd, "src/tools.ts", "recommended", false);
    expect(before).toContain("src/tools.ts:13 exhaustive-action/declineAndCancelMerged");
    // `confirm` now shows a message and asks nobody.
    const ui = path.join(cwd, "src", "ui.ts");
    fs.writeFileSync(
      ui,
      fs
        .readFileSync(ui, "utf8")
        .replace(
          /export async function confirm\([^)]*\) \{[\s\S]*?\n\}/,
          'export async function confirm(_server: unknown, message: string) {\n  console.log(message);\n  return { action: "accept" as const };\n}',
        ),
    );
    const after = await findings(cwd, "src/tools.ts", "recommended", false);
    expect(after).not.toContain("src/tools.ts:13 exhaustive-action/declineAndCancelMerged");
    expect(after).not.toContain("src/tools.ts:10 release-in-finally/releaseNotInFinally");
  });

  it("parses an imported module once, not once per importer or rule", async () => {
    const cwd = makeProject("project-model-once", {
      "src/ui.ts": fs.readFileSync(path.join(PROJECTS, "wrapper", "ui.ts"), "utf8"),
      "src/a.ts": fs.readFileSync(path.join(PROJECTS, "wrapper", "contrast.ts"), "utf8").replace("notify", "confirm"),
      "src/b.ts": fs.readFileSync(path.join(PROJECTS, "wrapper", "contrast.ts"), "utf8").replace("notify", "confirm"),
    });
    const parsedBefore = projectModulesParsed();
    await findings(cwd, "src/a.ts", "all", false);
    await findings(cwd, "src/b.ts", "all", false);
    expect(projectModulesParsed() - parsedBefore).toBe(1);
  });
});

/**
 * What a reviewer found by hand in test/project-model/cancel-paths, with the recommended config: the stop paths send
 * `session/cancel` from one module while the prompts wait in another.
 */
const CANCEL_PATH_FINDINGS = [
  // chat.ts cancels; the ChatClient it builds (client.ts) hands each question to permission-store.ts's Deferreds.
  "cancel-paths/chat.ts:8 answer-pending-on-cancel/pendingInModuleLeftOnCancel",
  // panel.ts cancels; the PickerClient (picker.ts) shows a quick pick kept open on focus loss, with no token.
  "cancel-paths/panel.ts:8 answer-pending-on-cancel/dialogLeftOpenOnCancel",
];

describe("a cancel path in one module, the pending prompts in another", () => {
  it("is found untyped, through ESLint's Node API; the contrasts stay clean", async () => {
    const found = await findings(PROJECTS, "cancel-paths", "recommended", false);
    expect(found).toEqual(CANCEL_PATH_FINDINGS);
  });

  it("is found typed, and the typed findings are the untyped ones", async () => {
    expect(await findings(PROJECTS, "cancel-paths", "recommended", true)).toEqual(CANCEL_PATH_FINDINGS);
  });

  it("is found by `check` with its defaults, with the module the prompts wait in named", async () => {
    const { code, stdout } = await runCli(["check", "--no-typed", "--format", "json", "cancel-paths"], PROJECTS);
    expect(code).toBe(1);
    const messages = (JSON.parse(stdout) as ESLint.LintResult[]).flatMap((result) =>
      result.messages.map((message) => ({ file: path.relative(PROJECTS, result.filePath), ...message })),
    );
    expect(
      messages
        .map(
          (message) =>
            `${message.file}:${message.line} ${message.ruleId?.replace("elicitation/", "")}/${message.messageId}`,
        )
        .sort(),
    ).toEqual(CANCEL_PATH_FINDINGS);
    expect(messages.find((message) => message.file.endsWith("chat.ts"))?.message).toBe(
      "The agent hangs on `pending` (permission-store.ts) after this cancel: answer each `cancelled`.",
    );
    expect(messages.find((message) => message.file.endsWith("panel.ts"))?.message).toContain(
      "The quick pick at picker.ts:9 stays up after this cancel",
    );
  });
});
