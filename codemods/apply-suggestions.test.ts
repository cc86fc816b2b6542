/**
 * The shared engine, driven by a small rule written here (real ESLint `Linter`, real parser): nested reports are
 * fixed pass by pass, overlapping edits wait, reports without a suggestion come back as skips with their line,
 * unparsable input names its line, and untouched files come back as the very same string.
 */
import { ESLintUtils, type TSESTree } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import {
  applyEdits,
  CodemodInternalError,
  CodemodSyntaxError,
  decideBySuggestion,
  fixWithRules,
  lintWithRules,
  MAX_REWRITE_CHARS,
  nonOverlapping,
  sharedLinting,
  type RuleToApply,
} from "./apply-suggestions.ts";

/** Suggests `wrapped(x)` for `bare(x)`; reports `bare()` with no argument but offers nothing. */
const wrapBare = ESLintUtils.RuleCreator.withoutDocs({
  meta: {
    type: "problem",
    hasSuggestions: true,
    schema: [],
    messages: { bare: "bare call", wrap: "wrap it" },
  },
  defaultOptions: [],
  create(context) {
    return {
      CallExpression(node: TSESTree.CallExpression) {
        if (node.callee.type !== "Identifier" || node.callee.name !== "bare") return;
        const argument = node.arguments[0];
        if (!argument) {
          context.report({ node, messageId: "bare" });
          return;
        }
        context.report({
          node,
          messageId: "bare",
          suggest: [
            {
              messageId: "wrap",
              fix: (fixer) => fixer.replaceText(node, `wrapped(${context.sourceCode.getText(argument)})`),
            },
          ],
        });
      },
    };
  },
});

/** Suggests a text that it reports again: the engine must stop, not loop. */
const neverSettles = ESLintUtils.RuleCreator.withoutDocs({
  meta: { type: "problem", hasSuggestions: true, schema: [], messages: { grow: "grow", again: "again" } },
  defaultOptions: [],
  create(context) {
    return {
      Program(node: TSESTree.Program) {
        context.report({
          node,
          messageId: "grow",
          suggest: [{ messageId: "again", fix: (fixer) => fixer.insertTextAfter(node, ";") }],
        });
      },
    };
  },
});

const rules = [{ name: "wrap-bare", rule: wrapBare }];

describe("fixWithRules", () => {
  it("fixes nested reports over several passes, keeping everything else byte for byte", () => {
    const source = "// keep me\nconst a = bare(bare(1)); /* and me */\nconst b = bare(2);\n";
    const outcome = fixWithRules(source, "file.ts", rules, decideBySuggestion);
    expect(outcome.output).toBe("// keep me\nconst a = wrapped(wrapped(1)); /* and me */\nconst b = wrapped(2);\n");
    expect(outcome.changed).toBe(true);
    expect(outcome.applied).toBe(3);
    expect(outcome.skipped).toEqual([]);
  });

  it("returns a file its rules cannot match before parsing it (the text test decides, so a syntax error there is never seen)", () => {
    const broken = "const = ;\n";
    const gated = rules.map((rule) => ({ ...rule, mayReport: (text: string) => text.includes("bare") }));
    const outcome = fixWithRules(broken, "broken.ts", gated, decideBySuggestion);
    expect(outcome).toEqual({ output: broken, changed: false, skipped: [], applied: 0 });
  });

  it("skips a file over the size limit with the reason, unchanged, instead of spending gigabytes on it", () => {
    const huge = `const a = bare(1);\n${"// filler line for a generated file\n".repeat(Math.ceil(MAX_REWRITE_CHARS / 36))}`;
    const outcome = fixWithRules(huge, "huge.ts", rules, decideBySuggestion);
    expect(outcome.output).toBe(huge);
    expect(outcome.changed).toBe(false);
    expect(outcome.skipped).toEqual([
      {
        rule: "wrap-bare",
        line: 1,
        column: 1,
        reason: expect.stringMatching(/^the file is 2\.0 MB, over the 2 MB a rewrite is attempted on/),
        wholeFile: true,
      },
    ]);
  });

  it("rewrites a file whose leftover eslint-env comment ESLint 10 marks fatal: the file parses and the rules run", () => {
    const outcome = fixWithRules("/* eslint-env node */\nconst a = bare(1);\n", "file.ts", rules, decideBySuggestion);
    expect(outcome.output).toBe("/* eslint-env node */\nconst a = wrapped(1);\n");
  });

  it("returns the same string when the rule reports nothing", () => {
    const source = "const a = wrapped(1);\n";
    const outcome = fixWithRules(source, "file.ts", rules, decideBySuggestion);
    expect(outcome.output).toBe(source);
    expect(outcome.changed).toBe(false);
    expect(outcome.applied).toBe(0);
  });

  it("leaves a report without a suggestion alone and says where and why", () => {
    const source = "const a = bare(1);\n\nconst b = bare();\n";
    const outcome = fixWithRules(source, "file.ts", rules, decideBySuggestion);
    expect(outcome.output).toBe("const a = wrapped(1);\n\nconst b = bare();\n");
    expect(outcome.skipped).toEqual([
      {
        rule: "wrap-bare",
        line: 3,
        column: 11,
        reason: "bare call (left as is: no rewrite here is provably equivalent)",
      },
    ]);
  });

  it("names the file, line and column of input that does not parse", () => {
    expect(() => fixWithRules("const a = 1;\nconst = ;\n", "broken.ts", rules, decideBySuggestion)).toThrow(
      CodemodSyntaxError,
    );
    try {
      fixWithRules("const a = 1;\nconst = ;\n", "broken.ts", rules, decideBySuggestion);
    } catch (error) {
      expect((error as CodemodSyntaxError).line).toBe(2);
      expect((error as CodemodSyntaxError).message).toMatch(/^broken\.ts:2:\d+: cannot parse: /);
    }
  });

  it("refuses an edit that would not parse instead of writing it", () => {
    const breaksSyntax = () => ({ edit: { range: [0, 5] as const, text: "const const" } });
    expect(() => fixWithRules("const a = bare(1);\n", "file.ts", rules, breaksSyntax)).toThrow(CodemodInternalError);
  });

  it("stops a rewrite that never settles", () => {
    expect(() =>
      fixWithRules("const y = x;\n", "file.ts", [{ name: "never-settles", rule: neverSettles }], decideBySuggestion),
    ).toThrow(/did not settle/);
  });

  it("keeps a byte-order mark and edits the text after it at the right offsets", () => {
    const outcome = fixWithRules("\uFEFFconst a = bare(1);\n", "file.ts", rules, decideBySuggestion);
    expect(outcome.output).toBe("\uFEFFconst a = wrapped(1);\n");
    const untouched = "\uFEFFconst a = 1;\n";
    expect(fixWithRules(untouched, "file.ts", rules, decideBySuggestion).output).toBe(untouched);
  });

  it("parses .tsx as TSX and .ts as TypeScript", () => {
    expect(fixWithRules("const a = <div>{bare(1)}</div>;\n", "file.tsx", rules, decideBySuggestion).output).toBe(
      "const a = <div>{wrapped(1)}</div>;\n",
    );
    expect(fixWithRules("const a = <number>bare(1);\n", "file.ts", rules, decideBySuggestion).output).toBe(
      "const a = <number>wrapped(1);\n",
    );
  });
});

describe("edits", () => {
  it("keeps the first of overlapping or touching edits and applies the rest from the end", () => {
    const kept = nonOverlapping([
      { range: [4, 8], text: "B" },
      { range: [0, 5], text: "A" },
      { range: [9, 10], text: "C" },
      { range: [10, 10], text: "D" },
    ]);
    expect(kept).toEqual([
      { range: [0, 5], text: "A" },
      { range: [9, 10], text: "C" },
    ]);
    expect(applyEdits("0123456789", kept)).toBe("A5678C");
  });

  it("applies edits at one offset as spliced one by one from the last: the later-listed lands first", () => {
    const insertions = [
      { range: [2, 2], text: "a" },
      { range: [2, 2], text: "b" },
    ] as const;
    expect(applyEdits("0123456789", insertions)).toBe("01ba23456789");
    const replacedThenInserted = [
      { range: [2, 4], text: "b" },
      { range: [2, 2], text: "a" },
    ] as const;
    expect(applyEdits("0123456789", replacedThenInserted)).toBe("01ab456789");
    // Overlapping edits (no pass keeps them; a suggestion's own may) are spliced one by one, from the last.
    const overlapping = [
      { range: [1, 5], text: "X" },
      { range: [3, 4], text: "Y" },
    ] as const;
    expect(applyEdits("0123456789", overlapping)).toBe("0X56789");
  });
});

/** Reports `other()` calls, without a suggestion: a second rule to share one parse with `wrap-bare`. */
const reportOther = ESLintUtils.RuleCreator.withoutDocs({
  meta: { type: "problem", schema: [], messages: { other: "other call" } },
  defaultOptions: [],
  create(context) {
    return {
      CallExpression(node: TSESTree.CallExpression) {
        if (node.callee.type === "Identifier" && node.callee.name === "other")
          context.report({ node, messageId: "other" });
      },
    };
  },
});

describe("sharedLinting", () => {
  const wrap: RuleToApply[] = [{ name: "wrap-bare", rule: wrapBare }];
  const other: RuleToApply[] = [{ name: "report-other", rule: reportOther }];
  const text = "other(bare(1));\nbare();\nother();\n";
  const alone = (asked: readonly RuleToApply[], source = text) =>
    lintWithRules(source, "file.ts", asked).messages.map(({ ruleId, line, column, suggestions }) => ({
      ruleId,
      line,
      column,
      suggestions,
    }));
  const shape = (messages: readonly { ruleId: string | null; line: number; column: number; suggestions?: unknown }[]) =>
    messages.map(({ ruleId, line, column, suggestions }) => ({ ruleId, line, column, suggestions }));

  it("parses a text once for the transforms that ask about it, and each rule reports as it does alone", () => {
    const linting = sharedLinting("file.ts");
    const first = linting.lint(text, wrap, null, undefined);
    const second = linting.lint(text, other, null, undefined);
    expect(second.sourceCode).toBe(first.sourceCode);
    expect(shape(first.messages)).toEqual(alone(wrap));
    expect(shape(second.messages)).toEqual(alone(other));
    expect(shape(linting.lint(text, [...other, ...wrap], null, undefined).messages)).toEqual(
      alone([...other, ...wrap]),
    );
    expect(linting.parsed(text)).toBe(first.sourceCode);
  });

  it("parses a changed text afresh, and hands over the first text's parse before letting it go", () => {
    const left: string[] = [];
    const linting = sharedLinting("file.ts", (leftText) => left.push(leftText));
    const first = linting.lint(text, wrap, null, undefined);
    const changed = "bare(2);\n";
    const next = linting.lint(changed, wrap, null, undefined);
    expect(next.sourceCode).not.toBe(first.sourceCode);
    expect(shape(next.messages)).toEqual(alone(wrap, changed));
    expect(left).toEqual([text]);
    linting.lint("bare(3);\n", wrap, null, undefined);
    expect(left).toEqual([text]);
    expect(linting.parsed(text)).toBeNull();
  });

  it("does not keep a text that does not parse: asked again, it fails again", () => {
    const linting = sharedLinting("file.ts");
    const broken = "const = ;\n";
    expect(linting.lint(broken, wrap, null, undefined).messages.some((message) => message.fatal)).toBe(true);
    expect(linting.lint(broken, other, null, undefined).messages.some((message) => message.fatal)).toBe(true);
    expect(linting.parsed(broken)).toBeNull();
  });

  it("gives fixWithRules the same outcome through a shared lint as through its own", () => {
    const source = "// keep me\nconst a = bare(bare(1)); /* and me */\nconst b = bare(2);\nbare();\n";
    const linting = sharedLinting("file.ts");
    const shared = fixWithRules(source, "file.ts", rules, decideBySuggestion, { lint: linting.lint });
    expect(shared).toEqual(fixWithRules(source, "file.ts", rules, decideBySuggestion));
    expect(shared.applied).toBe(3);
  });
});
