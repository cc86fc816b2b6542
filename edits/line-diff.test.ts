/**
 * edits/line-diff.ts: the anchored diff of large texts is a diff (its runs rebuild both texts), stays near the
 * number of lines jsdiff finds changed, and the unified diff written from changes is the one jsdiff writes.
 */
import { createTwoFilesPatch, diffLines, FILE_HEADERS_ONLY } from "diff";
import { describe, expect, it } from "vitest";
import { formatUnified, fromJsdiff, lineChanges, unifiedDiff } from "./line-diff.ts";

/** A module of `tools` blocks, a few lines each, most unique and some repeated, as generated servers are. */
function module(tools: number, edit: (index: number) => boolean, eol = "\n"): string {
  const lines: string[] = ['import { z } from "zod";', ""];
  for (let index = 0; index < tools; index++) {
    lines.push(`server.tool("tool_${index}", async () => {`);
    lines.push(
      edit(index)
        ? `  const answer = await askWithin(ask(${index}), { ms: 1 });`
        : `  const answer = await ask(${index});`,
    );
    lines.push('  if (answer.action === "accept") {', "    return done();", "  }", "  return stopped();", "});", "");
  }
  return lines.join(eol);
}

const rebuild = (changes: ReturnType<typeof lineChanges>, side: "old" | "new") =>
  changes
    .filter((change) => (side === "old" ? !change.added : !change.removed))
    .map((change) => change.value)
    .join("");

const changedCount = (changes: readonly { count?: number; added?: boolean; removed?: boolean }[]) =>
  changes.reduce((total, change) => total + (change.added || change.removed ? (change.count ?? 0) : 0), 0);

describe("lineChanges", () => {
  it("gives jsdiff's own changes on small texts", () => {
    const before = module(20, () => false);
    const after = module(20, (index) => index % 3 === 0);
    expect(lineChanges(before, after)).toEqual(fromJsdiff(diffLines(before, after)));
  });

  it("on a large text edited all over, rebuilds both texts and changes as many lines as jsdiff", () => {
    const before = module(900, () => false);
    const after = module(900, (index) => index % 2 === 0).replace("tool_450", "tool_450b") + "trailing";
    const changes = lineChanges(before, after);
    expect(rebuild(changes, "old")).toBe(before);
    expect(rebuild(changes, "new")).toBe(after);
    expect(changedCount(changes)).toBe(changedCount(diffLines(before, after)));
  });

  it("keeps CRLF line endings with their lines", () => {
    const before = module(700, () => false, "\r\n");
    const after = module(700, (index) => index % 5 === 0, "\r\n");
    const changes = lineChanges(before, after);
    expect(rebuild(changes, "old")).toBe(before);
    expect(rebuild(changes, "new")).toBe(after);
  });
});

describe("unified diffs", () => {
  const cases: Array<[string, string, string]> = [
    ["edits in the middle", module(30, () => false), module(30, (index) => index === 4 || index === 5 || index === 20)],
    ["an edit on the first and last lines", "a\nb\nc\nd\ne\nf\ng\nh\n", "A\nb\nc\nd\ne\nf\ng\nH\n"],
    ["a file without a final line break", "a\nb\nc", "a\nb\nC"],
    ["lines only added", "a\nb\n", "a\nx\ny\nb\n"],
    ["lines only removed", "a\nx\ny\nb\n", "a\nb\n"],
  ];
  it.each(cases)("formats %s as jsdiff does", (_, before, after) => {
    const expected = createTwoFilesPatch("a/f.ts", "b/f.ts", before, after, undefined, undefined, {
      context: 3,
      headerOptions: FILE_HEADERS_ONLY,
    });
    expect(formatUnified("f.ts", fromJsdiff(diffLines(before, after)))).toBe(expected);
  });

  it("writes a large file's diff from the anchored changes, hunk lines counted right", () => {
    const before = module(900, () => false);
    const after = module(900, (index) => index % 7 === 0);
    const patch = unifiedDiff("f.ts", before, after);
    let hunks = 0;
    for (const match of patch.matchAll(/^@@ -\d+,(\d+) \+\d+,(\d+) @@\n((?:[ +\-\\].*\n)*)/gm)) {
      hunks++;
      const lines = match[3]!.split("\n").slice(0, -1);
      expect(lines.filter((line) => !line.startsWith("+")).length).toBe(Number(match[1]));
      expect(lines.filter((line) => !line.startsWith("-")).length).toBe(Number(match[2]));
    }
    expect(hunks).toBe(129);
  });
});
