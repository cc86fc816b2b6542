// The panel's stop command: the quick pick picker.ts shows stays up, and a later click approves a dead turn's tool call.
import { connectAgent } from "./acp.js";
import { PickerClient } from "./picker.js";

const connection = connectAgent(new PickerClient());

export async function stop(sessionId: string) {
  await connection.cancel({ sessionId });
}
