// mcp-use's ctx.elicit(message, schema, options): by default it waits 2147483647 ms.
// The import is what says whose elicit this is (mcp-use is not installed in this repository).
// @ts-expect-error -- mcp-use/server cannot be resolved here
export type { Context } from "mcp-use/server";
declare const ctx: {
  elicit(message: string, schema: object, options?: { timeout?: number }): Promise<{ action: string }>;
};

export async function askColour(): Promise<string> {
  const answer = await ctx.elicit("Favourite colour?", { type: "object" }, { timeout: 300_000 });
  return answer.action;
}
