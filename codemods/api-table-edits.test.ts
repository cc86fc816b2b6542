/**
 * One case per row of the API table (protocol/apis.ts), plus two `humanWaitFunctions` entries (`ttl` with a 300 s
 * default and no signal; `timeout_ms`): the editor's suggestions of require-deadline and forward-abort-signal, and
 * the deadline transform `migrate` runs, add only the option names the row lists (its deadline option, its signal
 * option and that option's companion). A row with no signal option is raced through the `askWithin` helper instead;
 * a look-alike from no known package gets no edit, and a reason that says what to do.
 *
 * The expected texts are written by hand, spaces and trailing commas aside (the layout has tests of its own).
 */
import { parse } from "@typescript-eslint/parser";
import type { TSESTree } from "@typescript-eslint/utils";
import type { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import type { WrapperOption } from "../analysis/wrappers.ts";
import { HUMAN_WAIT_APIS } from "../protocol/apis.ts";
import forwardAbortSignal from "../rules/forward-abort-signal/index.ts";
import requireDeadline from "../rules/require-deadline/index.ts";
import { lintWithRules } from "./apply-suggestions.ts";
import { runDeadline } from "./deadline.ts";

const DEADLINE_MS = 300_000;
const FILE = "/project/src/tool.ts";

interface RowCase {
  /** The call as written in the input. */
  readonly call: string;
  readonly code: string;
  /** The call after `migrate` (the deadline transform), as `await …` in the output; null: left as it is. */
  readonly migrated: string | null;
  /** What the first suggestion of each report makes of the call; absent: the rules offer none. */
  readonly suggested?: readonly string[];
  /** The option names the API takes: what an edit may add to the call's own arguments. */
  readonly accepts: readonly string[];
  /** Method name of the wait, to find it in the output. */
  readonly method: string;
  readonly humanWaitFunctions?: WrapperOption[];
}

const V2_TOOL = (call: string) => `import { McpServer } from "@modelcontextprotocol/server";
declare const server: McpServer;
declare const params: never;
server.registerTool("pick", { description: "Pick" }, async (ctx) => {
  const answer = await ${call};
  return { content: [{ type: "text" as const, text: answer.action }] };
});
`;
const V1_SERVER = (call: string) => `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js";
declare const server: Server;
declare const params: never;
export async function ask(signal: AbortSignal) {
  const answer = await ${call};
  return answer;
}
`;
const V1_TOOL = (call: string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js";
declare const server: McpServer;
declare const params: never;
server.tool("pick", async (_args: unknown, extra: any) => {
  const answer = await ${call};
  return { content: [{ type: "text" as const, text: answer.action }] };
});
`;
const FASTMCP_TOOL = (call: string) => `import { FastMCP } from "fastmcp";
declare const mcp: FastMCP;
declare const params: never;
mcp.addTool({ name: "pick", execute: async (_args: unknown, context: any) => {
  const answer = await ${call};
  return answer.action;
} });
`;
const FASTMCP_SESSION = (call: string) => `import { FastMCP } from "fastmcp";
declare const session: any;
declare const params: never;
export async function ask(signal: AbortSignal) {
  const answer = await ${call};
  return answer.action;
}
`;
/** mcp-use 1.x hands its tools no signal: one is in reach here only as a parameter of the caller's own. */
const MCP_USE_TOOL = (call: string) => `import { MCPServer } from "mcp-use/server";
declare const server: MCPServer;
server.tool({ name: "deploy" }, async (params: unknown, ctx: any, signal: AbortSignal) => {
  const answer = await ${call};
  return { content: [{ type: "text", text: String(answer.action) }] };
});
`;
const ACP1_AGENT = (call: string) => `import * as acp from "@agentclientprotocol/sdk";
declare const params: never;
export class Agent {
  constructor(private connection: acp.AgentSideConnection) {}
  async prompt(request: unknown, signal: AbortSignal) {
    const answer = await ${call};
    return answer;
  }
}
`;
const ACP2_AGENT = (call: string) => `import { agent, methods } from "@agentclientprotocol/sdk/experimental/v2";
declare const params: never;
const app = agent();
app.onRequest(methods.agent.session.prompt, async (ctx) => {
  const answer = await ${call};
  return { stopReason: "end_turn", answer } as never;
});
`;
const JSON_RPC = (call: string) => `import { JSONRPCClient } from "json-rpc-2.0";
declare const client: JSONRPCClient;
declare const params: never;
export async function ask(signal: AbortSignal) {
  const answer = await ${call};
  return answer;
}
`;
const MASTRA_TOOL = (call: string) => `import { MCPServer } from "@mastra/mcp";
declare const params: never;
export const tool = { execute: async (input: unknown, context: any) => {
  const answer = await ${call};
  return answer;
} };
`;
const WORKFLOW = (call: string) => `import { AgentWorkflow } from "agents/workflows";
export class Deploy extends AgentWorkflow {
  async run(event: unknown, step: any, signal: AbortSignal) {
    const answer = await ${call};
    return answer;
  }
}
`;
const MCP_AGENT = (call: string) => `import { McpAgent } from "agents/mcp";
declare const params: never;
export class Picker extends McpAgent {
  async pick(signal: AbortSignal) {
    const answer = await ${call};
    return answer.action;
  }
}
`;
const MCP_APP = (call: string) => `import { App } from "@modelcontextprotocol/ext-apps";
declare const app: App;
export async function open(signal: AbortSignal) {
  const answer = await ${call};
  return answer;
}
`;

/** FrontMCP's tool context (libs/sdk/src/elicitation/elicitation.types.ts): `{ ttl }` options, no caller's signal. */
const FRONTMCP_TOOL = (call: string) => `import { ToolContext } from "@frontmcp/sdk";
declare const schema: never;
export default class Deploy extends ToolContext {
  async execute() {
    const answer = await ${call};
    return answer.status;
  }
}
`;

const CANCEL = `noAnswer: () => ({ action: "cancel" as const })`;
const ACP_CANCELLED = `noAnswer: () => ({ outcome: { outcome: "cancelled" as const } })`;
const MCP_OPTIONS = ["timeout", "maxTotalTimeout", "signal"];
const ACP2_OPTIONS = ["cancellationSignal", "stopWaitingOnCancel"];

function row(
  wrap: (call: string) => string,
  call: string,
  method: string,
  accepts: readonly string[],
  migrated: string | null,
  suggested?: readonly string[],
): RowCase {
  return { call, code: wrap(call), method, accepts, migrated, ...(suggested ? { suggested } : {}) };
}

/** Every row of the table, by id: a row added without a case here fails the first test. */
const ROWS: Record<string, RowCase> = {
  "mcp-elicit-input": row(
    V2_TOOL,
    "ctx.mcpReq.elicitInput(params)",
    "elicitInput",
    MCP_OPTIONS,
    "ctx.mcpReq.elicitInput(params, { signal: ctx.mcpReq.signal, timeout: 300_000 })",
    ["ctx.mcpReq.elicitInput(params, { signal: ctx.mcpReq.signal })"],
  ),
  // Its options hold no timeout and no signal, and its 60 s are fixed: only the caller's signal is raced, no timer.
  "cloudflare-agents-elicit-input": row(
    MCP_AGENT,
    "this.elicitInput(params)",
    "elicitInput",
    [],
    `askWithin(this.elicitInput(params), { signal, ${CANCEL} })`,
    [`askWithin(this.elicitInput(params), { signal, ${CANCEL} })`],
  ),
  "mcp-send-request": row(
    V1_TOOL,
    'extra.sendRequest({ method: "elicitation/create", params }, ElicitResultSchema)',
    "sendRequest",
    MCP_OPTIONS,
    'extra.sendRequest({ method: "elicitation/create", params }, ElicitResultSchema, { signal: extra.signal, timeout: 300_000 })',
    ['extra.sendRequest({ method: "elicitation/create", params }, ElicitResultSchema, { signal: extra.signal })'],
  ),
  "mcp-v2-send": row(
    V2_TOOL,
    'ctx.mcpReq.send({ method: "elicitation/create", params })',
    "send",
    MCP_OPTIONS,
    'ctx.mcpReq.send({ method: "elicitation/create", params }, { signal: ctx.mcpReq.signal, timeout: 300_000 })',
    ['ctx.mcpReq.send({ method: "elicitation/create", params }, { signal: ctx.mcpReq.signal })'],
  ),
  "mcp-request": row(
    V1_SERVER,
    'server.request({ method: "elicitation/create", params }, ElicitResultSchema)',
    "request",
    MCP_OPTIONS,
    'server.request({ method: "elicitation/create", params }, ElicitResultSchema, { signal, timeout: 300_000 })',
    ['server.request({ method: "elicitation/create", params }, ElicitResultSchema, { signal })'],
  ),
  "mcp-elicit-input-stream": row(
    V1_SERVER,
    "server.experimental.tasks.elicitInputStream(params)",
    "elicitInputStream",
    MCP_OPTIONS,
    "server.experimental.tasks.elicitInputStream(params, { signal, timeout: 300_000 })",
    ["server.experimental.tasks.elicitInputStream(params, { signal })"],
  ),
  "fastmcp-elicit": row(
    FASTMCP_TOOL,
    "context.elicit(params)",
    "elicit",
    MCP_OPTIONS,
    "context.elicit(params, { signal: context.signal, timeout: 300_000 })",
    ["context.elicit(params, { signal: context.signal })"],
  ),
  "fastmcp-request-elicitation": row(
    FASTMCP_SESSION,
    "session.requestElicitation(params)",
    "requestElicitation",
    MCP_OPTIONS,
    "session.requestElicitation(params, { signal, timeout: 300_000 })",
    ["session.requestElicitation(params, { signal })"],
  ),
  // `{ timeout }` only: the deadline goes into its options, the signal into the race.
  "mcp-use-elicit": row(
    MCP_USE_TOOL,
    'ctx.elicit("Deploy?", { type: "object" })',
    "elicit",
    ["timeout"],
    `askWithin(ctx.elicit("Deploy?", { type: "object" }, { timeout: 300_000 }), { signal, ${CANCEL} })`,
    [`askWithin(ctx.elicit("Deploy?", { type: "object" }), { signal, ${CANCEL} })`],
  ),
  "mcp-use-elicit-params": row(
    MCP_USE_TOOL,
    'ctx.elicit({ message: "Deploy?", requestedSchema: {}, mode: "form" })',
    "elicit",
    ["timeout"],
    `askWithin(ctx.elicit({ message: "Deploy?", requestedSchema: {}, mode: "form" }, { timeout: 300_000 }), { signal, ${CANCEL} })`,
    [`askWithin(ctx.elicit({ message: "Deploy?", requestedSchema: {}, mode: "form" }), { signal, ${CANCEL} })`],
  ),
  // `{ ttl }` only, and no signal in the tool's context: the deadline goes into its options, nothing is raced.
  "frontmcp-elicit": row(
    FRONTMCP_TOOL,
    'this.elicit("Deploy?", schema)',
    "elicit",
    ["ttl"],
    'this.elicit("Deploy?", schema, { ttl: 300_000 })',
  ),
  // No options argument at all: the deadline and the signal both go to the race.
  "acp-request-permission": row(
    ACP1_AGENT,
    "this.connection.requestPermission(params)",
    "requestPermission",
    [],
    `askWithin(this.connection.requestPermission(params), { signal, ms: 300_000, ${ACP_CANCELLED} })`,
    [`askWithin(this.connection.requestPermission(params), { signal, ${ACP_CANCELLED} })`],
  ),
  "acp-create-elicitation": row(
    ACP1_AGENT,
    "this.connection.createElicitation(params)",
    "createElicitation",
    [],
    `askWithin(this.connection.createElicitation(params), { signal, ms: 300_000, ${CANCEL} })`,
    [`askWithin(this.connection.createElicitation(params), { signal, ${CANCEL} })`],
  ),
  "acp-unstable-create-elicitation": row(
    ACP1_AGENT,
    "this.connection.unstable_createElicitation(params)",
    "unstable_createElicitation",
    [],
    `askWithin(this.connection.unstable_createElicitation(params), { signal, ms: 300_000, ${CANCEL} })`,
    [`askWithin(this.connection.unstable_createElicitation(params), { signal, ${CANCEL} })`],
  ),
  // json-rpc-2.0's `request(method, params)` takes no timeout option: raced, not given one.
  "jsonrpc-request-elicitation": row(
    JSON_RPC,
    'client.request("elicitation/create", params)',
    "request",
    [],
    `askWithin(client.request("elicitation/create", params), { signal, ms: 300_000, ${CANCEL} })`,
    [`askWithin(client.request("elicitation/create", params), { signal, ${CANCEL} })`],
  ),
  // A signal only: the deadline and the caller's signal become one, through `withinDeadline`, and the request it
  // stops resolves as the API's "no decision" instead of rejecting.
  "acp2-request": row(
    ACP2_AGENT,
    "ctx.client.request(methods.client.session.requestPermission, params)",
    "request",
    ACP2_OPTIONS,
    'withinDeadline(ctx.signal, 300_000, (cancellationSignal) => ctx.client.request(methods.client.session.requestPermission, params, { cancellationSignal, stopWaitingOnCancel: true }), () => ({ outcome: { outcome: "cancelled" as const } }))',
    [
      "ctx.client.request(methods.client.session.requestPermission, params, { cancellationSignal: ctx.signal, stopWaitingOnCancel: true })",
    ],
  ),
  "acp2-request-elicitation": row(
    ACP2_AGENT,
    "ctx.client.request(methods.client.elicitation.create, params)",
    "request",
    ACP2_OPTIONS,
    'withinDeadline(ctx.signal, 300_000, (cancellationSignal) => ctx.client.request(methods.client.elicitation.create, params, { cancellationSignal, stopWaitingOnCancel: true }), () => ({ action: "cancel" as const }))',
    [
      "ctx.client.request(methods.client.elicitation.create, params, { cancellationSignal: ctx.signal, stopWaitingOnCancel: true })",
    ],
  ),
  "mastra-elicitation-send-request": row(
    MASTRA_TOOL,
    "context.mcp.elicitation.sendRequest(params)",
    "sendRequest",
    MCP_OPTIONS,
    "context.mcp.elicitation.sendRequest(params, { signal: context.mcp.extra.signal, timeout: 300_000 })",
    ["context.mcp.elicitation.sendRequest(params, { signal: context.mcp.extra.signal })"],
  ),
  // `{ timeout }` and no signal; its no-decision answer is `{ approved: false }`.
  "cloudflare-workflow-wait-for-approval": row(
    WORKFLOW,
    "this.waitForApproval(step)",
    "waitForApproval",
    ["timeout"],
    "askWithin(this.waitForApproval(step, { timeout: 300_000 }), { signal, noAnswer: () => ({ approved: false }) })",
    ["askWithin(this.waitForApproval(step), { signal, noAnswer: () => ({ approved: false }) })"],
  ),
  "mcp-apps-open-link": row(
    MCP_APP,
    'app.openLink({ url: "https://example.com" })',
    "openLink",
    MCP_OPTIONS,
    'app.openLink({ url: "https://example.com" }, { signal, timeout: 300_000 })',
    ['app.openLink({ url: "https://example.com" }, { signal })'],
  ),
  "mcp-apps-download-file": row(
    MCP_APP,
    'app.downloadFile({ url: "https://example.com/a" })',
    "downloadFile",
    MCP_OPTIONS,
    'app.downloadFile({ url: "https://example.com/a" }, { signal, timeout: 300_000 })',
    ['app.downloadFile({ url: "https://example.com/a" }, { signal })'],
  ),
};

/** A team's own `ask`, whose deadline option is `ttl` (300 s by default) and which takes no signal. */
const TTL_ENTRY: WrapperOption = {
  from: "package",
  package: "acme-hitl",
  name: "ask",
  optionsArgIndex: 1,
  deadlineOptions: ["ttl"],
  defaultDeadlineMs: 300_000,
  signalOption: null,
};
/** A framework whose options are `{ timeout_ms, strict }` and whose context carries no signal (issue 24). */
const TIMEOUT_MS_ENTRY: WrapperOption = {
  from: "package",
  package: "tiny-hitl",
  name: "confirm",
  optionsArgIndex: 1,
  deadlineOptions: ["timeout_ms"],
  signalOption: null,
  callerSignal: "none",
};

const ENTRIES: Record<string, RowCase> = {
  "ttl, 300 s by default, no signal: the deadline as ttl, the caller's signal raced": {
    call: 'ask({ question: "Deploy?" })',
    code: `import { ask } from "acme-hitl";
export async function run(input: unknown, signal: AbortSignal) {
  const answer = await ask({ question: "Deploy?" });
  return answer;
}
`,
    method: "ask",
    accepts: ["ttl"],
    migrated: `askWithin(ask({ question: "Deploy?" }, { ttl: 300_000 }), { signal, ${CANCEL} })`,
    suggested: [`askWithin(ask({ question: "Deploy?" }), { signal, ${CANCEL} })`],
    humanWaitFunctions: [TTL_ENTRY],
  },
  "timeout_ms, no signal in its context: timeout_ms beside strict, no signal anywhere": {
    call: 'confirm("Deploy?", { strict: true })',
    code: `import { confirm } from "tiny-hitl";
export const tool = { run: async (args: unknown, extra: any) => {
  const answer = await confirm("Deploy?", { strict: true });
  return answer;
} };
`,
    method: "confirm",
    accepts: ["timeout_ms"],
    migrated: 'confirm("Deploy?", { strict: true, timeout_ms: 300_000 })',
    humanWaitFunctions: [TIMEOUT_MS_ENTRY],
  },
  "timeout_ms, no signal option, a handler's extra.signal in reach: raced, not passed": {
    call: 'confirm("Deploy?", { strict: true })',
    code: `import { confirm } from "tiny-hitl";
export const tool = { run: async (args: unknown, extra: any) => {
  const answer = await confirm("Deploy?", { strict: true });
  return answer;
} };
`,
    method: "confirm",
    accepts: ["timeout_ms"],
    migrated: `askWithin(confirm("Deploy?", { strict: true, timeout_ms: 300_000 }), { signal: extra.signal, ${CANCEL} })`,
    suggested: [`askWithin(confirm("Deploy?", { strict: true }), { signal: extra.signal, ${CANCEL} })`],
    humanWaitFunctions: [{ ...TIMEOUT_MS_ENTRY, callerSignal: undefined }],
  },
};

/** Spaces collapsed, no space inside parentheses, no trailing comma: the text, whatever its layout. */
function normalise(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/,\s*([}\])])/g, " $1")
    .replace(/\(\s+/g, "(")
    .replace(/\s+\)/g, ")")
    .replace(/\s+/g, " ");
}

function lint(testCase: RowCase): Linter.LintMessage[] {
  const listed = testCase.humanWaitFunctions ? { humanWaitFunctions: testCase.humanWaitFunctions } : {};
  return lintWithRules(testCase.code, FILE, [
    { name: "forward-abort-signal", rule: forwardAbortSignal as never, options: listed },
    {
      name: "require-deadline",
      rule: requireDeadline as never,
      options: { reportOpaqueOptions: true, timeCancellablePermissions: true, ...listed },
    },
  ]).messages.filter((message) => message.ruleId?.startsWith("elicitation/"));
}

function migrate(testCase: RowCase) {
  return runDeadline(testCase.code, FILE, {
    deadlineMs: DEADLINE_MS,
    ...(testCase.humanWaitFunctions ? { humanWaitFunctions: testCase.humanWaitFunctions } : {}),
  });
}

/** Keys of the object literals among the arguments of every call to `method`, each call's list apart. */
function optionKeysOfCalls(text: string, method: string): string[][] {
  const program = parse(text, { range: true, loc: false, jsx: false });
  const found: string[][] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(visit);
    const each = node as TSESTree.Node;
    if (each.type === "CallExpression") {
      const callee = each.callee;
      const name =
        callee.type === "MemberExpression" && callee.property.type === "Identifier"
          ? callee.property.name
          : callee.type === "Identifier"
            ? callee.name
            : null;
      if (name === method) {
        found.push(
          each.arguments.flatMap((argument) =>
            argument.type === "ObjectExpression"
              ? argument.properties.flatMap((property) =>
                  property.type === "Property" && property.key.type === "Identifier" ? [property.key.name] : [],
                )
              : [],
          ),
        );
      }
    }
    for (const [key, value] of Object.entries(each)) if (key !== "parent") visit(value);
  };
  visit(program);
  return found;
}

/** The option names an edit added to the wait's own arguments. */
function addedOptions(before: string, after: string, method: string): string[] {
  const old = new Set(optionKeysOfCalls(before, method).flat());
  return [...new Set(optionKeysOfCalls(after, method).flat())].filter((key) => !old.has(key));
}

function applySuggestion(text: string, suggestion: Linter.LintSuggestion): string {
  const [start, end] = suggestion.fix.range;
  return text.slice(0, start) + suggestion.fix.text + text.slice(end);
}

function checkCase(testCase: RowCase): void {
  const outcome = migrate(testCase);
  if (testCase.migrated === null) {
    expect(outcome.changed).toBe(false);
  } else {
    expect(normalise(outcome.output)).toContain(`await ${normalise(testCase.migrated)};`);
  }
  expect(
    addedOptions(testCase.code, outcome.output, testCase.method).filter((key) => !testCase.accepts.includes(key)),
  ).toEqual([]);
  const raced = testCase.migrated?.startsWith("askWithin(") ?? false;
  expect(outcome.output.includes("function askWithin<T>(")).toBe(raced);
  for (const skip of outcome.skipped) expect(skip.reason).not.toContain("--no-typecheck");

  const suggestions = lint(testCase).flatMap((message) => message.suggestions?.slice(0, 1) ?? []);
  expect(suggestions.map((suggestion) => normalise(applySuggestion(testCase.code, suggestion)))).toEqual(
    (testCase.suggested ?? []).map((call) => expect.stringContaining(`await ${normalise(call)};`)),
  );
  for (const suggestion of suggestions) {
    const after = applySuggestion(testCase.code, suggestion);
    expect(
      addedOptions(testCase.code, after, testCase.method).filter((key) => !testCase.accepts.includes(key)),
    ).toEqual([]);
  }
}

describe("edits add only the options the API table lists", () => {
  it("every row of the table has a case here", () => {
    expect(HUMAN_WAIT_APIS.map((api) => api.id).filter((id) => !(id in ROWS))).toEqual([]);
  });

  for (const api of HUMAN_WAIT_APIS) {
    const testCase = ROWS[api.id];
    if (!testCase) continue;
    it(`${api.id} (${api.label}): ${[...api.deadlineFields, api.signalField ?? "no signal"].join(", ") || "no options"}`, () => {
      // The case's list is the row's, so a row that changes its columns changes what the edits may write.
      const listed = [
        ...api.deadlineFields,
        ...(api.signalField ? [api.signalField] : []),
        ...(api.signalCompanionField ? [api.signalCompanionField] : []),
      ];
      expect([...testCase.accepts].sort()).toEqual(api.optionsArgIndex === null ? [] : listed.sort());
      checkCase(testCase);
    });
  }
});

describe("humanWaitFunctions entries: their own option names, and no other", () => {
  for (const [name, testCase] of Object.entries(ENTRIES)) it(name, () => checkCase(testCase));
});

describe("a look-alike from no known package: no edit, and the reason says what to do", () => {
  const LOOK_ALIKE = (call: string) => `declare const ctx: any;
export async function ask(signal: AbortSignal) {
  const answer = await ${call};
  return answer.action;
}
`;
  for (const call of [
    'ctx.elicit("Deploy?", { type: "object" })',
    'ctx.elicit({ message: "Deploy?", requestedSchema: {} })',
  ]) {
    it(call, () => {
      const code = LOOK_ALIKE(call);
      const outcome = runDeadline(code, FILE, { deadlineMs: DEADLINE_MS });
      expect(outcome.changed).toBe(false);
      expect(outcome.skipped.map((skip) => [skip.rule, skip.reason])).toEqual([
        [
          "forward-abort-signal",
          "`elicit` comes from no package this codemod knows, so which options it takes is unknown: add it to humanWaitFunctions with its signal option (`signalOption`, null when it takes none)",
        ],
        [
          "require-deadline",
          "`elicit` comes from no package this codemod knows, so which options it takes is unknown: add it to humanWaitFunctions with its deadline option (`deadlineOptions`)",
        ],
      ]);
      const messages = lint({ call, code, migrated: null, accepts: [], method: "elicit" });
      expect(messages.flatMap((message) => message.suggestions ?? [])).toEqual([]);
      expect(messages.find((message) => message.messageId === "missingDeadline")?.message).toBe(
        "No known package bounds this wait: list it in humanWaitFunctions with its deadline option.",
      );
    });
  }

  it("contrast: the same call in a file that imports fastmcp is fastmcp's, and gets fastmcp's options", () => {
    const code = `import { FastMCP } from "fastmcp";\n${LOOK_ALIKE('ctx.elicit({ message: "Deploy?", requestedSchema: {} })')}`;
    const outcome = runDeadline(code, FILE, { deadlineMs: DEADLINE_MS });
    expect(normalise(outcome.output)).toContain(
      normalise('await ctx.elicit({ message: "Deploy?", requestedSchema: {} }, { signal, timeout: 300_000 });'),
    );
    expect(outcome.skipped).toEqual([]);
  });
});
