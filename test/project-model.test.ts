/**
 * The project model across files (issue 34: the project's own wrapper in another module; answer fields and words the
 * table does not name; a cancel path in one module, the pending prompts in another). Each fixture
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
  return reportedBy(await eslint.lintFiles([folder]), cwd);
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
      // Each calls `confirm`: a module is parsed only when a call of the importer leads to it.
      "src/a.ts": fs
        .readFileSync(path.join(PROJECTS, "wrapper", "contrast.ts"), "utf8")
        .replaceAll("notify", "confirm"),
      "src/b.ts": fs
        .readFileSync(path.join(PROJECTS, "wrapper", "contrast.ts"), "utf8")
        .replaceAll("notify", "confirm"),
    });
    const parsedBefore = projectModulesParsed();
    await findings(cwd, "src/a.ts", "all", false);
    await findings(cwd, "src/b.ts", "all", false);
    expect(projectModulesParsed() - parsedBefore).toBe(1);
  });

  it("reads a question's request schema another module builds, and not one for another method", async () => {
    const client = (schema: string) =>
      [
        'import { Client } from "@modelcontextprotocol/sdk/client/index.js";',
        `import { ${schema} } from "./schemas";`,
        "declare const dialog: { show(params: unknown): Promise<{ action: string }> };",
        'const client = new Client({ name: "desk", version: "1.0.0" }, { capabilities: {} });',
        `client.setRequestHandler(${schema}, async (request) => {`,
        "  return await dialog.show(request.params);",
        "});",
      ].join("\n");
    const cwd = makeProject("project-model-imported-schema", {
      "src/schemas.ts": [
        'import { z } from "zod";',
        'const elicitationShape = { method: z.literal("elicitation/create"), params: z.object({}).passthrough() };',
        "export const ElicitationRequest = z.object(elicitationShape);",
        'export const PingRequest = z.object({ method: z.literal("ping") });',
      ].join("\n"),
      "src/asks.ts": client("ElicitationRequest"),
      "src/pings.ts": client("PingRequest"),
    });
    // The schema module names a question's method, but not in the export `pings.ts` registers with: not parsed.
    const parsedBefore = projectModulesParsed();
    expect(await findings(cwd, "src/pings.ts", "recommended", false)).toEqual([]);
    expect(projectModulesParsed() - parsedBefore).toBe(0);
    expect(await findings(cwd, "src/asks.ts", "recommended", false)).toContain(
      "src/asks.ts:5 forward-abort-signal/handlerIgnoresSignal",
    );
    expect(projectModulesParsed() - parsedBefore).toBe(1);
  });

  it("parses no module whose text shows the export called asks nobody", async () => {
    const cwd = makeProject("project-model-no-parse", {
      // A parser's bundle: it spells a re-export in its messages, and its own functions ask nobody.
      "src/parser.js": [
        "const messages = { reexport: 'export * from \"./x\" is not allowed here' };",
        "export function parse(source, options) {",
        "  return tokenize(source, options);",
        "}",
        "function tokenize(source) {",
        "  return source.split(/\\s+/);",
        "}",
        "export { messages };",
      ].join("\n"),
      "src/tool.ts": [
        'import { parse } from "./parser.js";',
        "export async function run(input: string, extra: { signal: AbortSignal }) {",
        "  await fetch(input, { signal: extra.signal });",
        "  return parse(input);",
        "}",
      ].join("\n"),
    });
    const parsedBefore = projectModulesParsed();
    expect(await findings(cwd, "src/tool.ts", "all", false)).toEqual([]);
    expect(projectModulesParsed() - parsedBefore).toBe(0);
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

/** What a reviewer found by hand in test/project-model/handlers, with the recommended config. */
const HANDLER_FINDINGS = [
  // A client wrapper returns the application's callback's promise (callback-app.ts's dialog), unawaited, from a
  // handler that never takes the request's signal; its `declineAll` handler answers at once.
  "handlers/callback-client.ts:12 forward-abort-signal/handlerIgnoresSignal",
  // A client's handler registered with a schema built here (`method: z.literal("elicitation/create")`).
  "handlers/client.ts:16 forward-abort-signal/handlerIgnoresSignal",
  // A low-level server's `tools/call` handler asks, and never takes `extra`.
  "handlers/low-level.ts:8 forward-abort-signal/handlerTakesNoSignal",
  // `delete_file` (tools/delete-file.ts) registered in a loop over the imported list, and `purge` (tools/purge.ts)
  // through an adapter that hands it `extra` in vain: neither handler takes it.
  "handlers/register.ts:6 forward-abort-signal/handlerDropsSignal",
  "handlers/register.ts:10 forward-abort-signal/handlerDropsSignal",
  // A handler behind `withErrorHandling` (errors.ts), and a resource's read handler.
  "handlers/wrapped.ts:11 forward-abort-signal/handlerTakesNoSignal",
  "handlers/wrapped.ts:26 forward-abort-signal/handlerTakesNoSignal",
];

/** What a reviewer found by hand in test/project-model/context: the question does not get the signal kept there. */
const CONTEXT_FINDINGS = [
  // `context.abortSignal`, handed to the fetch.
  "context/context.ts:13 forward-abort-signal/notForwarded",
  // `requestContext.getStore()?.signal` and `currentSignal()` (store.ts), handed to the fetches.
  "context/deploy.ts:9 forward-abort-signal/notForwarded",
  "context/deploy.ts:15 forward-abort-signal/notForwarded",
  // The base tool class keeps each call's signal in `_abortSignal` (set from `extra.signal`, tool-server.ts): `elicit`
  // passes only its own caller's options, `elicitUrl` none; `confirm` passes it. tool-contrast.ts: a signal the class
  // makes and aborts itself, and a process signal's name.
  "context/tool-base.ts:23 forward-abort-signal/notForwarded",
  "context/tool-base.ts:28 forward-abort-signal/notForwarded",
  // `this.signal` of the turn, handed to its `plan`'s fetch.
  "context/turn.ts:18 forward-abort-signal/notForwarded",
];

/** What a reviewer found by hand in test/project-model/reach: wrappers reached by a paths alias and a workspace name. */
const REACH_FINDINGS = [
  "reach/src/release.ts:8 exhaustive-action/declineAndCancelMerged",
  "reach/src/release.ts:14 exhaustive-action/declineAndCancelMerged",
];

const MODEL_FOLDERS = ["handlers", "context", "reach"];
const MODEL_FINDINGS = [...HANDLER_FINDINGS, ...CONTEXT_FINDINGS, ...REACH_FINDINGS].sort();

describe("handlers registered elsewhere, signals kept in context, imports by alias and workspace name", () => {
  it("are found untyped, through ESLint's Node API; the contrast cases stay clean", async () => {
    const found = await findingsOf(MODEL_FOLDERS, false);
    expect(found).toEqual(MODEL_FINDINGS);
  });

  it("are found typed, and the typed findings are the untyped ones", async () => {
    expect(await findingsOf(MODEL_FOLDERS, true)).toEqual(MODEL_FINDINGS);
  });

  it("are found by `check` with its defaults", async () => {
    const { code, stdout } = await runCli(["check", "--no-typed", "--format", "json", ...MODEL_FOLDERS], PROJECTS);
    expect(code).toBe(1);
    expect(reportedBy(JSON.parse(stdout) as ESLint.LintResult[], PROJECTS)).toEqual(MODEL_FINDINGS);
  });

  it("names the handler's module and the signal the code keeps", async () => {
    const eslint = new ESLint({
      cwd: PROJECTS,
      overrideConfigFile: true,
      overrideConfig: [plugin.configs.recommended],
    });
    const [register] = await eslint.lintFiles(["handlers/register.ts"]);
    expect(register!.messages.map((message) => message.message)).toEqual([
      "`t.handler` (./tools/delete-file.ts:8) never takes `extra`: a cancelled request leaves its question open.",
      "`t.handler` (./tools/purge.ts:8) never takes `extra`: a cancelled request leaves its question open.",
    ]);
    const [deploy] = await eslint.lintFiles(["context/deploy.ts"]);
    const publish = deploy!.messages.find((message) => message.line === 15)!;
    expect(publish.message).toContain("pass `currentSignal()` to the call");
    const { range, text } = publish.suggestions![0]!.fix;
    const source = fs.readFileSync(path.join(PROJECTS, "context", "deploy.ts"), "utf8");
    const suggested = source.slice(0, range[0]) + text + source.slice(range[1]);
    expect(suggested.split("\n")[14]).toBe(
      '  const answer = await server.elicitInput({ message: "Publish?", requestedSchema }, { timeout: 120_000, signal: currentSignal() });',
    );
  });

  it("follows a workspace package through its node_modules link", async () => {
    const release = fs.readFileSync(path.join(PROJECTS, "reach", "src", "release.ts"), "utf8");
    const cwd = makeProject("project-model-link", {
      "package.json": '{ "private": true }\n',
      "packages/approvals/package.json": '{ "name": "@acme/approvals", "exports": { ".": "./src/index.ts" } }\n',
      "packages/approvals/src/index.ts": fs.readFileSync(
        path.join(PROJECTS, "reach", "packages", "approvals", "src", "index.ts"),
        "utf8",
      ),
      // Only the workspace import: the alias needs the fixture's tsconfig.
      "src/release.ts": release.replace(/^import \{ confirm, notify \} from "@app\/ui";\n/m, ""),
    });
    fs.mkdirSync(path.join(cwd, "node_modules", "@acme"), { recursive: true });
    fs.symlinkSync(path.join(cwd, "packages", "approvals"), path.join(cwd, "node_modules", "@acme", "approvals"));
    const found = await findings(cwd, "src", "recommended", false);
    expect(found).toEqual(["src/release.ts:13 exhaustive-action/declineAndCancelMerged"]);
  });
});

describe("imports by an alias of a tsconfig the project extends from a package", () => {
  /** A project whose `@lib/*` alias is declared in a tsconfig of a package it extends, and a wrapper behind it. */
  function projectWithAlias(prefix: string, tsconfigs: Record<string, string>): string {
    const ui = fs.readFileSync(path.join(PROJECTS, "wrapper", "ui.ts"), "utf8");
    const cwd = makeProject(prefix, {
      ...tsconfigs,
      "node_modules/@acme/tsconfig/package.json": '{ "name": "@acme/tsconfig", "version": "1.0.0" }\n',
      "node_modules/@acme/tsconfig/tsconfig.json": JSON.stringify({
        compilerOptions: {
          paths: { "@lib/*": ["../../../src/*"] },
          strict: true,
          target: "es2022",
          module: "nodenext",
          moduleResolution: "nodenext",
          skipLibCheck: true,
          noEmit: true,
          types: [],
        },
      }),
      "src/ui.ts": ui,
      // `confirmWith` takes options, and is handed none with the handler's signal.
      "src/server.ts": [
        'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
        'import { confirmWith } from "@lib/ui";',
        "",
        'const server = new McpServer({ name: "release-tools", version: "1.0.0" });',
        "",
        'server.tool("publish", async (extra) => {',
        '  const answer = await confirmWith(server.server, "Publish the release?", { timeout: 120_000 });',
        '  return { content: [{ type: "text", text: `${answer.action} (${extra.requestId})` }] };',
        "});",
        "",
      ].join("\n"),
    });
    fs.symlinkSync(
      path.join(REPO_ROOT, "node_modules", "@modelcontextprotocol"),
      path.join(cwd, "node_modules", "@modelcontextprotocol"),
    );
    return cwd;
  }

  it("is followed untyped and typed when the nearest tsconfig extends it", async () => {
    const cwd = projectWithAlias("project-model-extends", {
      "tsconfig.json": '{ "extends": "@acme/tsconfig/tsconfig.json", "include": ["src"] }\n',
    });
    const expected = ["src/server.ts:7 forward-abort-signal/notForwarded"];
    expect(await findings(cwd, "src", "recommended", false)).toEqual(expected);
    expect(await findings(cwd, "src", "recommended", true)).toEqual(expected);
  });

  it("is followed typed through the program's declaration where only a referenced tsconfig has it", async () => {
    // A solution-style tsconfig.json: the alias is in the project it references, which the untyped reading does not
    // look for; the program knows where `confirmWith` is declared, and that it takes options.
    const cwd = projectWithAlias("project-model-references", {
      "tsconfig.json": '{ "files": [], "references": [{ "path": "./tsconfig.app.json" }] }\n',
      "tsconfig.app.json":
        '{ "extends": "@acme/tsconfig/tsconfig.json", "compilerOptions": { "composite": true }, "include": ["src"] }\n',
    });
    expect(await findings(cwd, "src", "recommended", true)).toEqual([
      "src/server.ts:7 forward-abort-signal/notForwarded",
    ]);
    expect(await findings(cwd, "src", "recommended", false)).toEqual([]);
  });
});

/**
 * Issue 34, kind 4 (test/project-model/answers): the project's own words for an answer from a helper in another
 * module, FrontMCP's `status`, custom reject option ids from another module, and the SDK's multi-round-trip helpers
 * handed on by the project's own module. What a
 * reviewer found by hand, with the recommended config.
 */
const ANSWERS_FINDINGS = [
  // The client's dialog fails and it answers `SKIP`, a reject option of permission-options.ts: a refusal nobody made.
  "answers/acp-client.ts:14 exhaustive-action/declineWithoutPerson",
  // `toDecision` (decisions.ts) maps accept/decline/cancel to yes/no/dismissed; the else after "yes" folds two.
  "answers/deploy.ts:11 exhaustive-action/declineAndCancelMerged",
  // FrontMCP's `this.elicit` answers in `status`: `!== "accept"` ends decline and cancel alike.
  "answers/frontmcp-tool.ts:9 exhaustive-action/declineAndCancelMerged",
  // `acceptedContent` and `inputRequired` come through ./mcp.ts: a declined confirm is asked again.
  "answers/retry.ts:9 exhaustive-action/reaskMerged",
];

/**
 * Issue 34, kind 5 and issue 35 (test/project-model/stores): pending answers kept outside a Map, and a shared client's
 * handler registered per session. What a reviewer found by hand, with the recommended config.
 */
const STORES_FINDINGS = [
  // The store module's `pendingBySession`, keyed by the session: a second question replaces the first.
  "stores/ask-in-chat.ts:10 no-session-keyed-pending/sessionKeyedPending",
  // …and nothing ends that wait but a chat reply.
  "stores/ask-in-chat.ts:9 require-deadline/handRolledWait",
  // The upstream client (upstream.ts) gets its handler again from each session: the newest receives every question.
  "stores/gateway.ts:7 no-session-keyed-pending/sharedHandlerReplaced",
  // The provider's one resolver in React state, for every question its handler receives.
  "stores/prompt-provider.ts:13 no-session-keyed-pending/singleSlotPending",
  // The handler never reads the request's signal: a withdrawn question stays on screen.
  "stores/prompt-provider.ts:9 forward-abort-signal/handlerIgnoresSignal",
  // A Deferred (deferred.ts) in one field per session, and a `{ resolve }` in another.
  "stores/session.ts:12 no-session-keyed-pending/singleSlotPending",
  "stores/session.ts:19 no-session-keyed-pending/singleSlotPending",
  // The hook's one state for the open permission request (its resolver waits by id in acp-client.ts): a second
  // request replaces the first. use-acp-queue.ts keeps them in a queue or by id.
  "stores/use-acp-client.ts:12 no-session-keyed-pending/singleSlotPending",
  // Issue 35: one pending-permission state per connection.
  "stores/use-permission.ts:18 no-session-keyed-pending/singleSlotPending",
];

/** The `all` config (strict options) adds the debatable single slot: the socket's one handshake resolver. */
const STORES_STRICT_FINDINGS = [
  ...STORES_FINDINGS,
  "stores/session.ts:29 no-session-keyed-pending/singleSlotPending",
].sort();

describe.each([
  { folder: "answers", config: "recommended" as const, expected: ANSWERS_FINDINGS },
  { folder: "stores", config: "recommended" as const, expected: STORES_FINDINGS },
  { folder: "stores", config: "all" as const, expected: STORES_STRICT_FINDINGS },
])("the project model on $folder ($config)", ({ folder, config, expected }) => {
  it("finds each shape untyped, through ESLint's Node API; the contrasts stay clean", async () => {
    expect(await findings(PROJECTS, folder, config, false)).toEqual(expected);
  });

  it("finds the same typed", async () => {
    expect(await findings(PROJECTS, folder, config, true)).toEqual(expected);
  });
});

describe("the project model through `check`", () => {
  // One run for every fixture project: each `check` is a process of its own.
  it("finds the same shapes with `check`'s defaults", async () => {
    const { code, stdout } = await runCli(
      ["check", "--no-typed", "--format", "json", "wrapper", "answers", "stores"],
      PROJECTS,
    );
    expect(code).toBe(1);
    expect(reportedBy(JSON.parse(stdout) as ESLint.LintResult[], PROJECTS)).toEqual(
      [...WRAPPER_FINDINGS, ...ANSWERS_FINDINGS, ...STORES_FINDINGS].sort(),
    );
  });
});

/** `file:line rule/messageId` of ESLint's results, relative to `cwd`, sorted. */
/**
 * What a reviewer found by hand in test/project-model/relays: the shapes three published packages showed (a relay's
 * `catch` that accepts for the person it could not ask, mcp-use@1.34.6; a context whose `elicit` asks, handed out by a
 * handler without `extra`, fastmcp@4.20.16; a question sent by hand whose timer gives up without withdrawing it,
 * agents@0.32.0), each beside a contrast that shares its words.
 */
const RELAY_FINDINGS = [
  // The relay's catch accepts for the person it could not ask.
  "relays/proxy.ts:11 exhaustive-action/acceptWithoutPerson",
  "relays/session.ts:26 forward-abort-signal/handlerHandsOutAsk",
  "relays/transport.ts:13 require-deadline/timeoutLeavesQuestionOpen",
];

describe("relays, contexts and questions sent by hand", () => {
  it("are found untyped, through ESLint's Node API; the contrasts stay clean", async () => {
    expect(await findingsOf(["relays"], false)).toEqual(RELAY_FINDINGS);
  });

  it("are found typed, and the typed findings are the untyped ones", async () => {
    expect(await findingsOf(["relays"], true)).toEqual(RELAY_FINDINGS);
  });

  it("are found by `check` with its defaults", async () => {
    const { code, stdout } = await runCli(["check", "--no-typed", "--format", "json", "relays"], PROJECTS);
    expect(code).toBe(1);
    expect(reportedBy(JSON.parse(stdout) as ESLint.LintResult[], PROJECTS)).toEqual(RELAY_FINDINGS);
  });
});

function reportedBy(results: readonly ESLint.LintResult[], cwd: string): string[] {
  return results
    .flatMap((result) =>
      result.messages.map(
        (message) =>
          `${path.relative(cwd, result.filePath)}:${message.line} ${message.ruleId?.replace("elicitation/", "")}/${message.messageId}`,
      ),
    )
    .sort();
}

/** The recommended config's findings on several fixture projects, in one ESLint run. */
async function findingsOf(folders: readonly string[], typed: boolean): Promise<string[]> {
  const all = await Promise.all(folders.map((folder) => findings(PROJECTS, folder, "recommended", typed)));
  return all.flat().sort();
}
