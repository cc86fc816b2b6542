// A call spread over lines gets its new options spread over lines too, in the file's indentation.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;

export async function askName(): Promise<string> {
    const result = await server.elicitInput({
        message: "Name?",
        requestedSchema: { type: "object", properties: {} },
    }, {
        timeout: 300000,
    });
    return result.action;
}
