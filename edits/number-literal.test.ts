import { describe, expect, it } from "vitest";
import { countNumberLiterals, numberLiteral, separatorsAllowed } from "./number-literal.ts";

describe("numberLiteral", () => {
  it.each([
    [300_000, "300_000"],
    [10_000, "10_000"],
    [1_234_567, "1_234_567"],
    [5000, "5000"],
    [60, "60"],
  ])("writes %d as %s where separators are allowed", (value, written) => {
    expect(numberLiteral(value, true)).toBe(written);
  });

  it("writes plain digits where they are not", () => {
    expect(numberLiteral(300_000, false)).toBe("300000");
  });
});

describe("separatorsAllowed", () => {
  it.each(["a.ts", "a.tsx", "a.mts", "a.cts"])("%s: always, whatever the ecmaVersion", (file) => {
    expect(separatorsAllowed(file, 2020)).toBe(true);
  });

  it.each([
    ["latest", true],
    [undefined, true],
    [2021, true],
    [2026, true],
    [12, true],
    [2020, false],
    [11, false],
    [5, false],
  ] as const)("a .js file at ecmaVersion %s: %s", (ecmaVersion, allowed) => {
    expect(separatorsAllowed("a.js", ecmaVersion)).toBe(allowed);
    expect(separatorsAllowed("a.mjs", ecmaVersion)).toBe(allowed);
  });
});

describe("countNumberLiterals", () => {
  it("counts the value in either grouping, and not inside other numbers or names", () => {
    const text = "f(300000, 300_000, 1300000, 300000.5, timeout300000, x.300000, 3_00_000)";
    expect(countNumberLiterals(text, 300_000)).toBe(3);
  });
});
