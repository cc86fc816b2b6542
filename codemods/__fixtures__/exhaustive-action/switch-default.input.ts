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
    default:
      // anything but an answer keeps the old colour
      return "grey";
  }
}
