/**
 * Issue 34 kind 5 and issue 35: one slot for every question, held as a Deferred or as a question's UI state. A slot a
 * question's name or handler ties to a question is reported by default; other single slots stay under
 * `reportSingleSlot`. Across modules in test/project-model/stores.
 */
import { describe, expect, it } from "vitest";
import rule, { mayReport } from "./index.ts";
import { untypedRuleTester } from "../../test/rule-tester.ts";

const DEFERRED = `class Deferred {
  constructor() {
    this.promise = new Promise((resolve, reject) => { this.resolve = resolve; this.reject = reject; });
  }
}
`;

/** use-acp@0.2.6 dist/hooks/use-acp-client.js:11, :44-46, :60-62: the open permission request in one React state. */
const REQUEST_SLOT = `import { ClientSideConnection } from "@agentclientprotocol/sdk";
import { useState } from "react";
import { AcpClient } from "../client/acp-client.js";
export function useAcpClient(options) {
  const [pendingPermission, setPendingPermission] = useState(null);
  const handleRequestPermission = useEventCallback((params) => {
    setPendingPermission(params);
  });
  const connect = () => new ClientSideConnection((agent) => new AcpClient(agent, {
    onRequestPermission: (params) => { handleRequestPermission(params); },
  }));
  return { pendingPermission, connect };
}`;

untypedRuleTester.run("no-session-keyed-pending: one slot for every question", rule, {
  valid: [
    {
      name: "request slot contrast: every open request kept in a queue",
      code: REQUEST_SLOT.replace("useState(null)", "useState([])").replace(
        "setPendingPermission(params)",
        "setPendingPermission((queue) => [...queue, params])",
      ),
    },
    {
      name: "request slot contrast: every open request kept by its id",
      code: REQUEST_SLOT.replace("useState(null)", "useState(new Map())").replace(
        "setPendingPermission(params)",
        "setPendingPermission((open) => new Map(open).set(params.deferredId, params))",
      ),
    },
    {
      name: "request slot contrast: a state named for the prompt's settings tab",
      code: REQUEST_SLOT.replaceAll("PendingPermission", "ActivePermissionTab").replaceAll(
        "pendingPermission",
        "activePermissionTab",
      ),
    },
    {
      name: "request slot contrast: the browser's notification permission, set from its answer",
      code: `import { useState } from "react";
import { ClientSideConnection } from "@agentclientprotocol/sdk";
export function useNotifications() {
  const [permission, setPermission] = useState(null);
  const ask = () => Notification.requestPermission().then((result) => setPermission(result));
  return { permission, ask };
}`,
    },
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
      name: "use-acp: one state holds the open permission request, its resolver kept by id elsewhere",
      code: REQUEST_SLOT,
      errors: [{ messageId: "singleSlotPending", line: 7, data: { slot: "pendingPermission" } }],
    },
    {
      name: "a state named for the question's request, set to the request a handler is handed",
      code: REQUEST_SLOT.replaceAll("PendingPermission", "ElicitationRequest").replaceAll(
        "pendingPermission",
        "elicitationRequest",
      ),
      errors: [{ messageId: "singleSlotPending", line: 7, data: { slot: "elicitationRequest" } }],
    },
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

/** The text check before any of it: every one-slot shape writes a field of `this` or a React state. */
describe("mayReport: the one-slot check's text", () => {
  const ASKS = `const answer = await server.server.elicitInput({ message: "Go?", requestedSchema });\n`;
  it.each([
    ["a resolver kept in a field", `${ASKS}new Promise((resolve) => { this.pendingQuestion = { resolve }; });`, true],
    ["the field written with spaces", `${ASKS}new Promise((resolve) => { this . current\n  = resolve; });`, true],
    [
      "a React state",
      `${ASKS}const [resolver, setResolver] = useState(null);\nnew Promise((resolve) => setResolver(() => resolve));`,
      true,
    ],
    [
      "contrast: a resolver only handed to a timer",
      `${ASKS}await new Promise((resolve) => setTimeout(resolve, 10));`,
      false,
    ],
    [
      "contrast: a field compared, not written",
      `${ASKS}new Promise((resolve) => { if (this.done === resolve) resolve(); });`,
      false,
    ],
  ])("%s", (_name, text, admitted) => {
    expect(mayReport(text)).toBe(admitted);
  });
});
