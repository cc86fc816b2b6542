// A context object carries the caller's signal under its own name; the question is not given it.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

const requestedSchema = { type: "object" as const, properties: {} };

interface ToolContext {
  abortSignal: AbortSignal;
  server: Server;
}

export async function runTool(context: ToolContext, url: string) {
  const response = await fetch(url, { signal: context.abortSignal });
  const answer = await context.server.elicitInput(
    { message: "Apply the patch?", requestedSchema },
    { timeout: 120_000 },
  );
  return { status: response.status, action: answer.action };
}

// Contrast: `ctx.signal` handed on correctly.
export async function runOther(ctx: { signal: AbortSignal; server: Server }, url: string) {
  await fetch(url, { signal: ctx.signal });
  const answer = await ctx.server.elicitInput(
    { message: "Continue?", requestedSchema },
    { timeout: 120_000, signal: ctx.signal },
  );
  return answer.action;
}
