// Handlers registered through a generic wrapper of another module, and handlers of resources and raw requests.
import { z } from "zod";
import { ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { withErrorHandling } from "./errors.js";
import { server } from "./instance.js";

server.tool(
  "reset",
  { scope: z.string() },
  withErrorHandling(async ({ scope }) => {
    const answer = await server.server.elicitInput(
      { message: `Reset ${scope}?`, requestedSchema: { type: "object", properties: {} } },
      { timeout: 120_000 },
    );
    return { content: [{ type: "text" as const, text: answer.action }] };
  }),
);

// Contrast: the same wrapper around a handler that asks nobody.
server.tool(
  "ping",
  withErrorHandling(async () => ({ content: [{ type: "text" as const, text: "pong" }] })),
);

server.resource("secrets", "secrets://all", async (uri) => {
  const answer = await server.server.elicitInput(
    { message: `Reveal ${uri.href}?`, requestedSchema: { type: "object", properties: {} } },
    { timeout: 120_000 },
  );
  return { contents: [{ uri: uri.href, text: answer.action }] };
});

// Contrast: a template resource whose handler takes `extra` third and hands its signal on.
server.resource("file", new ResourceTemplate("file://{name}", { list: undefined }), async (uri, _variables, extra) => {
  const answer = await server.server.elicitInput(
    { message: `Open ${uri.href}?`, requestedSchema: { type: "object", properties: {} } },
    { timeout: 120_000, signal: extra.signal },
  );
  return { contents: [{ uri: uri.href, text: answer.action }] };
});
