/**
 * formatRewrite on a project with a Prettier configuration: the regions the rewrite changed are formatted, also when
 * a region is only a block that Prettier cannot reparse on its own (a `case` block ending in `break`).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import * as prettier from "prettier";
import { afterAll, describe, expect, it } from "vitest";
import { formatRewrite } from "./format.ts";

const REPO_ROOT = path.join(__dirname, "..");
const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Prettier before 3.10 (seen with 3.6.2) formats a range by reparsing the statements it touches on their own: a range
 * that is only the `}` closing a `case` block ending in `break` fails with "Unsyntactic break". The project's
 * `prettier` here is the repository's, behaving that way on such a range.
 */
const OLD_RANGE_PRETTIER = `const real = require(${JSON.stringify(createRequire(path.join(REPO_ROOT, "package.json")).resolve("prettier"))});
module.exports = {
  ...real,
  async format(text, options) {
    if (options.rangeStart !== undefined && text.slice(options.rangeStart, options.rangeEnd + 1).trim() === "}")
      throw new SyntaxError("Unsyntactic break. (5:17)");
    return real.format(text, options);
  },
};
`;

/** A project with a `.prettierrc` and a `prettier` package, holding `src/ask.js`; returns the file's path. */
function projectFile(oldRangeFormatting: boolean, config = "{}"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "elicitation-format-"));
  made.push(dir);
  fs.writeFileSync(path.join(dir, ".prettierrc"), `${config}\n`);
  fs.writeFileSync(path.join(dir, "package.json"), '{ "name": "format", "private": true }\n');
  if (oldRangeFormatting) {
    const stub = path.join(dir, "node_modules", "prettier");
    fs.mkdirSync(stub, { recursive: true });
    fs.writeFileSync(
      path.join(stub, "package.json"),
      '{ "name": "prettier", "version": "3.6.2", "main": "index.cjs" }\n',
    );
    fs.writeFileSync(path.join(stub, "index.cjs"), OLD_RANGE_PRETTIER);
  } else {
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"));
  }
  fs.mkdirSync(path.join(dir, "src"));
  return path.join(dir, "src", "ask.js");
}

const HEAD = `export async function ask(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
`;
const TAIL = `  return "done";
}
`;

const BEFORE = `${HEAD}  switch (result.action) {
    case "accept":
      return "deploying";
    default:
      console.log("not deploying");
      break;
  }
${TAIL}`;

// As exhaustive-action writes it: the comment of the empty `default` one level deeper than Prettier puts it, and the
// last changed line the `}` of the new `cancel` block (a range Prettier reparses as a lone block: "Unsyntactic break").
const SPLIT = `${HEAD}  switch (result.action) {
    case "accept":
      return "deploying";
    case "decline": {
      // decline: the user saw the question and said no
      console.log("not deploying");
      break;
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      console.log("not deploying");
      break;
    }
  }
${TAIL}`;

describe("formatRewrite", () => {
  it("formats new case blocks ending in break with a Prettier that reparses ranges alone: it passes --check", async () => {
    const file = projectFile(true);
    expect(await prettier.check(BEFORE, { filepath: file })).toBe(true);
    expect(await prettier.check(SPLIT, { filepath: file })).toBe(false);
    const outcome = await formatRewrite(file, BEFORE, SPLIT);
    expect(outcome.kind).toBe("formatted");
    const text = outcome.kind === "formatted" ? outcome.text : "";
    expect(await prettier.check(text, { filepath: file })).toBe(true);
    expect(text).toContain(
      '    default:\n    // any other action is no decision either: falls through to cancel\n    case "cancel": {',
    );
    expect(text.startsWith(HEAD)).toBe(true);
    expect(text.endsWith(TAIL)).toBe(true);
  });

  it("formats a changed call on its own where the range parses as it is", async () => {
    const file = projectFile(false);
    const after = BEFORE.replace('{ message: "Deploy?" }', '{ message: "Deploy?" }, {timeout:300000}');
    const outcome = await formatRewrite(file, BEFORE, after);
    expect(outcome.kind).toBe("formatted");
    const text = outcome.kind === "formatted" ? outcome.text : "";
    expect(text).toBe(
      BEFORE.replace(
        'elicitInput({ message: "Deploy?" });',
        'elicitInput(\n    { message: "Deploy?" },\n    { timeout: 300000 },\n  );',
      ),
    );
  });

  it("formats a function added with its doc comment, which Prettier cannot start a range in", async () => {
    const file = projectFile(false, '{ "arrowParens": "avoid", "printWidth": 60 }');
    const before = 'import { ask } from "./ask.js";\n\nexport const answer = ask();\n';
    // As the transforms write a helper: the comment first, arrow parameters in parentheses, one line past 60 columns.
    const helper = `/**
 * Settles the answer.
 */
function settled(answer, { signal, ms, noAnswer }, fallback = null) {
  return answer.then((value) => value ?? noAnswer());
}

`;
    const after = before.replace("export", `${helper}export`);
    const outcome = await formatRewrite(file, before, after);
    expect(outcome.kind).toBe("formatted");
    const text = outcome.kind === "formatted" ? outcome.text : "";
    expect(text).toBe(
      before.replace(
        "export",
        `/**
 * Settles the answer.
 */
function settled(
  answer,
  { signal, ms, noAnswer },
  fallback = null,
) {
  return answer.then(value => value ?? noAnswer());
}

export`,
      ),
    );
    expect(await prettier.check(text, { filepath: file, arrowParens: "avoid", printWidth: 60 })).toBe(true);
  });
});
