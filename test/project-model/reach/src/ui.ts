// The project's own wrapper, imported elsewhere by its `@app/ui` alias.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

export async function confirm(server: Server, message: string) {
  return server.elicitInput({ message, requestedSchema: { type: "object", properties: {} } }, { timeout: 120_000 });
}

// Contrast: a toast, answered at once.
export async function notify(message: string) {
  console.log(message);
  return { action: "accept" as const };
}
