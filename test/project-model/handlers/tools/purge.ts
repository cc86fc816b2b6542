// An admin tool whose handler takes the arguments only: the adapter that registers it hands it `extra` in vain.
import { z } from "zod";
import { server } from "../instance.js";

export const purgeTool = {
  name: "purge",
  schema: { bucket: z.string() },
  async handler({ bucket }: { bucket: string }) {
    const answer = await server.server.elicitInput(
      { message: `Purge ${bucket}?`, requestedSchema: { type: "object", properties: {} } },
      { timeout: 300_000 },
    );
    return { content: [{ type: "text" as const, text: answer.action }] };
  },
};
