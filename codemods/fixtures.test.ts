/**
 * Every fixture under codemods/__fixtures__/<transform>/: `<case>.input.ts` (or .tsx, .mjs) is rewritten to `<case>.output.ts`
 * (written by hand from the rules' suggestions), or comes back as the very same string when there is no output
 * file. For each: a second run changes nothing, the output parses, every comment survives, and linting the output
 * with the transform's rules finds only the places the transform skipped, each with its reason.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "@typescript-eslint/parser";
import type { TSESTree } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import forwardAbortSignal from "../rules/forward-abort-signal/index.ts";
import exhaustiveAction from "../rules/exhaustive-action/index.ts";
import releaseInFinally from "../rules/release-in-finally/index.ts";
import requireDeadline from "../rules/require-deadline/index.ts";
import { lintWithRules, type FixOutcome, type RuleToApply } from "./apply-suggestions.ts";
import { runDeadline } from "./deadline.ts";
import { runExhaustiveAction } from "./exhaustive-action.ts";
import { runReleaseInFinally } from "./release-in-finally.ts";

const FIXTURES = path.join(__dirname, "__fixtures__");
const DEADLINE_MS = 300_000;

interface TransformUnderTest {
  readonly run: (source: string, file: string, fixture: string) => FixOutcome;
  /** The rules, with the options the transform runs them with, whose findings must be gone afterwards. */
  readonly rules: readonly RuleToApply[];
}

const TRANSFORMS: Record<string, TransformUnderTest> = {
  "exhaustive-action": {
    run: (source, file) => runExhaustiveAction(source, file),
    rules: [{ name: "exhaustive-action", rule: exhaustiveAction }],
  },
  "release-in-finally": {
    // Fixtures named `await-using…` run as `--await-using` does: typed, preferring `await using`.
    run: (source, file, fixture) =>
      runReleaseInFinally(source, file, { awaitUsing: fixture.startsWith("await-using") }),
    rules: [{ name: "release-in-finally", rule: releaseInFinally, options: { reportEscapingHandles: true } }],
  },
  deadline: {
    run: (source, file) => runDeadline(source, file, { deadlineMs: DEADLINE_MS }),
    rules: [
      { name: "forward-abort-signal", rule: forwardAbortSignal },
      {
        name: "require-deadline",
        rule: requireDeadline,
        options: { reportOpaqueOptions: true, timeCancellablePermissions: true },
      },
    ],
  },
};

interface ExpectedSkip {
  readonly rule: string;
  readonly line: number;
  readonly reason: RegExp;
}

/** A known API's name in a file that imports none of its packages: no edit writes its options or answers. */
const UNPROVEN_ACP =
  /ACP `requestPermission` is recognised here by its name and arguments alone: this file imports none of its packages \(@agentclientprotocol\/sdk/;

/** What each fixture must leave alone, and why. Fixtures not listed here skip nothing. */
const EXPECTED_SKIPS: Record<string, readonly ExpectedSkip[]> = {
  "exhaustive-action/ternary-skipped": [
    { rule: "exhaustive-action", line: 12, reason: /a ternary is an expression/ },
    { rule: "exhaustive-action", line: 14, reason: /a ternary is an expression/ },
  ],
  "exhaustive-action/flag-skipped": [
    { rule: "exhaustive-action", line: 12, reason: /its flag is read elsewhere too/ },
    { rule: "exhaustive-action", line: 27, reason: /code runs between flag and test/ },
  ],
  "exhaustive-action/mrtr-reask-prompt-skipped": [
    { rule: "exhaustive-action", line: 9, reason: /asked it again.*handler is not a tool's/ },
  ],
  "release-in-finally/conditional-release-skipped": [
    {
      rule: "release-in-finally",
      line: 7,
      reason: /gives it back outside a `finally`.*no rewrite here is provably equivalent/,
    },
  ],
  "release-in-finally/timer-cleared-on-two-paths-skipped": [
    {
      rule: "release-in-finally",
      line: 7,
      reason: /the interval `heartbeat` fires on forever.*no rewrite here is provably/,
    },
  ],
  "release-in-finally/escaping-handle-skipped": [
    { rule: "release-in-finally", line: 13, reason: /The release handle `release` is passed on/ },
  ],
  "deadline/opaque-options-skipped": [
    { rule: "require-deadline", line: 8, reason: /These options may not set a deadline/ },
  ],
  "deadline/hand-rolled-no-signal-skipped": [
    { rule: "require-deadline", line: 11, reason: /no caller's abort signal is in reach here.*hand its function/ },
  ],
  "deadline/own-request-permission-skipped": [
    { rule: "forward-abort-signal", line: 9, reason: UNPROVEN_ACP },
    { rule: "require-deadline", line: 9, reason: UNPROVEN_ACP },
  ],
  "deadline/own-json-rpc-request-skipped": [
    {
      rule: "require-deadline",
      line: 9,
      reason:
        /`server\.request` for `elicitation\/create` is recognised .* imports none of its packages \(@modelcontextprotocol\/sdk.*"behavesLike": "mcp-request"/,
    },
  ],
  "deadline/unknown-origin-skipped": [
    {
      rule: "require-deadline",
      line: 8,
      reason: /from no package this codemod knows.*add it to humanWaitFunctions with its deadline option/,
    },
  ],
};

interface Fixture {
  readonly transform: string;
  readonly name: string;
  readonly inputFile: string;
  readonly outputFile: string | null;
}

function listFixtures(): Fixture[] {
  const fixtures: Fixture[] = [];
  for (const transform of fs.readdirSync(FIXTURES).sort()) {
    const directory = path.join(FIXTURES, transform);
    for (const file of fs.readdirSync(directory).sort()) {
      const match = /^(.*)\.input\.(tsx?|mjs)$/.exec(file);
      if (!match) continue;
      const outputFile = path.join(directory, `${match[1]}.output.${match[2]}`);
      fixtures.push({
        transform,
        name: match[1]!,
        inputFile: path.join(directory, file),
        outputFile: fs.existsSync(outputFile) ? outputFile : null,
      });
    }
  }
  return fixtures;
}

function commentsOf(source: string, file: string): string[] {
  const program = parse(source, { comment: true, filePath: file, range: true, loc: true }) as TSESTree.Program;
  return (program.comments ?? []).map((comment) => comment.value.trim());
}

const fixtures = listFixtures();

describe("codemod fixtures", () => {
  it("has fixtures for every transform, and expectations only for fixtures that exist", () => {
    for (const transform of Object.keys(TRANSFORMS)) {
      expect(fixtures.filter((fixture) => fixture.transform === transform).length).toBeGreaterThanOrEqual(4);
    }
    for (const key of Object.keys(EXPECTED_SKIPS)) {
      expect(fixtures.some((fixture) => `${fixture.transform}/${fixture.name}` === key)).toBe(true);
    }
  });

  describe.each(fixtures.map((fixture) => [`${fixture.transform}/${fixture.name}`, fixture] as const))(
    "%s",
    (key, fixture) => {
      const transform = TRANSFORMS[fixture.transform]!;
      const input = fs.readFileSync(fixture.inputFile, "utf8");
      // The file name the transform sees decides the parser's dialect (.ts / .tsx), as in a real run; typed runs need
      // the file the repository's tsconfig.json includes.
      const file = fixture.name.startsWith("await-using")
        ? fixture.inputFile
        : fixture.inputFile.replace(".input.", ".");
      const expected = fixture.outputFile ? fs.readFileSync(fixture.outputFile, "utf8") : input;
      const expectedSkips = EXPECTED_SKIPS[key] ?? [];
      const outcome = transform.run(input, file, fixture.name);

      it("rewrites to the expected output (or returns the input itself)", () => {
        expect(outcome.output).toBe(expected);
        expect(outcome.changed).toBe(fixture.outputFile !== null);
        if (!fixture.outputFile) expect(outcome.output).toBe(input);
      });

      it("reports each place it leaves alone, with its line and reason", () => {
        expect(outcome.skipped.map(({ rule, line }) => ({ rule, line }))).toEqual(
          expectedSkips.map(({ rule, line }) => ({ rule, line })),
        );
        outcome.skipped.forEach((skip, index) => expect(skip.reason).toMatch(expectedSkips[index]!.reason));
      });

      it("changes nothing on a second run", () => {
        const again = transform.run(outcome.output, file, fixture.name);
        expect(again.changed).toBe(false);
        expect(again.output).toBe(outcome.output);
      });

      it("produces code that parses and keeps every comment", () => {
        const before = commentsOf(input, file);
        const after = commentsOf(outcome.output, file);
        for (const comment of new Set(before)) {
          expect(after.filter((text) => text === comment).length).toBeGreaterThanOrEqual(
            before.filter((text) => text === comment).length,
          );
        }
      });

      it("leaves no finding of its rules but the skipped ones", () => {
        const { messages } = lintWithRules(outcome.output, file, transform.rules);
        expect(messages.filter((message) => message.fatal)).toEqual([]);
        const findings = messages.map((message) => ({
          rule: message.ruleId?.replace(/^elicitation\//, ""),
          line: message.line,
        }));
        expect(findings).toEqual(expectedSkips.map(({ rule, line }) => ({ rule, line })));
      });
    },
  );
});

/** A file saved with Windows line endings comes back with Windows line endings only: the same rewrite, CRLF. */
describe("codemod fixtures with CRLF line endings", () => {
  const toCrlf = (text: string) => text.replace(/\r?\n/g, "\r\n");
  it.each(fixtures.map((fixture) => [`${fixture.transform}/${fixture.name}`, fixture] as const))(
    "%s",
    (_key, fixture) => {
      const transform = TRANSFORMS[fixture.transform]!;
      const input = toCrlf(fs.readFileSync(fixture.inputFile, "utf8"));
      const file = fixture.name.startsWith("await-using")
        ? fixture.inputFile
        : fixture.inputFile.replace(".input.", ".");
      const expected = fixture.outputFile ? toCrlf(fs.readFileSync(fixture.outputFile, "utf8")) : input;
      const outcome = transform.run(input, file, fixture.name);
      expect(outcome.output.match(/(?<!\r)\n/g) ?? []).toEqual([]);
      expect(outcome.output).toBe(expected);
      expect(outcome.changed).toBe(fixture.outputFile !== null);
    },
  );
});

/** A codemod admits exactly the files its rule does: the same exported gate, not a text test of its own. */
describe("the codemods' text gate is their rule's", () => {
  // Nothing here names an API: the question is recognised by its parameters (`requestedSchema`).
  const asksThroughCallback = `async function ask(sender: (params: object) => Promise<{ action: string }>) {
  const answer = await sender({ message: "Deploy?", requestedSchema: { type: "object", properties: {} } });
  if (answer.action === "accept") {
    deploy();
  } else {
    log("skipped");
  }
}
`;

  it("rewrites a file the rule reports with a suggestion, though it names no human-wait API", () => {
    const { messages } = lintWithRules(asksThroughCallback, "ask.ts", TRANSFORMS["exhaustive-action"]!.rules);
    expect(messages.map((message) => [message.messageId, message.suggestions?.length])).toEqual([
      ["declineAndCancelMerged", 1],
    ]);
    const outcome = runExhaustiveAction(asksThroughCallback, "ask.ts");
    expect(outcome.changed).toBe(true);
    expect(outcome.output).toContain('case "decline": {');
  });

  it("does the same with or without the word `elicit` in a comment", () => {
    const withWord = `// elicit\n${asksThroughCallback}`;
    expect(runExhaustiveAction(withWord, "ask.ts").output).toBe(
      `// elicit\n${runExhaustiveAction(asksThroughCallback, "ask.ts").output}`,
    );
  });

  it("leaves a file with no answer literal unparsed, as the rule does", () => {
    const broken = "const = ; // requestedSchema\n";
    expect(runExhaustiveAction(broken, "broken.ts")).toEqual({
      output: broken,
      changed: false,
      skipped: [],
      applied: 0,
    });
  });
});

/**
 * docs/codemods.md: "The `strict` config then keeps pointing at the two identical bodies until someone does." Every
 * switch the exhaustive-action transform writes copies one body into `decline` and `cancel`, so under strict each is
 * one `identicalBranches` report: as many as the `cancel` comments the rewrite added. (A re-ask's rewrite returns a
 * different text on each, and is not counted.)
 */
describe("strict reports every identical pair the exhaustive-action transform writes", () => {
  const CANCEL_COMMENT = /\/\/ cancel: the dialog was dismissed without a decision/g;
  const written = fixtures.filter(
    (fixture) => fixture.transform === "exhaustive-action" && fixture.outputFile && !fixture.name.startsWith("mrtr"),
  );
  it.each(written.map((fixture) => [fixture.name, fixture] as const))("%s", (_name, fixture) => {
    const input = fs.readFileSync(fixture.inputFile, "utf8");
    const output = fs.readFileSync(fixture.outputFile!, "utf8");
    const added = (output.match(CANCEL_COMMENT) ?? []).length - (input.match(CANCEL_COMMENT) ?? []).length;
    expect(added).toBeGreaterThan(0);
    const file = fixture.inputFile.replace(".input.", ".");
    const { messages } = lintWithRules(output, file, [
      { name: "exhaustive-action", rule: exhaustiveAction, options: { reportIdenticalBranches: true } },
    ]);
    expect(messages.filter((message) => message.messageId === "identicalBranches").length).toBe(added);
  });
});

/**
 * The net `migrate` keeps (docs/codemods.md, step 3) as a property of every fixture: a transform changes what its own
 * rules report, and no finding of the other rewritten rules is gone afterwards. The ACP agent of
 * deadline/acp-v1-cancelled-vs-selected is the shape where handing the question to `askWithin` once hid
 * exhaustive-action's `cancelled`-vs-`selected` finding (issue 24).
 */
describe("no transform hides another rule's finding", () => {
  const ALL_RULES: readonly RuleToApply[] = Object.values(TRANSFORMS).flatMap((transform) => transform.rules);
  const findingsOf = (source: string, file: string, rules: readonly RuleToApply[]) =>
    lintWithRules(source, file, rules)
      .messages.map((message) => `${message.ruleId?.replace(/^elicitation\//, "")} ${message.messageId}`)
      .sort();

  it.each(fixtures.map((fixture) => [`${fixture.transform}/${fixture.name}`, fixture] as const))(
    "%s",
    (_key, fixture) => {
      const own = new Set(TRANSFORMS[fixture.transform]!.rules.map((rule) => rule.name));
      const others = ALL_RULES.filter((rule) => !own.has(rule.name));
      const input = fs.readFileSync(fixture.inputFile, "utf8");
      const output = fixture.outputFile ? fs.readFileSync(fixture.outputFile, "utf8") : input;
      const file = fixture.name.startsWith("await-using")
        ? fixture.inputFile
        : fixture.inputFile.replace(".input.", ".");
      expect(findingsOf(output, file, others)).toEqual(findingsOf(input, file, others));
    },
  );

  it("keeps the cancelled-vs-selected finding of the ACP agent whose question goes to askWithin", () => {
    const name = path.join(FIXTURES, "deadline", "acp-v1-cancelled-vs-selected");
    const exhaustive = [{ name: "exhaustive-action", rule: exhaustiveAction }];
    const at = (source: string) =>
      lintWithRules(source, `${name}.ts`, exhaustive).messages.map((message) => [message.messageId, message.line]);
    expect(at(fs.readFileSync(`${name}.input.ts`, "utf8"))).toEqual([["cancelledAndSelectedMerged", 19]]);
    expect(at(fs.readFileSync(`${name}.output.ts`, "utf8"))).toEqual([["cancelledAndSelectedMerged", 54]]);
  });
});
