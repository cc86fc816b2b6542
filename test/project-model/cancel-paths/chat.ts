// The stop button: it cancels the turn, and the prompts parked in permission-store.ts wait for ever.
import { ClientSideConnection, type Stream } from "@agentclientprotocol/sdk";
import { ChatClient } from "./client.js";

declare const stream: Stream;
const connection = new ClientSideConnection(() => new ChatClient() as never, stream);

export async function stopTurn(sessionId: string) {
  await connection.cancel({ sessionId });
}
