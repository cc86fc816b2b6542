import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { CallToolResult, ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import type { ZodRawShape } from "zod";
import { archiveTool, listTool } from "./archive.js";
import { deleteFileTool } from "./delete-file.js";
import { purgeTool } from "./purge.js";

/** A tool as this project declares it: the SDK hands its handler the arguments and the request's `extra`. */
export interface ToolDefinition {
  name: string;
  schema: ZodRawShape;
  // A method's parameters are compared both ways: each tool's handler takes its own arguments.
  handler(
    args: Record<string, unknown>,
    extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
  ): Promise<CallToolResult>;
}

export const tools = [deleteFileTool, archiveTool, listTool];
export const adminTools: Record<string, ToolDefinition> = { purge: purgeTool, list: listTool };
