/**
 * A stdio MCP server for the `paths` command's tests, started with `node`: one tool written correctly
 * (`reserve_seat`: a deadline, the call's signal, the seat released in `finally`), one written the usual way
 * (`hold_seat`: no deadline, no signal, released after the answer outside `finally`), one that never asks
 * (`status`), and a probe (`held`) that lists the seats held right now.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const askTimeoutMs = Number(process.env.ASK_TIMEOUT_MS ?? 500);
/** @type {Set<string>} */
const held = new Set();
const server = new McpServer({ name: "seats", version: "1.0.0" });
/** @param {string} text */
const reply = (text, isError = false) => ({ content: [{ type: "text", text }], isError });
/** @param {string} seat */
const seatQuestion = (seat) => ({
  message: `Keep seat ${seat} for you?`,
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", minLength: 2, maxLength: 40 },
      row: { type: "integer", minimum: 1, maximum: 30 },
    },
    required: ["name", "row"],
  },
});

server.registerTool("reserve_seat", { description: "Reserves a seat; asks who it is for.", inputSchema: { seat: z.string() } }, async ({ seat }, extra) => {
  held.add(seat);
  try {
    const answer = await server.server.elicitInput(seatQuestion(seat), { timeout: askTimeoutMs, signal: extra.signal });
    switch (answer.action) {
      case "accept":
        return reply(`Seat ${seat} reserved for ${String(answer.content?.name)}.`);
      case "decline":
        return reply(`Seat ${seat} was not reserved: the person declined.`);
      case "cancel":
        return reply(`Seat ${seat} was not reserved: the question was dismissed; ask again.`, true);
      default:
        return reply(`Seat ${seat} was not reserved: no decision.`, true);
    }
  } finally {
    held.delete(seat);
  }
});

server.registerTool("hold_seat", { description: "Holds a seat; asks who it is for.", inputSchema: { seat: z.string() } }, async ({ seat }) => {
  held.add(seat);
  const answer = await server.server.elicitInput(seatQuestion(seat));
  held.delete(seat);
  return reply(answer.action === "accept" ? `Seat ${seat} held.` : `Seat ${seat} was not held.`);
});

server.registerTool("status", { description: "Never asks anyone." }, async () => reply("all seats free"));

server.registerTool("held", { description: "Probe: the seats held right now, as a JSON array." }, async () => reply(JSON.stringify([...held])));

const transport = new StdioServerTransport();
await server.connect(transport);
// The 1.x stdio transport does not notice its client leaving: close the server when stdin ends, which rejects the
// questions still waiting, so every call ends and the process can exit.
process.stdin.on("end", () => void server.close());
