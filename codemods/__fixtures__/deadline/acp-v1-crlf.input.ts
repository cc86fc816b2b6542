// A CRLF file stays CRLF-only: the helper and the wrapped call are written with its line ending.
import type { CreateElicitationResponse } from "@agentclientprotocol/sdk";

declare const connection: {
  createElicitation(params: { sessionId: string; message: string }): Promise<CreateElicitationResponse>;
};

export async function askName(sessionId: string, signal: AbortSignal): Promise<string> {
  const answer = await connection.createElicitation({
    sessionId,
    message: "What should the new branch be called? It is created from main and pushed to the remote.",
  });
  return answer.action;
}
