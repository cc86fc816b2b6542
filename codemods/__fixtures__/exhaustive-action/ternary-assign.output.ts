import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;
declare function ship(service: string): void;
declare function keep(service: string): void;

export async function deploy(service: string): Promise<string> {
  const result = await server.elicitInput({
    message: `Deploy ${service}?`,
    requestedSchema: { type: "object", properties: {} },
  });
  let text = "";
  // An assignment: each case assigns, then leaves the switch.
  switch (result.action) {
    case "accept": {
      text = `deploying ${service}`;
      break;
    }
    case "decline": {
      // decline: the user saw the question and said no
      text = "not deploying";
      break;
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      text = "not deploying";
    }
  }
  // A statement of its own: each case runs its call.
  switch (result.action) {
    case "accept": {
      ship(service);
      break;
    }
    case "decline": {
      // decline: the user saw the question and said no
      keep(service);
      break;
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      keep(service);
    }
  }
  return text;
}
