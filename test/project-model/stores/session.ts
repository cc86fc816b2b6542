// One field per session for the open question: a second concurrent question overwrites the first, which never ends.
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { Deferred } from "./deferred.js";

declare const socket: { send(message: unknown): void };

export class PromptSession {
  private pendingQuestion: Deferred<ElicitResult> | null = null;
  private pendingConfirm: { resolve(answer: ElicitResult): void } | null = null;

  ask(message: string): Promise<ElicitResult> {
    this.pendingQuestion = new Deferred<ElicitResult>();
    socket.send({ type: "elicitation", message });
    return this.pendingQuestion.promise;
  }

  confirm(message: string): Promise<ElicitResult> {
    return new Promise((resolve) => {
      this.pendingConfirm = { resolve };
      socket.send({ type: "confirm", message });
    });
  }

  // Debatable, so reported only with `reportSingleSlot` (strict): one resolver for the socket's handshake.
  private onConnected: (() => void) | null = null;

  connect(): Promise<void> {
    return new Promise((resolve) => {
      this.onConnected = resolve;
      socket.send({ type: "hello" });
    });
  }

  onHello() {
    this.onConnected?.();
  }

  onAnswer(answer: ElicitResult) {
    this.pendingQuestion?.resolve(answer);
    this.pendingConfirm?.resolve(answer);
  }
}
