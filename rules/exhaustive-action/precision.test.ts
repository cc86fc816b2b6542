/**
 * Issue 23: a finding rests on a fact (a row, a type, or code in the file). Each case here is a reduced form of code
 * seen on repositories this project had not looked at: the false reports to leave alone and the bugs to find, each
 * with a contrast that shares its words.
 */
import rule from "./index.ts";
import { TYPED_FILE, typedRuleTester, untypedRuleTester } from "../../test/rule-tester.ts";

const TERNARY_SECOND = {
  path: "This ternary's second branch",
  rewrite: " No rewrite: a ternary is an expression.",
};

const DECLINE_DATA = { answer: "`decline`", instead: "`cancel`" };
const REJECT_DATA = { answer: "a reject option", instead: '`{ outcome: { outcome: "cancelled" } }`' };

untypedRuleTester.run("exhaustive-action (issue 23)", rule, {
  valid: [
    {
      name: "false report 10: a boolean gate returned to the caller, otherwise only worded in a status text",
      code: `
export async function applyEdit(conn, sessionId, toolCall) {
  const res = await conn.requestPermission({ sessionId, toolCall, options });
  const ok = res.outcome.outcome === "selected" && res.outcome.optionId === "apply";
  log(ok ? "applied" : \`not applied: \${toolCall.title}\`);
  return ok;
}`,
    },
    {
      name: "contrast (bug 2): the helper a client handler returns answers cancel when it fails",
      code: `
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
class Host {
  constructor(client) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => this.present(request.params));
  }
  async present(params) {
    try {
      const content = await this.dialog.show(params);
      return content ? { action: "accept", content } : { action: "decline" };
    } catch {
      return { action: "cancel" };
    }
  }
}`,
    },
    {
      name: "contrast (bug 2): a failed prompt answers cancelled, beside a reject option with a custom id",
      code: `
import { ClientSideConnection } from "@agentclientprotocol/sdk";
const options = [{ optionId: "no-thanks", name: "No", kind: "reject_once" }];
class Editor {
  async requestPermission(params) {
    try {
      return await this.ui.pick(params, options);
    } catch {
      return { outcome: { outcome: "cancelled" } };
    }
  }
}`,
    },
    {
      name: "contrast (bug 2): a client object handed to a class that is not ACP's connection",
      code: `
async function onPermission(params) {
  try {
    return await ui.pick(params);
  } catch {
    return { outcome: { outcome: "selected", optionId: "reject" } };
  }
}
const relay = new EventRelay(() => ({ permission: onPermission }), stream);`,
    },
    {
      name: "contrast (bug 7): a client handler's catch answers cancel as const",
      code: `
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
client.setRequestHandler(ElicitRequestSchema, async (request) => {
  try {
    return await dialog.show(request.params);
  } catch {
    return { action: "cancel" as const };
  }
});`,
    },
    {
      name: "contrast (bug 7): a schema's parse of a fetched record that has an action field asks nobody",
      code: `
async function sync(url) {
  const answer = AnswerSchema.parse(await fetchJson(url));
  if (answer.action === "accept") apply(answer.content);
  else log("nothing to apply");
}`,
    },
    {
      name: "contrast (bug 7): an outcome normalised with cancelled kept apart from the reject option",
      code: `
import { AgentSideConnection } from "@agentclientprotocol/sdk";
async function run(conn, sessionId, toolCall) {
  const r = await conn.requestPermission({ sessionId, toolCall, options: [
    { optionId: "allow", name: "Allow", kind: "allow_once" },
    { optionId: "deny", name: "Deny", kind: "reject_once" },
  ] });
  const choice = r.outcome.outcome === "cancelled" ? "dismissed" : r.outcome.optionId;
  if (choice === "allow") apply();
  else if (choice === "deny") skip();
  else stop();
}`,
    },
    {
      name: "contrast (bug 7): else if (answer) on a record nobody was asked for",
      code: `
async function sync(store) {
  const answer = await store.latest();
  if (answer.action === "accept") apply(answer.content);
  else if (answer) log("nothing to apply");
}`,
    },
    {
      name: "contrast (accept on error): a relay accepts with the person's content, and cancels when it fails",
      code: `
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
client.setRequestHandler(ElicitRequestSchema, async (request) => {
  try {
    const content = await upstream.ask(request.params);
    return { action: "accept", content };
  } catch {
    return { action: "cancel" };
  }
});`,
    },
  ],
  invalid: [
    {
      name: "contrast (false report 10): the same gate whose ternary does the work is a collapse",
      code: `
export async function applyEdit(conn, sessionId, toolCall) {
  const res = await conn.requestPermission({ sessionId, toolCall, options });
  const ok = res.outcome.outcome === "selected" && res.outcome.optionId === "apply";
  log(ok ? "applied" : "not applied");
  return ok ? apply(toolCall) : "skipped";
}`,
      errors: [
        { messageId: "cancelledAndSelectedMerged", line: 5, data: TERNARY_SECOND },
        {
          messageId: "cancelledAndSelectedMerged",
          line: 6,
          data: { ...TERNARY_SECOND, rewrite: " No rewrite: options are built elsewhere." },
        },
      ],
    },
    {
      name: "bug 2: a client handler returns a helper of its class that answers decline when it fails",
      code: `
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
class Host {
  constructor(client) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      return this.present(request.params);
    });
  }
  async present(params) {
    try {
      const content = await this.dialog.show(params);
      return { action: "accept", content };
    } catch {
      return { action: "decline" };
    }
  }
}`,
      errors: [{ messageId: "declineWithoutPerson", line: 14, data: { ...DECLINE_DATA, cause: "an error is caught" } }],
    },
    {
      name: "bug 2: an ACP reject option with a custom id, built with a reject kind in the file",
      code: `
import { ClientSideConnection } from "@agentclientprotocol/sdk";
const options = [
  { optionId: "allow-all", name: "Allow all", kind: "allow_always" },
  { optionId: "no-thanks", name: "No", kind: "reject_once" },
];
class Editor {
  async requestPermission(params) {
    try {
      return await this.ui.pick(params, options);
    } catch {
      return { outcome: { outcome: "selected", optionId: "no-thanks" } };
    }
  }
}`,
      errors: [{ messageId: "declineWithoutPerson", line: 12, data: { ...REJECT_DATA, cause: "an error is caught" } }],
    },
    {
      name: "bug 2: an untyped ACP client object handed to ClientSideConnection names its handler",
      code: `
import { ClientSideConnection } from "@agentclientprotocol/sdk";
async function onPermission(params) {
  try {
    return await ui.pick(params);
  } catch {
    return { outcome: { outcome: "selected", optionId: "reject" } };
  }
}
const client = { requestPermission: onPermission, async sessionUpdate() {} };
const connection = new ClientSideConnection(() => client, stream);`,
      errors: [{ messageId: "declineWithoutPerson", line: 7, data: { ...REJECT_DATA, cause: "an error is caught" } }],
    },
    {
      name: "bug 7: a client handler's catch answers decline as const, or through satisfies",
      code: `
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
client.setRequestHandler(ElicitRequestSchema, async (request) => {
  try {
    return await dialog.show(request.params);
  } catch {
    return { action: "decline" as const };
  }
});
client.setRequestHandler(ElicitRequestSchema, async (request) => {
  try {
    return await dialog.show(request.params);
  } catch {
    return { action: "decline" } satisfies ElicitResult;
  }
});`,
      errors: [
        { messageId: "declineWithoutPerson", line: 7, data: { ...DECLINE_DATA, cause: "an error is caught" } },
        { messageId: "declineWithoutPerson", line: 14, data: { ...DECLINE_DATA, cause: "an error is caught" } },
      ],
    },
    {
      name: "bug 7: an answer read through Schema.parse(await server.elicitInput(…))",
      code: `
async function deploy(server) {
  const answer = AnswerSchema.parse(await server.elicitInput({ message: "Deploy?", requestedSchema }));
  if (answer.action === "accept") ship(answer.content);
  else log("not deployed");
}`,
      errors: [
        {
          messageId: "declineAndCancelMerged",
          line: 4,
          data: { path: "The `else` branch", rewrite: "" },
          suggestions: [
            {
              messageId: "suggestExhaustiveSwitch",
              output: `
async function deploy(server) {
  const answer = AnswerSchema.parse(await server.elicitInput({ message: "Deploy?", requestedSchema }));
  switch (answer.action) {
    case "accept": {
      ship(answer.content);
      break;
    }
    case "decline": {
      // decline: the user saw the question and said no
      log("not deployed");
      break;
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      log("not deployed");
    }
  }
}`,
            },
          ],
        },
      ],
    },
    {
      name: "bug 7: an outcome normalised before the branch maps cancelled onto the file's reject option",
      code: `
import { AgentSideConnection } from "@agentclientprotocol/sdk";
async function run(conn, sessionId, toolCall) {
  const r = await conn.requestPermission({ sessionId, toolCall, options: [
    { optionId: "allow", name: "Allow", kind: "allow_once" },
    { optionId: "deny", name: "Deny", kind: "reject_once" },
  ] });
  const choice = r.outcome.outcome === "cancelled" ? "deny" : r.outcome.optionId;
  if (choice === "allow") apply();
  else skip();
}`,
      errors: [
        {
          messageId: "cancelledAndSelectedMerged",
          line: 8,
          data: { path: "This ternary's first branch", rewrite: " No rewrite: a ternary is an expression." },
        },
      ],
    },
    {
      name: "bug 7: else if (answer) after the accept branch is the else",
      code: `
async function deploy(server) {
  const answer = await server.elicitInput({ message: "Deploy?", requestedSchema });
  if (answer.action === "accept") ship(answer.content);
  else if (answer) log("not deployed");
}`,
      errors: [
        {
          messageId: "declineAndCancelMerged",
          line: 4,
          data: { path: "The `else` branch", rewrite: "" },
          suggestions: [
            {
              messageId: "suggestExhaustiveSwitch",
              output: `
async function deploy(server) {
  const answer = await server.elicitInput({ message: "Deploy?", requestedSchema });
  switch (answer.action) {
    case "accept": {
      ship(answer.content);
      break;
    }
    case "decline": {
      // decline: the user saw the question and said no
      if (answer) log("not deployed");
      break;
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      if (answer) log("not deployed");
    }
  }
}`,
            },
          ],
        },
      ],
    },
    {
      name: "bug 7: else if (answer !== undefined) after the accept branch is the else",
      code: `
async function deploy(server) {
  const answer = await server.elicitInput({ message: "Deploy?", requestedSchema });
  if (answer.action === "accept") ship(answer.content);
  else if (answer !== undefined) log("not deployed");
}`,
      errors: [
        {
          messageId: "declineAndCancelMerged",
          line: 4,
          data: { path: "The `else` branch", rewrite: "" },
          suggestions: [
            {
              messageId: "suggestExhaustiveSwitch",
              output: `
async function deploy(server) {
  const answer = await server.elicitInput({ message: "Deploy?", requestedSchema });
  switch (answer.action) {
    case "accept": {
      ship(answer.content);
      break;
    }
    case "decline": {
      // decline: the user saw the question and said no
      if (answer !== undefined) log("not deployed");
      break;
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      if (answer !== undefined) log("not deployed");
    }
  }
}`,
            },
          ],
        },
      ],
    },
    {
      name: "smoke miss (mcp-use proxy): a client handler answers accept with stand-in content when it fails",
      code: `
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
client.setRequestHandler(ElicitRequestSchema, async (request) => {
  try {
    return await upstream.server.elicitInput(request.params);
  } catch (error) {
    return { action: "accept", content: { mock: "data from proxy fallback" } };
  }
});
client.setRequestHandler(ElicitRequestSchema, (request) =>
  upstream.ask(request.params).catch(() => ({ action: "accept", content: {} })),
);`,
      errors: [
        { messageId: "acceptWithoutPerson", line: 7, data: { cause: "an error is caught" } },
        { messageId: "acceptWithoutPerson", line: 11, data: { cause: "the promise fails" } },
      ],
    },
  ],
});

typedRuleTester.run("exhaustive-action (issue 23, typed)", rule, {
  valid: [
    {
      name: "contrast (bug 1): a status field that shares accept with a job's states is no answer",
      filename: TYPED_FILE,
      code: `
interface Job { status: "accept" | "running" | "done" }
declare const queue: { next(): Promise<Job> };
export async function step(): Promise<string> {
  const job = await queue.next();
  if (job.status === "accept") return "started";
  else return "waiting";
}`,
    },
  ],
  invalid: [
    {
      name: "bug 1: a framework's answer carried in status, typed exactly accept | decline | cancel",
      filename: TYPED_FILE,
      code: `
interface Reply { status: "accept" | "decline" | "cancel"; data?: unknown }
declare const kit: { prompt(question: string): Promise<Reply> };
export async function purge(): Promise<string> {
  const reply = await kit.prompt("Purge the cache?");
  if (reply.status === "accept") return "purged";
  else return "kept";
}`,
      errors: [
        {
          messageId: "declineAndCancelMerged",
          line: 6,
          suggestions: [
            {
              messageId: "suggestExhaustiveSwitch",
              output: `
interface Reply { status: "accept" | "decline" | "cancel"; data?: unknown }
declare const kit: { prompt(question: string): Promise<Reply> };
export async function purge(): Promise<string> {
  const reply = await kit.prompt("Purge the cache?");
  switch (reply.status) {
    case "accept": {
      return "purged";
    }
    case "decline": {
      // decline: the user saw the question and said no
      return "kept";
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      return "kept";
    }
  }
}`,
            },
          ],
        },
      ],
    },
  ],
});

/** mcp-use@1.34.6's proxy: its own client's `onElicitation` option relays the question, and answers when that fails. */
const RELAY = (onFailure: string) => `
import { MCPClient } from "mcp-use";
export function proxyClient(config, sessions) {
  return new MCPClient(config, {
    onElicitation: async (params) => {
      try {
        return await sessions.current().server.elicitInput(params);
      } catch (error) {
        ${onFailure}
      }
    },
  });
}`;
const ACP_RELAY = (onFailure: string) => `
export async function askThroughAgent(connection, params) {
  try {
    return await connection.requestPermission(params);
  } catch {
    ${onFailure}
  }
}`;

untypedRuleTester.run("exhaustive-action (a relay whose asking failed, registered or not)", rule, {
  valid: [
    {
      name: "contrast: the relay answers cancel when asking fails",
      code: RELAY('return { action: "cancel" };'),
    },
    {
      name: "contrast: the relay lets the failure through",
      code: RELAY("throw error;"),
    },
    {
      name: "contrast: a try that returns what a fetch returned may answer what it likes in its catch",
      code: RELAY('return { action: "accept", content: {} };').replace(
        "await sessions.current().server.elicitInput(params)",
        "await fetch(params.url)",
      ),
    },
    {
      name: "contrast: an ACP relay that answers cancelled when the prompt cannot be shown",
      code: ACP_RELAY('return { outcome: { outcome: "cancelled" } };'),
    },
  ],
  invalid: [
    {
      name: "smoke miss (mcp-use proxy, as shipped): an option callback relays the question and accepts when that fails",
      code: RELAY('return { action: "accept", content: { mock: "data from proxy fallback" } };'),
      errors: [{ messageId: "acceptWithoutPerson", line: 9, data: { cause: "an error is caught" } }],
    },
    {
      name: "a relay that answers decline when asking fails refuses for the person",
      code: RELAY('return { action: "decline" };'),
      errors: [{ messageId: "declineWithoutPerson", line: 9 }],
    },
    {
      name: "an ACP relay that picks the reject option when the prompt cannot be shown",
      code: ACP_RELAY('return { outcome: { outcome: "selected", optionId: "reject_once" } };'),
      errors: [{ messageId: "declineWithoutPerson", line: 6 }],
    },
  ],
});
