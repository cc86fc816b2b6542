import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;

export async function pickSuite(): Promise<string> {
  const answer = await server.elicitInput({
    message: "Which suite?",
    requestedSchema: { type: "object", properties: { suite: { type: "string" } } },
  });
  // An expression cannot hold a switch: reported, left as it is.
  return answer.action === "accept" ? String(answer.content?.suite) : "unit";
}
