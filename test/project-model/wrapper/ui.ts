// The project's own wrapper: the SDK call sits here, and callers elsewhere hold a lock across it and branch on it.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

export async function confirm(server: Server, message: string) {
  return server.elicitInput({ message, requestedSchema: { type: "object", properties: {} } }, { timeout: 120_000 });
}

export const ask = (server: Server, message: string) => confirm(server, message);

// Contrast: shares the words, asks nobody (a toast, answered at once).
export async function notify(message: string) {
  console.log(message);
  return { action: "accept" as const };
}

// A wrapper that passes its caller's options on: a handler that calls it can hand it its signal.
export async function confirmWith(
  server: Server,
  message: string,
  options?: { signal?: AbortSignal; timeout?: number },
) {
  return server.elicitInput({ message, requestedSchema: { type: "object", properties: {} } }, options);
}
