/**
 * analysis/text-gate.ts with ESLint's real Linter: every rule's create() on one file shares one set of facts, kept per
 * SourceCode; a file gated by its text first (the codemod engine, `check`) hands its facts to the SourceCode parsed
 * from that text.
 */
import { Linter, type SourceCode } from "eslint";
import { describe, expect, it } from "vitest";
import { textFacts, type TextFacts } from "./text-gate.ts";

const ASKS = `const answer = await server.elicitInput({ message: "Deploy?", requestedSchema });
if (answer.action === "accept") deploy();
`;
const PLAIN = "export const add = (a, b) => a + b;\n";

/** The facts each of two rules gets in one lint of `text`, and the SourceCode they linted. */
function factsSeenByTwoRules(text: string): { first: TextFacts; second: TextFacts; sourceCode: SourceCode } {
  const seen: TextFacts[] = [];
  let sourceCode: SourceCode | null = null;
  const reader = {
    create(context: { sourceCode: SourceCode }) {
      sourceCode = context.sourceCode;
      seen.push(textFacts(context.sourceCode));
      return {};
    },
  };
  new Linter({ configType: "flat" }).verify(text, [
    {
      languageOptions: { ecmaVersion: "latest", sourceType: "module" },
      plugins: { gate: { rules: { one: reader as never, two: reader as never } } },
      rules: { "gate/one": "error", "gate/two": "error" },
    },
  ]);
  expect(seen).toHaveLength(2);
  return { first: seen[0]!, second: seen[1]!, sourceCode: sourceCode! };
}

describe("textFacts", () => {
  it("gives every rule linting one file the same facts, and another file its own", () => {
    const asks = factsSeenByTwoRules(ASKS);
    expect(asks.second).toBe(asks.first);
    expect(textFacts(asks.sourceCode)).toBe(asks.first);
    const plain = factsSeenByTwoRules(PLAIN);
    expect(plain.first).not.toBe(asks.first);
    expect([plain.first.mayWaitOnPerson, plain.first.mayCompareAnswer, plain.first.awaits]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("answers from the file's text", () => {
    const facts = factsSeenByTwoRules(ASKS).first;
    expect(facts.text).toBe(ASKS);
    expect([facts.mayWaitOnPerson, facts.mayCompareAnswer, facts.awaits, facts.mayUseMrtr]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(textFacts("const view = inputResponse(ctx);\n").mayUseMrtr).toBe(true);
  });

  it("hands the facts of a text gated first to the SourceCode parsed from it", () => {
    const gated = textFacts(ASKS);
    expect(textFacts(ASKS)).toBe(gated);
    expect(factsSeenByTwoRules(ASKS).first).toBe(gated);
    // A second lint of the same text builds a new SourceCode; while the text is still the last one gated, it shares.
    expect(factsSeenByTwoRules(ASKS).first).toBe(gated);
  });

  it("keeps one text-keyed entry: gating another text replaces it", () => {
    const first = textFacts(ASKS);
    expect(textFacts(PLAIN)).not.toBe(first);
    expect(textFacts(ASKS)).not.toBe(first);
    expect(textFacts(ASKS).mayWaitOnPerson).toBe(true);
  });
});
