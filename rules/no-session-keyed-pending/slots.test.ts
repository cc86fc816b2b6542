/**
 * Issue 34 kind 5 and issue 35: one slot for every question, held as a Deferred or as a question's UI state. A slot a
 * question's name or handler ties to a question is reported by default; other single slots stay under
 * `reportSingleSlot`. Across modules in test/project-model/stores.
 */
import rule from "./index.ts";
import { untypedRuleTester } from "../../test/rule-tester.ts";

const DEFERRED = `class Deferred {
  constructor() {
    this.promise = new Promise((resolve, reject) => { this.resolve = resolve; this.reject = reject; });
  }
}
`;

untypedRuleTester.run("no-session-keyed-pending: one slot for every question", rule, {
  valid: [
    {
      name: "contrast: a Deferred that only a timer settles waits for time, not for a person",
      code: `${DEFERRED}import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";
class Warmup {
  start() { this.ready = new Deferred(); this.schedule(); return this.ready.promise; }
  schedule() { setTimeout(() => this.ready.resolve(), 1000); }
}`,
      options: [{ reportSingleSlot: true }],
    },
    {
      name: "contrast: a Deferred made in the constructor of an object made per question",
      code: `${DEFERRED}import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";
class Question {
  constructor(message) { this.answer = new Deferred(); this.message = message; }
  settle(answer) { this.answer.resolve(answer); }
}`,
      options: [{ reportSingleSlot: true }],
    },
    {
      name: "contrast: a React state holding a toast, settled by a timer",
      code: `import { useState } from "react";
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";
export function useToast() {
  const [toast, setToast] = useState(null);
  const show = (text) => new Promise((resolve) => { setToast(text); setTimeout(resolve, 3000); });
  return { toast, show };
}`,
      options: [{ reportSingleSlot: true }],
    },
    {
      name: "debatable without strict: a socket's one handshake resolver in a file that asks",
      code: `import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";
class Link {
  connect() { return new Promise((resolve) => { this.onConnected = resolve; this.socket.send("hello"); }); }
  onHello() { this.onConnected?.(); }
}`,
    },
  ],
  invalid: [
    {
      name: "a Deferred in a per-session field, replaced by the next question",
      code: `${DEFERRED}import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";
class PromptSession {
  ask(message) { this.pendingQuestion = new Deferred(); this.socket.send({ message }); return this.pendingQuestion.promise; }
  onAnswer(answer) { this.pendingQuestion?.resolve(answer); }
}`,
      errors: [{ messageId: "singleSlotPending", line: 8, data: { slot: "this.pendingQuestion" } }],
    },
    {
      name: "issue 35: a hook's one pending-permission state per connection",
      code: `import { useState } from "react";
import type { RequestPermissionResponse } from "@agentclientprotocol/sdk";
export function usePermissionPrompts(connection) {
  const [pendingPermission, setPendingPermission] = useState(null);
  connection.onPermission = (request) => new Promise((resolve) => { setPendingPermission({ request, resolve }); });
  const choose = (optionId) => pendingPermission?.resolve({ outcome: { outcome: "selected", optionId } });
  return { pendingPermission, choose };
}`,
      errors: [{ messageId: "singleSlotPending", line: 5, data: { slot: "pendingPermission" } }],
    },
    {
      name: "a question handler's one resolver, whatever its name",
      code: `import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
class Prompter {
  constructor(client) {
    client.setRequestHandler(ElicitRequestSchema, (request) => new Promise((resolve) => { this.current = { resolve }; }));
  }
  onSubmit(content) { this.current?.resolve({ action: "accept", content }); }
}`,
      errors: [{ messageId: "singleSlotPending", line: 4, data: { slot: "this.current" } }],
    },
  ],
});
