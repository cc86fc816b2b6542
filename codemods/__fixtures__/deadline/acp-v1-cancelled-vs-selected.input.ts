// The ACP agent shape where handing the question to askWithin once silenced exhaustive-action (issue 24): the answer
// was no longer traced through the helper, so the merged `cancelled`-vs-`selected` branch below went unreported
// although nothing fixed it, and migrate's before/after check kept the file. The branch must stay reported after.
import type { RequestPermissionRequest, RequestPermissionResponse } from "@agentclientprotocol/sdk";

export interface AgentConnection {
  requestPermission(params: RequestPermissionRequest): Promise<RequestPermissionResponse>;
}

export async function applyEdit(connection: AgentConnection, sessionId: string, signal: AbortSignal): Promise<string> {
  const response = await connection.requestPermission({
    sessionId,
    toolCall: { toolCallId: "edit", title: "Edit `README.md`", kind: "edit", status: "pending" },
    options: [
      { optionId: "allow", name: "Allow", kind: "allow_once" },
      { optionId: "reject", name: "Reject", kind: "reject_once" },
    ],
  });
  if (response.outcome.outcome === "selected" && response.outcome.optionId === "allow") {
    return "edited";
  } else {
    return "not edited";
  }
}
