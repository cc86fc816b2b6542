// Contrast: a cancel path with nothing pending.
import { ClientSideConnection, type Stream } from "@agentclientprotocol/sdk";
import { PolicyClient } from "./policy.js";

declare const stream: Stream;
const connection = new ClientSideConnection(() => new PolicyClient() as never, stream);

export async function stop(sessionId: string) {
  await connection.cancel({ sessionId });
}
