/**
 * edits/layout.ts on real parses (ESLint's Linter, the TypeScript parser): LF and CRLF files, tabs, two and four
 * spaces, files with and without semicolons; moving code deeper, shallower and to a new indentation leaves
 * template literals alone; lists grow in their own layout.
 */
import * as tsParser from "@typescript-eslint/parser";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import {
  guardAsi,
  indentAt,
  indentDeeper,
  indentShallower,
  indentTo,
  indentUnitNear,
  insertIntoList,
  layoutOf,
  lineLengthWith,
  quoted,
  semicolon,
  type TextEdit,
} from "./layout.ts";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** The SourceCode ESLint builds for `text` (as a .ts file). */
function parse(text: string): SourceCode {
  const linter = new Linter({ configType: "flat" });
  let captured: SourceCode | null = null;
  const capture = {
    create(context: { sourceCode: SourceCode }) {
      captured = context.sourceCode;
      return {};
    },
  };
  const messages = linter.verify(
    text,
    [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tsParser as unknown as Linter.Parser },
        plugins: { layout: { rules: { capture: capture as never } } },
        rules: { "layout/capture": "error" },
      },
    ],
    { filename: "file.ts" },
  );
  expect(messages.filter((message) => message.fatal)).toEqual([]);
  return captured!;
}

function applyEdit(text: string, edit: TextEdit): string {
  return text.slice(0, edit.range[0]) + edit.text + text.slice(edit.range[1]);
}

function statementAt(sourceCode: SourceCode, index: number): TSESTree.Node {
  return sourceCode.ast.body[index]!;
}

const crlf = (text: string) => text.replace(/\n/g, "\r\n");

describe("layoutOf", () => {
  it("reads LF and CRLF line endings", () => {
    expect(layoutOf(parse("a();\nb();\n")).eol).toBe("\n");
    expect(layoutOf(parse("a();\r\nb();\r\n")).eol).toBe("\r\n");
  });

  it("reads the indentation unit: tabs, two spaces, four spaces", () => {
    const nested = (unit: string) => `function f() {\n${unit}if (x) {\n${unit}${unit}g();\n${unit}}\n}\n`;
    expect(layoutOf(parse(nested("\t"))).indentUnit).toBe("\t");
    expect(layoutOf(parse(nested("  "))).indentUnit).toBe("  ");
    expect(layoutOf(parse(nested("    "))).indentUnit).toBe("    ");
    expect(layoutOf(parse(crlf(nested("    ")))).indentUnit).toBe("    ");
  });

  it("does not take a JSDoc body's one-space step for the unit", () => {
    const text = "/**\n * Doc.\n * More.\n */\nfunction f() {\n    /**\n     * Inner.\n     */\n    g();\n}\n";
    expect(layoutOf(parse(text)).indentUnit).toBe("    ");
  });

  it("reads semicolons, quotes and trailing commas", () => {
    const withSemis = layoutOf(parse('const a = "x";\nf(a);\nconst o = {\n  a\n};\n'));
    expect([withSemis.semicolons, withSemis.quote, withSemis.trailingCommas]).toEqual([true, '"', false]);
    const without = layoutOf(parse("const a = 'x'\nf(a)\nconst o = {\n  a,\n}\n"));
    expect([without.semicolons, without.quote, without.trailingCommas]).toEqual([false, "'", true]);
  });

  it("takes the trailing-comma habit from most lists spread over lines, else Prettier's default (yes)", () => {
    expect(layoutOf(parse("f(a, b);\nconst o = { a };\n")).trailingCommas).toBe(true);
    // One import with a comma does not outvote the file's objects and calls (imports are not counted).
    const mostlyWithout = 'import {\n  a,\n} from "a";\nf(\n  a\n);\nconst o = {\n  a\n};\nconst p = [\n  1,\n];\n';
    expect(layoutOf(parse(mostlyWithout)).trailingCommas).toBe(false);
    // A list whose closer shares the last item's line says nothing either way.
    expect(layoutOf(parse("f(a, {\n  b\n}, [\n  1,\n]);\nconst o = {\n  a,\n};\n")).trailingCommas).toBe(true);
  });

  it("takes the line width from the file's long code lines, rounded up to a usual setting, never below 80", () => {
    expect(layoutOf(parse("f();\n")).width).toBe(80);
    const wide = `const x = [${"1, ".repeat(40)}1];\n`;
    expect(wide.length - 1).toBe(134);
    expect(layoutOf(parse(wide)).width).toBe(140);
    // One stray long line among a hundred short ones does not lift the width; comments never count.
    const stray = `${"f();\n".repeat(100)}${wide}// ${"x".repeat(200)}\n`;
    expect(layoutOf(parse(stray)).width).toBe(80);
    const tabs = `function f() {\n${`\t\t\tg(${"a, ".repeat(30)}a);\n`.repeat(3)}}\n`;
    // Three tabs and 95 characters: 98 if a tab were one column, 101 with a tab as two.
    expect(layoutOf(parse(tabs)).width).toBe(120);
  });

  it("measures a line with an insertion in place", () => {
    const text = "const a = f(x);\r\nnext();\n";
    const offset = text.indexOf("x");
    expect(lineLengthWith(text, offset, "x, { signal }", offset + 1)).toBe("const a = f(x, { signal });".length);
    expect(lineLengthWith(text, offset, "x, {\r\n  signal\r\n}", offset + 1)).toBe("const a = f(x, {".length);
  });

  it("is worked out once per file", () => {
    const sourceCode = parse("f();\n");
    expect(layoutOf(sourceCode)).toBe(layoutOf(sourceCode));
  });

  it("writes semicolons and quotes the way the file does", () => {
    expect([semicolon(parse("f();\n")), quoted(parse("f('a');\n"), "cancel")]).toEqual([";", "'cancel'"]);
    expect([semicolon(parse("f()\ng()\n")), quoted(parse('f("a")\n'), "cancel")]).toEqual(["", '"cancel"']);
  });
});

describe("indentation near a node", () => {
  it("is the step to the first deeper line inside the node, else the file's unit", () => {
    const sourceCode = parse("function f() {\n   g();\n}\nfunction h() {}\n");
    expect(indentUnitNear(sourceCode, statementAt(sourceCode, 0))).toBe("   ");
    expect(indentUnitNear(sourceCode, statementAt(sourceCode, 1))).toBe("   ");
  });

  it("indentAt is the whitespace that starts the line", () => {
    expect(indentAt("a\n\t  b();\n", 6)).toBe("\t  ");
  });
});

describe("moving code", () => {
  const text = "function f() {\n  g(`a\n  b`);\n  if (x) {\n    h();\n  }\n}\n";

  it("indentDeeper adds a unit to each line after the first, but not inside a template literal", () => {
    const sourceCode = parse(text);
    const body = (statementAt(sourceCode, 0) as TSESTree.FunctionDeclaration).body;
    expect(indentDeeper(sourceCode, body.range[0], body.range[1], "  ")).toBe(
      "{\n    g(`a\n  b`);\n    if (x) {\n      h();\n    }\n  }",
    );
  });

  it("indentShallower takes a unit from each line that has it", () => {
    const sourceCode = parse(text);
    const body = (statementAt(sourceCode, 0) as TSESTree.FunctionDeclaration).body;
    expect(indentShallower(sourceCode, body.range[0], body.range[1], "  ")).toBe(
      "{\ng(`a\n  b`);\nif (x) {\n  h();\n}\n}",
    );
  });

  it("indentTo moves lines to a new indentation, keeping their relative depth", () => {
    const sourceCode = parse(text);
    const body = (statementAt(sourceCode, 0) as TSESTree.FunctionDeclaration).body.body;
    expect(indentTo(sourceCode, body[1]!.range[0], body[1]!.range[1], "\t")).toBe("\tif (x) {\n\t  h();\n\t}");
  });

  it("writes CRLF lines in a CRLF file", () => {
    const sourceCode = parse(crlf(text));
    const body = (statementAt(sourceCode, 0) as TSESTree.FunctionDeclaration).body;
    const moved = indentDeeper(sourceCode, body.range[0], body.range[1], "  ");
    expect(moved).toBe(crlf("{\n    g(`a\n  b`);\n    if (x) {\n      h();\n    }\n  }"));
    expect(moved.match(/(?<!\r)\n/g)).toBeNull();
  });
});

describe("guardAsi", () => {
  it("adds a semicolon only before a line that would continue the one before it", () => {
    const lines = ["x satisfies never", "(f)()", "g()"];
    guardAsi(lines, 0);
    guardAsi(lines, 1);
    expect(lines).toEqual(["x satisfies never;", "(f)()", "g()"]);
  });
});

describe("insertIntoList", () => {
  /** Inserts `item` into the first object literal of `source`. */
  function insertIntoObject(source: string, item: string | readonly string[]): string {
    const sourceCode = parse(source);
    const declaration = sourceCode.ast.body[0] as unknown as TSESTree.VariableDeclaration;
    const object = declaration.declarations[0]!.init as TSESTree.ObjectExpression;
    const closer = sourceCode.getLastToken(object)!;
    return applyEdit(source, insertIntoList(sourceCode, object.properties, closer, item));
  }

  it("fills an empty object", () => {
    expect(insertIntoObject("const o = {};\n", "timeout: 5")).toBe("const o = { timeout: 5 };\n");
  });

  it("appends on one line", () => {
    expect(insertIntoObject("const o = { signal };\n", "timeout: 5")).toBe("const o = { signal, timeout: 5 };\n");
    expect(insertIntoObject("const o = { signal, };\n", "timeout: 5")).toBe("const o = { signal, timeout: 5, };\n");
  });

  it("adds a line with the last property's indentation, keeping trailing commas and comments", () => {
    expect(insertIntoObject("const o = {\n    signal, // the caller's\n};\n", "timeout: 5")).toBe(
      "const o = {\n    signal, // the caller's\n    timeout: 5,\n};\n",
    );
    expect(insertIntoObject("const o = {\n\tsignal // no comma\n};\n", "timeout: 5")).toBe(
      "const o = {\n\tsignal, // no comma\n\ttimeout: 5\n};\n",
    );
    expect(insertIntoObject("const o = {\r\n  signal,\r\n};\r\n", "timeout: 5")).toBe(
      "const o = {\r\n  signal,\r\n  timeout: 5,\r\n};\r\n",
    );
  });

  it("gives each of several new items its own line in a list with one item per line", () => {
    expect(insertIntoObject("const o = {\r\n  a: 1\r\n}\r\n", ["b: 2", "c: 3"])).toBe(
      "const o = {\r\n  a: 1,\r\n  b: 2,\r\n  c: 3\r\n}\r\n",
    );
    expect(insertIntoObject("const o = { a: 1 }\n", ["b: 2", "c: 3"])).toBe("const o = { a: 1, b: 2, c: 3 }\n");
  });
});
