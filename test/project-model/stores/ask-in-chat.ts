// Questions asked in a chat UI, parked in the store module under the session's id: a second question replaces the first.
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { pendingBySession } from "./pending-store.js";

declare const chat: { post(sessionId: string, text: string): void };

export function askInChat(sessionId: string, question: string): Promise<ElicitResult> {
  chat.post(sessionId, question);
  return new Promise((resolve) => {
    pendingBySession.set(sessionId, { resolve });
  });
}

export function onChatReply(sessionId: string, text: string) {
  pendingBySession.get(sessionId)?.resolve({ action: "accept", content: { text } });
  pendingBySession.delete(sessionId);
}
