// A call spread over lines whose last argument hugs the parenthesis: new options that fit follow it on its last line.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;

export async function askName(): Promise<string> {
    const result = await server.elicitInput({
        message: "Name?",
        requestedSchema: { type: "object", properties: {} },
    }, { timeout: 300_000 });
    return result.action;
}
