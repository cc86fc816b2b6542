// The project's own MCP layer: hands on the SDK's multi-round-trip helpers under its own path.
export { acceptedContent, inputRequired } from "@modelcontextprotocol/server";
export { McpServer } from "@modelcontextprotocol/server";
