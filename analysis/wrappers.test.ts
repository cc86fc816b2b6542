/**
 * analysis/wrappers.ts: a `humanWaitFunctions` entry's `answerValues` must give each answer its own word (the
 * protocol's where the entry gives none), or no branch on the answer could tell two of them apart.
 */
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { compileWrappers, type WrapperOption } from "./wrappers.ts";
import exhaustiveAction from "../rules/exhaustive-action/index.ts";

const REVIEW: WrapperOption = {
  from: "package",
  package: "@acme/review",
  name: "requestReview",
  answerField: "status",
};

describe("humanWaitFunctions answerValues", () => {
  it("rejects one word for two answers, naming the entry and both answers", () => {
    expect(() => compileWrappers([{ ...REVIEW, answerValues: { decline: "no", cancel: "no" } }])).toThrow(
      'humanWaitFunctions entry "requestReview": answerValues gives "no" to both decline and cancel; each answer needs its own word.',
    );
  });

  it("rejects a word that is another answer's default (accept: decline beside the protocol's decline)", () => {
    expect(() => compileWrappers([{ ...REVIEW, answerValues: { accept: "decline" } }])).toThrow(
      /"requestReview": answerValues gives "decline" to both accept and decline/,
    );
  });

  it("contrast: three different words, or one renamed beside two defaults, compile", () => {
    const words = { accept: "approved", decline: "rejected", cancel: "dismissed" };
    expect(compileWrappers([{ ...REVIEW, answerValues: words }])[0]!.option.answerValues).toEqual(words);
    expect(compileWrappers([{ ...REVIEW, answerValues: { decline: "rejected" } }])).toHaveLength(1);
  });

  it("a lint with the entry stops with the same message instead of judging branches on a shared word", () => {
    const lint = (answerValues: WrapperOption["answerValues"]) =>
      new Linter({ configType: "flat" }).verify('import { requestReview } from "@acme/review";\n', [
        {
          languageOptions: { ecmaVersion: "latest", sourceType: "module" },
          plugins: { e: { rules: { "exhaustive-action": exhaustiveAction } } as never },
          rules: { "e/exhaustive-action": ["error", { humanWaitFunctions: [{ ...REVIEW, answerValues }] }] },
        },
      ]);
    expect(() => lint({ decline: "no", cancel: "no" })).toThrow(/answerValues gives "no" to both decline and cancel/);
    expect(lint({ decline: "no", cancel: "dismissed" })).toEqual([]);
  });
});
