// Contrast: a tool whose handler takes `extra` and hands its signal to the question, and one that asks nobody.
import { z } from "zod";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import { server } from "../instance.js";

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export const archiveTool = {
  name: "archive",
  schema: { path: z.string() },
  handler: async ({ path }: { path: string }, extra: Extra) => {
    const answer = await server.server.elicitInput(
      { message: `Archive ${path}?`, requestedSchema: { type: "object", properties: {} } },
      { timeout: 120_000, signal: extra.signal },
    );
    return { content: [{ type: "text" as const, text: answer.action }] };
  },
};

// Shares the words (a handler without `extra`), asks nobody.
export const listTool = {
  name: "list",
  schema: { folder: z.string() },
  handler: async ({ folder }: { folder: string }) => ({
    content: [{ type: "text" as const, text: `files in ${folder}` }],
  }),
};
