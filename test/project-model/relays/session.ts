// A session that hands a prompt's or a resource's code a context whose `elicit` asks the client.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { GetPromptRequestSchema, ReadResourceRequestSchema } from "@modelcontextprotocol/sdk/types.js";

type Load = (args: unknown, context: { elicit: Function }) => Promise<any>;

export class Session {
  constructor(private readonly server: Server) {}

  #promptContext() {
    return {
      elicit: (params: any, options?: { timeout?: number }) => this.server.elicitInput(params, options),
    };
  }

  #resourceContext(signal: AbortSignal) {
    return {
      elicit: (params: any, options?: { timeout?: number }) =>
        this.server.elicitInput(params, { timeout: 300_000, ...options, signal }),
    };
  }

  servePrompts(prompts: Map<string, Load>) {
    // The handler never takes extra: what the prompt asks through its context outlives the request.
    this.server.setRequestHandler(GetPromptRequestSchema, async (request) => {
      return prompts.get(request.params.name)!(request.params.arguments, this.#promptContext());
    });
  }

  serveResources(resources: Map<string, Load>) {
    // Contrast: this handler takes extra and hands the context its signal.
    this.server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
      return resources.get(request.params.uri)!(request.params, this.#resourceContext(extra.signal));
    });
  }
}
