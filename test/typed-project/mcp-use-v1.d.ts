// mcp-use 1.x as the typed cases see it, written by hand from the package's declarations: mcp-use@1.34.6
// `dist/src/server/types/tool-context.d.ts` 75–116 (ElicitOptions, ElicitFormParams, ElicitUrlParams) and 220–226
// (the three `elicit` overloads), `dist/src/server/mcp-server.d.ts` 477 (constructor), 573 (`tool`), 1080–1089
// (`MCPServer`), shortened. The package itself is not a dev dependency: it brings 237 packages more than this
// repository installs, and 2.x (which is one) has no `mcp-use/server`.
declare module "mcp-use/server" {
  import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";
  import type { z } from "zod";

  /** No signal option: `timeout` only, default no timeout. */
  export interface ElicitOptions {
    timeout?: number;
  }
  export interface ElicitFormParams {
    message: string;
    requestedSchema: Record<string, any>;
    mode?: "form";
  }
  export interface ElicitUrlParams {
    message: string;
    url: string;
    mode: "url";
  }
  export interface ToolContext {
    elicit: {
      <T extends z.ZodObject<any>>(
        message: string,
        schema: T,
        options?: ElicitOptions,
      ): Promise<ElicitResult & { data: z.infer<T> }>;
      (message: string, url: string, options?: ElicitOptions): Promise<ElicitResult>;
      (params: ElicitFormParams | ElicitUrlParams, options?: ElicitOptions): Promise<ElicitResult>;
    };
  }
  export interface ToolDefinition {
    name: string;
    description?: string;
  }
  export declare class MCPServer {
    constructor(config: { name: string; version: string });
    tool(definition: ToolDefinition, callback?: (params: any, ctx: ToolContext) => unknown): this;
  }
}
