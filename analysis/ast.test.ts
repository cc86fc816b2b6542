/**
 * analysis/ast.ts's names and strings, built on `ASTUtils`: the library's answers, except where it names a key or gives
 * a value that is not a string the code wrote.
 */
import { parse } from "@typescript-eslint/parser";
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { getStaticPropertyName, getStringValue } from "./ast.ts";

/** The expression of `code`'s one expression statement. */
function expression(code: string): TSESTree.Expression {
  const statement = parse(code, { range: true, loc: true }).body[0];
  if (statement?.type !== AST_NODE_TYPES.ExpressionStatement) throw new Error(`not an expression: ${code}`);
  return statement.expression;
}

function member(code: string): TSESTree.MemberExpression {
  const node = expression(code);
  if (node.type !== AST_NODE_TYPES.MemberExpression) throw new Error(`not a member expression: ${code}`);
  return node;
}

/** The first property of the object literal `code`. */
function property(code: string): TSESTree.Property {
  const node = expression(`(${code})`);
  if (node.type !== AST_NODE_TYPES.ObjectExpression || node.properties[0]?.type !== AST_NODE_TYPES.Property)
    throw new Error(`not an object literal: ${code}`);
  return node.properties[0];
}

describe("getStaticPropertyName", () => {
  it("names keys written as names or strings", () => {
    expect(getStaticPropertyName(member("a.signal"))).toBe("signal");
    expect(getStaticPropertyName(member('a["signal"]'))).toBe("signal");
    expect(getStaticPropertyName(member("a[`signal`]"))).toBe("signal");
    expect(getStaticPropertyName(property("{ signal: 1 }"))).toBe("signal");
    expect(getStaticPropertyName(property("{ 'signal': 1 }"))).toBe("signal");
    expect(getStaticPropertyName(property('{ ["signal"]: 1 }'))).toBe("signal");
  });

  it("does not name numeric, null or other non-string keys (the library calls them '1', '0', 'null')", () => {
    expect(getStaticPropertyName(property("{ 1: x }"))).toBeNull();
    expect(getStaticPropertyName(property("{ [1]: x }"))).toBeNull();
    expect(getStaticPropertyName(member("a[0]"))).toBeNull();
    expect(getStaticPropertyName(member("a[null]"))).toBeNull();
    expect(getStaticPropertyName(member("a[true]"))).toBeNull();
    expect(getStaticPropertyName(property("{ 1n: x }"))).toBeNull();
  });

  it("does not name keys it cannot know without looking names up", () => {
    expect(getStaticPropertyName(member("a[key]"))).toBeNull();
    expect(getStaticPropertyName(member("a[undefined]"))).toBeNull();
    expect(getStaticPropertyName(member("a[`sig${nal}`]"))).toBeNull();
    expect(getStaticPropertyName(member("this.#signal"))).toBeNull();
  });
});

describe("getStringValue", () => {
  it("reads string literals and templates whose value is known", () => {
    expect(getStringValue(expression('"accept"'))).toBe("accept");
    expect(getStringValue(expression("'accept'"))).toBe("accept");
    expect(getStringValue(expression("`accept`"))).toBe("accept");
    expect(getStringValue(expression('""'))).toBe("");
    expect(getStringValue(expression("`accept${1}`"))).toBe("accept1");
  });

  it("gives null for null, numbers, booleans and regular expressions (never their text)", () => {
    expect(getStringValue(expression("null"))).toBeNull();
    expect(getStringValue(expression("0"))).toBeNull();
    expect(getStringValue(expression("true"))).toBeNull();
    expect(getStringValue(expression("/accept/"))).toBeNull();
    expect(getStringValue(null)).toBeNull();
    expect(getStringValue(undefined)).toBeNull();
  });

  it("gives null for a template with a name in it and for anything that is not a literal", () => {
    expect(getStringValue(expression("`acc${ept}`"))).toBeNull();
    expect(getStringValue(expression('"acc" + "ept"'))).toBeNull();
    expect(getStringValue(expression('"accept".toString()'))).toBeNull();
    expect(getStringValue(expression("accept"))).toBeNull();
  });
});
