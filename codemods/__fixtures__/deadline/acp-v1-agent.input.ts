// An agent on the ACP 0.x/1.x connection API, whose requestPermission and createElicitation take no options: each
// question is handed to one helper, added once, that ends it on the session's signal or after the deadline as the
// API's own "no decision" answer. test/acp-deadline-runtime.test.ts runs the output against the real SDK.
import type {
  CreateElicitationRequest,
  CreateElicitationResponse,
  RequestPermissionRequest,
  RequestPermissionResponse,
} from "@agentclientprotocol/sdk";

export interface AgentConnection {
  requestPermission(params: RequestPermissionRequest): Promise<RequestPermissionResponse>;
  createElicitation(params: CreateElicitationRequest): Promise<CreateElicitationResponse>;
}

/** What one turn did: the command it was allowed to run (or why not), and the suite the user picked. */
export async function runTurn(connection: AgentConnection, sessionId: string, signal: AbortSignal): Promise<string> {
  const permission = await connection.requestPermission({
    sessionId,
    toolCall: { toolCallId: "run-tests", title: "Run `npm test`", kind: "execute", status: "pending" },
    options: [
      { optionId: "allow", name: "Allow", kind: "allow_once" },
      { optionId: "reject", name: "Reject", kind: "reject_once" },
    ],
  });
  if (permission.outcome.outcome === "cancelled") return "no decision on running `npm test`";
  if (permission.outcome.optionId !== "allow") return "rejected `npm test`";
  const answer = await connection.createElicitation({ mode: "form", sessionId, message: "Which suite?", requestedSchema: { type: "object", properties: {} } });
  switch (answer.action) {
    case "accept":
      return "running the suite";
    case "decline":
      return "the user declined to pick a suite";
    case "cancel":
      return "no suite was picked";
    default:
      return "an answer this agent does not know";
  }
}
