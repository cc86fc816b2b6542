// The stop button: it cancels the turn, and the prompts parked in permission-store.ts wait for ever.
import { connectAgent } from "./acp.js";
import { ChatClient } from "./client.js";

const connection = connectAgent(new ChatClient());

export async function stopTurn(sessionId: string) {
  await connection.cancel({ sessionId });
}
