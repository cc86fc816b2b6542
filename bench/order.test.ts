import { describe, expect, it } from "vitest";
import { turnOf } from "./order.ts";

/** The variants of one round, block after block, as bench/measure.ts runs them. */
function roundSequence(round: number, blocks: number, count: number): number[][] {
  return Array.from({ length: blocks }, (_, block) =>
    Array.from({ length: count }, (_, step) => turnOf(step, block + round, round % 2 === 1, count)),
  );
}

/** How often, inside a block, variant `after` runs right after variant `before`: "before>after" → count. */
function followers(rounds: readonly number[], blocks: number, count: number): Map<string, number> {
  const pairs = new Map<string, number>();
  for (const round of rounds)
    for (const block of roundSequence(round, blocks, count))
      for (let step = 1; step < block.length; step += 1) {
        const key = `${block[step - 1]}>${block[step]}`;
        pairs.set(key, (pairs.get(key) ?? 0) + 1);
      }
  return pairs;
}

describe("turnOf: the order a suite's variants take a block", () => {
  it.each([2, 3, 4])("gives each of %i variants exactly one turn per block, either way round", (count) => {
    for (const round of [0, 1, 2, 3])
      for (const block of roundSequence(round, 5, count)) expect([...block].sort()).toEqual([...Array(count).keys()]);
  });

  it("goes backwards on odd rounds", () => {
    expect(roundSequence(0, 1, 3)).toEqual([[0, 1, 2]]);
    expect(roundSequence(1, 1, 3)).toEqual([[1, 0, 2]]);
  });

  it("over a round each way, lets each of three variants follow each other one equally often", () => {
    const pairs = followers([0, 1], 6, 3);
    expect(pairs.size).toBe(6);
    expect(new Set(pairs.values())).toEqual(new Set([4]));
  });

  it("(contrast) going round one way only, each variant always follows the same one", () => {
    const pairs = followers([0, 2], 6, 3);
    expect([...pairs.keys()].sort()).toEqual(["0>1", "1>2", "2>0"]);
  });
});
