/**
 * The transforms run as `migrate` runs them, on the bundled MCP server (every transform has work there, and the
 * deadline's rewrites give release-in-finally more): together they end on the text they end on taking turns, parse
 * fewer texts, and count each transform's edits as taking turns counts them; a typed transform takes turns; a
 * rewrite that does not parse names the rules whose edits made it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CodemodInternalError, sharedLinting, type LintRules, type TransformPlan } from "./apply-suggestions.ts";
import { exhaustiveActionPlan } from "./exhaustive-action.ts";
import { CODEMODS } from "./registry.ts";
import { runTransforms, type Transform } from "./run-transforms.ts";

const SERVER = path.join(__dirname, "..", "fixtures", "mcp-server", "server.ts");
const OPTIONS = { deadlineMs: 120_000 };

/** `migrate`'s shared linting, counting the distinct texts it was asked to lint. */
function countingLint(file: string): { lint: LintRules; texts: Set<string> } {
  const shared = sharedLinting(file);
  const texts = new Set<string>();
  return {
    texts,
    lint: (text, rules, typed, ecmaVersion) => {
      texts.add(text);
      return shared.lint(text, rules, typed, ecmaVersion);
    },
  };
}

/** Each transform's own `run`, in rounds until a round changes nothing: the transforms taking turns, by hand. */
function inTurnsByHand(source: string, lint: LintRules): { output: string; applied: Map<string, number> } {
  let text = source;
  const applied = new Map<string, number>();
  for (let round = 0; round < 4; round += 1) {
    let changed = false;
    for (const codemod of CODEMODS) {
      const outcome = codemod.run(text, SERVER, OPTIONS, lint);
      if (!outcome.changed) continue;
      text = outcome.output;
      changed = true;
      const byLabel = Object.entries(outcome.appliedByLabel ?? {});
      const labelled = byLabel.reduce((sum, [, count]) => sum + count, 0);
      for (const [label, count] of [...byLabel, [codemod.name, outcome.applied - labelled] as const])
        if (count > 0) applied.set(label, (applied.get(label) ?? 0) + count);
    }
    if (!changed) break;
  }
  return { output: text, applied };
}

describe("runTransforms", () => {
  const source = fs.readFileSync(SERVER, "utf8");

  it("ends on the text the transforms end on taking turns, parsing fewer texts", () => {
    const byHand = countingLint(SERVER);
    const expected = inTurnsByHand(source, byHand.lint);
    const together = countingLint(SERVER);
    const outcome = runTransforms(CODEMODS, source, SERVER, OPTIONS, together.lint);

    expect(outcome.changed).toBe(true);
    expect(outcome.output).toBe(expected.output);
    expect([...outcome.applied]).toEqual([...expected.applied]);
    // Every transform rewrote something here: the counts come in the registry's order.
    expect([...outcome.applied.keys()]).toEqual(["exhaustive-action", "release-in-finally", "deadline", "signal"]);
    expect(together.texts.size).toBeLessThan(byHand.texts.size);
  });

  it("says which transform left each place as it is", () => {
    const outcome = runTransforms(CODEMODS, source, SERVER, OPTIONS);
    expect(outcome.skipped.length).toBeGreaterThan(0);
    for (const skip of outcome.skipped) {
      const owner = CODEMODS.find((codemod) => codemod.rules.includes(skip.rule));
      expect(skip.transform).toBe(owner?.name);
    }
  });

  it("lets a typed transform take turns with the others, ending on the same text", () => {
    // Outside any tsconfig.json's project, the typed lints find no program and read the file untyped.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "run-transforms-"));
    const file = path.join(dir, "server.ts");
    fs.writeFileSync(file, source);
    const typed: Transform = { name: "exhaustive-action", plan: () => ({ ...exhaustiveActionPlan(), typed: true }) };
    const [, ...others] = CODEMODS;
    try {
      const together = runTransforms(CODEMODS, source, file, OPTIONS);
      const inTurns = runTransforms([typed, ...others], source, file, OPTIONS);
      expect(inTurns.output).toBe(together.output);
      expect([...inTurns.applied]).toEqual([...together.applied]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names the rules whose edits made a text that does not parse", () => {
    const breaking: Transform = {
      name: "breaking",
      plan: (): TransformPlan => ({
        ...exhaustiveActionPlan(),
        decide: (problem) => ({ edit: { range: [0, 0], text: `const const ${problem.line};\n` } }),
      }),
    };
    let error: unknown;
    try {
      runTransforms([breaking], source, SERVER, OPTIONS);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CodemodInternalError);
    expect((error as CodemodInternalError).rules).toEqual(["exhaustive-action"]);
  });
});
