import { describe, expect, it } from "vitest";
import { lazyRecord } from "./lazy.ts";

describe("lazyRecord", () => {
  it("computes a field on its first read only, and each field on its own", () => {
    const computed: string[] = [];
    const record = lazyRecord<{ a: number; b: string | null }>({
      a: () => (computed.push("a"), 1),
      b: () => (computed.push("b"), null),
    });
    expect(computed).toEqual([]);
    expect(record.a).toBe(1);
    expect(record.a).toBe(1);
    expect(computed).toEqual(["a"]);
    // A falsy value is kept too, not computed again.
    expect([record.b, record.b]).toEqual([null, null]);
    expect(computed).toEqual(["a", "b"]);
    expect(Object.keys(record)).toEqual(["a", "b"]);
  });
});
