// Contrasts: fields named like a signal that hold no caller's signal, around the same question.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

const requestedSchema = { type: "object" as const, properties: {} };

// The session's own controller: the class makes the signal and aborts it itself when it closes.
export class Session {
  private readonly controller = new AbortController();
  private readonly abortSignal: AbortSignal;

  constructor(private readonly server: Server) {
    this.abortSignal = this.controller.signal;
  }

  close() {
    this.controller.abort();
  }

  async confirm(message: string) {
    const answer = await this.server.elicitInput({ message, requestedSchema }, { timeout: 120_000 });
    return answer.action === "accept" && !this.abortSignal.aborted;
  }
}

// A process supervisor: its `signal` is the one it stops a child with, not a request's.
export class Supervisor {
  private signal: NodeJS.Signals = "SIGTERM";

  constructor(private readonly server: Server) {}

  useSignal(signal: NodeJS.Signals) {
    this.signal = signal;
  }

  async stop(pid: number) {
    const answer = await this.server.elicitInput({ message: `Stop ${pid}?`, requestedSchema }, { timeout: 120_000 });
    if (answer.action === "accept") process.kill(pid, this.signal);
  }
}
