// The panel's stop command: the quick pick picker.ts shows stays up, and a later click approves a dead turn's tool call.
import { ClientSideConnection, type Stream } from "@agentclientprotocol/sdk";
import { PickerClient } from "./picker.js";

declare const stream: Stream;
const connection = new ClientSideConnection(() => new PickerClient() as never, stream);

export async function stop(sessionId: string) {
  await connection.cancel({ sessionId });
}
