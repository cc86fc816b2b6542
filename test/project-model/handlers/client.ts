// A client's elicitation handler registered with a schema built here, whose method is the question's.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { z } from "zod";

declare const dialog: {
  show(params: unknown, options?: { signal?: AbortSignal }): Promise<{ action: "accept" | "decline" | "cancel" }>;
};

const ElicitationRequest = z.object({
  method: z.literal("elicitation/create"),
  params: z.object({ message: z.string() }).passthrough(),
});

const client = new Client({ name: "desk", version: "1.0.0" }, { capabilities: { elicitation: {} } });

client.setRequestHandler(ElicitationRequest, async (request) => {
  return await dialog.show(request.params);
});

// Contrast: a schema built the same way for another method, and a handler that asks nobody.
const ProgressRequest = z.object({ method: z.literal("ping") });
client.setRequestHandler(ProgressRequest, async () => ({}));
