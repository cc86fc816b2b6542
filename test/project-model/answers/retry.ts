// A tool that imports the multi-round-trip helpers from the project's own layer, and asks again after a "no".
import { McpServer, acceptedContent, inputRequired } from "./mcp.js";
import * as z from "zod/v4";

const server = new McpServer({ name: "release-tools", version: "1.0.0" });

server.registerTool("ship", { description: "Ship the release" }, async (ctx) => {
  const confirmed = acceptedContent(ctx.mcpReq.inputResponses, "confirm", z.object({ confirm: z.boolean() }));
  if (confirmed?.confirm !== true) {
    return inputRequired({
      inputRequests: {
        confirm: inputRequired.elicit({
          message: "Ship it?",
          requestedSchema: { type: "object", properties: { confirm: { type: "boolean" } } },
        }),
      },
    });
  }
  return { content: [{ type: "text", text: "shipped" }] };
});
