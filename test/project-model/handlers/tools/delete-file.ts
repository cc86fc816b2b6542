// A tool declared in its own module: its handler asks a person but never takes the request's `extra`.
import { z } from "zod";
import { server } from "../instance.js";

export const deleteFileTool = {
  name: "delete_file",
  schema: { path: z.string() },
  handler: async ({ path }: { path: string }) => {
    const answer = await server.server.elicitInput(
      { message: `Delete ${path}?`, requestedSchema: { type: "object", properties: {} } },
      { timeout: 120_000 },
    );
    return { content: [{ type: "text" as const, text: answer.action }] };
  },
};
