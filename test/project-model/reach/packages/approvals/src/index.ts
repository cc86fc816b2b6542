// A package of the same repository: its entry is built to dist/, its source is here.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

export async function askApproval(server: Server, what: string) {
  return server.elicitInput(
    { message: `Approve ${what}?`, requestedSchema: { type: "object", properties: {} } },
    { timeout: 120_000 },
  );
}

// Contrast: shares the words, asks nobody.
export async function logApproval(what: string) {
  console.log(`approved ${what}`);
  return { action: "accept" as const };
}
