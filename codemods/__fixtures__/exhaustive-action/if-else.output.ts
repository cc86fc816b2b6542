import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;

/** Asks before deploying; only an explicit yes deploys. */
export async function confirmDeploy(service: string): Promise<string> {
  const result = await server.elicitInput({
    message: `Deploy ${service}?`,
    requestedSchema: { type: "object", properties: { confirm: { type: "boolean" } } },
  });
  // The answer decides.
  switch (result.action) {
    case "accept": {
      return `deploying ${service}`;
    }
    case "decline": {
      // decline: the user saw the question and said no
      /* the user did not say yes */
      return "not deploying"; // nothing to do
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      /* the user did not say yes */
      return "not deploying"; // nothing to do
    }
  }
}

/** A cookie banner's "accept" is not a person answering our question: never rewritten. */
export function consented(event: { action: string }): boolean {
  return event.action === "accept";
}
