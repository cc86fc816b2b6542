import { acceptedContent, inputRequired, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";

const server = new McpServer({ name: "deployer", version: "1.0.0" });

server.registerTool("deploy", { inputSchema: z.object({ env: z.string() }) }, async ({ env }, ctx) => {
  const confirmationSchema = z.object({ confirm: z.boolean() });
  const confirmed = acceptedContent(ctx.mcpReq.inputResponses, "confirm", confirmationSchema);
  if (confirmed?.confirm !== true) {
    // Missing, declined and cancelled all land here.
    return inputRequired({
      inputRequests: {
        confirm: inputRequired.elicit({ message: `Deploy to ${env}?`, requestedSchema: confirmationSchema }),
      },
    });
  }
  return { content: [{ type: "text", text: `deployed to ${env}` }] };
});

export { server };
