// Contrast: a cancel path with nothing pending.
import { connectAgent } from "./acp.js";
import { PolicyClient } from "./policy.js";

const connection = connectAgent(new PolicyClient());

export async function stop(sessionId: string) {
  await connection.cancel({ sessionId });
}
