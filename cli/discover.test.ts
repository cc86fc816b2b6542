/**
 * `check --discover` prints entries in humanWaitFunctions' full shape: the columns it reads from the program, the
 * others commented out as unknown, and no `path` (a path limits the files an entry applies in, and a wrapper is called
 * from files other than its own). The printed array is pasted as it is and judges the caller in another file.
 */
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import exhaustiveAction from "../rules/exhaustive-action/index.ts";
import { runDiscover } from "./discover.ts";
import { discoverModel } from "./discover-model.ts";
import type { CommandIo } from "./io.ts";

const REPO = path.join(__dirname, "..");

const ASK = `export interface Answer { action: "accept" | "decline" | "cancel"; content?: Record<string, unknown> }
declare function send(question: string, options?: { timeout?: number }): Promise<Answer>;

/** Asks the person behind the client. */
export async function askUser(question: string, options?: { timeout?: number }): Promise<Answer> {
  return send(question, options);
}
`;

const DEPLOY = `import { askUser } from "./ask.js";

export async function deploy(): Promise<string> {
  const answer = await askUser("Deploy?");
  if (answer.action === "accept") {
    return "deployed";
  } else {
    return "stopped";
  }
}
`;

/** A tool declared in one file, registered in another; a turn that keeps its signal on `this`. */
const TOOLS = `import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
declare const server: Server;

export const tools = [
  {
    name: "drop",
    handler: async (args: { table: string }) => {
      const answer = await server.elicitInput({ message: args.table, requestedSchema: { type: "object", properties: {} } });
      return { content: [{ type: "text" as const, text: answer.action }] };
    },
  },
];
`;

const REGISTER = `import { tools } from "./tools.js";
declare const mcp: { tool(name: string, schema: object, handler: (...args: never[]) => unknown): void };

for (const t of tools) mcp.tool(t.name, {}, t.handler);
`;

const TURN = `export class Turn {
  constructor(readonly signal: AbortSignal) {}
  async plan(url: string) {
    return fetch(url, { signal: this.signal });
  }
}
`;

let project = "";

beforeAll(() => {
  fs.mkdirSync(path.join(REPO, ".tmp"), { recursive: true });
  project = fs.mkdtempSync(path.join(REPO, ".tmp", "discover-unit-"));
  fs.mkdirSync(path.join(project, "src"));
  const compilerOptions = { target: "es2022", module: "nodenext", strict: true, noEmit: true, types: [] };
  fs.writeFileSync(path.join(project, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["src"] }));
  fs.writeFileSync(path.join(project, "src", "ask.ts"), ASK);
  fs.writeFileSync(path.join(project, "src", "deploy.ts"), DEPLOY);
  fs.writeFileSync(path.join(project, "src", "tools.ts"), TOOLS);
  fs.writeFileSync(path.join(project, "src", "register.ts"), REGISTER);
  fs.writeFileSync(path.join(project, "src", "turn.ts"), TURN);
});

afterAll(() => {
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

async function discover(...args: string[]): Promise<string> {
  let out = "";
  const io: CommandIo = {
    cwd: project,
    isTTY: false,
    stdout: (text) => (out += text),
    stderr: (text) => (out += text),
  };
  expect(await runDiscover(args, io)).toBe(0);
  return out;
}

describe("check --discover: entries in the full shape", () => {
  it("prints the columns it reads, comments out the unknown ones, and names the declaring file in a comment", async () => {
    const out = await discover();
    expect(out).toContain("    // src/ask.ts:5 askUser\n");
    expect(out).toContain('    from: "file",\n    name: ["askUser"],\n    behavesLike: "mcp-elicit-input",\n');
    expect(out).toContain("    optionsArgIndex: 1,\n");
    expect(out).toContain('    answerField: "action",\n');
    expect(out).toContain('    answerValues: {"accept":"accept","decline":"decline","cancel":"cancel"},\n');
    expect(out).toContain('    // deadlineOptions: ["timeout","maxTotalTimeout"], (unknown: the row\'s until set)\n');
    expect(out).toContain("    // signalOption: ");
    expect(out).toContain("    // callerSignal: ");
    expect(out).not.toMatch(/^\s+path:/m);
  });

  it("gives the same entries as JSON, with the unknown columns named", async () => {
    const json = JSON.parse(await discover("--format", "json")) as {
      humanWaitFunctions: object[];
      unknownColumns: string[];
    };
    expect(json.humanWaitFunctions).toEqual([
      {
        from: "file",
        name: ["askUser"],
        behavesLike: "mcp-elicit-input",
        optionsArgIndex: 1,
        answerField: "action",
        answerValues: { accept: "accept", decline: "decline", cancel: "cancel" },
      },
    ]);
    expect(json.unknownColumns).toEqual(["deadlineOptions", "defaultDeadlineMs", "signalOption", "callerSignal"]);
  });

  it("pasted as printed, the entries judge the wrapper's caller in another file", async () => {
    const out = await discover();
    const array = /const humanWaitFunctions = (\[[\s\S]*?\n\]);/.exec(out)![1]!;
    const humanWaitFunctions = new Function(`return ${array};`)() as unknown[];
    const messages = new Linter({ configType: "flat", cwd: project }).verify(
      DEPLOY,
      [
        {
          files: ["**/*.ts"],
          languageOptions: { parser: tsParser as unknown as Linter.Parser },
          plugins: { e: { rules: { "exhaustive-action": exhaustiveAction } } as never },
          rules: { "e/exhaustive-action": ["error", { humanWaitFunctions }] as Linter.RuleEntry },
        },
      ],
      path.join(project, "src", "deploy.ts"),
    );
    expect(messages.map((message) => [message.ruleId, message.line])).toEqual([["e/exhaustive-action", 5]]);
  });

  it("prints what the untyped model infers: wrappers, handlers registered elsewhere, kept signals", async () => {
    const json = JSON.parse(await discover("--format", "json")) as { model: unknown };
    expect(json.model).toEqual({
      // `askUser` answers with the project's own type through a declared `send`: only its type says it asks.
      wrappers: [],
      handlers: [
        {
          file: "src/register.ts",
          line: 4,
          handler: "t.handler",
          declaredAt: "src/tools.ts:7",
          asksPerson: true,
          takesExtra: false,
        },
      ],
      signals: [{ file: "src/turn.ts", line: 4, signal: "this.signal" }],
    });
    const text = await discover();
    expect(text).toContain("Without types, the rules' project model finds:\n");
    expect(text).toContain(
      "    src/register.ts:4  t.handler → src/tools.ts:7  (asks a person; never takes the request's extra)\n",
    );
    expect(text).toContain("    src/turn.ts:4  this.signal\n");
  });

  it("names the project's wrappers the untyped model follows, as entries would", () => {
    const root = path.join(REPO, "test", "project-model");
    const files = ["wrapper/ui.ts", "reach/src/ui.ts"].map((file) => path.join(root, file));
    expect(discoverModel(root, files).wrappers).toEqual([
      { name: "confirm", file: "wrapper/ui.ts", line: 4, behavesLike: "mcp-elicit-input", optionsArgIndex: null },
      { name: "ask", file: "wrapper/ui.ts", line: 8, behavesLike: "mcp-elicit-input", optionsArgIndex: null },
      { name: "confirmWith", file: "wrapper/ui.ts", line: 17, behavesLike: "mcp-elicit-input", optionsArgIndex: 2 },
      { name: "confirm", file: "reach/src/ui.ts", line: 4, behavesLike: "mcp-elicit-input", optionsArgIndex: null },
    ]);
  });
});
