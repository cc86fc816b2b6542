// Contrast: the same stop button answers every parked prompt `cancelled` first.
import { ClientSideConnection, type Stream } from "@agentclientprotocol/sdk";
import { ChatClient } from "./client.js";
import { permissions } from "./permission-store.js";

declare const stream: Stream;
const connection = new ClientSideConnection(() => new ChatClient() as never, stream);

export async function stopTurn(sessionId: string) {
  permissions.cancelAll();
  await connection.cancel({ sessionId });
}
