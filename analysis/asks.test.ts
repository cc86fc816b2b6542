import { AST_NODE_TYPES } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { nodesOf, sourceCodeOf } from "../test/support/source-code.ts";
import { askOf, type Ask } from "./asks.ts";

/** What the last call (or `new`) of `code` does about a person's answer, as the rules ask it. */
function askOfLast(code: string, type: "call" | "new" = "call"): Ask {
  const sourceCode = sourceCodeOf(code);
  const nodes =
    type === "call"
      ? nodesOf(sourceCode, AST_NODE_TYPES.CallExpression)
      : nodesOf(sourceCode, AST_NODE_TYPES.NewExpression);
  return askOf(nodes.at(-1)!, sourceCode);
}

const SDK = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";\nimport { Client } from "@modelcontextprotocol/sdk/client/index.js";\nimport { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n`;

describe("askOf: one answer, three views", () => {
  it("a row of the table: the wait is the table's, with its options argument", () => {
    const ask = askOfLast(`${SDK}await server.elicitInput({ message: "Deploy?" }, { timeout: 5 });`);
    expect(ask.wait?.api.id).toBe("mcp-elicit-input");
    expect(ask.tabled?.api.id).toBe("mcp-elicit-input");
    expect(ask.wait?.optionsArgument?.type).toBe(AST_NODE_TYPES.ObjectExpression);
    expect(ask.handler).toBeNull();
  });

  it("the program's own wrapper: the wait goes through it, the table knows no such call", () => {
    const ask = askOfLast(
      `${SDK}class Tools { async confirm(m) { return this.server.elicitInput({ message: m }); } run() { return this.confirm("go?"); } }`,
    );
    expect(ask.wait?.delegation?.via).toBe("local");
    expect(ask.wait?.api.result).toBe("mcp-elicit-result");
    expect(ask.tabled).toBeNull();
  });

  it("contrast: a wrapper named like one that shows a toast asks nobody", () => {
    const ask = askOfLast(`${SDK}class Tools { confirm(m) { toast.show(m); } run() { return this.confirm("go?"); } }`);
    expect(ask.wait).toBeNull();
    expect(ask.tabled).toBeNull();
  });

  it("a client handler written at its registration", () => {
    const ask = askOfLast(
      `${SDK}client.setRequestHandler(ElicitRequestSchema, async (request, extra) => ({ action: "cancel" }));`,
    );
    expect(ask.handler?.inline).toBe(true);
    expect(ask.wait).toBeNull();
  });

  it("a client handler passed by name is the file's function, not written at the registration", () => {
    const ask = askOfLast(
      `${SDK}async function onQuestion(request, extra) { return { action: "cancel" }; }\nclient.setRequestHandler(ElicitRequestSchema, onQuestion);`,
    );
    expect(ask.handler?.inline).toBe(false);
    expect(ask.handler?.handler.type).toBe(AST_NODE_TYPES.FunctionDeclaration);
  });

  it("contrast: a handler registered for another request answers nobody's question", () => {
    const ask = askOfLast(`${SDK}client.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));`);
    expect(ask.handler).toBeNull();
  });

  it("a `new` waits on nobody itself", () => {
    expect(askOfLast(`${SDK}const server = new Server({ name: "x", version: "1" });`, "new").wait).toBeNull();
  });
});
