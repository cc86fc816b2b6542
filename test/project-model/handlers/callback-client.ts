// A client wrapper hands each elicitation to the application's callback (callback-app.ts supplies it) and returns its
// promise: the person's dialog is that callback, and the handler never takes the request's signal to close it.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ElicitRequestSchema, type ElicitRequest, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";

export type ElicitationCallback = (params: ElicitRequest["params"]) => Promise<ElicitResult>;

export class InternalClient {
  readonly client = new Client({ name: "desk", version: "1.0.0" }, { capabilities: { elicitation: {} } });

  setElicitationRequestHandler(handler: ElicitationCallback) {
    this.client.setRequestHandler(ElicitRequestSchema, async (request) => {
      console.debug(`elicitation: ${request.params.message}`);
      return handler(request.params);
    });
  }

  // Contrast: a handler that answers at once, through a function of this file that waits for nobody.
  declineAll() {
    this.client.setRequestHandler(ElicitRequestSchema, async (request) => refuse(request.params.message));
  }
}

function refuse(message: string): ElicitResult {
  console.warn(`declined without asking: ${message}`);
  return { action: "decline" };
}
