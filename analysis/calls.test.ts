import { parse } from "@typescript-eslint/parser";
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { matchElicitationHandler, matchHumanWaitCall } from "./calls.ts";
import { compileWrappers } from "./wrappers.ts";

/** Parses `code` and returns its calls, outermost first, with parents set as ESLint would. */
function callsIn(code: string): TSESTree.CallExpression[] {
  const program = parse(code, { range: true, loc: true });
  const calls: TSESTree.CallExpression[] = [];
  const visit = (node: TSESTree.Node, parent: TSESTree.Node | undefined) => {
    (node as { parent?: TSESTree.Node }).parent = parent;
    if (node.type === AST_NODE_TYPES.CallExpression) calls.push(node);
    for (const [key, value] of Object.entries(node)) {
      if (key === "parent") continue;
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === "object" && typeof (child as TSESTree.Node).type === "string") {
          visit(child as TSESTree.Node, node);
        }
      }
    }
  };
  visit(program as TSESTree.Node, undefined);
  return calls;
}

const apiIdOf = (code: string) => {
  const match = matchHumanWaitCall(callsIn(code)[0]!);
  return match ? match.api.id : null;
};

describe("matchHumanWaitCall", () => {
  it.each([
    ["MCP SDK v1 server", "server.elicitInput({ message: 'x', requestedSchema })", "mcp-elicit-input"],
    ["McpServer's inner server", "mcpServer.server.elicitInput(params, { timeout: 1 })", "mcp-elicit-input"],
    ["v2 context", "ctx.mcpReq.elicitInput(params)", "mcp-elicit-input"],
    [
      "sendRequest for elicitation/create",
      "extra.sendRequest({ method: 'elicitation/create', params }, ElicitResultSchema)",
      "mcp-send-request",
    ],
    ["v2 send", "ctx.mcpReq.send({ method: 'elicitation/create', params }, schema)", "mcp-v2-send"],
    ["fastmcp context.elicit", "import { FastMCP } from 'fastmcp'; context.elicit({ message: 'x' })", "fastmcp-elicit"],
    ["fastmcp session", "session.requestElicitation({ message: 'x' })", "fastmcp-request-elicitation"],
    [
      "mcp-use ctx.elicit",
      "import { MCPServer } from 'mcp-use/server'; ctx.elicit('Which branch?', schema, { timeout: 1 })",
      "mcp-use-elicit",
    ],
    [
      "cloudflare agents",
      "import { McpAgent } from 'agents/mcp'; this.elicitInput(params, { relatedRequestId })",
      "cloudflare-agents-elicit-input",
    ],
    ["ACP requestPermission", "conn.requestPermission({ sessionId, toolCall, options })", "acp-request-permission"],
    ["ACP unstable elicitation", "conn.unstable_createElicitation(params)", "acp-unstable-create-elicitation"],
    ["ACP 2.x ctx.request", "ctx.request(methods.client.session.requestPermission, params, {})", "acp2-request"],
  ])("recognises %s", (_name, code, expected) => {
    expect(apiIdOf(code)).toBe(expected);
  });

  it.each([
    ["the browser's Notification.requestPermission", "Notification.requestPermission()"],
    ["DeviceOrientationEvent with an argument", "DeviceOrientationEvent.requestPermission(x)"],
    ["sendRequest for another method", "extra.sendRequest({ method: 'sampling/createMessage', params }, schema)"],
    ["a generic request", "ctx.request(methods.client.fs.readTextFile, params)"],
    ["elicitInput without arguments", "server.elicitInput()"],
    ["an unrelated call", "console.log('elicit')"],
  ])("ignores %s", (_name, code) => {
    expect(apiIdOf(code)).toBeNull();
  });

  it("recognises an `elicit` look-alike without claiming a package's default when neither fastmcp nor mcp-use is imported", () => {
    const match = matchHumanWaitCall(callsIn("taskSession.elicit('Delete it?', schema)")[0]!);
    expect(match?.api.defaultDeadline).toEqual({ kind: "unknown" });
    expect(match?.api.label).toBe("`elicit`");
    const imported = matchHumanWaitCall(callsIn("import 'mcp-use'; ctx.elicit('Delete it?', schema)")[0]!);
    expect(imported?.api.label).toBe("mcp-use `ctx.elicit`");
  });

  it("recognises a user's wrapper and takes the row it names", () => {
    const wrappers = compileWrappers([{ from: "file", name: ["askUser"], behavesLike: "acp-request-permission" }]);
    const match = matchHumanWaitCall(callsIn("askUser(params)")[0]!, wrappers);
    expect(match?.api.signalField).toBeNull();
    expect(match?.wrapper?.names).toEqual(["askUser"]);
  });
});

describe("matchElicitationHandler", () => {
  it("finds an MCP client's elicitation handler by schema", () => {
    const [call] = callsIn(
      "client.setRequestHandler(ElicitRequestSchema, async (request, extra) => ({ action: 'cancel' }))",
    );
    expect(matchElicitationHandler(call!)?.api.id).toBe("mcp-set-request-handler");
  });

  it("ignores a handler registered for another request", () => {
    const [call] = callsIn("client.setRequestHandler(CreateMessageRequestSchema, async () => ({}))");
    expect(matchElicitationHandler(call!)).toBeNull();
  });
});
