import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;
declare function log(line: string): void;

export async function approve(): Promise<boolean> {
  const answer = await server.elicitInput({
    message: "Approve?",
    requestedSchema: { type: "object", properties: {} },
  });
  const approved = answer.action === "accept";
  if (approved) {
    log("approved");
  } else {
    log("not approved");
  }
  return approved;
}

export async function approveLater(): Promise<void> {
  const answer = await server.elicitInput({
    message: "Approve?",
    requestedSchema: { type: "object", properties: {} },
  });
  const approved = answer.action === "accept";
  log("asked");
  if (approved) {
    log("approved");
  } else {
    log("not approved");
  }
}
