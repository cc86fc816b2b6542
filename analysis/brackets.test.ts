/** analysis/brackets.ts: plain-text reading for the gates' second step. */
import { describe, expect, it } from "vitest";
import { codeOf, enclosingFunctionSpan, isSpelledOutsideMember } from "./brackets.ts";

describe("codeOf", () => {
  it("blanks comments, strings, templates and regular expressions, keeping every offset", () => {
    const text = "const a = 'signal'; // signal\nconst b = /signal/.test(`x${signal}`); /* signal */ signal(a / b);";
    const code = codeOf(text);
    expect(code).toHaveLength(text.length);
    expect(code.split("\n")).toHaveLength(2);
    expect(code.match(/signal/g)).toEqual(["signal"]);
    expect(code.startsWith("const a = '      ';")).toBe(true);
  });

  it("reads a `/` after `return` as a regular expression, after a name as a division", () => {
    expect(codeOf("return /abort/;")).not.toContain("abort");
    expect(codeOf("const x = abort / signal;")).toContain("signal");
  });

  it("reads a slash after a statement's head as a regular expression, after any other `)` as division", () => {
    const text = 'if (ok) /"abort/.test(s); run("signal");';
    expect(codeOf(text)).toBe('if (ok) /      /.test(s); run("      ");');
    expect(codeOf("while (busy) /x/.exec(s);")).not.toContain("x/");
    expect(codeOf("const r = (a + b) / signal;")).toContain("signal");
    expect(codeOf("const r = f(if_) / signal;")).toContain("signal");
    expect(codeOf("if (f(a)) /signal/.test(b);")).not.toContain("signal");
  });
});

describe("enclosingFunctionSpan", () => {
  const spanText = (text: string, marker: string) => {
    const span = enclosingFunctionSpan(codeOf(text), text.indexOf(marker));
    return span && text.slice(...span);
  };

  it("passes over blocks and objects for the function around them", () => {
    const text = "x();\nfunction outer(a) {\n  if (a) {\n    run({ at: HERE });\n  }\n}\ny();";
    expect(spanText(text, "HERE")).toMatch(/^[\s\S]*function outer\(a\) \{[\s\S]*\}$/);
    expect(spanText(text, "HERE")).not.toContain("y()");
  });

  it("takes an arrow's body and a method's, and the whole text outside any function", () => {
    expect(spanText("list.map((id) => { return HERE; }); later();", "HERE")).not.toContain("later");
    expect(spanText("class A {\n  ask(id) {\n    HERE;\n  }\n  other() {}\n}", "HERE")).not.toContain("other");
    expect(spanText("const top = HERE;", "HERE")).toBe("const top = HERE;");
  });

  it("is null where the function's braces do not close", () => {
    expect(spanText("function f() {\n  HERE;\n", "HERE")).toBeNull();
  });
});

describe("isSpelledOutsideMember", () => {
  it.each([
    ["a method definition", "class A { confirm(p) {} }"],
    ["an object key", "const t = { confirm: () => 1 };"],
    ["a quoted key", 'const t = { "confirm": () => 1 };'],
    ["a declaration", "function confirm() {}"],
    ["the very start of the text", "confirm() {}"],
    ["an occurrence after a member read of it", "a.confirm(); const { confirm } = ui;"],
  ])("finds %s", (_name, text) => {
    expect(isSpelledOutsideMember(text, "confirm")).toBe(true);
  });

  it.each([
    ["member reads only", "a.confirm(); b?.confirm(); c . confirm();"],
    ["a longer name", "const confirmed = 1; a.confirm();"],
    ["no mention", "a.ask();"],
    ["names that only contain it", "$confirm(); confirm$(); _confirm(); confirm2(); a.confirm"],
  ])("does not find it in %s", (_name, text) => {
    expect(isSpelledOutsideMember(text, "confirm")).toBe(false);
  });
});
