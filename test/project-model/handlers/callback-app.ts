// The application's dialog, handed to the client wrapper (callback-client.ts) as its elicitation callback.
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { InternalClient, type ElicitationCallback } from "./callback-client.js";

declare const dialog: { open(message: string): Promise<boolean | undefined> };

const ask: ElicitationCallback = async (params) => {
  const chosen = await dialog.open(params.message);
  const answer: ElicitResult = chosen === undefined ? { action: "cancel" } : { action: chosen ? "accept" : "decline" };
  return answer;
};

new InternalClient().setElicitationRequestHandler(ask);
