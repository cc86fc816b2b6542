// The server the tools ask through, shared by every module of this project.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

export const server = new McpServer({ name: "file-tools", version: "1.0.0" });
