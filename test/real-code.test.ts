/**
 * Real code nobody here wrote: the examples that ship inside @modelcontextprotocol/sdk (and the reference server
 * @modelcontextprotocol/server-everything), linted with the real ESLint Node API and the plugin as users load it.
 * Every finding is pinned per file; a new finding or a missing one fails.
 *
 * One table per rule: a rule's author adds its own table (the corpora it runs on, its options, its pins, and the
 * files that must stay clean) without touching the other tables.
 */
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../index.ts";

/** Where an installed package lives (both corpora export their package.json). */
function packageRoot(name: string): string {
  const resolved = require.resolve(`${name}/package.json`, { paths: [path.join(__dirname, "..")] });
  return path.dirname(resolved);
}

/** Folder under which corpus files are named in pins (so a pin reads like an npm path). */
const NODE_MODULES = path.dirname(path.dirname(packageRoot("@modelcontextprotocol/server-everything")));

/** The real code each table can run on: a folder and the files in it. */
const CORPORA = {
  "sdk-examples": path.join(NODE_MODULES, "@modelcontextprotocol", "sdk", "dist", "esm", "examples"),
  "server-everything": path.join(NODE_MODULES, "@modelcontextprotocol", "server-everything", "dist"),
} as const;
type Corpus = keyof typeof CORPORA;

interface Pin {
  /** Path under node_modules, with forward slashes. */
  readonly file: string;
  readonly ruleId: string;
  readonly line: number;
}

interface RuleTable {
  readonly corpora: readonly Corpus[];
  /** Options for the rule, as in a config entry after the severity. */
  readonly options?: readonly unknown[];
  /** Every finding the rule reports over its corpora. */
  readonly pins: readonly Pin[];
  /** Files that must stay clean, with why: the contrast cases. */
  readonly clean: readonly { file: string; why: string }[];
}

const EXHAUSTIVE_ACTION = "elicitation/exhaustive-action";
const SDK = "@modelcontextprotocol/sdk/dist/esm/examples";
const EVERYTHING = "@modelcontextprotocol/server-everything/dist";

const TABLES: Readonly<Record<string, RuleTable>> = {
  [EXHAUSTIVE_ACTION]: {
    corpora: ["sdk-examples", "server-everything"],
    options: [{ reportIdenticalBranches: true }],
    pins: [
      // `if (basicInfo.action !== 'accept' || !basicInfo.content) return "Event creation cancelled."`
      { file: `${SDK}/server/elicitationFormExample.js`, ruleId: EXHAUSTIVE_ACTION, line: 169 },
      // the same early return after the second question (`dateTime`)
      { file: `${SDK}/server/elicitationFormExample.js`, ruleId: EXHAUSTIVE_ACTION, line: 203 },
      // `switch (result.action) { case 'accept': … default: "Client declined to provide an API key" }`; the answer
      // comes from a `sender` callback that is handed `{ mode: 'url', …, elicitationId }`
      { file: `${SDK}/server/elicitationUrlExample.js`, ruleId: EXHAUSTIVE_ACTION, line: 247 },
      // `if (result.action === 'accept' && result.content) … else { text = 'Deletion cancelled' }`
      { file: `${SDK}/server/simpleTaskInteractive.js`, ruleId: EXHAUSTIVE_ACTION, line: 426 },
    ],
    clean: [
      {
        file: `${SDK}/server/simpleStreamableHttp.js`,
        why: "accept, decline and cancel each get their own branch (twice)",
      },
      {
        file: `${SDK}/client/simpleStreamableHttp.js`,
        why: "the handler declines after failed attempts, not for an error or a timer",
      },
      {
        file: `${SDK}/client/elicitationUrlExample.js`,
        why: "no branch on an answer; the user's consent maps to each action",
      },
      { file: `${EVERYTHING}/tools/trigger-elicitation-request.js`, why: "accept with content, decline, and the rest" },
      { file: `${EVERYTHING}/tools/trigger-url-elicitation.js`, why: "one branch per action, then the raw result" },
      { file: `${EVERYTHING}/tools/simulate-research-query.js`, why: "three-way chain; decline and cancel differ" },
    ],
  },
};

/** Every .js file of a corpus (listed here: ESLint's own globbing skips anything below node_modules). */
function corpusFiles(corpus: Corpus): string[] {
  const root = CORPORA[corpus];
  return fs
    .readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".js"))
    .map((name) => path.join(root, name))
    .sort();
}

const lintRuns = new Map<string, Promise<Pin[]>>();

/** Lints a table's corpora once, however many tests read the findings. */
function lintCorpora(ruleId: string, table: RuleTable): Promise<Pin[]> {
  let run = lintRuns.get(ruleId);
  if (!run) {
    run = lintCorporaNow(ruleId, table);
    lintRuns.set(ruleId, run);
  }
  return run;
}

async function lintCorporaNow(ruleId: string, table: RuleTable): Promise<Pin[]> {
  const eslint = new ESLint({
    cwd: NODE_MODULES,
    ignore: false,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ["**/*.js"],
        plugins: { elicitation: plugin as never },
        rules: { [ruleId]: ["error", ...(table.options ?? [])] },
        linterOptions: { reportUnusedDisableDirectives: "off" },
      },
    ],
  });
  const results = await eslint.lintFiles(table.corpora.flatMap(corpusFiles));
  const pins: Pin[] = [];
  for (const result of results) {
    const file = path.relative(NODE_MODULES, result.filePath).split(path.sep).join("/");
    for (const message of result.messages) {
      // Compiled files keep their authors' disable comments for rules that are not loaded here.
      if (message.ruleId !== ruleId && /^Definition for rule/.test(message.message)) continue;
      if (message.fatal) throw new Error(`${file}:${message.line}: ${message.message}`);
      pins.push({ file, ruleId: message.ruleId ?? "(none)", line: message.line });
    }
  }
  return pins.sort(byFileAndLine);
}

function byFileAndLine(a: Pin, b: Pin): number {
  return a.file.localeCompare(b.file) || a.line - b.line || a.ruleId.localeCompare(b.ruleId);
}

describe("real code nobody here wrote", () => {
  it("finds the corpora", () => {
    expect(corpusFiles("sdk-examples").length).toBeGreaterThan(20);
    expect(corpusFiles("server-everything").length).toBeGreaterThan(20);
  });
  for (const [ruleId, table] of Object.entries(TABLES)) {
    describe(ruleId, () => {
      it("reports exactly the pinned findings", async () => {
        const found = await lintCorpora(ruleId, table);
        expect(found).toEqual([...table.pins].sort(byFileAndLine));
      });
      it("keeps the contrast files clean", async () => {
        const found = await lintCorpora(ruleId, table);
        for (const { file } of table.clean) {
          expect(fs.existsSync(path.join(NODE_MODULES, file)), file).toBe(true);
          expect(found.filter((pin) => pin.file === file)).toEqual([]);
        }
      });
    });
  }
});
