import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;
declare function log(line: string): void;

export async function approve(force: boolean): Promise<void> {
  const answer = await server.elicitInput({
    message: "Approve?",
    requestedSchema: { type: "object", properties: {} },
  });
  // Read only by the `if` right after it: the switch reads the action in its place.
  switch (answer.action) {
    case "accept": {
      if (force) {
        log("approved");
      } else {
        log("not approved");
      }
      break;
    }
    case "decline": {
      // decline: the user saw the question and said no
      log("not approved");
      break;
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      log("not approved");
    }
  }
}
