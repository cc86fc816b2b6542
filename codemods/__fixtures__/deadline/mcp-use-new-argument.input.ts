// mcp-use's ctx.elicit(message, schema, options): by default it waits 2147483647 ms.
declare const ctx: {
  elicit(message: string, schema: object, options?: { timeout?: number }): Promise<{ action: string }>;
};

export async function askColour(): Promise<string> {
  const answer = await ctx.elicit("Favourite colour?", { type: "object" });
  return answer.action;
}
