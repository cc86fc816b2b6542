import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;

export async function chooseColour(): Promise<string> {
  const reply = await server.elicitInput({
    message: "Pick a colour",
    requestedSchema: { type: "object", properties: { colour: { type: "string" } } },
  });
  switch (reply.action) {
    case "accept":
      return String(reply.content?.colour);
    case "decline": {
      // decline: the user saw the question and said no
      // anything but an answer keeps the old colour
      return "grey";
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      // anything but an answer keeps the old colour
      return "grey";
    }
  }
}
