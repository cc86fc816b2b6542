// A tool handler in a third module: the caller's signal never reaches the wrapper that asks.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { confirmWith, notify } from "./ui.js";

const server = new McpServer({ name: "release-tools", version: "1.0.0" });

server.tool("publish", async (extra) => {
  const answer = await confirmWith(server.server, "Publish the release?", { timeout: 120_000 });
  switch (answer.action) {
    case "accept":
      return { content: [{ type: "text", text: `published (${extra.requestId})` }] };
    case "decline":
      return { content: [{ type: "text", text: "not published" }] };
    case "cancel":
      return { content: [{ type: "text", text: "no decision" }] };
  }
});

// Contrast: a handler that calls the toast wrapper, which asks nobody.
server.tool("announce", async (extra) => {
  await notify(`announcing ${extra.requestId}`);
  return { content: [{ type: "text", text: "announced" }] };
});
