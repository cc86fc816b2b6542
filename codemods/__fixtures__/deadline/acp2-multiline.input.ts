// ACP 2.x: a request spread over lines whose params hug the parenthesis. The caller's signal and the deadline go in
// one options object after the params' closing brace, on that line when they fit.
import type { CreateElicitationResponse } from "@agentclientprotocol/sdk";

interface RequestOptions {
  cancellationSignal?: AbortSignal;
  stopWaitingOnCancel?: boolean;
}
declare const methods: { client: { elicitation: { create: string } } };
interface AgentContext {
  request(method: string, params: object, options?: RequestOptions): Promise<CreateElicitationResponse>;
}

export async function askSuite(client: AgentContext, sessionId: string, signal: AbortSignal): Promise<string> {
  const answer = await client.request(methods.client.elicitation.create, {
    mode: "form",
    sessionId,
    message: "Which test suite should I run?",
  });
  return answer.action;
}
