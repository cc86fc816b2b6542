// @mastra/mcp 2.x's client as the typed cases see it, written by hand from the package's declarations:
// @mastra/mcp@2.0.0 `dist/client/types.d.ts` 84–100 (MCPInputRequest, MCPInputRequestHandler), 291 (`inputRequests`),
// `dist/client/configuration.d.ts` 21 (`servers`), 94 (constructor), shortened. The package is not a dev dependency:
// its peer @mastra/core@1.71.0 alone unpacks to 69 MB.
declare module "@mastra/mcp" {
  import type { ElicitRequest, ElicitResult } from "@modelcontextprotocol/sdk/types.js";

  export interface MCPInputRequest {
    key: string;
    params: ElicitRequest["params"];
    signal: AbortSignal;
  }
  export type MCPInputRequestHandler = (request: MCPInputRequest) => Promise<ElicitResult>;
  export interface MastraMCPServerDefinition {
    url?: URL;
    command?: string;
    inputRequests?: MCPInputRequestHandler;
  }
  export declare class MCPClient {
    constructor(args: { id?: string; servers: Record<string, MastraMCPServerDefinition>; timeout?: number });
  }
  export declare class MCPServer {
    constructor(config: { name: string; version: string; tools?: Record<string, unknown> });
  }
}
