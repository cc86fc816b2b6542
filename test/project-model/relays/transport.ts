// A server that writes its question to the transport itself and parks the answer under the request's id.
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";

export class HandRolledSession {
  private pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  constructor(private readonly transport: Transport) {}

  async askUser(params: Record<string, unknown>) {
    const id = crypto.randomUUID();
    let timer: ReturnType<typeof setTimeout>;
    const answer = new Promise((resolve, reject) => {
      // Gives up after five minutes, but leaves the question on the client's screen.
      timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error("no answer in time"));
      }, 300_000);
      this.pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        reject,
      });
    });
    await this.transport.send({ jsonrpc: "2.0", id, method: "elicitation/create", params });
    return answer;
  }

  // Contrast: the timer withdraws the question it gives up on.
  async askUserAndWithdraw(params: Record<string, unknown>) {
    const id = crypto.randomUUID();
    let timer: ReturnType<typeof setTimeout>;
    const answer = new Promise((resolve, reject) => {
      timer = setTimeout(() => {
        this.pending.delete(id);
        void this.transport.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id } });
        reject(new Error("no answer in time"));
      }, 300_000);
      this.pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        reject,
      });
    });
    await this.transport.send({ jsonrpc: "2.0", id, method: "elicitation/create", params });
    return answer;
  }
}
