// A turn object keeps its signal on `this`: its fetches end with it, its question does not.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

const requestedSchema = { type: "object" as const, properties: {} };

export class Turn {
  constructor(
    private readonly server: Server,
    readonly signal: AbortSignal,
  ) {}

  async plan(url: string) {
    const response = await fetch(url, { signal: this.signal });
    return response.json();
  }

  async confirm(message: string) {
    const answer = await this.server.elicitInput({ message, requestedSchema }, { timeout: 120_000 });
    return answer.action === "accept";
  }
}

// Contrast: the same turn handing its signal to the question, and one whose `confirm` shows a toast.
export class CarefulTurn {
  constructor(
    private readonly server: Server,
    readonly signal: AbortSignal,
  ) {}

  async plan(url: string) {
    return fetch(url, { signal: this.signal });
  }

  async confirm(message: string) {
    const answer = await this.server.elicitInput(
      { message, requestedSchema },
      { timeout: 120_000, signal: this.signal },
    );
    return answer.action === "accept";
  }
}

export class ToastTurn {
  constructor(readonly signal: AbortSignal) {}

  async plan(url: string) {
    return fetch(url, { signal: this.signal });
  }

  async confirm(message: string) {
    console.log(message);
    return true;
  }
}
