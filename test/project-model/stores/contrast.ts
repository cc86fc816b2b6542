// Contrasts: the same words around waits that ask nobody, or that hold one question each.
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { Deferred } from "./deferred.js";

// A Deferred that a timer settles: the server is ready after its warm-up, nobody is asked.
export class Warmup {
  private ready: Deferred<void> | null = null;
  start() {
    this.ready = new Deferred<void>();
    this.schedule();
    return this.ready.promise;
  }
  private schedule() {
    setTimeout(() => this.ready?.resolve(), 1_000);
  }
}

// One object per question: its field holds that question's answer only.
export class Question {
  readonly answer = new Deferred<ElicitResult>();
  constructor(readonly message: string) {}
}

export function ask(message: string, open: Map<string, Question>, requestId: string): Promise<ElicitResult> {
  const question = new Question(message);
  open.set(requestId, question);
  return question.answer.promise;
}
