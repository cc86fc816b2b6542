// Callers in another module: "no" and "dismissed" folded into one else, and each word its own branch.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { toDecision } from "./decisions.js";

const requestedSchema = { type: "object" as const, properties: {} };

export async function deploy(server: McpServer) {
  const decision = toDecision(
    await server.server.elicitInput({ message: "Deploy?", requestedSchema }, { timeout: 120_000 }),
  );
  if (decision === "yes") return "deployed";
  else return "not deployed";
}

export async function rollback(server: McpServer) {
  const decision = toDecision(
    await server.server.elicitInput({ message: "Roll back?", requestedSchema }, { timeout: 120_000 }),
  );
  switch (decision) {
    case "yes":
      return "rolled back";
    case "no":
      return "kept: the user said no";
    case "dismissed":
      return "kept: ask again later";
  }
}
