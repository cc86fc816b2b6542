import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;

export async function pickSuite(): Promise<string> {
  const answer = await server.elicitInput({
    message: "Which suite?",
    requestedSchema: { type: "object", properties: { suite: { type: "string" } } },
  });
  // The ternary is the whole returned value: each branch is returned from its own case.
  switch (answer.action) {
    case "accept": {
      return String(answer.content?.suite);
    }
    case "decline": {
      // decline: the user saw the question and said no
      return "unit";
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      return "unit";
    }
  }
}
