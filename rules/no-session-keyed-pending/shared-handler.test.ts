/**
 * Issue 34, kind 5: a gateway's one upstream client whose question handler each downstream session registers again,
 * so the newest session receives every question. Across modules in test/project-model/stores.
 */
import rule from "./index.ts";
import { TYPED_FILE, typedRuleTester, untypedRuleTester } from "../../test/rule-tester.ts";

const HEAD = `import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
`;

const SHARED_CLIENT = `${HEAD}const upstream = new Client({ name: "gateway", version: "1.0.0" }, { capabilities: { elicitation: {} } });

export function attachSession(session: McpServer) {
  upstream.setRequestHandler(ElicitRequestSchema, async (request) => session.server.elicitInput(request.params));
}
`;

const SHARED_FIELD = `${HEAD}export class Gateway {
  constructor(private readonly upstream: Client) {}
  onSessionInitialized(sessionId: string, downstream: McpServer) {
    this.upstream.setRequestHandler(ElicitRequestSchema, async (request) => {
      console.log("asking", sessionId);
      return downstream.server.elicitInput(request.params);
    });
  }
}
`;

const REPLACED = (client: string, entity: string) => ({
  messageId: "sharedHandlerReplaced" as const,
  data: { client, entity },
});

untypedRuleTester.run("no-session-keyed-pending: a shared client's handler registered per session", rule, {
  valid: [
    {
      name: "contrast: one upstream client per session, made in the function that registers",
      code: `${HEAD}export async function attachSession(session: McpServer, transport: never) {
  const upstream = new Client({ name: "gateway", version: "1.0.0" }, { capabilities: { elicitation: {} } });
  upstream.setRequestHandler(ElicitRequestSchema, async (request) => session.server.elicitInput(request.params));
  await upstream.connect(transport);
}
`,
    },
    {
      name: "contrast: a module-level client whose handler is registered once, in main, for one terminal",
      code: `${HEAD}const client = new Client({ name: "cli", version: "1.0.0" }, { capabilities: { elicitation: {} } });
async function main(ui: { ask(message: string): Promise<{ action: "accept" | "decline" | "cancel" }> }) {
  client.setRequestHandler(ElicitRequestSchema, async (request) => ui.ask(request.params.message));
}
void main;
`,
    },
    {
      name: "contrast: the constructor registers on its own object's client",
      code: `${HEAD}export class Bridge {
  constructor(private readonly upstream: Client, session: McpServer) {
    this.upstream.setRequestHandler(ElicitRequestSchema, async (request) => session.server.elicitInput(request.params));
  }
}
`,
    },
  ],
  invalid: [
    {
      name: "a module-level upstream client, its handler registered again for each session",
      code: SHARED_CLIENT,
      errors: [{ ...REPLACED("upstream", "session"), line: 7 }],
    },
    {
      name: "a gateway's client field, its handler registered again when each session starts",
      code: SHARED_FIELD,
      errors: [{ ...REPLACED("this.upstream", "sessionId"), line: 7 }],
    },
  ],
});

typedRuleTester.run("no-session-keyed-pending: a shared client's handler registered per session (typed)", rule, {
  valid: [],
  invalid: [
    {
      name: "a module-level upstream client, its handler registered again for each session",
      filename: TYPED_FILE,
      code: SHARED_CLIENT,
      errors: [{ ...REPLACED("upstream", "session"), line: 7 }],
    },
  ],
});
