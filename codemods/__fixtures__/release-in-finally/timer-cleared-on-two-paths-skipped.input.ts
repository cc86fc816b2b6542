import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;
declare function sendProgress(step: string): Promise<void>;

export async function chooseRegion(): Promise<string> {
  const heartbeat = setInterval(() => void sendProgress("waiting for a region"), 5_000);
  const answer = await server.elicitInput({
    message: "Which region?",
    requestedSchema: { type: "object", properties: { region: { type: "string" } } },
  });
  if (answer.action !== "accept") {
    // Cleared on each path by hand: no single `finally` can be proven to say the same.
    clearInterval(heartbeat);
    return answer.action;
  }
  clearInterval(heartbeat);
  return String(answer.content?.region);
}
