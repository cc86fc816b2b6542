/**
 * Every path that writes a rewrite keeps the file whole: the real CLI (`migrate`, spawned, gate on and off, dry and
 * write) in a git project with a Prettier configuration and Prettier installed, and the real jscodeshift CLI, on CRLF,
 * tab-indented and semicolon-free copies of every codemod fixture. Line endings stay the file's, byte for byte; the
 * rewritten block is written in the file's indentation and semicolon habit; the lines before and after what the
 * hand-written expected output changes come back byte for byte.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parse } from "@typescript-eslint/parser";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "./support/build.ts";
import { makeProject, REPO_ROOT, spawnCli } from "./support/cli.ts";

const FIXTURES = path.join(REPO_ROOT, "codemods", "__fixtures__");
const TRANSFORMS = ["exhaustive-action", "release-in-finally", "deadline"] as const;

type Variant = "crlf" | "tabs" | "nosemi";
const VARIANTS: readonly Variant[] = ["crlf", "tabs", "nosemi"];

/** The copies, made by plain text substitution (the fixtures are LF, two-space indented, with semicolons). */
const MAKE: Record<Variant, (text: string) => string> = {
  crlf: (text) => text.replace(/\n/g, "\r\n"),
  // Each two leading spaces become a tab; a JSDoc line's one space before `*` stays.
  tabs: (text) => text.replace(/^((?: {2})+)/gm, (indent) => "\t".repeat(indent.length / 2)),
  nosemi: (text) => text.replace(/;$/gm, ""),
};

/**
 * Semicolons a rule's fix still writes into a file without them, per file: none since release-in-finally's
 * (rules/release-in-finally/fix.ts) follow the file's habit. An entry here is a known bug, to be fixed.
 */
const SEMICOLONS_A_RULE_STILL_WRITES: Record<string, number> = {};

interface Case {
  readonly transform: (typeof TRANSFORMS)[number];
  /** Path in the temporary project. */
  readonly file: string;
  readonly variant: Variant;
  readonly input: string;
  /** Lines at the start and the end that the hand-written expected output leaves as they are. */
  readonly keptHead: number;
  readonly keptTail: number;
}

function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** How many whole lines at the start, and at the end, `a` and `b` share (byte for byte, line endings included). */
function sharedEnds(a: string, b: string): { head: number; tail: number } {
  const left = linesOf(a);
  const right = linesOf(b);
  let head = 0;
  while (head < left.length && head < right.length && left[head] === right[head]) head += 1;
  let tail = 0;
  while (
    tail < left.length - head &&
    tail < right.length - head &&
    left[left.length - 1 - tail] === right[right.length - 1 - tail]
  )
    tail += 1;
  return { head, tail };
}

function listCases(): Case[] {
  const cases: Case[] = [];
  for (const transform of TRANSFORMS) {
    const directory = path.join(FIXTURES, transform);
    for (const name of fs.readdirSync(directory).sort()) {
      const match = /^(.*)\.input\.(tsx?|mjs)$/.exec(name);
      if (!match) continue;
      const input = fs.readFileSync(path.join(directory, name), "utf8");
      // A fixture already saved with CRLF has its own test in codemods/fixtures.test.ts.
      if (input.includes("\r")) continue;
      // A fixture the transform leaves whole (no expected output) writes no layout to keep: codemods/fixtures.test.ts
      // checks that it comes back as the very same string, and migrate writes no file it did not change.
      const outputFile = path.join(directory, `${match[1]}.output.${match[2]}`);
      if (!fs.existsSync(outputFile)) continue;
      const output = fs.readFileSync(outputFile, "utf8");
      const { head, tail } = sharedEnds(input, output);
      for (const variant of VARIANTS) {
        cases.push({
          transform,
          file: `src/${transform}/${match[1]}-${variant}.${match[2]}`,
          variant,
          input: MAKE[variant](input),
          keptHead: head,
          keptTail: tail,
        });
      }
    }
  }
  return cases;
}

const cases = listCases();

/** What must hold of a text the CLI wrote (or would write) for `input`. */
function expectKeptWhole(testCase: Case, after: string): void {
  const where = `${testCase.file}`;
  const lines = linesOf(after);
  if (testCase.variant === "crlf") {
    expect(after.match(/(?<!\r)\n/g) ?? [], where).toEqual([]);
  } else {
    expect(after.includes("\r"), where).toBe(false);
  }
  for (const line of lines) {
    const indent = /^[ \t]*/.exec(line)![0];
    if (testCase.variant === "tabs") {
      // Tabs only, but for the one space of a JSDoc line before its `*`.
      expect(/^\t*(?: \*|\S|\r?\n?$)/.test(line), `${where}: ${JSON.stringify(line)}`).toBe(true);
    } else {
      expect(indent.includes("\t"), `${where}: ${JSON.stringify(line)}`).toBe(false);
    }
  }
  if (testCase.variant === "nosemi") {
    const endsWithSemicolon = (text: string) => linesOf(text).filter((line) => /;\r?\n?$/.test(line)).length;
    // Prettier, told the file's habit, takes them out again; jscodeshift writes what the rule wrote.
    const known = SEMICOLONS_A_RULE_STILL_WRITES[testCase.file] ?? 0;
    expect(endsWithSemicolon(after), where).toBeGreaterThanOrEqual(endsWithSemicolon(testCase.input));
    expect(endsWithSemicolon(after), where).toBeLessThanOrEqual(endsWithSemicolon(testCase.input) + known);
  }
  const before = linesOf(testCase.input);
  expect(lines.slice(0, testCase.keptHead), where).toEqual(before.slice(0, testCase.keptHead));
  expect(lines.slice(lines.length - testCase.keptTail), where).toEqual(before.slice(before.length - testCase.keptTail));
}

/** The `+` lines of the diff for one file in a dry run's output, line endings kept. */
function addedLines(stdout: string, file: string): string[] {
  const start = stdout.indexOf(`--- a/${file}\n`);
  if (start === -1) return [];
  const end = stdout.indexOf("\n--- a/", start + 1);
  const patch = stdout.slice(start, end === -1 ? undefined : end + 1);
  return patch
    .split("\n")
    .slice(2)
    .filter((line) => line.startsWith("+"))
    .map((line) => line.slice(1));
}

let root: string;

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: root, encoding: "utf8" });
}

beforeAll(() => {
  ensureBuilt();
  const files: Record<string, string> = {
    ".gitignore": "node_modules\n",
    // A configuration the copies do not follow (single quotes, a tab width of 4): Prettier leaves them to the
    // transforms, which write in the file's own indentation, quotes and semicolons.
    ".prettierrc": JSON.stringify({ singleQuote: true, tabWidth: 4 }),
    "package.json": JSON.stringify({ name: "layout", private: true, devDependencies: { prettier: "3" } }),
    "tsconfig.json": JSON.stringify({
      compilerOptions: {
        target: "es2022",
        lib: ["es2022", "dom", "esnext.disposable"],
        module: "nodenext",
        // `strict` includes noImplicitAny: the JavaScript helpers carry their types as JSDoc, so the gate checks the
        // plain-JavaScript fixture's rewrite under checkJs like any other.
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        allowJs: true,
        types: [],
      },
      include: ["src"],
    }),
  };
  for (const testCase of cases) files[testCase.file] = testCase.input;
  // The module the plain-JavaScript fixture imports, so that its imports resolve and the gate can check it.
  files["src/deadline/connection.mjs"] =
    "/** @type {{ requestPermission(params: object): Promise<{ outcome: { outcome: string } }> }} */\nexport const connection = { requestPermission: async () => ({ outcome: { outcome: 'cancelled' } }) }\n";
  root = makeProject("layout", files);
  // The SDKs the fixtures import, and Prettier, resolve from the project as they would in a user's.
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(root, "node_modules"));
  git("init", "-q");
  git("config", "user.email", "test@example.com");
  git("config", "user.name", "Test");
  git("config", "commit.gpgsign", "false");
  git("add", ".");
  git("commit", "-q", "-m", "fixtures");
});

// Each run starts from the committed fixtures.
afterEach(() => {
  git("checkout", "-q", "--", ".");
});

function migrate(transform: string, extra: string[]) {
  const argv = ["migrate", `src/${transform}`, "--transform", transform, "--deadline-ms", "300000", ...extra];
  return spawnCli(argv, root);
}

const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

describe("migrate keeps each file's line endings, indentation and semicolons, with a Prettier configuration", () => {
  it("makes copies that parse and differ from the fixture", () => {
    expect(cases.length).toBeGreaterThanOrEqual(3 * 30);
    for (const testCase of cases) {
      expect(() => parse(testCase.input, { filePath: testCase.file, range: true }), testCase.file).not.toThrow();
    }
  });

  describe.each([
    ["gate on", []],
    ["gate off", ["--no-typecheck"]],
  ])("%s", (_label, gate) => {
    it.each(TRANSFORMS)("%s: dry run and real run", (transform) => {
      const own = cases.filter((testCase) => testCase.transform === transform);
      const dry = migrate(transform, ["--dry", ...gate]);
      expect(dry.stderr).not.toMatch(/Error|failed/);
      expect(dry.code, dry.stdout).toBe(0);
      expect(git("status", "--porcelain")).toBe("");
      for (const testCase of own) {
        const added = addedLines(dry.stdout, testCase.file);
        for (const line of added) {
          if (testCase.variant === "crlf") expect(line.endsWith("\r"), `${testCase.file}: ${line}`).toBe(true);
          if (testCase.variant === "tabs")
            expect(/^\t*(?: \*|\S|\r?$)/.test(line), `${testCase.file}: ${line}`).toBe(true);
        }
        if (testCase.variant === "nosemi") {
          const known = SEMICOLONS_A_RULE_STILL_WRITES[testCase.file] ?? 0;
          expect(added.filter((line) => line.endsWith(";")).length, testCase.file).toBeLessThanOrEqual(known);
        }
      }
      const written = migrate(transform, gate);
      expect(written.code, written.stdout).toBe(0);
      let changed = 0;
      for (const testCase of own) {
        const after = read(testCase.file);
        expectKeptWhole(testCase, after);
        if (after !== testCase.input) changed += 1;
        // The dry run showed what was written.
        for (const line of addedLines(dry.stdout, testCase.file)) expect(after, testCase.file).toContain(line);
      }
      expect(changed).toBeGreaterThan(0);
    });
  });

  it.each(TRANSFORMS)("the jscodeshift CLI, %s", (transform) => {
    const own = cases.filter((testCase) => testCase.transform === transform);
    const run = spawnSync(
      path.join(REPO_ROOT, "node_modules", ".bin", "jscodeshift"),
      [
        "-t",
        path.join(REPO_ROOT, "codemods", `${transform}.js`),
        "--parser=tsx",
        "--extensions=ts,tsx,mjs",
        "--deadline-ms=300000",
        `src/${transform}`,
      ],
      { cwd: root, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^0 errors$/m);
    let changed = 0;
    for (const testCase of own) {
      const after = read(testCase.file);
      expectKeptWhole(testCase, after);
      if (after !== testCase.input) changed += 1;
    }
    expect(changed).toBeGreaterThan(0);
  });
});

/** An MCP tool as Prettier's defaults print it (80 columns, double quotes, semicolons, trailing commas). */
const DEFAULTS_FORMATTED = `import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;

export async function confirm(service: string): Promise<string> {
  const answer = await server.elicitInput({
    message: \`Deploy \${service}?\`,
    requestedSchema: { type: "object", properties: {} },
  });
  if (answer.action === "accept") {
    return "deploying";
  } else {
    return "not deploying";
  }
}
`;

describe("a file that follows the project's Prettier configuration", () => {
  it.each([
    ["CRLF", { endOfLine: "crlf" as const }],
    ["tabs, no semicolons", { useTabs: true, semi: false }],
  ])(
    "%s: only the changed statements are formatted, and the file still passes prettier --check",
    async (_label, config) => {
      const prettier = await import("prettier");
      // The file as the configuration formats it (Prettier here only prepares the input; the CLI is under test).
      const formatted = await prettier.format(DEFAULTS_FORMATTED, { ...config, filepath: "confirm.ts" });
      const input = formatted;
      expect(await prettier.check(input, { ...config, filepath: "confirm.ts" })).toBe(true);
      const dir = makeProject("prettier-follows", {
        ".gitignore": "node_modules\n",
        ".prettierrc": JSON.stringify(config),
        "src/confirm.ts": input,
      });
      fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"));
      for (const args of [
        ["init", "-q"],
        ["add", "."],
      ])
        execFileSync("git", args, { cwd: dir });
      execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=T", "commit", "-qm", "init"], {
        cwd: dir,
      });
      const run = spawnCli(["migrate", "src", "--transform", "exhaustive-action", "--no-typecheck"], dir);
      expect(run.code, run.stdout).toBe(0);
      const after = fs.readFileSync(path.join(dir, "src/confirm.ts"), "utf8");
      expect(after).toContain("switch (answer.action) {");
      expect(await prettier.check(after, { ...config, filepath: "confirm.ts" })).toBe(true);
      if ("endOfLine" in config) expect(after.match(/(?<!\r)\n/g) ?? []).toEqual([]);
      else expect(linesOf(after).filter((line) => /^ +\S/.test(line) || /;$/.test(line.trimEnd()))).toEqual([]);
      // Everything before the rewritten `if` comes back byte for byte.
      const head = input.slice(
        0,
        input.indexOf("  if (answer") === -1 ? input.indexOf("\tif (answer") : input.indexOf("  if (answer"),
      );
      expect(after.startsWith(head)).toBe(true);
    },
  );
});

describe("with Prettier installed but no configuration file", () => {
  function project(packageJson: Record<string, unknown>): string {
    const dir = makeProject("prettier-defaults", {
      ".gitignore": "node_modules\n",
      "package.json": JSON.stringify({ name: "defaults", private: true, ...packageJson }),
      "src/confirm.ts": DEFAULTS_FORMATTED,
    });
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"));
    for (const args of [
      ["init", "-q"],
      ["add", "."],
    ])
      execFileSync("git", args, { cwd: dir });
    execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=T", "commit", "-qm", "init"], { cwd: dir });
    return dir;
  }

  it("formats with Prettier's defaults where the project runs Prettier: the file still passes prettier --check", async () => {
    const prettier = await import("prettier");
    expect(await prettier.check(DEFAULTS_FORMATTED, { filepath: "confirm.ts" })).toBe(true);
    const dir = project({ scripts: { format: "prettier --write ." } });
    const run = spawnCli(["migrate", "src", "--transform", "exhaustive-action", "--no-typecheck"], dir);
    expect(run.code, run.stdout).toBe(0);
    const after = fs.readFileSync(path.join(dir, "src/confirm.ts"), "utf8");
    expect(after).toContain('    case "decline": {\n');
    expect(await prettier.check(after, { filepath: "confirm.ts" })).toBe(true);
  });

  it("leaves the rewrite in the file's own layout where nothing says the project runs Prettier", async () => {
    const dir = project({});
    const run = spawnCli(["migrate", "src", "--transform", "exhaustive-action", "--no-typecheck"], dir);
    expect(run.code, run.stdout).toBe(0);
    // The transform's own layout, written by hand: `default:` keeps its comment one level in, where Prettier would not.
    expect(fs.readFileSync(path.join(dir, "src/confirm.ts"), "utf8")).toBe(
      DEFAULTS_FORMATTED.replace(
        `  if (answer.action === "accept") {
    return "deploying";
  } else {
    return "not deploying";
  }
`,
        `  switch (answer.action) {
    case "accept": {
      return "deploying";
    }
    case "decline": {
      // decline: the user saw the question and said no
      return "not deploying";
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      return "not deploying";
    }
  }
`,
      ),
    );
  });
});
