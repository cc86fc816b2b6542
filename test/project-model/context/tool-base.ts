// A framework's base tool class keeps the current call's signal in a field (tool-server.ts sets it from the request),
// and its helpers ask the person without it: a cancelled tool call leaves the question on screen.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";

type Fields = Record<string, { type: "string"; description?: string }>;

export abstract class BaseTool {
  abstract name: string;
  server?: Server;
  private _abortSignal?: AbortSignal;

  setAbortSignal(signal?: AbortSignal) {
    this._abortSignal = signal;
  }

  protected get abortSignal() {
    return this._abortSignal;
  }

  async elicit(message: string, properties: Fields, options?: RequestOptions) {
    if (!this.server) throw new Error(`${this.name}: no server to ask through`);
    return this.server.elicitInput({ mode: "form", message, requestedSchema: { type: "object", properties } }, options);
  }

  async elicitUrl(message: string, url: string, elicitationId: string) {
    if (!this.server) throw new Error(`${this.name}: no server to ask through`);
    return this.server.elicitInput({ mode: "url", message, url, elicitationId }, { timeout: 600_000 });
  }

  // Contrast: this one hands the question the call's signal.
  async confirm(message: string) {
    if (!this.server) throw new Error(`${this.name}: no server to ask through`);
    return this.server.elicitInput(
      { mode: "form", message, requestedSchema: { type: "object", properties: {} } },
      { timeout: 600_000, signal: this._abortSignal },
    );
  }

  abstract execute(input: unknown): Promise<unknown>;
}
