import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;

export async function pickSuite(): Promise<string> {
  const answer = await server.elicitInput({
    message: "Which suite?",
    requestedSchema: { type: "object", properties: { suite: { type: "string" } } },
  });
  // The ternary is the whole returned value: each branch is returned from its own case.
  return answer.action === "accept" ? String(answer.content?.suite) : "unit";
}
