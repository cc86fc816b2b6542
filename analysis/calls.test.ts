import { AST_NODE_TYPES } from "@typescript-eslint/utils";
import { nodesOf, sourceCodeOf } from "../test/support/source-code.ts";
import { describe, expect, it } from "vitest";
import { matchElicitationHandler, matchHumanWaitCall, mayRegisterQuestionHandler } from "./calls.ts";
import { ELICITATION_HANDLER_APIS } from "../protocol/apis.ts";
import { compileWrappers } from "./wrappers.ts";

/** The calls of `code`, outermost first, and the file's SourceCode. */
function parsed(code: string) {
  const sourceCode = sourceCodeOf(code);
  return { sourceCode, calls: nodesOf(sourceCode, AST_NODE_TYPES.CallExpression) };
}

function firstMatch(code: string, wrappers?: ReturnType<typeof compileWrappers>) {
  const { sourceCode, calls } = parsed(code);
  return matchHumanWaitCall(calls[0]!, sourceCode, wrappers);
}

const apiIdOf = (code: string) => {
  const match = firstMatch(code);
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
    const match = firstMatch("taskSession.elicit('Delete it?', schema)");
    expect(match?.api.defaultDeadline).toEqual({ kind: "unknown" });
    expect(match?.api.label).toBe("`elicit`");
    const imported = firstMatch("import 'mcp-use'; ctx.elicit('Delete it?', schema)");
    expect(imported?.api.label).toBe("mcp-use `ctx.elicit`");
  });

  it("recognises a user's wrapper and takes the row it names", () => {
    const wrappers = compileWrappers([{ from: "file", name: ["askUser"], behavesLike: "acp-request-permission" }]);
    const match = firstMatch("askUser(params)", wrappers);
    expect(match?.api.signalField).toBeNull();
    expect(match?.wrapper?.names).toEqual(["askUser"]);
  });

  it("answers a call once from the table, and a wrapper of the same name still wins afterwards", () => {
    const { sourceCode, calls } = parsed("server.elicitInput({ message: 'x', requestedSchema })");
    const call = calls[0]!;
    const fromTable = matchHumanWaitCall(call, sourceCode);
    expect(fromTable?.api.id).toBe("mcp-elicit-input");
    expect(matchHumanWaitCall(call, sourceCode)).toBe(fromTable);
    const wrappers = compileWrappers([{ from: "file", name: ["elicitInput"], behavesLike: "acp-request-permission" }]);
    const wrapped = matchHumanWaitCall(call, sourceCode, wrappers);
    expect(wrapped?.wrapper?.names).toEqual(["elicitInput"]);
    expect(wrapped?.api.signalField).toBeNull();
  });
});

describe("matchElicitationHandler", () => {
  it("finds an MCP client's elicitation handler by schema", () => {
    const { sourceCode, calls } = parsed(
      "client.setRequestHandler(ElicitRequestSchema, async (request, extra) => ({ action: 'cancel' }))",
    );
    expect(matchElicitationHandler(calls[0]!, sourceCode)?.api.id).toBe("mcp-set-request-handler");
  });

  it("ignores a handler registered for another request", () => {
    const { sourceCode, calls } = parsed("client.setRequestHandler(CreateMessageRequestSchema, async () => ({}))");
    expect(matchElicitationHandler(calls[0]!, sourceCode)).toBeNull();
  });

  // askOf answers a call named like no registration without the file's cache: every row's name must get through.
  it.each(ELICITATION_HANDLER_APIS.map((api) => [api.id, api.method, api.constructs === true] as const))(
    "names the registration of row %s (%s) as one that may register a handler",
    (_id, method, constructs) => {
      const sourceCode = sourceCodeOf(constructs ? `new ${method}({})` : `client.${method}(schema, handler)`);
      const node = nodesOf(sourceCode, constructs ? AST_NODE_TYPES.NewExpression : AST_NODE_TYPES.CallExpression)[0]!;
      expect(mayRegisterQuestionHandler(node)).toBe(true);
    },
  );

  it("turns away a call named like no registration, whose handler is none", () => {
    const { sourceCode, calls } = parsed("client.setHandler(ElicitRequestSchema, async () => ({ action: 'cancel' }))");
    expect(mayRegisterQuestionHandler(calls[0]!)).toBe(false);
    expect(matchElicitationHandler(calls[0]!, sourceCode)).toBeNull();
  });
});

describe("the JSON-RPC method a request names, resolved through the scope manager", () => {
  it("follows a module constant to elicitation/create", () => {
    const code = 'const M = "elicitation/create"; function f(s) { return s.sendRequest({ method: M }, schema) }';
    expect(apiIdOf(code)).toBe("mcp-send-request");
  });

  it("does not take a parameter that shadows the module constant for the constant", () => {
    const code = 'const M = "elicitation/create"; function f(s, M) { return s.sendRequest({ method: M }, schema) }';
    expect(apiIdOf(code)).toBeNull();
  });

  it("does not take a constant of another function for the one in scope", () => {
    const code =
      'function a() { const M = "elicitation/create" } function b(s) { const M = "sampling/createMessage"; return s.sendRequest({ method: M }, schema) }';
    expect(apiIdOf(code)).toBeNull();
  });
});
