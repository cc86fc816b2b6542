import { AST_NODE_TYPES, type TSESLint } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { nodesOf, sourceCodeOf } from "../test/support/source-code.ts";
import { nodesOfType, nodesOfTypes, nodesWithin } from "./node-index.ts";

const textOf = (sourceCode: Readonly<TSESLint.SourceCode>, nodes: readonly { range: [number, number] }[]) =>
  nodes.map((node) => sourceCode.text.slice(...node.range));

/** The same SourceCode without `traverse()`, as an older ESLint or a hand-built one has it. */
function withoutTraverse(sourceCode: Readonly<TSESLint.SourceCode>): Readonly<TSESLint.SourceCode> {
  return Object.create(sourceCode, { traverse: { value: undefined } }) as Readonly<TSESLint.SourceCode>;
}

describe("node index", () => {
  const code = [
    "const a = f(1);",
    "function outer() { return g(h(2)); }",
    "const t = `${x(3)} and ${y(4)}`;",
    "a?.b();",
  ].join("\n");

  it("lists a type's nodes in source order, outer before inner", () => {
    const sourceCode = sourceCodeOf(code);
    expect(textOf(sourceCode, nodesOfType(sourceCode, AST_NODE_TYPES.CallExpression))).toEqual([
      "f(1)",
      "g(h(2))",
      "h(2)",
      "x(3)",
      "y(4)",
      "a?.b()",
    ]);
  });

  it("gives what a walk of the whole tree finds, with or without ESLint's traversal", () => {
    for (const type of [AST_NODE_TYPES.Identifier, AST_NODE_TYPES.CallExpression, AST_NODE_TYPES.TemplateElement]) {
      const walked = textOf(sourceCodeOf(code), nodesOf(sourceCodeOf(code), type)).sort();
      expect(textOf(sourceCodeOf(code), nodesOfType(sourceCodeOf(code), type)).sort()).toEqual(walked);
      const bare = withoutTraverse(sourceCodeOf(code));
      expect(textOf(bare, nodesOfType(bare, type)).sort()).toEqual(walked);
    }
  });

  it("slices one subtree, root included, and leaves out a parent of the same range", () => {
    const sourceCode = sourceCodeOf(code);
    const outer = nodesOfType(sourceCode, AST_NODE_TYPES.FunctionDeclaration)[0]!;
    expect(textOf(sourceCode, nodesWithin(sourceCode, outer.body, [AST_NODE_TYPES.CallExpression]))).toEqual([
      "g(h(2))",
      "h(2)",
    ]);
    // One type may be passed as itself rather than as a list of one.
    expect(textOf(sourceCode, nodesWithin(sourceCode, outer.body, AST_NODE_TYPES.CallExpression))).toEqual([
      "g(h(2))",
      "h(2)",
    ]);
    const chained = nodesOfType(sourceCode, AST_NODE_TYPES.CallExpression).at(-1)!;
    // `a?.b()`: the ChainExpression around the call has the call's range, but is not below it.
    expect(nodesWithin(sourceCode, chained, [AST_NODE_TYPES.ChainExpression, AST_NODE_TYPES.CallExpression])).toEqual([
      chained,
    ]);
  });

  it("merges several types in source order", () => {
    const sourceCode = sourceCodeOf("async function f() { await ask(); new Promise(() => ready()); }");
    const fn = nodesOfType(sourceCode, AST_NODE_TYPES.FunctionDeclaration)[0]!;
    const found = nodesWithin(sourceCode, fn.body, [
      AST_NODE_TYPES.CallExpression,
      AST_NODE_TYPES.AwaitExpression,
      AST_NODE_TYPES.NewExpression,
    ]);
    expect(textOf(sourceCode, found)).toEqual(["await ask()", "ask()", "new Promise(() => ready())", "ready()"]);
  });

  it("lists several types of the whole file once, the same list for the same constant", () => {
    const sourceCode = sourceCodeOf("const p = new Promise(() => ready()); ask();");
    const types = [AST_NODE_TYPES.CallExpression, AST_NODE_TYPES.NewExpression] as const;
    const whole = nodesOfTypes(sourceCode, types);
    expect(textOf(sourceCode, whole)).toEqual(["new Promise(() => ready())", "ready()", "ask()"]);
    expect(nodesOfTypes(sourceCode, types)).toBe(whole);
    expect(nodesWithin(sourceCode, sourceCode.ast, types)).toEqual(whole);
  });
});
