import { acceptedContent, inputResponse, inputRequired, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";

const server = new McpServer({ name: "deployer", version: "1.0.0" });

server.registerTool("deploy", { inputSchema: z.object({ env: z.string() }) }, async ({ env }, ctx) => {
  const confirmationSchema = z.object({ confirm: z.boolean() });
  const confirmed = acceptedContent(ctx.mcpReq.inputResponses, "confirm", confirmationSchema);
  const confirmAnswer = inputResponse(ctx.mcpReq.inputResponses, "confirm");
  switch (confirmAnswer.kind) {
    case "missing": {
      // not asked yet: ask
      // Missing, declined and cancelled all land here.
      return inputRequired({
        inputRequests: {
          confirm: inputRequired.elicit({ message: `Deploy to ${env}?`, requestedSchema: confirmationSchema }),
        },
      });
    }
    case "elicit":
      switch (confirmAnswer.action) {
        case "accept":
          // accept: the user answered and the content is theirs; the code below reads and validates it
          break;
        case "decline":
          // decline: the user saw the question and said no; asking again would overrule them
          return { content: [{ type: "text", text: "Not done: the user declined." }] };
        case "cancel":
          // cancel: the dialog was dismissed without a decision
          return { content: [{ type: "text", text: "Not done: the question was dismissed without an answer." }] };
      }
      break;
  }
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
