import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;
declare function log(line: string): void;

export async function approve(force: boolean): Promise<void> {
  const answer = await server.elicitInput({
    message: "Approve?",
    requestedSchema: { type: "object", properties: {} },
  });
  // Read only by the `if` right after it: the switch reads the action in its place.
  const approved = answer.action === "accept" && force;
  if (approved) {
    log("approved");
  } else {
    log("not approved");
  }
}
