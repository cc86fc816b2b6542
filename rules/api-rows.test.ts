/**
 * One named case per row of the API table (protocol/apis.ts) that issue 22 added or corrected, for the rules that
 * read the row's columns: an invalid case, a valid case, and a contrast that shares the row's words but asks nobody.
 * Each runs untyped and, with the real package installed (or a hand-written declaration in test/typed-project, as
 * the table's `typedFixture` column says), typed.
 */
import tsParser from "@typescript-eslint/parser";
import type { TSESLint } from "@typescript-eslint/utils";
import { Linter } from "eslint";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import exhaustiveAction from "./exhaustive-action/index.ts";
import forwardAbortSignal from "./forward-abort-signal/index.ts";
import requireDeadline from "./require-deadline/index.ts";
import verifyRequestState from "./verify-request-state/index.ts";
import { TYPED_FILE, typedRuleTester, untypedRuleTester } from "../test/rule-tester.ts";
import plugin from "../index.ts";

type AnyRule = TSESLint.RuleModule<string, readonly unknown[]>;
const RULES = {
  "require-deadline": requireDeadline,
  "forward-abort-signal": forwardAbortSignal,
  "exhaustive-action": exhaustiveAction,
  "verify-request-state": verifyRequestState,
} as unknown as Record<RuleName, AnyRule>;
type RuleName = "require-deadline" | "forward-abort-signal" | "exhaustive-action" | "verify-request-state";

interface RowCase {
  /** The API, as the table's label names it, and what the case shows. */
  readonly name: string;
  readonly rule: RuleName;
  readonly code: string;
  /** Message ids expected, in order; empty for a valid case. */
  readonly errors: readonly string[];
  /** Substrings the messages must (or must not, `!`-prefixed) contain. */
  readonly says?: readonly string[];
  readonly options?: readonly unknown[];
  /** The suggestions of the first report, as RuleTester wants them spelled. */
  readonly suggest?: readonly { messageId: string; output: string }[];
  /** Untyped only: the typed twin would not compile (a shape the package's types reject) or needs no types. */
  readonly untypedOnly?: boolean;
  /** The linted file's name (untyped cases), for entries whose `path` names the files they apply in. */
  readonly filename?: string;
}

const V2_TOOL = (call: string) => `import { McpServer } from "@modelcontextprotocol/server";
const server = new McpServer({ name: "picker", version: "1.0.0" });
const params = { mode: "form" as const, message: "Pick", requestedSchema: { type: "object" as const, properties: {} } };
server.registerTool("pick", { description: "Pick" }, async (ctx) => {
  const answer = await ${call};
  return { content: [{ type: "text" as const, text: answer.action }] };
});
`;

const ACP_AGENT = (call: string) => `import { agent, methods } from "@agentclientprotocol/sdk/experimental/v2";
const app = agent();
app.onRequest(methods.agent.session.prompt, async (ctx) => {
  const answer = ${call};
  return { stopReason: "end_turn", answer } as never;
});
`;

const ACP_CLIENT = (args: string) => `import { client, methods } from "@agentclientprotocol/sdk/experimental/v2";
declare function askPerson(params: unknown, signal?: AbortSignal): Promise<never>;
declare function spawnTerminal(params: unknown): Promise<never>;
const app = client();
app.onRequest(${args});
`;

const SDK1_SERVER = (call: string) => `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js";
declare const server: Server;
declare const params: never;
export async function ask() {
  const answer = ${call};
  return answer;
}
`;

const MCP_USE_1 = (call: string) => `import { MCPServer } from "mcp-use/server";
declare const server: MCPServer;
server.tool({ name: "deploy" }, async (params: unknown, ctx) => {
  const answer = ${call};
  return { content: [{ type: "text", text: String(answer) }] };
});
`;

const MCP_USE_2_HEAD = `import { MCPServer, acceptedContent, inputRequired } from "mcp-use";
const server = new MCPServer({ name: "s", version: "1.0.0" });
server.tool({ name: "deploy" }, async (params, ctx) => {
  const confirmed = acceptedContent(ctx.inputResponses, "confirm");
`;
const MCP_USE_2_TAIL = `  if (confirmed?.confirm !== true) {
    return inputRequired({ inputRequests: { confirm: inputRequired.elicit({ message: "Deploy?", requestedSchema: {} as never }) } });
  }
  return { content: [] };
});
`;
const MCP_USE_2 = (reader: string) => (MCP_USE_2_HEAD + MCP_USE_2_TAIL).replace("acceptedContent(", `${reader}(`);
const MCP_USE_2_SWITCHED = `${MCP_USE_2_HEAD.replace("acceptedContent, inputRequired", "acceptedContent, inputResponse, inputRequired")}  const confirmAnswer = inputResponse(ctx.inputResponses, "confirm");
  switch (confirmAnswer.kind) {
    case "missing": {
      // not asked yet: ask
      return inputRequired({ inputRequests: { confirm: inputRequired.elicit({ message: "Deploy?", requestedSchema: {} as never }) } });
    }
    case "elicit":
      switch (confirmAnswer.action) {
        case "accept":
          // accept: the user answered and the content is theirs; the code below reads and validates it
          break;
        case "decline":
          // decline: the user saw the question and said no; asking again would overrule them
          return { content: [{ type: "text", text: "Not done: the user declined." }] };
        case "cancel":
          // cancel: the dialog was dismissed without a decision
          return { content: [{ type: "text", text: "Not done: the question was dismissed without an answer." }] };
      }
      break;
  }
${MCP_USE_2_TAIL}`;

/** mcp-use 2.5.2: the retry's answers and the state accessor sit on the tool context itself (dist/context.d.ts:170–176). */
const MCP_USE_2_RAW = (head: string) => `${head}
const server = new MCPServer({ name: "s", version: "1.0.0" });
server.tool({ name: "deploy" }, async (params: unknown, ctx: any) => {
  const answer = ctx.inputResponses?.confirm;
  if (answer?.action === "accept") {
    return { content: [{ type: "text", text: "deploying" }] };
  } else {
    return { content: [{ type: "text", text: "not deploying" }] };
  }
});
`;
/** The same handler taking `inputResponses` by destructuring: its context parameter, or `ctx` in the body. */
const MCP_USE_2_DESTRUCTURED = (head: string, form: "parameter" | "body") =>
  MCP_USE_2_RAW(head).replace(
    "async (params: unknown, ctx: any) => {\n  const answer = ctx.inputResponses?.confirm;",
    form === "parameter"
      ? "async (params: unknown, { inputResponses }: any) => {\n  const answer = inputResponses?.confirm;"
      : "async (params: unknown, ctx: any) => {\n  const { inputResponses } = ctx;\n  const answer = inputResponses?.confirm;",
  );
/** The exhaustive-action suggestion for an if/else on `answer?.action` in the handlers above. */
const MCP_USE_2_RAW_SWITCH = (code: string) =>
  code.replace(
    /  if \(answer[^]*\n  \}\n/,
    `  switch (answer?.action) {
    case "accept": {
      return { content: [{ type: "text", text: "deploying" }] };
    }
    case "decline": {
      // decline: the user saw the question and said no
      return { content: [{ type: "text", text: "not deploying" }] };
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      return { content: [{ type: "text", text: "not deploying" }] };
    }
  }
`,
  );
const MCP_USE_2_STATE = (
  config: string,
  read = "",
) => `import { MCPServer, createRequestStateCodec, inputRequired } from "mcp-use";
const codec = createRequestStateCodec<{ job: string }>({ key: "k".repeat(32) });
const server = new MCPServer(${config});
server.tool({ name: "resume" }, async (params, ctx) => {${read}
  return inputRequired({ inputRequests: { go: inputRequired.elicitUrl({ message: "Sign in", url: "https://example.com" }) }, requestState: JSON.stringify({ job: "j1" }) });
});
`;
const MCP_USE_2_READ = `
  const state = ctx.requestState<string>();
  if (state) return { content: [{ type: "text", text: state }] };`;

const WORKFLOW = (call: string) => `import { AgentWorkflow } from "agents/workflows";
export class Deploy extends AgentWorkflow {
  async run(event: unknown, step: any) {
    const answer = ${call};
    return answer;
  }
}
`;

const MASTRA = (call: string) => `import { MCPServer } from "@mastra/mcp";
export const tool = { execute: async (input: unknown, context: any) => {
  const answer = ${call};
  return answer;
} };
`;

/**
 * A file in a project with @mastra/mcp `version` installed (its manifest only, made for this run): the plugin reads
 * the installed major (analysis/versions.ts) to give the 1.x row's advice only where 1.x is installed.
 */
const IN_MASTRA_PROJECT = (version: string) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `mastra-${version}-`));
  const pkg = path.join(root, "node_modules", "@mastra", "mcp");
  fs.mkdirSync(pkg, { recursive: true });
  fs.writeFileSync(path.join(pkg, "package.json"), JSON.stringify({ name: "@mastra/mcp", version }));
  return path.join(root, "src", "tools.ts");
};
const MASTRA_1_FILE = IN_MASTRA_PROJECT("1.18.0");
const MASTRA_2_FILE = IN_MASTRA_PROJECT("2.0.0");
const MASTRA_NO_DEADLINE = `await context.mcp.elicitation.sendRequest({ message: "Deploy?", requestedSchema: {} })`;

/** Mastra 2.x client: each server's `inputRequests` answers for the person (@mastra/mcp@2.0.0 dist/client/types.d.ts:84–100). */
const MASTRA_CLIENT = (handler: string, from = "@mastra/mcp") => `import { MCPClient } from "${from}";
declare function promptUser(key: string, schema: unknown, signal?: AbortSignal): Promise<Record<string, string>>;
export const mcp = new MCPClient({
  servers: {
    deployer: {
      url: new URL("https://example.com/mcp"),
      inputRequests: ${handler},
    },
  },
});
`;
/** Mastra 2.x tool: `suspend` ends the round as `input_required`; `resumeData` is the accepted answer's content. */
const MASTRA_SUSPEND = `import { createTool } from "@mastra/core/tools";
import { MCPServer } from "@mastra/mcp";
export const deploy = createTool({
  id: "deploy",
  description: "Deploy main",
  execute: async (input: unknown, context: any) => {
    if (!context.resumeData) {
      await context.suspend({ message: "Deploy main?" });
      return { status: "waiting" };
    }
    return { status: context.resumeData.confirm ? "deploying" : "not deploying" };
  },
});
export const server = new MCPServer({ name: "deployer", version: "1.0.0", tools: { deploy } });
`;

const MCP_APP = (call: string) => `import { App } from "@modelcontextprotocol/ext-apps";
declare const app: App;
export async function open() {
  const answer = ${call};
  return answer;
}
`;

const ACME_ENTRY = {
  from: "package",
  package: "acme-hitl",
  name: "ask",
  optionsArgIndex: 1,
  deadlineOptions: ["ttl"],
  defaultDeadlineMs: 300_000,
  signalOption: null,
};
const ACME = (call: string) => `import { ask } from "acme-hitl";
export async function run(input: unknown, ctx: { log(text: string): void }) {
  const answer = ${call};
  return answer;
}
`;

/** The same entry declared in the project's own `src/agents` folder (`from: "file"`): it applies in no other file. */
const ACME_FILE_ENTRY = { ...ACME_ENTRY, from: "file", package: undefined, path: "src/agents" };
const LOCAL_ASK = ACME(`await ask({ question: "Deploy?" })`).replace(
  'import { ask } from "acme-hitl";',
  "declare function ask(question: object, options?: object): Promise<unknown>;",
);
/** typescript-eslint's RuleTester lints with ESLint's cwd at the root: a project's file is named from there. */
const RULE_TESTER_CWD = path.parse(process.cwd()).root;
const IN_PROJECT = (file: string) => path.join(RULE_TESTER_CWD, file);

/** An entry whose framework hands tools their caller's signal at `ctx.abort` and takes it as the `signal` option. */
const ABORT_ENTRY = { ...ACME_ENTRY, signalOption: "signal", callerSignal: "ctx.abort" };
const ABORT_TOOL = (call: string) =>
  ACME(call).replace("ctx: { log(text: string): void }", "ctx: { abort: AbortSignal; log(text: string): void }");
/** A handler whose parameter is called `extra`: by the MCP SDK's convention it holds `extra.signal`. */
const EXTRA_TOOL = (call: string) => ACME(call).replace("ctx: {", "extra: {");

/** An entry whose answer is `{ status: accept | decline | cancel }`, not `{ action }`. */
const STATUS_ENTRY = { ...ACME_ENTRY, answerField: "status" };
const STATUS_TOOL = (branches: string) =>
  ACME(`await ask({ question: "Deploy?" }, { ttl: 120_000 })`).replace("  return answer;\n", branches);
const STATUS_IF_ELSE = `  if (answer.status === "accept") {
    return "deploy";
  } else {
    return "stop";
  }
`;

/** An entry whose answer says `approved` / `rejected` / `dismissed` in its `status` (answerValues). */
const WORDS_ENTRY = {
  ...STATUS_ENTRY,
  answerValues: { accept: "approved", decline: "rejected", cancel: "dismissed" },
};
const WORDS_IF_ELSE = STATUS_IF_ELSE.replace('"accept"', '"approved"');
const WORDS_FOLD = `  if (answer.status === "rejected" || answer.status === "dismissed") {
    return "stop";
  }
  return "deploy";
`;
/** The same words on a ticket nobody was asked about, beside the entry's own answer. */
const TICKET_IF_ELSE = `  const ticket = await fetchTicket();
  if (ticket.status === "approved") {
    return "deploy";
  } else {
    return "stop";
  }
`;

/** A FrontMCP tool (its `this.elicit` answers `{ status }`, not `{ action }`): `body` runs in `execute`. */
const FRONTMCP_TOOL = (body: string) => `import { Tool, ToolContext } from "@frontmcp/sdk";
import { z } from "zod";
@Tool({ name: "deploy", inputSchema: {} })
export default class DeployTool extends ToolContext {
  async execute() {
${body}  }
}
`;
const FRONTMCP_ASK = `    const answer = await this.elicit("Deploy now?", z.object({ confirm: z.boolean() }), { ttl: 120_000 });
`;

const ROW_CASES: RowCase[] = [
  // FrontMCP (libs/sdk/src/elicitation/elicitation.types.ts; @frontmcp/storage-sqlite@1.8.0): `{ status }`, `ttl`.
  {
    name: "FrontMCP this.elicit: an else on status treats cancel as decline",
    rule: "exhaustive-action",
    code: FRONTMCP_TOOL(`${FRONTMCP_ASK}    if (answer.status !== "accept") return { cancelled: true };
    return { deployed: true };
`),
    errors: ["declineAndCancelMerged"],
    says: ["treats cancel as decline"],
    suggest: [
      {
        messageId: "suggestExhaustiveSwitch",
        output: FRONTMCP_TOOL(`${FRONTMCP_ASK}    switch (answer.status) {
      case "accept":
        break;
      case "decline": {
        // decline: the user saw the question and said no
        return { cancelled: true };
      }
      default:
        // any other action is no decision either: falls through to cancel
      case "cancel": {
        // cancel: the dialog was dismissed without a decision
        return { cancelled: true };
      }
    }
    return { deployed: true };
`),
      },
    ],
    untypedOnly: true,
  },
  {
    name: "FrontMCP this.elicit: each status its own branch",
    rule: "exhaustive-action",
    code: FRONTMCP_TOOL(`${FRONTMCP_ASK}    switch (answer.status) {
      case "accept":
        return { deployed: true };
      case "decline":
        return { deployed: false };
      case "cancel":
        return { deployed: false, later: true };
    }
`),
    errors: [],
    untypedOnly: true,
  },
  {
    name: "FrontMCP this.elicit without ttl: gives up after its documented 300 s",
    rule: "require-deadline",
    code: FRONTMCP_TOOL(`    const answer = await this.elicit("Deploy now?", z.object({ confirm: z.boolean() }));
    return { deployed: answer.status === "accept" };
`),
    errors: ["missingDeadline"],
    says: ["300 s", "`ttl`", "!`signal"],
    untypedOnly: true,
  },
  {
    name: "FrontMCP contrast: the status of an HTTP response in the same tool is nobody's answer",
    rule: "exhaustive-action",
    code: FRONTMCP_TOOL(`    const response = await fetch("https://example.com/deploy", { method: "POST" });
    if (response.status === 200) return { deployed: true };
    else return { deployed: false };
`),
    errors: [],
    untypedOnly: true,
  },
  {
    name: "FrontMCP contrast: an answer's action is not FrontMCP's field",
    rule: "exhaustive-action",
    code: FRONTMCP_TOOL(`${FRONTMCP_ASK}    if ((answer as { action?: string }).action !== "accept") return { cancelled: true };
    return { deployed: true };
`),
    errors: [],
    untypedOnly: true,
  },
  {
    name: "MCP v2 ctx.mcpReq.send, options second: deadline and signal given",
    rule: "require-deadline",
    code: V2_TOOL(
      `ctx.mcpReq.send({ method: "elicitation/create", params }, { timeout: 120_000, signal: ctx.mcpReq.signal })`,
    ),
    errors: [],
  },
  {
    name: "MCP v2 ctx.mcpReq.send, options second: signal forwarded",
    rule: "forward-abort-signal",
    code: V2_TOOL(
      `ctx.mcpReq.send({ method: "elicitation/create", params }, { timeout: 120_000, signal: ctx.mcpReq.signal })`,
    ),
    errors: [],
  },
  {
    name: "MCP v2 ctx.mcpReq.send, options second: no deadline",
    rule: "require-deadline",
    code: V2_TOOL(`ctx.mcpReq.send({ method: "elicitation/create", params }, { signal: ctx.mcpReq.signal })`),
    errors: ["missingDeadline"],
    says: ["`timeout`"],
  },
  {
    name: "MCP v2 ctx.mcpReq.send, options second: signal not forwarded",
    rule: "forward-abort-signal",
    code: V2_TOOL(`ctx.mcpReq.send({ method: "elicitation/create", params }, { timeout: 120_000 })`),
    errors: ["notForwarded"],
    says: ["`ctx.mcpReq.signal`"],
    suggest: [
      {
        messageId: "addSignal",
        output: V2_TOOL(
          `ctx.mcpReq.send({ method: "elicitation/create", params }, { timeout: 120_000, signal: ctx.mcpReq.signal })`,
        ),
      },
    ],
  },
  {
    name: "MCP v2 ctx.mcpReq.send contrast: a sampling request asks nobody",
    rule: "require-deadline",
    code: V2_TOOL(
      `ctx.mcpReq.send({ method: "sampling/createMessage", params: { messages: [], maxTokens: 1 } })`,
    ).replace("answer.action", "String(answer.model)"),
    errors: [],
  },

  // ACP 2.x, written with string literals (@agentclientprotocol/sdk@2.4.0 dist/v2/stable/acp.d.ts:263–265).
  {
    name: 'ACP 2.x ctx.client.request("elicitation/create") as a literal: no deadline',
    rule: "require-deadline",
    code: ACP_AGENT(`await ctx.client.request("elicitation/create", { sessionId: "s", message: "Name?" } as never)`),
    errors: ["missingDeadline"],
    says: ["`cancellationSignal", "`stopWaitingOnCancel: true`", "!`timeout`", "!`signal:"],
  },
  {
    name: 'ACP 2.x ctx.client.request("session/request_permission") as a literal: deadline and caller\'s signal',
    rule: "require-deadline",
    code: ACP_AGENT(
      `await ctx.client.request("session/request_permission", { sessionId: "s" } as never, { cancellationSignal: AbortSignal.any([ctx.signal, AbortSignal.timeout(120_000)]), stopWaitingOnCancel: true })`,
    ),
    errors: [],
  },
  {
    name: 'ACP 2.x ctx.client.request("session/request_permission") as a literal: the handler\'s signal not passed',
    rule: "forward-abort-signal",
    code: ACP_AGENT(`await ctx.client.request("session/request_permission", { sessionId: "s" } as never)`),
    errors: ["notForwarded"],
    says: ["`ctx.signal`", "!`ctx.mcpReq"],
    suggest: [
      {
        messageId: "addSignal",
        output: ACP_AGENT(
          `await ctx.client.request("session/request_permission", { sessionId: "s" } as never, { cancellationSignal: ctx.signal, stopWaitingOnCancel: true })`,
        ),
      },
    ],
  },
  {
    name: 'ACP 2.x contrast: ctx.client.request("fs/read_text_file") asks nobody',
    rule: "require-deadline",
    code: ACP_AGENT(`await ctx.client.request("fs/read_text_file", { sessionId: "s", path: "/x" } as never)`),
    errors: [],
  },
  {
    name: "ACP 2.x ClientApp.onRequest(methods.client.session.requestPermission): the handler ignores its signal",
    rule: "forward-abort-signal",
    code: ACP_CLIENT(`methods.client.session.requestPermission, async ({ params }) => await askPerson(params)`),
    errors: ["handlerIgnoresSignal"],
    says: ["`signal`", "!`extra.signal`"],
  },
  {
    name: "ACP 2.x ClientApp.onRequest(methods.client.elicitation.create): the handler passes its signal on",
    rule: "forward-abort-signal",
    code: ACP_CLIENT(
      `methods.client.elicitation.create, async ({ params, signal }) => await askPerson(params, signal)`,
    ),
    errors: [],
  },
  {
    name: 'ACP 2.x ClientApp.onRequest("elicitation/create") as a literal: the handler ignores its signal',
    rule: "forward-abort-signal",
    code: ACP_CLIENT(`"elicitation/create", async ({ params }) => await askPerson(params)`),
    errors: ["handlerIgnoresSignal"],
  },
  {
    name: "ACP 2.x contrast: ClientApp.onRequest(methods.client.terminal.create) asks nobody",
    rule: "forward-abort-signal",
    code: ACP_CLIENT(`methods.client.terminal.create, async ({ params }) => await spawnTerminal(params)`),
    errors: [],
  },
  {
    name: 'MCP v2 client setRequestHandler("elicitation/create"): the signal is ctx.mcpReq.signal',
    rule: "forward-abort-signal",
    code: `import { Client } from "@modelcontextprotocol/client";
declare function askPerson(params: unknown): Promise<{ action: "cancel" }>;
const client = new Client({ name: "c", version: "1.0.0" });
client.setRequestHandler("elicitation/create", async (request) => await askPerson(request.params));
`,
    errors: ["handlerIgnoresSignal"],
    says: ["`ctx.mcpReq.signal`", "!`ctx.signal`", "!`extra.signal`"],
  },
  {
    name: 'MCP v2 client setRequestHandler("elicitation/create"): ctx.mcpReq.signal honoured',
    rule: "forward-abort-signal",
    code: `import { Client } from "@modelcontextprotocol/client";
declare function askPerson(params: unknown, signal: AbortSignal): Promise<{ action: "cancel" }>;
const client = new Client({ name: "c", version: "1.0.0" });
client.setRequestHandler("elicitation/create", async (request, ctx) => await askPerson(request.params, ctx.mcpReq.signal));
`,
    errors: [],
  },
  // SDK 1.32.2 (dist/esm/shared/protocol.d.ts:351, dist/esm/experimental/tasks/server.d.ts:128).
  {
    name: 'MCP SDK 1.x server.request({ method: "elicitation/create" }, ElicitResultSchema): no deadline',
    rule: "require-deadline",
    code: SDK1_SERVER(`await server.request({ method: "elicitation/create", params }, ElicitResultSchema)`),
    errors: ["missingDeadline"],
    says: ["60 s", "`timeout`"],
  },
  {
    name: 'MCP SDK 1.x server.request({ method: "elicitation/create" }, ElicitResultSchema, { timeout }): a deadline',
    rule: "require-deadline",
    code: SDK1_SERVER(
      `await server.request({ method: "elicitation/create", params }, ElicitResultSchema, { timeout: 120_000 })`,
    ),
    errors: [],
  },
  {
    name: 'MCP SDK 1.x contrast: server.request({ method: "roots/list" }) asks nobody',
    rule: "require-deadline",
    code: SDK1_SERVER(`await server.request({ method: "roots/list" }, ElicitResultSchema)`),
    errors: [],
  },
  {
    name: "MCP SDK 1.x server.experimental.tasks.elicitInputStream(params): no deadline",
    rule: "require-deadline",
    code: SDK1_SERVER(`server.experimental.tasks.elicitInputStream(params)`),
    errors: ["missingDeadline"],
    says: ["`timeout`"],
  },
  {
    name: "MCP SDK 1.x server.experimental.tasks.elicitInputStream(params, { timeout }): a deadline",
    rule: "require-deadline",
    code: SDK1_SERVER(`server.experimental.tasks.elicitInputStream(params, { timeout: 120_000 })`),
    errors: [],
  },
  {
    name: "MCP SDK 1.x contrast: server.experimental.tasks.getTask asks nobody",
    rule: "require-deadline",
    code: SDK1_SERVER(`server.experimental.tasks.getTask("t")`),
    errors: [],
  },
  // mcp-use 1.34.6 params form (dist/src/server/types/tool-context.d.ts:226): `{ timeout }` only, default 2^31−1 ms.
  {
    name: "mcp-use 1.x ctx.elicit({ message, requestedSchema, mode }): no deadline, and no signal to advise",
    rule: "require-deadline",
    code: MCP_USE_1(`await ctx.elicit({ message: "Deploy?", requestedSchema: {}, mode: "form" })`),
    errors: ["missingDeadline"],
    says: ["Waits forever by default", "`timeout`", "!`signal", "!No known package"],
  },
  {
    name: "mcp-use 1.x ctx.elicit(params, { timeout }): a deadline",
    rule: "require-deadline",
    code: MCP_USE_1(
      `await ctx.elicit({ message: "Deploy?", requestedSchema: {}, mode: "form" }, { timeout: 120_000 })`,
    ),
    errors: [],
  },
  {
    name: "mcp-use 1.x ctx.elicit(params, { timeout }): its context has no signal to forward",
    rule: "forward-abort-signal",
    code: MCP_USE_1(
      `await ctx.elicit({ message: "Deploy?", requestedSchema: {}, mode: "form" }, { timeout: 120_000 })`,
    ),
    errors: [],
  },
  {
    name: "mcp-use 1.x contrast: ctx.render({ message, mode }) asks nobody",
    rule: "require-deadline",
    code: MCP_USE_1(`await ctx.render({ message: "Deploy?", mode: "form" })`),
    errors: [],
  },
  // mcp-use 2.5.2 re-exports the SDK's MRTR helpers (dist/index.d.ts:37).
  {
    name: 'mcp-use 2.x acceptedContent from "mcp-use": re-asking a person who declined',
    rule: "exhaustive-action",
    code: MCP_USE_2(`acceptedContent`),
    errors: ["reaskMerged"],
    suggest: [{ messageId: "suggestInputResponseSwitch", output: MCP_USE_2_SWITCHED }],
    untypedOnly: true,
  },
  {
    name: "mcp-use 2.x contrast: a local acceptedContent is nothing of the SDK's",
    rule: "exhaustive-action",
    code: MCP_USE_2(`acceptedContent`).replace(
      'import { MCPServer, acceptedContent, inputRequired } from "mcp-use";',
      'import { MCPServer, inputRequired } from "mcp-use";\nconst acceptedContent = (r: unknown, k: string) => (r as Record<string, { confirm?: boolean }>)[k];',
    ),
    errors: [],
  },
  // mcp-use 2.5.2: `ctx.inputResponses`, `ctx.requestState()` (dist/context.d.ts:170, :176), and the server's
  // `requestState` option in its one config object (dist/server.d.ts:95, dist/config.d.ts:208).
  {
    name: "mcp-use 2.x ctx.inputResponses read raw: an else on its action treats cancel as decline",
    rule: "exhaustive-action",
    code: MCP_USE_2_RAW(`import { MCPServer } from "mcp-use";`),
    errors: ["declineAndCancelMerged"],
    suggest: [
      {
        messageId: "suggestExhaustiveSwitch",
        output: MCP_USE_2_RAW_SWITCH(MCP_USE_2_RAW(`import { MCPServer } from "mcp-use";`)),
      },
    ],
  },
  {
    name: "mcp-use 2.x contrast: ctx.inputResponses of a server that is not mcp-use's answers nobody",
    rule: "exhaustive-action",
    code: MCP_USE_2_RAW(`import { MCPServer } from "./own-server.js";`),
    errors: [],
  },
  {
    name: "mcp-use 2.x `async (params, { inputResponses })`: an else on the answer's action treats cancel as decline",
    rule: "exhaustive-action",
    code: MCP_USE_2_DESTRUCTURED(`import { MCPServer } from "mcp-use";`, "parameter"),
    errors: ["declineAndCancelMerged"],
    suggest: [
      {
        messageId: "suggestExhaustiveSwitch",
        output: MCP_USE_2_RAW_SWITCH(MCP_USE_2_DESTRUCTURED(`import { MCPServer } from "mcp-use";`, "parameter")),
      },
    ],
  },
  {
    name: "mcp-use 2.x contrast: `async (params, { inputResponses })` of a server that is not mcp-use's answers nobody",
    rule: "exhaustive-action",
    code: MCP_USE_2_DESTRUCTURED(`import { MCPServer } from "./own-server.js";`, "parameter"),
    errors: [],
  },
  {
    name: "mcp-use 2.x `const { inputResponses } = ctx`: an else on the answer's action treats cancel as decline",
    rule: "exhaustive-action",
    code: MCP_USE_2_DESTRUCTURED(`import { MCPServer } from "mcp-use";`, "body"),
    errors: ["declineAndCancelMerged"],
    suggest: [
      {
        messageId: "suggestExhaustiveSwitch",
        output: MCP_USE_2_RAW_SWITCH(MCP_USE_2_DESTRUCTURED(`import { MCPServer } from "mcp-use";`, "body")),
      },
    ],
  },
  {
    name: "mcp-use 2.x contrast: `const { inputResponses } = ctx` of a server that is not mcp-use's answers nobody",
    rule: "exhaustive-action",
    code: MCP_USE_2_DESTRUCTURED(`import { MCPServer } from "./own-server.js";`, "body"),
    errors: [],
  },
  {
    name: "mcp-use 2.x new MCPServer({ … }) without requestState: hand-made state and its read are forgeable",
    rule: "verify-request-state",
    code: MCP_USE_2_STATE(`{ name: "s", version: "1.0.0" }`, MCP_USE_2_READ),
    errors: ["unverifiedRead", "unsignedState"],
  },
  {
    name: "mcp-use 2.x new MCPServer({ requestState: { verify } }): the server verifies what comes back",
    rule: "verify-request-state",
    code: MCP_USE_2_STATE(`{ name: "s", version: "1.0.0", requestState: { verify: codec.verify } }`, MCP_USE_2_READ),
    errors: [],
  },
  {
    name: "mcp-use 2.x contrast: a project's own MCPServer and ctx.requestState() hold no MCP state",
    rule: "verify-request-state",
    code: MCP_USE_2_STATE(`{ name: "s", version: "1.0.0" }`, MCP_USE_2_READ).replace(
      'import { MCPServer, createRequestStateCodec, inputRequired } from "mcp-use";',
      'import { createRequestStateCodec, inputRequired } from "mcp-use";\nimport { MCPServer } from "./own-server.js";',
    ),
    errors: [],
  },
  // Cloudflare agents 0.32.0 workflows (dist/workflows.d.ts:170–173): `{ timeout? }`, no SDK default.
  {
    name: "Cloudflare agents waitForApproval(step): no deadline, the runtime's default decides",
    rule: "require-deadline",
    code: WORKFLOW(`await this.waitForApproval(step)`),
    errors: ["missingDeadline"],
    says: ["`timeout`", "runtime's default", "!`signal", "!60 s"],
  },
  {
    name: "Cloudflare agents waitForApproval(step, { timeout }): a deadline",
    rule: "require-deadline",
    code: WORKFLOW(`await this.waitForApproval(step, { timeout: "1 day" })`),
    errors: [],
  },
  {
    name: "Cloudflare agents contrast: waitForApproval in a file that does not import agents",
    rule: "require-deadline",
    code: WORKFLOW(`await this.waitForApproval(step)`).replace(
      'import { AgentWorkflow } from "agents/workflows";\n',
      "",
    ),
    errors: [],
  },
  // Mastra 1.x (@mastra/mcp@1.18.0 dist/server/types.d.ts:129): RequestOptions of server 2.0.0, 60 s default.
  {
    name: "Mastra 1.x context.mcp.elicitation.sendRequest(params): no deadline",
    rule: "require-deadline",
    code: MASTRA(`await context.mcp.elicitation.sendRequest({ message: "Deploy?", requestedSchema: {} })`),
    errors: ["missingDeadline"],
    says: ["60 s", "`timeout`"],
  },
  {
    name: "Mastra 1.x context.mcp.elicitation.sendRequest(params, { timeout, signal }): deadline and signal",
    rule: "forward-abort-signal",
    code: MASTRA(
      `await context.mcp.elicitation.sendRequest({ message: "Deploy?", requestedSchema: {} }, { timeout: 120_000, signal: context.mcp.extra.signal })`,
    ),
    errors: [],
  },
  // @mastra/mcp 2.0.0 dist/index.js:25976, :25995: `context.mcp.elicitation.sendRequest` returns a rejected promise.
  {
    name: "Mastra 1.x installed (1.18.0): context.mcp.elicitation.sendRequest(params) without a deadline",
    rule: "require-deadline",
    code: MASTRA(MASTRA_NO_DEADLINE),
    filename: MASTRA_1_FILE,
    errors: ["missingDeadline"],
    untypedOnly: true,
  },
  {
    name: "Mastra 2.x installed (2.0.0): context.mcp.elicitation.sendRequest rejects, so no 1.x deadline advice",
    rule: "require-deadline",
    code: MASTRA(MASTRA_NO_DEADLINE),
    filename: MASTRA_2_FILE,
    errors: [],
    untypedOnly: true,
  },
  {
    name: "Mastra 1.x installed (1.18.0): sendRequest(params, { timeout }) leaves context.mcp.extra.signal behind",
    rule: "forward-abort-signal",
    code: MASTRA(MASTRA_NO_DEADLINE.replace("{} })", "{} }, { timeout: 120_000 })")),
    filename: MASTRA_1_FILE,
    errors: ["notForwarded"],
    suggest: [
      {
        messageId: "addSignal",
        output: MASTRA(
          MASTRA_NO_DEADLINE.replace("{} })", "{} }, { timeout: 120_000, signal: context.mcp.extra.signal })"),
        ),
      },
    ],
    untypedOnly: true,
  },
  {
    name: "Mastra 2.x installed (2.0.0): sendRequest(params, { timeout }) rejects, so no signal to forward",
    rule: "forward-abort-signal",
    code: MASTRA(MASTRA_NO_DEADLINE.replace("{} })", "{} }, { timeout: 120_000 })")),
    filename: MASTRA_2_FILE,
    errors: [],
    untypedOnly: true,
  },
  {
    name: "Mastra 1.x contrast: context.mcp.notifications.sendRequest asks nobody",
    rule: "require-deadline",
    code: MASTRA(`await context.mcp.notifications.sendRequest({ message: "Deploy?" })`),
    errors: [],
  },
  // Mastra 2.x client (@mastra/mcp@2.0.0 dist/client/types.d.ts:84–100, :291; dist/index.js:23179–23187): the runtime
  // hands `inputRequests` the request's own signal (`ctx.mcpReq.signal`) as `signal`.
  {
    name: "Mastra 2.x MCPClient inputRequests: a handler that waits for the person without its signal",
    rule: "forward-abort-signal",
    code: MASTRA_CLIENT(`async ({ key, params }) => {
        const content = await promptUser(key, params);
        return { action: "accept", content };
      }`),
    errors: ["handlerIgnoresSignal"],
    says: ["`signal`", "!mcpReq", "!ctx.signal"],
  },
  {
    name: "Mastra 2.x MCPClient inputRequests: the destructured signal ends the person's wait",
    rule: "forward-abort-signal",
    code: MASTRA_CLIENT(`async ({ key, params, signal }) => {
        const content = await promptUser(key, params, signal);
        return { action: "accept", content };
      }`),
    errors: [],
  },
  {
    name: "Mastra 2.x contrast: inputRequests of a project's own MCPClient answers nobody's question",
    rule: "forward-abort-signal",
    code: MASTRA_CLIENT(
      `async ({ key, params }) => {
        const content = await promptUser(key, params);
        return { action: "accept", content };
      }`,
      "./own-client.js",
    ),
    errors: [],
  },
  // Mastra 2.x tools (@mastra/mcp@2.0.0 dist/server/types.d.ts:23–33, dist/index.js:26058–26076, :26508–26530,
  // :26573): `suspend(payload)` ends the round as `input_required` under the key "input", with a requestState the
  // server signs itself (MCPServerRequestStateOptions, 600 s); a declined or cancelled answer ends the call with its
  // own result before the tool runs again, so `resumeData` is only ever accepted content. No rule has anything to say.
  {
    name: "Mastra 2.x context.suspend / context.resumeData: no re-ask, the server ends declined and cancelled rounds",
    rule: "exhaustive-action",
    code: MASTRA_SUSPEND,
    errors: [],
  },
  {
    name: "Mastra 2.x context.suspend(payload) waits on nobody: the round ends, no deadline to set",
    rule: "require-deadline",
    code: MASTRA_SUSPEND,
    errors: [],
  },
  {
    name: "Mastra 2.x context.suspend(payload): the server signs the requestState itself",
    rule: "verify-request-state",
    code: MASTRA_SUSPEND,
    errors: [],
  },
  // MCP Apps (@modelcontextprotocol/ext-apps@2.0.4 dist/src/app.d.ts:987, :1056): client RequestOptions, 60 s.
  {
    name: "MCP Apps app.openLink({ url }): the host asks the user, no deadline",
    rule: "require-deadline",
    code: MCP_APP(`await app.openLink({ url: "https://example.com" })`),
    errors: ["missingDeadline"],
    says: ["60 s", "`timeout`"],
  },
  {
    name: "MCP Apps app.downloadFile(params, { timeout }): a deadline",
    rule: "require-deadline",
    code: MCP_APP(`await app.downloadFile({ contents: [] }, { timeout: 120_000 })`),
    errors: [],
  },
  {
    name: "MCP Apps: { isError } for denied and cancelled alike leaves exhaustive-action nothing to split",
    rule: "exhaustive-action",
    code: MCP_APP(`await app.openLink({ url: "https://example.com" }, { timeout: 120_000 })`).replace(
      "return answer;",
      "if (answer.isError) return false;\n  return true;",
    ),
    errors: [],
  },
  {
    name: "MCP Apps contrast: openLink in a file that does not import ext-apps",
    rule: "require-deadline",
    code: MCP_APP(`await app.openLink({ url: "https://example.com" })`).replace(
      'import { App } from "@modelcontextprotocol/ext-apps";\n',
      "",
    ),
    errors: [],
  },
  {
    name: "MCP Apps in a CommonJS bundle: new ext_apps.App(…) read off the package's require, then openLink",
    rule: "require-deadline",
    code: `const ext_apps = require("@modelcontextprotocol/ext-apps");
const app = new ext_apps.App({ name: "viewer", version: "1.0.0" });
export async function open(url) {
  return app.openLink({ url });
}
`,
    errors: ["missingDeadline"],
  },
  {
    name: "MCP Apps in React: the app of useApp() from ext-apps/react, then openLink",
    rule: "require-deadline",
    code: `import { useApp } from "@modelcontextprotocol/ext-apps/react";
export function useOpen(options) {
  const { app } = useApp(options);
  return (url) => app.openLink({ url });
}
`,
    errors: ["missingDeadline"],
  },
  {
    // mcp-use@1.34.6 dist/src/react/index.cjs:7296 (its class's openLink), :7738 (the call), :837 (the constant).
    name: "MCP Apps contrast: the project's own bridge.openLink in a file that takes only a constant from ext-apps",
    rule: "require-deadline",
    code: `var import_ext_apps = require("@modelcontextprotocol/ext-apps");
class McpAppsBridge {
  async openLink(url) { return this.request("ui/open-link", { url }); }
}
let bridgeInstance = null;
function getMcpAppsBridge() { return (bridgeInstance ??= new McpAppsBridge()); }
export const isAppResource = (r) => r.mime_type === import_ext_apps.RESOURCE_MIME_TYPE;
export function openExternal(href) {
  const bridge = getMcpAppsBridge();
  bridge.openLink(href).catch((error) => console.error("Failed to open link:", error));
}
`,
    errors: [],
  },
  // A user's entry for a framework the table does not know: its own columns, nothing borrowed from the MCP SDK's row.
  {
    name: "humanWaitFunctions entry for acme-hitl: ttl with a 300 s default, no signal: ttl advised, nothing else",
    rule: "require-deadline",
    code: ACME(`await ask({ question: "Deploy?" }, { timeout: 120_000 })`),
    options: [{ humanWaitFunctions: [ACME_ENTRY] }],
    errors: ["missingDeadline"],
    says: ["300 s by default", "`ttl`", "!`timeout`", "!`signal", "!HTTP"],
  },
  {
    name: "humanWaitFunctions entry for acme-hitl: ttl given",
    rule: "require-deadline",
    code: ACME(`await ask({ question: "Deploy?" }, { ttl: 120_000 })`),
    options: [{ humanWaitFunctions: [ACME_ENTRY] }],
    errors: [],
  },
  {
    name: "humanWaitFunctions entry for acme-hitl: its context has no signal, so nothing to forward",
    rule: "forward-abort-signal",
    code: ACME(`await ask({ question: "Deploy?" }, { ttl: 120_000 })`),
    options: [{ humanWaitFunctions: [ACME_ENTRY] }],
    errors: [],
  },
  {
    name: "humanWaitFunctions contrast: an ask of a file that does not import acme-hitl",
    rule: "require-deadline",
    code: ACME(`await ask({ question: "Deploy?" })`).replace(
      'import { ask } from "acme-hitl";',
      'import { ask } from "./quiz";',
    ),
    options: [{ humanWaitFunctions: [ACME_ENTRY] }],
    errors: [],
  },
  {
    name: "humanWaitFunctions entry with path src/agents: a file below it is judged by the entry",
    rule: "require-deadline",
    code: LOCAL_ASK,
    options: [{ humanWaitFunctions: [ACME_FILE_ENTRY] }],
    filename: IN_PROJECT("src/agents/deploy.ts"),
    errors: ["missingDeadline"],
    says: ["300 s by default", "`ttl`"],
    untypedOnly: true,
  },
  {
    name: "humanWaitFunctions entry with path src/agents: the folder itself, written ./src/agents/",
    rule: "require-deadline",
    code: LOCAL_ASK,
    options: [{ humanWaitFunctions: [{ ...ACME_FILE_ENTRY, path: "./src/agents/" }] }],
    filename: IN_PROJECT("src/agents/nested/deploy.ts"),
    errors: ["missingDeadline"],
    untypedOnly: true,
  },
  {
    name: "humanWaitFunctions contrast: the same ask in src/agents-old, outside the entry's path",
    rule: "require-deadline",
    code: LOCAL_ASK,
    options: [{ humanWaitFunctions: [ACME_FILE_ENTRY] }],
    filename: IN_PROJECT("src/agents-old/deploy.ts"),
    errors: [],
    untypedOnly: true,
  },
  {
    name: "humanWaitFunctions contrast: the entry's path is a suffix of the file's, not relative to the project",
    rule: "require-deadline",
    code: LOCAL_ASK,
    options: [{ humanWaitFunctions: [ACME_FILE_ENTRY] }],
    filename: IN_PROJECT("lib/src/agents/deploy.ts"),
    errors: [],
    untypedOnly: true,
  },
  {
    name: "humanWaitFunctions entry with callerSignal ctx.abort: not passed, the advice names ctx.abort",
    rule: "forward-abort-signal",
    code: ABORT_TOOL(`await ask({ question: "Deploy?" }, { ttl: 120_000 })`),
    options: [{ humanWaitFunctions: [ABORT_ENTRY] }],
    errors: ["notForwarded"],
    says: ["`ctx.abort`", "!`ctx.signal`", "!extra"],
    suggest: [
      {
        messageId: "addSignal",
        output: ABORT_TOOL(`await ask({ question: "Deploy?" }, { ttl: 120_000, signal: ctx.abort })`),
      },
    ],
  },
  {
    name: "humanWaitFunctions entry with callerSignal ctx.abort: passed as its signal option",
    rule: "forward-abort-signal",
    code: ABORT_TOOL(`await ask({ question: "Deploy?" }, { ttl: 120_000, signal: ctx.abort })`),
    options: [{ humanWaitFunctions: [ABORT_ENTRY] }],
    errors: [],
  },
  {
    name: "humanWaitFunctions contrast: ctx.abort beside a call the entry does not name (asks nobody)",
    rule: "forward-abort-signal",
    code: ABORT_TOOL(`await tell({ question: "Deploy?" }, { ttl: 120_000 })`).replace(
      "import { ask }",
      "import { tell }",
    ),
    options: [{ humanWaitFunctions: [ABORT_ENTRY] }],
    errors: [],
  },
  {
    name: "humanWaitFunctions entry without callerSignal: a parameter called extra is taken to hold extra.signal",
    rule: "forward-abort-signal",
    code: EXTRA_TOOL(`await ask({ question: "Deploy?" }, { ttl: 120_000 })`),
    options: [{ humanWaitFunctions: [{ ...ACME_ENTRY, signalOption: "signal" }] }],
    errors: ["notForwarded"],
    says: ["`extra.signal`"],
    suggest: [
      {
        messageId: "addSignal",
        output: EXTRA_TOOL(`await ask({ question: "Deploy?" }, { ttl: 120_000, signal: extra.signal })`),
      },
    ],
    untypedOnly: true,
  },
  {
    name: "humanWaitFunctions entry with callerSignal none: the same extra parameter, no signal advice",
    rule: "forward-abort-signal",
    code: EXTRA_TOOL(`await ask({ question: "Deploy?" }, { ttl: 120_000 })`),
    options: [{ humanWaitFunctions: [{ ...ACME_ENTRY, signalOption: "signal", callerSignal: "none" }] }],
    errors: [],
  },
  {
    name: "humanWaitFunctions entry with answerField status: an else on status treats cancel as decline",
    rule: "exhaustive-action",
    code: STATUS_TOOL(STATUS_IF_ELSE),
    options: [{ humanWaitFunctions: [STATUS_ENTRY] }],
    errors: ["declineAndCancelMerged"],
    says: ["`else` branch treats cancel as decline"],
    suggest: [
      {
        messageId: "suggestExhaustiveSwitch",
        output: STATUS_TOOL(`  switch (answer.status) {
    case "accept": {
      return "deploy";
    }
    case "decline": {
      // decline: the user saw the question and said no
      return "stop";
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      return "stop";
    }
  }
`),
      },
    ],
  },
  {
    name: "humanWaitFunctions entry with answerField status: each status its own branch",
    rule: "exhaustive-action",
    code: STATUS_TOOL(`  switch (answer.status) {
    case "accept":
      return "deploy";
    case "decline":
      return "stop";
    case "cancel":
      return "later";
  }
`),
    options: [{ humanWaitFunctions: [STATUS_ENTRY] }],
    errors: [],
  },
  {
    name: "humanWaitFunctions contrast: with answerField status, an else on action is not the answer's",
    rule: "exhaustive-action",
    code: STATUS_TOOL(STATUS_IF_ELSE.replace("answer.status", "answer.action")),
    options: [{ humanWaitFunctions: [STATUS_ENTRY] }],
    errors: [],
  },
  {
    name: "humanWaitFunctions contrast: the same else on status of a poll nobody listed",
    rule: "exhaustive-action",
    code: STATUS_TOOL(STATUS_IF_ELSE).replace(/\bask\b/g, "poll"),
    options: [{ humanWaitFunctions: [STATUS_ENTRY] }],
    errors: [],
  },
  {
    name: "humanWaitFunctions entry with answerValues: an else after approved treats dismissed as rejected",
    rule: "exhaustive-action",
    code: STATUS_TOOL(WORDS_IF_ELSE),
    options: [{ humanWaitFunctions: [WORDS_ENTRY] }],
    errors: ["declineAndCancelMerged"],
    suggest: [
      {
        messageId: "suggestExhaustiveSwitch",
        output: STATUS_TOOL(`  switch (answer.status) {
    case "approved": {
      return "deploy";
    }
    case "rejected": {
      // decline: the user saw the question and said no
      return "stop";
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "dismissed": {
      // cancel: the dialog was dismissed without a decision
      return "stop";
    }
  }
`),
      },
    ],
  },
  {
    name: "humanWaitFunctions entry with answerValues: rejected and dismissed folded into one test (strict)",
    rule: "exhaustive-action",
    code: STATUS_TOOL(WORDS_FOLD),
    options: [{ reportIdenticalBranches: true, humanWaitFunctions: [WORDS_ENTRY] }],
    errors: ["identicalBranches"],
  },
  {
    name: "humanWaitFunctions entry with answerValues: approved, rejected and dismissed each their own branch",
    rule: "exhaustive-action",
    code: STATUS_TOOL(`  switch (answer.status) {
    case "approved":
      return "deploy";
    case "rejected":
      return "stop";
    case "dismissed":
      return "later";
  }
`),
    options: [{ humanWaitFunctions: [WORDS_ENTRY] }],
    errors: [],
  },
  {
    name: "humanWaitFunctions contrast: with answerValues, the protocol's accept is none of the entry's words",
    rule: "exhaustive-action",
    code: STATUS_TOOL(STATUS_IF_ELSE),
    options: [{ humanWaitFunctions: [WORDS_ENTRY] }],
    errors: [],
  },
  {
    name: "humanWaitFunctions contrast: the entry's words on a ticket's status are nobody's answer",
    rule: "exhaustive-action",
    code: STATUS_TOOL(TICKET_IF_ELSE).replace(
      'import { ask } from "acme-hitl";',
      'import { ask } from "acme-hitl";\ndeclare function fetchTicket(): Promise<{ status: string }>;',
    ),
    options: [{ reportIdenticalBranches: true, humanWaitFunctions: [WORDS_ENTRY] }],
    errors: [],
  },
];

function toTester(typed: boolean) {
  return (row: RowCase) => {
    const base = {
      name: row.name,
      code: row.code,
      options: (row.options ?? []) as never,
      ...(typed ? { filename: TYPED_FILE } : row.filename ? { filename: row.filename } : {}),
    };
    return base;
  };
}

for (const typed of [false, true]) {
  const tester = typed ? typedRuleTester : untypedRuleTester;
  for (const ruleName of Object.keys(RULES) as RuleName[]) {
    const cases = ROW_CASES.filter((row) => row.rule === ruleName && !(typed && row.untypedOnly));
    if (cases.length === 0) continue;
    tester.run(`${ruleName} (API rows${typed ? ", typed" : ""})`, RULES[ruleName], {
      valid: cases.filter((row) => row.errors.length === 0).map(toTester(typed)),
      invalid: cases
        .filter((row) => row.errors.length > 0)
        .map((row) => ({
          ...toTester(typed)(row),
          errors: row.errors.map((messageId, index) => ({
            messageId,
            ...(index === 0 && row.suggest ? { suggestions: row.suggest } : {}),
          })),
        })),
    });
  }
}

/** What the messages say (and never say): the row's own option and signal names, nothing another API has. */
describe("API rows: message words", () => {
  const linter = new Linter({ configType: "flat" });
  const rootLinter = new Linter({ configType: "flat", cwd: RULE_TESTER_CWD });
  const worded = ROW_CASES.filter((row) => row.says);
  it.each(worded.map((row) => [row.name, row] as const))("%s", (_, row) => {
    const messages = (row.filename ? rootLinter : linter)
      .verify(
        row.code,
        [
          {
            files: ["**/*.ts"],
            languageOptions: { parser: tsParser as unknown as Linter.Parser },
            plugins: { e: { rules: { [row.rule]: RULES[row.rule] } } as never },
            rules: { [`e/${row.rule}`]: ["error", ...(row.options ?? [])] as Linter.RuleEntry },
          },
        ],
        row.filename ?? path.join(path.dirname(TYPED_FILE), "file.ts"),
      )
      .map((message) => message.message)
      .join("\n");
    for (const word of row.says!) {
      if (word.startsWith("!")) expect(messages).not.toContain(word.slice(1));
      else expect(messages).toContain(word);
    }
  });
});

/** The option schema takes answerValues with the protocol's three keys only, each a word. */
describe("humanWaitFunctions answerValues: the option schema", () => {
  const linter = new Linter({ configType: "flat" });
  const lint = (answerValues: unknown) =>
    linter.verify(
      STATUS_TOOL(WORDS_IF_ELSE),
      [
        {
          files: ["**/*.ts"],
          languageOptions: { parser: tsParser as unknown as Linter.Parser },
          plugins: { e: { rules: { "exhaustive-action": RULES["exhaustive-action"] } } as never },
          rules: {
            "e/exhaustive-action": ["error", { humanWaitFunctions: [{ ...STATUS_ENTRY, answerValues }] }],
          } as Linter.RulesRecord,
        },
      ],
      "file.ts",
    );
  it("accepts the three words, or some of them", () => {
    expect(lint(WORDS_ENTRY.answerValues).map((message) => message.messageId)).toEqual(["declineAndCancelMerged"]);
    expect(() => lint({ decline: "rejected" })).not.toThrow();
  });
  it("rejects a key that is no answer, an empty word and an empty map", () => {
    expect(() => lint({ approve: "approved" })).toThrow(/Unexpected property "approve"/);
    expect(() => lint({ accept: "" })).toThrow(/should NOT be shorter than 1 character|must NOT have fewer than 1/);
    expect(() => lint({})).toThrow(/should NOT have fewer than 1 properties|must NOT have fewer than 1 properties/);
  });
});

/**
 * The framework fixtures of test/typed-project/frameworks, typed against the real packages (dev dependencies,
 * type-checked by `tsc -p test/typed-project/frameworks/tsconfig.json`): every rule of the recommended config.
 */
describe("API rows: typed fixtures on the real mcp-use 2.5.2 and agents 0.32.0", () => {
  const frameworks = path.join(path.dirname(TYPED_FILE), "frameworks");
  const lint = (file: string) => {
    const linter = new Linter({ configType: "flat", cwd: frameworks });
    const filename = path.join(frameworks, file);
    return linter
      .verify(
        fs.readFileSync(filename, "utf8"),
        [
          {
            ...plugin.configs.recommended,
            files: ["**/*.ts"],
            languageOptions: {
              parser: tsParser as unknown as Linter.Parser,
              parserOptions: { project: "./tsconfig.json", tsconfigRootDir: frameworks },
            },
          } as Linter.Config,
        ],
        filename,
      )
      .map((message) => `${message.line} ${message.ruleId ?? "fatal"} ${message.messageId ?? message.message}`);
  };
  it("mcp-use 2.x: the re-ask of a declined publish, and nothing in the view switch or the codec-minted state", () => {
    const source = fs.readFileSync(path.join(frameworks, "mcp-use-v2.ts"), "utf8").split("\n");
    const reask = source.findIndex((line) => line.includes("if (confirmed === undefined)")) + 1;
    expect(lint("mcp-use-v2.ts")).toEqual([`${reask} elicitation/exhaustive-action reaskMerged`]);
  });
  it("agents 0.32.0: waitForApproval with a timeout and a form handler that forwards its signal", () => {
    expect(lint("cloudflare-agents.ts")).toEqual([]);
  });
});
