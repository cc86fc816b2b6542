// Every other wait here ends with the request's signal from the store; the question does not.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { currentSignal, requestContext } from "./store.js";

const requestedSchema = { type: "object" as const, properties: {} };

export async function deploy(server: Server, url: string) {
  await fetch(url, { signal: requestContext.getStore()?.signal });
  const answer = await server.elicitInput({ message: "Deploy?", requestedSchema }, { timeout: 120_000 });
  return answer.action;
}

export async function publish(server: Server, url: string) {
  await fetch(url, { method: "POST", signal: currentSignal() });
  const answer = await server.elicitInput({ message: "Publish?", requestedSchema }, { timeout: 120_000 });
  return answer.action;
}

// Contrast: the question gets the same signal.
export async function rollback(server: Server, url: string) {
  await fetch(url, { signal: currentSignal() });
  const answer = await server.elicitInput(
    { message: "Roll back?", requestedSchema },
    { timeout: 120_000, signal: currentSignal() },
  );
  return answer.action;
}

// Contrast: a signal the function makes for its own fetch is not the caller's.
export async function poll(server: Server, url: string) {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 5_000);
  await fetch(url, { signal: controller.signal });
  const answer = await server.elicitInput({ message: "Keep polling?", requestedSchema }, { timeout: 120_000 });
  return answer.action;
}
