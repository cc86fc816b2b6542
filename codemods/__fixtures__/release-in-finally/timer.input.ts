import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;
declare function sendProgress(step: string): Promise<void>;

export async function chooseRegion(): Promise<string> {
  // Tell the caller we are alive while the person picks.
  const heartbeat = setInterval(() => void sendProgress("waiting for a region"), 5_000);
  const answer = await server.elicitInput({
    message: "Which region?",
    requestedSchema: { type: "object", properties: { region: { type: "string" } } },
  });
  clearInterval(heartbeat);
  return answer.action === "accept" ? String(answer.content?.region) : answer.action;
}

export class Approvals {
  private reminder: ReturnType<typeof setTimeout> | undefined;

  async confirm(message: string) {
    return server.elicitInput({ message, requestedSchema: { type: "object", properties: {} } });
  }

  async approve(): Promise<string> {
    const timer = setTimeout(() => void sendProgress("still waiting for approval"), 60_000);
    this.reminder = timer;
    const answer = await this.confirm("Approve the release?");
    clearTimeout(this.reminder); // the reminder is moot once answered
    return answer.action;
  }

  async approveWithin(ms: number): Promise<string> {
    const controller = new AbortController();
    // The wait's own deadline: firing late aborts a finished request, so it stays as it is.
    const deadline = setTimeout(() => controller.abort(), ms);
    const answer = await server.elicitInput(
      { message: "Approve?", requestedSchema: { type: "object", properties: {} } },
      { signal: controller.signal },
    );
    clearTimeout(deadline);
    return answer.action;
  }
}
