/**
 * Docs that cannot drift (typescript-eslint's docs test, in our shape): every rule's page agrees with the rule's meta,
 * and its ❌/✅ examples are reported / not reported by the rule. eslint-doc-generator --check, which loads the built
 * plugin, is in doc-generator.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import plugin from "../index.ts";
import { CONFIG_NAMES, FORMATS } from "../cli/check.ts";
import { TERMINAL_PATHS } from "../testing/path-names.ts";
import { REPO_ROOT, runCli } from "./support/cli.ts";
import { readmeBlock, readmeCodeBlocks, readmeText } from "./support/readme.ts";
import { LONGEST_DATA } from "./support/message-data.ts";
import { wrapperOptionSchema } from "../analysis/wrappers.ts";
import { RECOGNISED_CALLS_BEGIN, RECOGNISED_CALLS_END, renderRecognisedCalls } from "./support/recognised-calls.ts";
import { RULE_NAMES, lintWithRule, parseRuleDoc, readRuleDoc, ruleDocPath, type RuleDoc } from "./support/rule-docs.ts";
import { oxlintConfigFor, type OxlintConfig } from "../bench/oxlint.ts";

/** How far down a rule page its first example may start (its opening fence), as unicorn's pages put theirs. */
const FIRST_EXAMPLE_WITHIN_LINES = 15;

/**
 * What is wrong with how a rule page opens: after eslint-doc-generator's header and the description, one short
 * paragraph, then a labelled ❌/✅ example whose fence starts within the page's first FIRST_EXAMPLE_WITHIN_LINES lines.
 */
function openingProblems(doc: RuleDoc): string[] {
  const [first] = doc.examples;
  if (!first) return ["has no ❌/✅ example"];
  const problems: string[] = [];
  if (first.line > FIRST_EXAMPLE_WITHIN_LINES)
    problems.push(`first example starts on line ${first.line}, not within the first ${FIRST_EXAMPLE_WITHIN_LINES}`);
  if (first.label === null)
    problems.push(`first example (line ${first.line}) is not labelled ❌ Incorrect or ✅ Correct`);
  // Between the description and the example's label: exactly one paragraph, and no heading, list or other block.
  const descriptionIndex = doc.description === undefined ? -1 : doc.lines.indexOf(doc.description);
  const fenceIndex = first.line - 1;
  let labelIndex = fenceIndex - 1;
  while (labelIndex >= 0 && doc.lines[labelIndex]!.trim() === "") labelIndex--;
  if (descriptionIndex < 0 || descriptionIndex >= labelIndex) return [...problems, "has no description before it"];
  const between = doc.lines.slice(descriptionIndex + 1, labelIndex);
  const paragraphs = between
    .join("\n")
    .split(/\n\s*\n/)
    .map((text) => text.trim())
    .filter((text) => text !== "");
  if (paragraphs.length !== 1)
    problems.push(`has ${paragraphs.length} paragraphs between the description and the first example, not one`);
  else if (/^(#|[-*+] |\d+\. |```|\||>)/.test(paragraphs[0]!))
    problems.push("has a heading, list, table, quote or code between the description and the first example");
  return problems;
}

describe("a rule page's opening", () => {
  const page = (body: string) =>
    parseRuleDoc(`# elicitation/x\n\n<!-- end auto-generated rule header -->\n\nRequire x\n\n${body}`, "x.md");
  const example = "❌ Incorrect\n\n```ts\nask();\n```\n";

  it("passes one paragraph then an example within the first lines", () => {
    expect(openingProblems(page(`One short paragraph.\n\n${example}`))).toEqual([]);
  });

  it("fails a page with no example, and one whose first example starts too far down", () => {
    expect(openingProblems(page("One short paragraph.\n\n```json\n{}\n```\n"))).toEqual(["has no ❌/✅ example"]);
    const late = openingProblems(page(`One short paragraph.\n${"\n".repeat(8)}${example}`));
    expect(late).toEqual([`first example starts on line 18, not within the first ${FIRST_EXAMPLE_WITHIN_LINES}`]);
  });

  it("fails a page with no paragraph, two, or a heading before its first example", () => {
    expect(openingProblems(page(example))).toEqual([
      "has 0 paragraphs between the description and the first example, not one",
    ]);
    expect(openingProblems(page(`One.\n\nTwo.\n\n${example}`))).toEqual([
      "has 2 paragraphs between the description and the first example, not one",
    ]);
    expect(openingProblems(page(`## Examples\n\n${example}`))).toEqual([
      "has a heading, list, table, quote or code between the description and the first example",
    ]);
  });
});

describe.each(RULE_NAMES)("docs/rules/%s.md", (name) => {
  const rule = plugin.rules[name];
  const meta = rule.meta as typeof rule.meta & { defaultOptions?: Record<string, unknown>[] };

  it("exists, titled with the rule's id", () => {
    expect(fs.existsSync(ruleDocPath(name)), `docs/rules/${name}.md`).toBe(true);
    expect(readRuleDoc(name).lines[0]).toBe(`# elicitation/${name}`);
  });

  it("states meta.docs.description under the title", () => {
    expect(meta.docs?.description).not.toMatch(/^TODO/);
    expect(readRuleDoc(name).description).toBe(meta.docs?.description);
  });

  it(`opens with one short paragraph, then its first ❌/✅ example within ${FIRST_EXAMPLE_WITHIN_LINES} lines`, () => {
    expect(openingProblems(readRuleDoc(name))).toEqual([]);
  });

  it("explains every message id of the rule", () => {
    const { lines } = readRuleDoc(name);
    const text = lines.join("\n");
    const missing = Object.keys(rule.meta?.messages ?? {}).filter((id) => !text.includes(`\`${id}\``));
    expect(missing).toEqual([]);
  });

  it("has Why, Examples, Options and When Not To Use It sections", () => {
    const { sections } = readRuleDoc(name);
    for (const section of ["Why", "Examples", "Options", "When Not To Use It"]) {
      expect([...sections.keys()], `## ${section}`).toContain(section);
      expect(sections.get(section)!.trim().length, `## ${section} is empty`).toBeGreaterThan(40);
    }
  });

  it("names every option in meta.schema with its default from meta.defaultOptions", () => {
    const options = readRuleDoc(name).sections.get("Options") ?? "";
    const schema = Array.isArray(meta.schema) ? meta.schema : [];
    const properties = Object.keys((schema[0] as { properties?: object } | undefined)?.properties ?? {});
    if (properties.length === 0) {
      expect(options).toContain("This rule has no options.");
      return;
    }
    const defaults = (meta.defaultOptions?.[0] ?? {}) as Record<string, unknown>;
    // One chunk per option: a `### \`name\`` heading or a `- \`name\`` bullet, up to the next such line.
    const chunks = options.split(/\n(?=### `|- `)/);
    for (const property of properties) {
      const chunk = chunks.find((text) => text.split("\n")[0]!.includes(`\`${property}\``));
      expect(chunk, `Options names \`${property}\` in a heading or bullet of its own`).toBeDefined();
      expect(property in defaults, `meta.defaultOptions has ${property}`).toBe(true);
      expect(chunk, `Options gives the default of \`${property}\``).toContain(
        `\`${JSON.stringify(defaults[property])}\``,
      );
    }
  });

  it("labels every TypeScript example ❌ Incorrect or ✅ Correct, with at least one of each", () => {
    const { examples } = readRuleDoc(name);
    expect(examples.filter((e) => e.label === null).map((e) => `line ${e.line}`)).toEqual([]);
    expect(examples.some((e) => e.label === "❌")).toBe(true);
    expect(examples.some((e) => e.label === "✅")).toBe(true);
  });

  it("has ❌ examples the rule reports and ✅ examples it does not", () => {
    const wrong: string[] = [];
    for (const example of readRuleDoc(name).examples) {
      const messages = lintWithRule(name, example.code, undefined, example.lang);
      const fatal = messages.filter((m) => m.fatal);
      if (fatal.length > 0) wrong.push(`line ${example.line}: does not parse: ${fatal[0]!.message}`);
      else if (example.label === "❌" && messages.length === 0) wrong.push(`line ${example.line}: ❌ but not reported`);
      else if (example.label === "✅" && messages.length > 0) {
        wrong.push(
          `line ${example.line}: ✅ but reported: ${messages.map((m) => `${m.line}:${m.column} ${m.message}`).join("; ")}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });
});

/** A message as ESLint renders it: each `{{name}}` replaced by `data.name` (left as written when there is none). */
function render(message: string, data: Record<string, string>): string {
  return message.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (whole, name: string) => data[name] ?? whole);
}

const MAX_MESSAGE_LENGTH = 120;

describe.each(RULE_NAMES)("%s's messages", (name) => {
  const written = Object.entries(plugin.rules[name].meta?.messages ?? {});

  // Rendered with the longest realistic data (test/support/message-data.ts: labels and deadlines from the API table,
  // the rule's own fixed words, long spellings of names from code), not with stand-ins of a fixed length.
  it(`are at most ${MAX_MESSAGE_LENGTH} characters, rendered with the longest data each placeholder takes`, () => {
    const { all, byMessage = {} } = LONGEST_DATA[name] ?? { all: {} };
    const long: string[] = [];
    for (const [id, message] of written) {
      for (const data of (byMessage[id] ?? [{}]).map((variant) => ({ ...all, ...variant }))) {
        const rendered = render(message, data);
        const unfilled = /\{\{[^}]*\}\}/.exec(rendered);
        if (unfilled) long.push(`${id}: no data for ${unfilled[0]} in test/support/message-data.ts`);
        else if (rendered.length > MAX_MESSAGE_LENGTH) long.push(`${id} (${rendered.length}): ${rendered}`);
      }
    }
    expect([...new Set(long)]).toEqual([]);
  });

  it(`are at most ${MAX_MESSAGE_LENGTH} characters as the rule's ❌ examples render them`, () => {
    const strict = plugin.configs.strict.rules?.[`elicitation/${name}`];
    const strictOptions = Array.isArray(strict) ? strict.slice(1) : undefined;
    const long = readRuleDoc(name)
      .examples.filter((example) => example.label === "❌")
      .flatMap((example) => [
        ...lintWithRule(name, example.code, undefined, example.lang),
        ...lintWithRule(name, example.code, strictOptions, example.lang),
      ])
      .flatMap((message) => [message.message, ...(message.suggestions ?? []).map((suggestion) => suggestion.desc)])
      .filter((message) => message.length > MAX_MESSAGE_LENGTH);
    expect(long).toEqual([]);
  });
});

describe("docs/rules", () => {
  it("has a page for every rule and no page for a rule that does not exist", () => {
    const pages = fs.readdirSync(path.join(REPO_ROOT, "docs", "rules")).filter((f) => f.endsWith(".md"));
    expect(pages.map((f) => f.replace(/\.md$/, "")).sort()).toEqual([...RULE_NAMES].sort());
  });

  it("every rule's meta.docs.url points at its page", () => {
    for (const name of RULE_NAMES)
      expect(plugin.rules[name].meta?.docs?.url).toMatch(new RegExp(`/docs/rules/${name}\\.md$`));
  });
});

describe("docs/mrtr.md", () => {
  // Each example is labelled "❌ Incorrect — `rule`, …" or "✅ Correct — `rule`, …": a ❌ block is reported by every rule it
  // names, a ✅ block by none of them.
  const page = path.join(REPO_ROOT, "docs", "mrtr.md");
  const examples = parseRuleDoc(fs.readFileSync(page, "utf8"), page).examples.map((example) => ({
    line: example.line,
    label: example.label ?? "",
    rules: [...example.caption.matchAll(/`([a-z-]+)`/g)].map((match) => match[1]!),
    code: example.code,
  }));

  it("labels every example ❌ or ✅ with the rules that check it", () => {
    expect(examples.length).toBeGreaterThanOrEqual(8);
    expect(
      examples
        .filter((e) => e.label === "" || e.rules.length === 0 || e.rules.some((r) => !RULE_NAMES.includes(r as never)))
        .map((e) => e.line),
    ).toEqual([]);
  });

  it("has ❌ examples each named rule reports and ✅ examples none of them reports", () => {
    const wrong: string[] = [];
    for (const example of examples) {
      for (const rule of example.rules) {
        const messages = lintWithRule(rule, example.code);
        if (messages.some((m) => m.fatal)) wrong.push(`line ${example.line}: does not parse`);
        else if (example.label === "❌" && messages.length === 0)
          wrong.push(`line ${example.line}: ❌ but ${rule} reports nothing`);
        else if (example.label === "✅" && messages.length > 0)
          wrong.push(`line ${example.line}: ✅ but ${rule} reports ${messages[0]!.message}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("README.md", () => {
  it("opens with the demo and the test command", () => {
    const [first] = readmeCodeBlocks();
    expect(first!.lang).toBe("sh");
    const commands = first!.code.split("\n").map((line) => line.replace(/\s+#.*$/, ""));
    expect(commands.slice(0, 2)).toEqual(["npm ci && npm run demo", "npm test"]);
    expect(readmeText().indexOf("```sh")).toBeLessThan(readmeText().indexOf("\n## "));
  });

  const section = (command: string) =>
    readmeText()
      .split("\n## ")
      .find((s) => s.startsWith(`Command line: \`${command}\``))!;

  it.each(["check", "paths"])("documents every option of %s --help, and only those", async (command) => {
    const help = (await runCli([command, "--help"], REPO_ROOT)).stdout;
    const optionsOf = (text: string) =>
      [...new Set([...text.matchAll(/--[a-z][a-z-]+/g)].map((m) => m[0]))].filter((o) => o !== "--help").sort();
    expect(optionsOf(section(command))).toEqual(optionsOf(help));
  });

  it("names check's configs and formats, and the paths paths drives", () => {
    expect(section("check")).toContain(`--config ${CONFIG_NAMES.join("\\|")}`);
    expect(section("check")).toContain(`--format ${FORMATS.join("\\|")}`);
    for (const name of TERMINAL_PATHS) expect(section("paths")).toContain(`\`${name}\``);
  });

  it("describes every config the plugin exports", () => {
    for (const config of Object.keys(plugin.configs))
      expect(readmeText()).toMatch(new RegExp(`^\\| \`${config}\` \\|`, "m"));
  });

  it("links only to files that exist", () => {
    const links = [...readmeText().matchAll(/\]\(((?!https?:)[^)#]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((link) => !fs.existsSync(path.join(REPO_ROOT, link)))).toEqual([]);
  });

  it("names the hook that .pre-commit-hooks.yaml defines", () => {
    const hookId = /- id: (\S+)/.exec(readmeBlock("yaml", ".pre-commit-config.yaml"))![1]!;
    expect(fs.readFileSync(path.join(REPO_ROOT, ".pre-commit-hooks.yaml"), "utf8")).toMatch(
      new RegExp(`^- id: ${hookId}$`, "m"),
    );
  });
});

describe("README: recognised calls", () => {
  it("lists exactly the API table's rows (regenerate from test/support/recognised-calls.ts)", () => {
    const readme = readmeText();
    const start = readme.indexOf(RECOGNISED_CALLS_BEGIN);
    const end = readme.indexOf(RECOGNISED_CALLS_END);
    expect(start, RECOGNISED_CALLS_BEGIN).toBeGreaterThan(-1);
    expect(readme.slice(start + RECOGNISED_CALLS_BEGIN.length, end).trim()).toBe(renderRecognisedCalls());
  });
});

describe("README: humanWaitFunctions examples", () => {
  const entry = (marker: string) => [{ humanWaitFunctions: [JSON.parse(readmeBlock("json", marker)) as object] }];
  const messagesOf = (rule: string, marker: string, code: string) =>
    lintWithRule(rule, code, entry(marker)).map((message) => message.message);

  it("acme-hitl (ttl, 300 s default, no signal): ttl advised, never timeout, and no signal advice", () => {
    const code = readmeBlock("ts", "// humanWaitFunctions example: acme-hitl");
    const deadline = messagesOf("require-deadline", '"acme-hitl"', code);
    expect(deadline).toHaveLength(1);
    expect(deadline[0]).toContain("300 s by default");
    expect(deadline[0]).toContain("`ttl`");
    expect(deadline[0]).not.toContain("`timeout`");
    expect(messagesOf("forward-abort-signal", '"acme-hitl"', code)).toEqual([]);
    // The entry's "none" is what keeps `extra` from being read as the MCP SDK's `extra.signal`.
    const guessed = lintWithRule("forward-abort-signal", code, [
      {
        humanWaitFunctions: [
          {
            ...(entry('"acme-hitl"')[0]!.humanWaitFunctions[0] as object),
            callerSignal: undefined,
            signalOption: "signal",
          },
        ],
      },
    ]);
    expect(guessed.map((message) => message.message).join("\n")).toContain("`extra.signal`");
  });

  it("@acme/approvals (answerValues): the else after approved is reported, the switch writes the entry's words", () => {
    const code = readmeBlock("ts", "// humanWaitFunctions example: @acme/approvals");
    const reported = lintWithRule("exhaustive-action", code, entry('"@acme/approvals"'));
    expect(reported.map((message) => message.messageId)).toEqual(["declineAndCancelMerged"]);
    expect(lintWithRule("exhaustive-action", code)).toEqual([]);
    const renamed = code.replace(/requestApproval/g, "fetchApproval");
    expect(lintWithRule("exhaustive-action", renamed, entry('"@acme/approvals"'))).toEqual([]);
  });

  it("@acme/review (answerField status): the else on status is reported, and only with the entry", () => {
    const code = readmeBlock("ts", "// humanWaitFunctions example: @acme/review");
    const reported = lintWithRule("exhaustive-action", code, entry('"@acme/review"'));
    expect(reported.map((message) => message.messageId)).toEqual(["declineAndCancelMerged"]);
    expect(lintWithRule("exhaustive-action", code)).toEqual([]);
  });
});

/** The keys of a humanWaitFunctions entry, from the option schema every rule shares. */
const ENTRY_KEYS = Object.keys(
  (wrapperOptionSchema as { items: { properties: Record<string, unknown> } }).items.properties,
).sort();

describe("humanWaitFunctions: every key of the option schema is documented", () => {
  it("README's table lists exactly the schema's keys", () => {
    const readme = readmeText();
    const start = readme.indexOf("### Your own framework: `humanWaitFunctions`");
    const table = readme
      .slice(start, readme.indexOf("\n\n`check --discover`", start))
      .split("\n")
      .filter((line) => line.startsWith("| `"));
    const listed = table.flatMap((line) => [...line.split(" | ")[0]!.matchAll(/`(\w+)`/g)].map((match) => match[1]!));
    expect(listed.sort()).toEqual(ENTRY_KEYS);
  });
  // The rules whose options take humanWaitFunctions, from their meta.
  const takingEntries = RULE_NAMES.filter((name) =>
    JSON.stringify(plugin.rules[name].meta?.schema ?? []).includes('"humanWaitFunctions"'),
  );
  it("four rules take humanWaitFunctions", () => {
    expect(takingEntries.sort()).toEqual(
      ["exhaustive-action", "forward-abort-signal", "release-in-finally", "require-deadline"].sort(),
    );
  });
  it.each(takingEntries)("docs/rules/%s.md names every key in its humanWaitFunctions section", (name) => {
    const doc = fs.readFileSync(ruleDocPath(name), "utf8");
    const start = doc.indexOf("### `humanWaitFunctions`");
    const end = doc.indexOf("\n## ", start);
    const section = doc.slice(start, end === -1 ? undefined : end);
    for (const key of ENTRY_KEYS) expect(section, key).toContain(`\`${key}\``);
  });
});

/** The oxlint the tests run (test/oxlint/), which the docs name as the version tested. */
const OXLINT_VERSION = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
    devDependencies: Record<string, string>;
  }
).devDependencies.oxlint!;

describe("README: oxlint", () => {
  const recipe = (marker: string) => {
    const { $schema, ...config } = JSON.parse(readmeBlock("json", marker)) as OxlintConfig;
    expect($schema).toBe("./node_modules/oxlint/configuration_schema.json");
    return config;
  };

  it("has a recipe for configs.recommended that turns on what it turns on, test files left out", () => {
    expect(recipe('"overrides"')).toEqual(oxlintConfigFor(plugin.configs.recommended));
  });

  it("has a recipe for configs.strict (and all) with the same rules and options", () => {
    expect(recipe('"reportSingleSlot"')).toEqual(oxlintConfigFor(plugin.configs.strict));
    expect(plugin.configs.all.rules).toEqual(plugin.configs.strict.rules);
  });

  it(`names the oxlint version the tests run (${OXLINT_VERSION})`, () => {
    const section = readmeText()
      .split("\n## ")
      .find((s) => s.startsWith("oxlint\n"))!;
    expect(section).toContain(`oxlint ${OXLINT_VERSION}`);
    expect(section.match(/oxlint \d+\.\d+\.\d+/g)!.filter((v) => v !== `oxlint ${OXLINT_VERSION}`)).toEqual([]);
  });
});

describe.each(RULE_NAMES)("docs/rules/%s.md under oxlint", (name) => {
  const section = () => readRuleDoc(name).sections.get("Under oxlint") ?? "";

  it(`names the oxlint version the tests run (${OXLINT_VERSION})`, () => {
    expect(section()).toContain(`oxlint ${OXLINT_VERSION}`);
  });

  it("shows a .oxlintrc.json that loads the plugin and turns on this rule with options it accepts", () => {
    const block = /```json\n([\s\S]*?)```/.exec(section());
    expect(block, "a ```json block").not.toBeNull();
    const config = JSON.parse(block![1]!) as OxlintConfig;
    expect(config.jsPlugins).toEqual(["eslint-plugin-elicitation"]);
    expect(Object.keys(config.rules)).toEqual([`elicitation/${name}`]);
    const entry = config.rules[`elicitation/${name}`]!;
    const options = Array.isArray(entry) ? entry.slice(1) : [];
    // ESLint validates options against the rule's schema and throws on any it does not take.
    expect(() => lintWithRule(name, "", options)).not.toThrow();
    expect(() => lintWithRule(name, "", [{ notAnOption: true }])).toThrow();
  });
});

describe.each(RULE_NAMES)("docs/rules/%s.md: try it", (name) => {
  it("links the playground, and names the fragment that opens this page's first example", () => {
    const section = readRuleDoc(name).sections.get("Try it") ?? "";
    expect(section).toContain("](../../playground/README.md)");
    expect(fs.existsSync(path.join(REPO_ROOT, "playground", "README.md"))).toBe(true);
    expect(section).toContain(`#example=${name}/1`);
    expect(readRuleDoc(name).examples.filter((example) => example.label !== null).length).toBeGreaterThan(0);
  });
});

describe("README: playground", () => {
  it("links the playground and says how to build it", () => {
    const section = readmeText()
      .split("\n## ")
      .find((s) => s.startsWith("Playground\n"))!;
    expect(section).toContain("](playground/README.md)");
    expect(section).toContain("npm run build:playground");
  });
});
