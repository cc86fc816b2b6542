/**
 * ./pending-gate.ts: the store writes it reads, with the chains before `.set(` and `[` read backwards.
 */
import { describe, expect, it } from "vitest";
import { textMayTiePendingToQuestion } from "./pending-gate.ts";

const cases: readonly { name: string; text: string; ties: boolean }[] = [
  { name: "a pending store's own name", text: "this.#pendingAnswers.set(sessionId, resolve);", ties: true },
  { name: "spaces and ?. between the segments", text: "state ?. pendingAnswers . set (id, resolve);", ties: true },
  { name: "a question word in the entry written", text: "store.set(id, { resolveAnswer: resolve });", ties: true },
  { name: "an indexed write to a waiter store", text: "waiters[sessionId] = resolve;", ties: true },
  { name: "an indexed write through ?.", text: "this.approvals?.[toolCallId] = { resolve };", ties: true },
  { name: "a call's result is no chain", text: "getStore().cache.set(id, value);", ties: false },
  { name: "contrast: a cache keyed by session", text: "this.cache.set(sessionId, value);", ties: false },
  { name: "contrast: a read, not a write", text: "const value = pendingAnswers[sessionId];", ties: false },
  { name: "contrast: a bracket with no name before it", text: "const pair = [sessionId, resolve];", ties: false },
];

describe("textMayTiePendingToQuestion", () => {
  for (const { name, text, ties } of cases) {
    it(name, () => expect(textMayTiePendingToQuestion(text)).toBe(ties));
  }
});
