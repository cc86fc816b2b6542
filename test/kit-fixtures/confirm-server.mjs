/**
 * A stdio MCP server for the `paths` disconnect hint: one tool, `confirm_release`, written correctly (a deadline of
 * five minutes, the call's signal, all three outcomes). Started plain, it does what SDK 1.x servers usually do and
 * outlives its client: the StdioServerTransport never notices stdin closing, so the pending question waits out its
 * deadline. With `--close-on-stdin` it adds the line the hint asks for.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new McpServer({ name: "releases", version: "1.0.0" });
/** @param {string} text */
const reply = (text) => ({ content: [{ type: "text", text }] });

server.registerTool("confirm_release", { description: "Asks before tagging a release." }, async (extra) => {
  const answer = await server.server.elicitInput(
    { message: "Tag the release?", requestedSchema: { type: "object", properties: {} } },
    { timeout: 300_000, signal: extra.signal },
  );
  switch (answer.action) {
    case "accept":
      return reply("Tagged.");
    case "decline":
      return reply("Not tagged: the person said no.");
    case "cancel":
      return reply("Not tagged: the question was dismissed.");
    default:
      return reply("Not tagged: no decision.");
  }
});

await server.connect(new StdioServerTransport());
if (process.argv.includes("--close-on-stdin")) process.stdin.on("close", () => server.close());
