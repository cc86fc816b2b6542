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
  text = result.action === "accept" ? `deploying ${service}` : "not deploying";
  // A statement of its own: each case runs its call.
  result.action === "accept" ? ship(service) : keep(service);
  return text;
}
