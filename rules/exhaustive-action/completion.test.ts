import * as tsParser from "@typescript-eslint/parser";
import type { TSESTree } from "@typescript-eslint/utils";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import type { VisitorKeys } from "../../analysis/ast.ts";
import { canCompleteNormally, completionVisitors, deferredUntilProgramExit } from "./completion.ts";

/** Whether the body of the first `if` in `code` can run to its end, asked at Program:exit as a rule would. */
function ifBodyCompletes(code: string): boolean {
  let answer: boolean | undefined;
  const rule = {
    create(context: { sourceCode: { visitorKeys: VisitorKeys } }) {
      const atEnd = deferredUntilProgramExit();
      let seen = false;
      return {
        ...completionVisitors(context.sourceCode.visitorKeys),
        IfStatement: atEnd.later((node: TSESTree.IfStatement) => {
          if (seen) return;
          seen = true;
          const body = node.consequent.type === "BlockStatement" ? node.consequent.body : [node.consequent];
          answer = canCompleteNormally(body);
        }),
        "Program:exit": atEnd.run,
      };
    },
  };
  const messages = new Linter({ configType: "flat" }).verify(code, {
    languageOptions: { parser: tsParser as unknown as Linter.Parser },
    plugins: { test: { rules: { completion: rule as never } } },
    rules: { "test/completion": "error" },
  });
  expect(messages).toEqual([]);
  expect(answer).toBeDefined();
  return answer!;
}

describe("canCompleteNormally (ESLint's code path analysis)", () => {
  it.each([
    ["a return", "if (a) { return 1; }"],
    ["a bare throw", "if (a) throw new Error('x');"],
    [
      "a switch whose every case returns, default included",
      "if (a) { switch (k) { case 1: return 1; default: return 2; } }",
    ],
    ["while (true) left only by return", "if (a) { while (true) { if (b()) return 1; } }"],
    ["for (;;) with no exit at all", "if (a) { for (;;) { tick(); } }"],
    ["try that returns with a finally that completes", "if (a) { try { return 1; } finally { done(); } }"],
    ["if / else that both return", "if (a) { if (b) { return 1; } else { return 2; } }"],
  ])("ends with %s: cannot complete", (_name, body) => {
    expect(ifBodyCompletes(`function f(k) { ${body} after(); }`)).toBe(false);
  });

  it.each([
    ["an empty block", "if (a) {}"],
    ["a call", "if (a) { work(); }"],
    ["a switch without default", "if (a) { switch (k) { case 1: return 1; } }"],
    ["a switch case that breaks", "if (a) { switch (k) { case 1: break; default: return 2; } }"],
    ["a loop left by break", "if (a) { for (;;) { if (b()) break; } }"],
    ["a labelled break out of a block", "if (a) { out: { if (b()) break out; return 1; } }"],
    ["a hoisted function declaration after the work", "if (a) { work(); function helper() { return 1; } }"],
    ["a return inside a nested function", "if (a) { const g = () => { return 1; }; g(); }"],
  ])("with %s: can complete", (_name, body) => {
    expect(ifBodyCompletes(`function f(k) { ${body} after(); }`)).toBe(true);
  });
});
