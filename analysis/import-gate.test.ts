/**
 * Which files `check` (from the text) and the rules' gates (from the parsed file) read for a wait in another module
 * of the project: a file that uses an export of that module which may ask a person, as the export's declaration shows;
 * not one that only constructs, hands on, or imports names of a module that asks elsewhere. A file that registers
 * handlers keeps every import it reads as a value, and one that registers with a request's schema also keeps a module
 * that builds a question's schema.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Linter, type Rule } from "eslint";
import { afterAll, describe, expect, it } from "vitest";
import { importsModuleThatMayAsk, projectModuleAt, textImportsModuleThatMayAsk } from "./modules.ts";
import { noteFilePath } from "./project-files.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "import-gate-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const UI_MODULE = `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

export async function confirm(server: McpServer, message: string) {
  return server.server.elicitInput({ message, requestedSchema: { type: "object", properties: {} } });
}

export function toast(message: string) {
  console.log(message);
}

export class Dialogs {
  async ask(server: McpServer, message: string) {
    return server.server.elicitInput({ message, requestedSchema: { type: "object", properties: {} } });
  }
}

export const viaHelper = ({ server, message }: { server: McpServer; message: string }) => askInner(server, message);

function askInner(server: McpServer, message: string) {
  return server.server.elicitInput({ message, requestedSchema: { type: "object", properties: {} } });
}

const shown = (message: string) => toast(message);
export { shown as announce };
`;
fs.writeFileSync(path.join(root, "ui.ts"), UI_MODULE);

// An SDK's own layout (its examples import its server class, whose module imports the one that asks) and a module
// that builds a question's request schema beside other exports.
fs.writeFileSync(
  path.join(root, "server.ts"),
  `import { Dialogs } from "./ui";\nexport class Server extends Dialogs {}\n`,
);
fs.writeFileSync(
  path.join(root, "schemas.ts"),
  `import { z } from "zod";\nexport const AskSchema = z.object({ method: z.literal("elicitation/create") });\n` +
    `export function isInitialize(value: unknown) { return value !== null; }\n`,
);

let files = 0;

/**
 * Whether a file with this text, beside ui.ts, is read for a wait in a module it imports. The text's answer and the
 * parsed file's must agree.
 */
function admitted(body: string): boolean {
  const file = path.join(root, `tool-${(files += 1)}.ts`);
  const text = `${body}\nexport async function run(signal: AbortSignal) {}\nawait 0;\n`;
  fs.writeFileSync(file, text);
  const fromText = textImportsModuleThatMayAsk(file, text);
  expect(importsModuleThatMayAsk(projectModuleAt(file)!.sourceCode)).toBe(fromText);
  return fromText;
}

describe("a file is read for a wait in a module it imports", () => {
  it.each([
    ["it calls an export that asks", `import { confirm } from "./ui";\nconfirm(server, "Delete?");`],
    ["it calls it under another name", `import { confirm as ask } from "./ui";\nask(server, "Delete?");`],
    [
      "it calls an export that asks through a function of its module",
      `import { viaHelper } from "./ui";\nviaHelper(x);`,
    ],
    ["it reads a namespace import's member", `import * as ui from "./ui";\nui.toast("hi");`],
    ["it uses a default import", `import ui from "./ui";\nui.confirm(server, "Delete?");`],
    ["it registers handlers, whatever it uses", `import { toast } from "./ui";\nserver.registerTool("t", {}, toast);`],
    [
      "it registers handlers and reads a member of a class it constructs",
      `import { Server } from "./server";\nconst s = new Server.Inner();\ns.registerTool("t", {}, () => 1);`,
    ],
    [
      "it registers a handler with a request's schema, and a module it reads builds a question's",
      `import { isInitialize } from "./schemas";\nclient.setRequestHandler(Schema, () => isInitialize(1));`,
    ],
  ])("%s", (_name, body) => {
    expect(admitted(body)).toBe(true);
  });
});

describe("a file is not read for a wait in a module it imports", () => {
  it.each([
    ["it calls only an export that asks nobody", `import { toast } from "./ui";\ntoast("saved");`],
    ["it calls only a renamed export that asks nobody", `import { announce } from "./ui";\nannounce("saved");`],
    ["it only constructs an exported class", `import { Dialogs } from "./ui";\nconst dialogs = new Dialogs();`],
    ["it imports an export that asks and never uses it", `import { confirm } from "./ui";\nexport { confirm };`],
    ["it imports only types", `import type { Dialogs } from "./ui";\nlet d: Dialogs;`],
    [
      "it registers handlers and only constructs a class whose module imports one that asks",
      `import { Server } from "./server";\nconst s = new Server();\ns.registerTool("t", {}, () => 1);`,
    ],
    [
      "it registers handlers without a request's schema, and a module it reads builds a question's",
      `import { isInitialize } from "./schemas";\nserver.registerTool("t", {}, () => isInitialize(1));`,
    ],
  ])("%s", (_name, body) => {
    expect(admitted(body)).toBe(false);
  });
});

/**
 * The same gate on JavaScript read by ESLint's own parser, whose scope analysis marks no reference as a value or a
 * type (`check` lints JavaScript with it, and so do most JavaScript projects).
 */
describe("a JavaScript file read by ESLint's own parser", () => {
  let answer: boolean | null = null;
  const probe: Rule.RuleModule = {
    meta: { type: "problem", schema: [] },
    create(context) {
      noteFilePath(context.sourceCode as never, context.filename);
      answer = importsModuleThatMayAsk(context.sourceCode as never);
      return {};
    },
  };

  function admittedJs(body: string): boolean | null {
    const file = path.join(root, `tool-${(files += 1)}.js`);
    const text = `${body}\nexport async function run(signal) {}\nawait 0;\n`;
    fs.writeFileSync(file, text);
    answer = null;
    const messages = new Linter({ cwd: root }).verify(
      text,
      [{ files: ["**/*.js"], plugins: { gate: { rules: { probe } } }, rules: { "gate/probe": "error" } }],
      { filename: file },
    );
    expect(messages).toEqual([]);
    expect(textImportsModuleThatMayAsk(file, text)).toBe(answer);
    return answer;
  }

  it.each([
    ["it calls an export that asks", `import { confirm } from "./ui.ts";\nconfirm(server, "Delete?");`, true],
    [
      "it registers a handler it imports",
      `import { toast } from "./ui.ts";\nserver.registerTool("t", {}, toast);`,
      true,
    ],
    [
      "contrast: it registers handlers and only constructs a class whose module imports one that asks",
      `import { Server } from "./server.ts";\nconst s = new Server();\ns.registerTool("t", {}, () => 1);`,
      false,
    ],
  ])("%s", (_name, body, expected) => {
    expect(admittedJs(body)).toBe(expected);
  });
});
