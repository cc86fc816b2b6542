// Contrast: the same stop button answers every parked prompt `cancelled` first.
import { connectAgent } from "./acp.js";
import { ChatClient } from "./client.js";
import { permissions } from "./permission-store.js";

const connection = connectAgent(new ChatClient());

export async function stopTurn(sessionId: string) {
  permissions.cancelAll();
  await connection.cancel({ sessionId });
}
