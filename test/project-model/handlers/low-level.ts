// A low-level server's own handler of `tools/call`: it asks a person but never takes the request's `extra`.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const server = new Server({ name: "raw", version: "1.0.0" }, { capabilities: { tools: {} } });

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const answer = await server.elicitInput(
    { message: `Run ${request.params.name}?`, requestedSchema: { type: "object", properties: {} } },
    { timeout: 120_000 },
  );
  return { content: [{ type: "text", text: answer.action }] };
});

// Contrast: a handler without `extra` that asks nobody.
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
