/**
 * require-deadline on shapes first seen in published code (issue 23's false reports), each beside a contrast that
 * shares its words and is still reported.
 */
import rule from "./index.ts";
import { untypedRuleTester } from "../../test/rule-tester.ts";

/** A question written to the transport by hand, its answer parked under the request's id, a timer that gives up. */
const FRAME_SENT_BY_HAND = `export class Agent {
  async elicitInput(params, options) {
    const request = { jsonrpc: "2.0", id: this.nextId++, method: "elicitation/create", params };
    const answer = new Promise((resolve, reject) => {
      setTimeout(() => reject(new Error("timed out")), 60_000);
      this._pending.set(request.id, { resolve, reject });
    });
    await this._transport.send(request, options);
    return answer;
  }
}`;

untypedRuleTester.run("require-deadline (a frame written to a transport)", rule, {
  valid: [
    {
      name: "transport frame: this._transport.send(request, options) writes a const JSON-RPC frame and waits for nothing",
      code: FRAME_SENT_BY_HAND.replace(
        'reject(new Error("timed out"))',
        '{ this.cancel(request.id); reject(new Error("timed out")); }',
      ),
    },
    {
      name: "transport frame: transport.send({ jsonrpc, id, method: elicitation/create, params }) written inline",
      code: `await transport.send({ jsonrpc: "2.0", id: 7, method: "elicitation/create", params });`,
    },
  ],
  invalid: [
    {
      name: "transport frame: the send waits for nothing, but the timer that gives up leaves the question open",
      code: FRAME_SENT_BY_HAND,
      errors: [{ messageId: "timeoutLeavesQuestionOpen", line: 5 }],
    },
    {
      name: "contrast: ctx.mcpReq.send({ method: elicitation/create, params }) asks and waits, with no deadline",
      code: `await ctx.mcpReq.send({ method: "elicitation/create", params }, ElicitResultSchema);`,
      errors: [{ messageId: "missingDeadline" }],
    },
  ],
});

const SHELL = (imports: string, field: string) => `${imports}
export class Shell {
  constructor(policy) { this.gate = ${field}; }
  async run(tool, command) {
    const verdict = await this.gate.requestPermission({ tool, command });
    return verdict.allowed ? exec(command) : null;
  }
}`;

untypedRuleTester.run("require-deadline (the project's own method named like ACP's)", rule, {
  valid: [
    {
      name: "own method: this.gate = new PermissionGate() from ./gate.js, in a file with no ACP import, asks nobody",
      code: SHELL(`import { PermissionGate } from "./gate.js";`, "new PermissionGate(policy)"),
    },
    {
      name: "own method: a parameter property typed as the project's own PermissionGate",
      code: `import type { PermissionGate } from "../policy/gate";
export class Shell {
  constructor(private readonly gate: PermissionGate) {}
  async run(tool: string, command: string) {
    const verdict = await this.gate.requestPermission({ tool, command });
    return verdict.allowed ? exec(command) : null;
  }
}`,
    },
    {
      name: "own method: a parameter annotated with an interface the file declares",
      code: `interface Gate { requestPermission(req: { tool: string }): Promise<{ allowed: boolean }> }
export async function run(gate: Gate, tool: string) {
  return (await gate.requestPermission({ tool })).allowed;
}`,
    },
  ],
  invalid: [
    {
      name: "contrast: the same class built on ACP's ClientSideConnection, imported from the SDK, asks a person",
      code: SHELL(
        `import { ClientSideConnection } from "@agentclientprotocol/sdk";`,
        "new ClientSideConnection(toClient, stream)",
      ),
      errors: [{ messageId: "missingDeadline" }],
    },
    {
      name: "contrast: with no ACP import, a receiver built from a class of unknown origin is still taken as ACP",
      code: SHELL("", "new AgentSideConnection(toAgent, stream)"),
      errors: [{ messageId: "missingDeadline" }],
    },
    {
      name: "contrast: a field written with something other than new X() is of unknown origin",
      code: SHELL(`import { PermissionGate } from "./gate.js";`, "policy.connection"),
      errors: [{ messageId: "missingDeadline" }],
    },
  ],
});

const RELAY = (args: string) => `export class Relay {
  async requestPermission(req, abortSignal: AbortSignal) {
    return this.next.requestPermission(${args});
  }
}`;

untypedRuleTester.run("require-deadline (a relay handed the caller's signal)", rule, {
  valid: [
    {
      name: "positional relay: this.next.requestPermission(req, abortSignal) is judged where next asks",
      code: RELAY("req, abortSignal"),
    },
  ],
  invalid: [
    // With the caller's signal in reach, recommended leaves an ACP 1.x prompt to the turn's cancel; strict judges it.
    {
      name: "contrast (strict): the same relay handing on only the request is ACP's one-argument requestPermission",
      code: RELAY("req"),
      options: [{ timeCancellablePermissions: true }],
      errors: [{ messageId: "cancelOnlyBound" }],
    },
    {
      name: "contrast (strict): a second argument that is not the caller's signal leaves the call ACP's",
      code: RELAY("req, { verbose: true }"),
      options: [{ timeCancellablePermissions: true }],
      errors: [{ messageId: "cancelOnlyBound" }],
    },
  ],
});

const STDIO = (
  transportFrom: string,
  after = "",
) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "${transportFrom}";

const server = new McpServer({ name: "deploys", version: "1.0.0" });
server.registerTool("deploy", {}, async (extra) => {
  const answer = await server.server.elicitInput(params, { timeout: 120_000, signal: extra.signal });
  return { content: [{ type: "text", text: answer.action }] };
});
await server.connect(new StdioServerTransport());${after}
`;
const SDK_STDIO = "@modelcontextprotocol/sdk/server/stdio.js";

untypedRuleTester.run("require-deadline (a stdio server that outlives its client)", rule, {
  valid: [
    {
      name: "stdio: an SDK 1.x server that closes when stdin closes",
      code: STDIO(SDK_STDIO, `\nprocess.stdin.on("close", () => server.close());`),
    },
    {
      name: "stdio: a listener on stdin's end, registered with once, counts too",
      code: STDIO(SDK_STDIO, `\nprocess.stdin.once("end", () => process.exit(0));`),
    },
    {
      name: "stdio: @modelcontextprotocol/server 2.x's transport notices the end of stdin itself",
      code: STDIO("@modelcontextprotocol/server"),
    },
    {
      name: "stdio: an SDK 1.x stdio server that asks nobody has no question to leave open",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "clock", version: "1.0.0" });
server.registerTool("now", {}, async () => ({ content: [{ type: "text", text: new Date().toISOString() }] }));
await server.connect(new StdioServerTransport());`,
    },
    {
      name: "stdio: a streamable HTTP transport is not stdio",
      code: STDIO(SDK_STDIO).replace("new StdioServerTransport()", "new StreamableHTTPServerTransport({})"),
    },
  ],
  invalid: [
    {
      name: "stdio: an SDK 1.x server that asks and never closes on the end of stdin; the suggestion adds the listener",
      code: STDIO(SDK_STDIO),
      errors: [
        {
          messageId: "stdioOutlivesClient",
          line: 9,
          suggestions: [
            {
              messageId: "closeOnEndOfInput",
              output: STDIO(SDK_STDIO, `\nprocess.stdin.on("close", () => server.close());`),
            },
          ],
        },
      ],
    },
    {
      name: "stdio: a transport held in a const and required in CommonJS, connected inside main()",
      code: `const { StdioServerTransport } = require("@modelcontextprotocol/sdk/server/stdio.js");
async function main() {
  const transport = new StdioServerTransport();
  await mcp.connect(transport);
  await mcp.server.elicitInput(params, { timeout: 120_000 });
}`,
      errors: [
        {
          messageId: "stdioOutlivesClient",
          line: 4,
          suggestions: [
            {
              messageId: "closeOnEndOfInput",
              output: `const { StdioServerTransport } = require("@modelcontextprotocol/sdk/server/stdio.js");
async function main() {
  const transport = new StdioServerTransport();
  await mcp.connect(transport);
  process.stdin.on("close", () => mcp.close());
  await mcp.server.elicitInput(params, { timeout: 120_000 });
}`,
            },
          ],
        },
      ],
    },
    {
      name: "stdio: a listener on another stream's close does not close the server",
      code: STDIO(SDK_STDIO, `\nprocess.stdout.on("close", () => server.close());`),
      errors: [{ messageId: "stdioOutlivesClient", suggestions: 1 as never }],
    },
  ],
});

const CAN_USE_TOOL = (wait: string) => `import { AgentSideConnection } from "@agentclientprotocol/sdk";
export function canUseTool(client, sessionId, options) {
  return async (tool, input, { signal, toolUseID }) => {
    const res = await ${wait};
    return res.outcome.outcome === "selected" ? allow(res) : deny();
  };
}`;
const RACED = `Promise.race([
      client.requestPermission({ sessionId, toolCall: { toolCallId: toolUseID }, options }),
      new Promise((r) => signal.addEventListener("abort", () => r({ outcome: { outcome: "cancelled" } }))),
    ])`;

const RUN_TOOL = (first: string) => `import { AgentSideConnection } from "@agentclientprotocol/sdk";
export class Session {
  async runTool(${first}, fc) {
    const details = await this.confirmation(fc);
    const output = await this.connection.requestPermission({ sessionId: this.id, options: details.options, toolCall: fc });
    return output.outcome.outcome === "cancelled" ? "cancel" : output.outcome.optionId;
  }
}`;

untypedRuleTester.run("require-deadline (an interactive ACP agent's permission prompt)", rule, {
  valid: [
    {
      name: "ACP agent: a permission prompt raced against the turn's signal is bounded by the turn's cancel",
      code: CAN_USE_TOOL(RACED),
    },
    {
      // gemini-cli@0.61.0 `runTool(abortSignal, …)`, claude-agent-acp@0.23.1 `canUseTool` (acp-agent.js:724, :772).
      name: "ACP 1.x agent: the turn's signal in reach, only read after the answer: the client answers on session/cancel",
      code: CAN_USE_TOOL("client.requestPermission({ sessionId, toolCall: { toolCallId: toolUseID }, options })"),
    },
    {
      name: "ACP 1.x agent: a plain abortSignal parameter of the tool run is the turn's cancel in reach",
      code: RUN_TOOL("abortSignal"),
    },
    {
      name: "ACP 2.x agent: the caller's signal as cancellationSignal with stopWaitingOnCancel ends the prompt",
      code: `import { methods } from "@agentclientprotocol/sdk";
export async function askToRun(ctx, params, signal) {
  return ctx.request(methods.client.session.requestPermission, params, { cancellationSignal: signal, stopWaitingOnCancel: true });
}`,
    },
  ],
  invalid: [
    {
      name: "contrast: the same tool run with no signal in reach shows no cancellable turn, and still waits forever",
      code: RUN_TOOL("promptId"),
      errors: [{ messageId: "missingDeadline" }],
    },
    {
      name: "contrast: the prompt in a timer callback the turn's signal is not handed to",
      code: CAN_USE_TOOL(
        "new Promise((done) => setTimeout(() => done(client.requestPermission({ sessionId, options })), 0))",
      ).replace("{ signal, toolUseID }", "{ toolUseID }"),
      errors: [{ messageId: "missingDeadline" }],
    },
    {
      name: "contrast: ACP 2.x agent with the signal in reach but not handed over: only the agent can cancel its prompt",
      code: `import { methods } from "@agentclientprotocol/sdk";
export async function askToRun(ctx, params, signal) {
  const res = await ctx.request(methods.client.session.requestPermission, params);
  return signal.aborted ? null : res;
}`,
      errors: [{ messageId: "missingDeadline" }],
    },
    {
      name: "strict: the turn's signal only read after the answer is asked for a timer, in its own words",
      code: RUN_TOOL("abortSignal"),
      options: [{ timeCancellablePermissions: true }],
      errors: [{ messageId: "cancelOnlyBound" }],
    },
    {
      name: "strict: timeCancellablePermissions asks the raced prompt for a timer, in its own words",
      code: CAN_USE_TOOL(RACED),
      options: [{ timeCancellablePermissions: true }],
      errors: [{ messageId: "cancelOnlyBound" }],
    },
  ],
});

const JSON_RPC = (call: string) => `import { JSONRPCClient } from "json-rpc-2.0";
const rpc = new JSONRPCClient((payload) => send(payload));
export async function askUser(params) {
  const answer = await ${call};
  return answer.action === "accept" ? answer.content : null;
}`;

untypedRuleTester.run("require-deadline (a generic JSON-RPC client asking)", rule, {
  valid: [
    {
      name: "JSON-RPC client: rpc.timeout(ms).request(elicitation/create, …) has the client's own deadline",
      code: JSON_RPC(`rpc.timeout(120_000).request("elicitation/create", params)`),
    },
    {
      name: "JSON-RPC client: the same request raced against a timer",
      code: JSON_RPC(`Promise.race([rpc.request("elicitation/create", params), sleep(120_000)])`),
    },
    {
      name: "JSON-RPC client: a request for another method asks nobody",
      code: JSON_RPC(`rpc.request("tools/list", params)`),
    },
  ],
  invalid: [
    {
      name: "JSON-RPC client: rpc.request(elicitation/create, params) with nothing bounding it",
      code: JSON_RPC(`rpc.request("elicitation/create", params)`),
      errors: [
        {
          messageId: "missingDeadline",
          data: {
            defaultDeadline: "No known package bounds this wait",
            fix: "race it against a timer and treat the timeout as a cancel",
          },
        },
      ],
    },
    {
      name: "JSON-RPC client: with no import, the same call says only that nothing bounds it",
      code: `export const ask = (params) => client.request("elicitation/create", params);`,
      errors: [
        {
          messageId: "missingDeadline",
          data: {
            defaultDeadline: "No known package bounds this wait",
            fix: "race it against a timer and treat the timeout as a cancel",
          },
        },
      ],
    },
  ],
});

// The word the wait is tied to a person by (\`permissionMode\`) is in the function; what settles the store decides.
const PROMPT_QUEUE = (settle: string) => `import { randomUUID } from "node:crypto";
export class Agent {
  async prompt(params) {
    const session = this.sessions[params.sessionId];
    if (session.promptRunning) {
      const cancelled = await new Promise((resolve) => {
        session.pendingMessages.set(randomUUID(), { resolve, order: session.nextOrder++ });
      });
      if (cancelled) return { stopReason: "cancelled" };
    }
    return this.runTurn(params, session.permissionMode);
  }
  async confirm(sessionId, toolCall, signal) {
    return this.client.requestPermission({ sessionId, toolCall, options });
  }
  onReplay(message) {
    session.pendingMessages.get(message.uuid)?.resolve(${settle});
  }
  async cancel(params) {
    const session = this.sessions[params.sessionId];
    for (const [, pending] of session.pendingMessages) pending.resolve(true);
    session.pendingMessages.clear();
  }
}`;

untypedRuleTester.run("require-deadline (a prompt queue beside a permission prompt)", rule, {
  valid: [
    {
      // claude-agent-acp@0.23.1 acp-agent.js:249 (settled at :443, :545 and by cancel at :558).
      name: "prompt queue: entries settled only with true/false by the running turn and by cancel wait for a turn",
      code: PROMPT_QUEUE("false"),
    },
  ],
  invalid: [
    {
      name: "contrast: the same store settled with what came back is a parked answer with nothing bounding it",
      code: PROMPT_QUEUE("message.answer"),
      errors: [{ messageId: "handRolledWait" }],
    },
  ],
});

// @modelcontextprotocol/conformance@0.1.16 dist/index.js (minified): a scenario's server, started on port 0, asks
// the client under test and records its answer as a check.
const CONFORMANCE = (port: string) => `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js";
import express from "express";

export class ElicitationDefaultsScenario {
  async start() {
    const server = new Server({ name: "elicitation-defaults", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(CallToolRequestSchema, async () => {
      const answer = await server.request({ method: "elicitation/create", params: { message: "Accept the defaults", requestedSchema } }, ElicitResultSchema);
      this.checks.push({ id: "client-applies-defaults", status: answer.action === "accept" ? "SUCCESS" : "FAILURE" });
      return { content: [] };
    });
    this.httpServer = express().listen(${port});
    return { serverUrl: \`http://localhost:\${this.httpServer.address().port}/mcp\` };
  }
}`;

untypedRuleTester.run("require-deadline (a test harness's server on an ephemeral port)", rule, {
  valid: [
    {
      name: "harness: a server started on listen(0) asks the client under test, bounded by the SDK's 60 s default",
      code: CONFORMANCE("0"),
    },
    {
      name: "harness: listen({ port: 0 }) is the same ephemeral port",
      code: CONFORMANCE('{ port: 0, host: "127.0.0.1" }'),
    },
  ],
  invalid: [
    {
      name: "contrast: the same server on a fixed port serves whoever connects, so the HTTP default is too short",
      code: CONFORMANCE("3000"),
      errors: [{ messageId: "missingDeadline" }],
    },
    {
      name: "contrast: on port 0, an ACP prompt with no deadline at all still waits forever",
      code: `import { AgentSideConnection } from "@agentclientprotocol/sdk";
export async function ask(conn, params) {
  return conn.requestPermission(params);
}
app.listen(0);`,
      errors: [{ messageId: "missingDeadline" }],
    },
  ],
});
