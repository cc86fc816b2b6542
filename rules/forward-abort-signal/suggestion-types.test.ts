/**
 * The suggestions for MCP v2 `ctx.mcpReq.send({ method: "elicitation/create", params }, options?)`, type-checked: the
 * spec-method overload takes its options second (@modelcontextprotocol/server@2.4.0 `dist/mcp-BCJHyo7l.d.mts`
 * 2192–2197), so a suggestion that adds a third argument would pick the schema overload and fail with TS2353. Each
 * case lints a tool in test/typed-project (typed and untyped), applies the suggestion, and compiles the result with
 * the TypeScript API against the installed package, in memory.
 */
import fs from "node:fs";
import path from "node:path";
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import rule from "./index.ts";
import requireDeadline from "../require-deadline/index.ts";

const PROJECT = path.join(__dirname, "..", "..", "test", "typed-project");
const FILE = path.join(PROJECT, "file.ts");

const tool = (call: string) => `import { McpServer } from "@modelcontextprotocol/server";

const server = new McpServer({ name: "picker", version: "1.0.0" });
const params = { mode: "form" as const, message: "Pick one", requestedSchema: { type: "object" as const, properties: {} } };

server.registerTool("pick", { description: "Pick" }, async (ctx) => {
  const answer = await ${call};
  return { content: [{ type: "text" as const, text: answer.action }] };
});
`;

function lint(code: string, typed: boolean): Linter.LintMessage[] {
  const linter = new Linter({ configType: "flat" });
  return linter.verify(
    code,
    [
      {
        files: ["**/*.ts"],
        languageOptions: {
          parser: tsParser as unknown as Linter.Parser,
          parserOptions: typed ? { projectService: true, tsconfigRootDir: PROJECT } : {},
        },
        plugins: { e: { rules: { "forward-abort-signal": rule, "require-deadline": requireDeadline } } as never },
        rules: { "e/forward-abort-signal": "error", "e/require-deadline": "error" },
      },
    ],
    FILE,
  );
}

const compiled = new Map<string, string[]>();

/** Compiler errors of `code` as test/typed-project/file.ts, against the installed packages (once per text). */
function compile(code: string): string[] {
  let errors = compiled.get(code);
  if (!errors) compiled.set(code, (errors = compileNow(code)));
  return errors;
}

function compileNow(code: string): string[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (path.resolve(name) === FILE ? code : readFile(name));
  host.getSourceFile = (name, language, ...rest) =>
    path.resolve(name) === FILE ? ts.createSourceFile(name, code, language) : getSourceFile(name, language, ...rest);
  const program = ts.createProgram([FILE], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => `TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`);
}

function applySuggestion(code: string, message: Linter.LintMessage): string {
  const fix = message.suggestions![0]!.fix;
  return code.slice(0, fix.range[0]) + fix.text + code.slice(fix.range[1]);
}

const version = JSON.parse(
  fs.readFileSync(
    path.join(__dirname, "..", "..", "node_modules", "@modelcontextprotocol", "server", "package.json"),
    "utf8",
  ),
).version;

describe("MCP v2 ctx.mcpReq.send, options second (@modelcontextprotocol/server 2.4.0)", () => {
  it("runs against server 2.4.0", () => expect(version).toBe("2.4.0"));

  describe.each([false, true])("typed: %s", (typed) => {
    it("options with a deadline and the caller's signal: nothing to report, and it compiles", () => {
      const code = tool(
        `ctx.mcpReq.send({ method: "elicitation/create", params }, { timeout: 120_000, signal: ctx.mcpReq.signal })`,
      );
      expect(compile(code)).toEqual([]);
      expect(lint(code, typed).map((message) => message.messageId)).toEqual([]);
    });

    it.each([
      ["a deadline but no signal", `ctx.mcpReq.send({ method: "elicitation/create", params }, { timeout: 120_000 })`],
      ["no options", `ctx.mcpReq.send({ method: "elicitation/create", params })`],
    ])("%s: the signal suggestion's output compiles", (_, call) => {
      const code = tool(call);
      expect(compile(code)).toEqual([]);
      const reports = lint(code, typed).filter((message) => message.ruleId === "e/forward-abort-signal");
      expect(reports.map((message) => message.messageId)).toEqual(["notForwarded"]);
      const fixed = applySuggestion(code, reports[0]!);
      expect(fixed).toContain("signal: ctx.mcpReq.signal");
      expect(compile(fixed)).toEqual([]);
      expect(lint(fixed, typed).filter((message) => message.ruleId === "e/forward-abort-signal")).toEqual([]);
    });

    it("a third argument on a spec method is the schema overload's error the suggestion must not write", () => {
      // The contrast: what the suggestion wrote before (options third) does not compile.
      const code = tool(
        `ctx.mcpReq.send({ method: "elicitation/create", params }, { timeout: 120_000 }, { signal: ctx.mcpReq.signal })`,
      );
      expect(compile(code).some((error) => error.startsWith("TS2353"))).toBe(true);
    });
  });
});
