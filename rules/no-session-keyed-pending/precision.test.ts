/**
 * Issue 23: a finding rests on the store and the code around it, not on the words of the function. Reduced from code
 * seen on repositories this project had not looked at; each case has a contrast that shares its words.
 */
import rule from "./index.ts";
import { TYPED_FILE, typedRuleTester, untypedRuleTester } from "../../test/rule-tester.ts";

const SESSION = (key: string) => ({ key, sharedBy: "Questions in one session" });

untypedRuleTester.run("no-session-keyed-pending (issue 23)", rule, {
  valid: [
    {
      name: "false report 4: an ACP client keys open prompts by a fresh id and settles them all cancelled",
      code: `
import { ClientSideConnection } from "@agentclientprotocol/sdk";
class Client {
  pendingPermissions = new Map();
  next = 0;
  async requestPermission(params) {
    const id = \`perm-\${++this.next}\`;
    return new Promise((resolve, reject) => {
      this.pendingPermissions.set(id, { resolve, reject, sessionId: params.sessionId });
      this.ui.show(id, params);
    });
  }
  cancelSession(sessionId) {
    for (const [id, prompt] of this.pendingPermissions) {
      if (prompt.sessionId !== sessionId) continue;
      prompt.resolve({ outcome: { outcome: "cancelled" } });
      this.pendingPermissions.delete(id);
    }
  }
}`,
    },
    {
      name: "false report 8: a queued prompt settled only with true by cancel, in a file that asks for permission",
      code: `
import { AgentSideConnection } from "@agentclientprotocol/sdk";
class Agent {
  pendingMessages = new Map();
  async prompt(params) {
    if (this.busy) {
      const cancelled = await new Promise((resolve) => this.pendingMessages.set(params.sessionId, { resolve }));
      if (cancelled) return { stopReason: "cancelled" };
    }
    const permission = await this.conn.requestPermission({ sessionId: params.sessionId, toolCall, options });
  }
  async cancel(params) {
    this.pendingMessages.get(params.sessionId)?.resolve(true);
  }
}`,
    },
    {
      name: "false report 9: a per-session turn record that refuses a second turn before it is set",
      code: `
import { AgentSideConnection } from "@agentclientprotocol/sdk";
class Agent {
  running = new Map();
  async prompt(params) {
    if (this.running.has(params.sessionId)) throw new Error("a turn is already running");
    const done = new Promise((resolve, reject) => this.running.set(params.sessionId, { resolve, reject }));
    await this.conn.requestPermission({ sessionId: params.sessionId, toolCall, options });
    return done;
  }
}`,
    },
    {
      name: "contrast (bug 8): a same-file key helper that adds a fresh id per question",
      code: `
class Bridge {
  pending = new Map();
  keyFor(thread, server) {
    return \`\${thread}:\${server}:\${randomUUID()}\`;
  }
  async elicit(threadId, serverName, params) {
    return new Promise((resolve) => {
      this.pending.set(this.keyFor(threadId, serverName), { resolve });
      this.ui.ask(params);
    });
  }
}`,
    },
    {
      name: "contrast (bug 3): the open question's slot settled only for the request id it holds",
      code: `
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
class Prompter {
  current = null;
  constructor(client) {
    client.setRequestHandler(ElicitRequestSchema, (request) =>
      new Promise((resolve) => {
        this.current = { resolve, params: request.params };
        this.ui.show(request.params);
      }),
    );
  }
  onSubmit(requestId, content) {
    if (this.current?.requestId !== requestId) return;
    this.current?.resolve({ action: "accept", content });
    this.current = null;
  }
}`,
    },
    {
      name: "contrast (bug 3): one frame waiter in a field, in a file that asks nobody",
      code: `
class FrameClock {
  current = null;
  nextFrame() {
    return new Promise((resolve) => {
      this.current = { resolve };
    });
  }
  tick(time) {
    this.current?.resolve(time);
  }
}`,
    },
  ],
  invalid: [
    {
      name: "contrast (false report 4): the same client keys its open prompts by the session",
      code: `
import { ClientSideConnection } from "@agentclientprotocol/sdk";
class Client {
  pendingPermissions = new Map();
  async requestPermission(params) {
    return new Promise((resolve, reject) => {
      this.pendingPermissions.set(params.sessionId, { resolve, reject });
      this.ui.show(params);
    });
  }
  disconnect() {
    for (const prompt of this.pendingPermissions.values()) prompt.resolve({ outcome: { outcome: "cancelled" } });
    this.pendingPermissions.clear();
  }
}`,
      errors: [{ messageId: "sessionKeyedPending", line: 7, data: SESSION("params.sessionId") }],
    },
    {
      name: "contrast (false report 8): the same queue settled with what the person answered",
      code: `
import { AgentSideConnection } from "@agentclientprotocol/sdk";
class Agent {
  pendingMessages = new Map();
  async prompt(params) {
    const answer = await new Promise((resolve) => this.pendingMessages.set(params.sessionId, { resolve }));
    await this.conn.requestPermission({ sessionId: params.sessionId, toolCall, options });
    return answer;
  }
  onReply(sessionId, reply) {
    this.pendingMessages.get(sessionId)?.resolve(reply);
  }
}`,
      errors: [{ messageId: "sessionKeyedPending", line: 6, data: SESSION("params.sessionId") }],
    },
    {
      name: "contrast (false report 9): the same turn record with nothing refusing a second turn",
      code: `
import { AgentSideConnection } from "@agentclientprotocol/sdk";
class Agent {
  running = new Map();
  async prompt(params) {
    const done = new Promise((resolve, reject) => this.running.set(params.sessionId, { resolve, reject }));
    await this.conn.requestPermission({ sessionId: params.sessionId, toolCall, options });
    return done;
  }
}`,
      errors: [{ messageId: "sessionKeyedPending", line: 6, data: SESSION("params.sessionId") }],
    },
    {
      name: "bug 8: a pending key computed by a same-file method from the thread and the server",
      code: `
class Bridge {
  pending = new Map();
  keyFor(thread, server) {
    return \`\${thread}:\${server}\`;
  }
  async elicit(threadId, serverName, params) {
    return new Promise((resolve) => {
      this.pending.set(this.keyFor(threadId, serverName), { resolve });
      this.ui.ask(params);
    });
  }
}`,
      errors: [
        {
          messageId: "sessionKeyedPending",
          line: 9,
          data: { key: "this.keyFor(threadId, serverName)", sharedBy: "Questions in one thread" },
        },
      ],
    },
    {
      options: [{ reportSingleSlot: true }],
      name: "bug 3: a field holds the one open question's resolver, settled by whichever answer comes",
      code: `
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
class Prompter {
  current = null;
  constructor(client) {
    client.setRequestHandler(ElicitRequestSchema, (request) =>
      new Promise((resolve) => {
        this.current = { resolve, params: request.params };
        this.ui.show(request.params);
      }),
    );
  }
  onSubmit(content) {
    this.current?.resolve({ action: "accept", content });
    this.current = null;
  }
}`,
      errors: [{ messageId: "singleSlotPending", line: 8, data: { slot: "this.current" } }],
    },
    {
      options: [{ reportSingleSlot: true }],
      name: "bug 3: a React state holds the one open question's resolver",
      filename: "provider.tsx",
      languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
      code: `
import { useState } from "react";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
export function ElicitationProvider({ client }) {
  const [resolver, setResolver] = useState(null);
  client.setRequestHandler(ElicitRequestSchema, (request) =>
    new Promise((resolve) => {
      setResolver(() => resolve);
    }),
  );
  const answer = (content) => resolver({ action: "accept", content });
  return null;
}`,
      errors: [{ messageId: "singleSlotPending", line: 8, data: { slot: "resolver" } }],
    },
  ],
});

typedRuleTester.run("no-session-keyed-pending (issue 23, typed)", rule, {
  valid: [
    {
      name: "false report 11: the call's id is sent back as approvalId by an event builder in another module",
      filename: TYPED_FILE,
      code: `
import { approvalEvent, type ToolCall } from "./events.js";
declare function emit(event: unknown): void;
const pending = new Map<string, (approved: boolean) => void>();
export function requestApproval(call: ToolCall): Promise<boolean> {
  return new Promise((resolve) => {
    pending.set(call.id, resolve);
    emit(approvalEvent(call));
  });
}
export function onApproval(reply: { approvalId: string; approved: boolean }): void {
  pending.get(reply.approvalId)?.(reply.approved);
  pending.delete(reply.approvalId);
}`,
    },
  ],
  invalid: [
    {
      name: "contrast (false report 11): the builder sends the id as the tool call's, no question's id",
      filename: TYPED_FILE,
      code: `
import { progressEvent, type ToolCall } from "./events.js";
declare function emit(event: unknown): void;
const pending = new Map<string, (approved: boolean) => void>();
export function requestApproval(call: ToolCall): Promise<boolean> {
  return new Promise((resolve) => {
    pending.set(call.id, resolve);
    emit(progressEvent(call));
  });
}
export function onApproval(reply: { approvalId: string; approved: boolean }): void {
  pending.get(reply.approvalId)?.(reply.approved);
  pending.delete(reply.approvalId);
}`,
      errors: [
        {
          messageId: "sessionKeyedPending",
          line: 7,
          data: { key: "call.id", sharedBy: "Questions of one tool call" },
        },
      ],
    },
  ],
});
