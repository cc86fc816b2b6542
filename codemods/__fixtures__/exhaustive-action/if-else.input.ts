import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;

/** Asks before deploying; only an explicit yes deploys. */
export async function confirmDeploy(service: string): Promise<string> {
  const result = await server.elicitInput({
    message: `Deploy ${service}?`,
    requestedSchema: { type: "object", properties: { confirm: { type: "boolean" } } },
  });
  // The answer decides.
  if (result.action === "accept") {
    return `deploying ${service}`;
  } else {
    /* the user did not say yes */
    return "not deploying"; // nothing to do
  }
}

/** A cookie banner's "accept" is not a person answering our question: never rewritten. */
export function consented(event: { action: string }): boolean {
  return event.action === "accept";
}
