// The project's own JSON-RPC client sends `elicitation/create` through a `request(message)` of one parameter, and
// this file imports no MCP package: nothing proves it is the SDK's `request`, so no `{ timeout }` is added, which
// its function would ignore.
declare const server: {
  request(message: { method: string; params: unknown }): Promise<unknown>;
};

export async function confirm(message: string): Promise<unknown> {
  return server.request({ method: "elicitation/create", params: { message } });
}
