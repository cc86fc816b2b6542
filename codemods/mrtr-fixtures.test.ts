/**
 * The MRTR re-ask fixtures of the exhaustive-action codemod are real code for @modelcontextprotocol/server 2.4.0:
 * their inputs and expected outputs type-check against the package's own types (codemods/fixtures.test.ts checks the
 * rewrite itself, its idempotence and the comments).
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const DIRECTORY = path.join(__dirname, "__fixtures__", "exhaustive-action");
const FILES = fs
  .readdirSync(DIRECTORY)
  .filter((file) => /^mrtr-.*\.(input|output)\.ts$/.test(file))
  .map((file) => path.join(DIRECTORY, file));

describe("MRTR codemod fixtures", () => {
  it("include a rewritten input, an else-branch input and a skipped one", () => {
    const names = FILES.map((file) => path.basename(file));
    expect(names).toEqual(
      expect.arrayContaining([
        "mrtr-reask.output.ts",
        "mrtr-reask-else.output.ts",
        "mrtr-reask-prompt-skipped.input.ts",
      ]),
    );
  });

  it("type-check against @modelcontextprotocol/server 2.4.0, inputs and outputs alike", () => {
    const version = JSON.parse(
      fs.readFileSync(
        path.join(__dirname, "..", "node_modules", "@modelcontextprotocol", "server", "package.json"),
        "utf8",
      ),
    ).version;
    expect(version).toBe("2.4.0");
    const program = ts.createProgram(FILES, {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: [],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      noUnusedLocals: true,
      noFallthroughCasesInSwitch: true,
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const where = diagnostic.file
        ? `${path.basename(diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}`
        : "";
      return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
    });
    expect(diagnostics).toEqual([]);
  });
});
