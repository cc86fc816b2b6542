import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { ElicitResultSchema, type ServerNotification, type ServerRequest } from "@modelcontextprotocol/sdk/types.js";

export async function askViaRequest(extra: RequestHandlerExtra<ServerRequest, ServerNotification>): Promise<string> {
  const result = await extra.sendRequest(
    {
      method: "elicitation/create",
      params: { message: "Name?", requestedSchema: { type: "object", properties: {} } },
    },
    ElicitResultSchema,
    {
      signal: extra.signal, // stop when the tool call is cancelled
      timeout: 300_000,
    },
  );
  return result.action;
}
