/**
 * Real code nobody here wrote: the examples that ship inside @modelcontextprotocol/sdk, linted with the real ESLint
 * Node API and the plugin as users load it. Every finding is pinned per file; a new finding or a missing one fails.
 * Each rule has its own table, so a rule's helper extends this file without touching the others' pins.
 */
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../index.ts";

/** Where a package's files are: `types.js` is in its exports map in every version we support. */
function packageRoot(name: string): string {
  const resolved = require.resolve(`${name}/types.js`);
  const marker = `${path.sep}node_modules${path.sep}${name.split("/").join(path.sep)}${path.sep}`;
  return resolved.slice(0, resolved.lastIndexOf(marker) + marker.length - 1);
}

const SDK_EXAMPLES = path.join(packageRoot("@modelcontextprotocol/sdk"), "dist", "esm", "examples");

interface Pin {
  /** Path under the SDK's dist/esm/examples, with forward slashes. */
  readonly file: string;
  readonly ruleId: string;
  readonly line: number;
}

interface RuleTable {
  /** Options for the rule, as in a config entry. */
  readonly options?: readonly unknown[];
  /** Every finding the rule reports over the examples. */
  readonly pins: readonly Pin[];
  /** Files that must stay clean, with why: the contrast cases the issue names. */
  readonly clean: readonly { file: string; why: string }[];
}

const EXHAUSTIVE_ACTION = "elicitation/exhaustive-action";

/** Pins per rule. Add a table for your rule; keep each pin's comment saying what the code there does. */
const TABLES: Readonly<Record<string, RuleTable>> = {
  [EXHAUSTIVE_ACTION]: {
    pins: [
      // `if (basicInfo.action !== 'accept' || !basicInfo.content) return "Event creation cancelled."`
      { file: "server/elicitationFormExample.js", ruleId: EXHAUSTIVE_ACTION, line: 169 },
      // the same early return after the second question (`dateTime`)
      { file: "server/elicitationFormExample.js", ruleId: EXHAUSTIVE_ACTION, line: 203 },
      // `switch (result.action) { case 'accept': … default: "Client declined to provide an API key" }`
      { file: "server/elicitationUrlExample.js", ruleId: EXHAUSTIVE_ACTION, line: 247 },
      // `if (result.action === 'accept' && result.content) … else { text = 'Deletion cancelled' }`
      { file: "server/simpleTaskInteractive.js", ruleId: EXHAUSTIVE_ACTION, line: 426 },
    ],
    clean: [
      { file: "server/simpleStreamableHttp.js", why: "accept, decline and cancel each get their own branch (twice)" },
      { file: "client/simpleStreamableHttp.js", why: "the handler answers decline after failed attempts, not for an error or a timer" },
      { file: "client/elicitationUrlExample.js", why: "no branch on an answer; the handler maps the user's consent to each action" },
    ],
  },
};

async function lintExamples(ruleId: string, table: RuleTable): Promise<Pin[]> {
  const eslint = new ESLint({
    cwd: SDK_EXAMPLES,
    ignore: false,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ["**/*.js"],
        plugins: { elicitation: plugin as never },
        rules: { [ruleId]: ["error", ...(table.options ?? [])] },
      },
    ],
  });
  const results = await eslint.lintFiles(exampleFiles());
  const pins: Pin[] = [];
  for (const result of results) {
    const file = path.relative(SDK_EXAMPLES, result.filePath).split(path.sep).join("/");
    for (const message of result.messages) {
      if (message.fatal) throw new Error(`${file}:${message.line}: ${message.message}`);
      pins.push({ file, ruleId: message.ruleId ?? "(none)", line: message.line });
    }
  }
  return pins.sort(byFileAndLine);
}

/** Every .js file under the examples folder (listed here: ESLint's globbing skips anything below node_modules). */
function exampleFiles(): string[] {
  return fs
    .readdirSync(SDK_EXAMPLES, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".js"))
    .map((name) => path.join(SDK_EXAMPLES, name))
    .sort();
}

function byFileAndLine(a: Pin, b: Pin): number {
  return a.file.localeCompare(b.file) || a.line - b.line || a.ruleId.localeCompare(b.ruleId);
}

describe("the examples shipped in @modelcontextprotocol/sdk", () => {
  for (const [ruleId, table] of Object.entries(TABLES)) {
    describe(ruleId, () => {
      it("reports exactly the pinned findings", async () => {
        const found = await lintExamples(ruleId, table);
        expect(exampleFiles().length).toBeGreaterThan(20);
        expect(found).toEqual([...table.pins].sort(byFileAndLine));
        for (const { file } of table.clean) expect(found.filter((pin) => pin.file === file)).toEqual([]);
      });
    });
  }
});
