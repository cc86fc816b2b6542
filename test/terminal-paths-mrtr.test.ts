/**
 * MRTR tools (`@modelcontextprotocol/server` 2.4.0, protocol 2026-07-28) driven by the real v2 client: the
 * `input_required` round answered with accept, decline, cancel and invalid content, and the retry's outcome.
 */
import { acceptedContent, inputRequired, inputResponse, McpServer } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formatMrtrPaths, KitError, runMrtrPaths, type MrtrPathResult } from "../testing/index.ts";

const CAP_MS = 3_000;
const confirmSchema = z.object({ confirm: z.boolean() });

/** The SDK's own documentation example: missing, declined, cancelled and invalid answers all re-ask. */
function createReaskingServer(): McpServer {
  const server = new McpServer({ name: "deployer", version: "1.0.0" });
  server.registerTool("deploy", { inputSchema: z.object({ env: z.string() }) }, async ({ env }, ctx) => {
    const confirmed = acceptedContent(ctx.mcpReq.inputResponses, "confirm", confirmSchema);
    if (confirmed?.confirm !== true) {
      return inputRequired({
        inputRequests: {
          confirm: inputRequired.elicit({ message: `Deploy to ${env}?`, requestedSchema: confirmSchema }),
        },
      });
    }
    return { content: [{ type: "text", text: `deployed to ${env}` }] };
  });
  return server;
}

/** The same tool reading the answer with inputResponse(): each outcome ends the call with its own result. */
function createExhaustiveServer(): McpServer {
  const server = new McpServer({ name: "deployer", version: "1.0.0" });
  server.registerTool("deploy", { inputSchema: z.object({ env: z.string() }) }, async ({ env }, ctx) => {
    const answer = inputResponse(ctx.mcpReq.inputResponses, "confirm");
    const text = (value: string, isError = false) => ({ content: [{ type: "text" as const, text: value }], isError });
    switch (answer.kind) {
      case "missing":
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({ message: `Deploy to ${env}?`, requestedSchema: confirmSchema }),
          },
        });
      case "elicit":
        switch (answer.action) {
          case "accept": {
            const confirmed = acceptedContent(ctx.mcpReq.inputResponses, "confirm", confirmSchema);
            if (confirmed === undefined) return text(`Not deployed to ${env}: the answer did not fit the form.`, true);
            return text(confirmed.confirm ? `deployed to ${env}` : `Not deployed to ${env}: not confirmed.`);
          }
          case "decline":
            return text(`Not deployed to ${env}: the person declined.`);
          case "cancel":
            return text(`Not deployed to ${env}: the question was dismissed; ask again in the conversation.`, true);
          default:
            return text(`Not deployed to ${env}: no decision.`, true);
        }
      default:
        return text(`Not deployed to ${env}: unexpected answer.`, true);
    }
  });
  return server;
}

function outline(results: readonly MrtrPathResult[]): Array<[string, string, string | null, string | null]> {
  return results.map((result) => [result.path, result.outcome, result.askedAgainAfter, result.text]);
}

describe("MRTR: the input_required round answered four ways, and the retry's outcome", () => {
  it("the SDK's documentation example re-asks a person who declined, dismissed, or gave an invalid answer", async () => {
    const results = await runMrtrPaths({
      server: createReaskingServer,
      tool: "deploy",
      arguments: { env: "prod" },
      timeoutMs: CAP_MS,
    });
    expect(outline(results).map(([path, outcome, after]) => [path, outcome, after])).toEqual([
      ["accept", "result", null],
      ["decline", "asked again", "decline"],
      ["cancel", "asked again", "cancel"],
      ["invalid-content", "asked again", "invalid-content"],
    ]);
    expect(results[0]!.text).toBe("deployed to prod");
    // The client's round cap (4) ends the re-asking: one question per round.
    expect(results[1]!.rounds).toBe(4);
    expect(results[1]!.text).toContain("still required input after 4 rounds");
    expect(formatMrtrPaths(results)).toMatch(/^decline +asked again after decline +4 rounds/m);
  });

  it("read with inputResponse(), every answer ends the call after one round, decline and cancel each with their own result", async () => {
    const results = await runMrtrPaths({
      server: createExhaustiveServer,
      tool: "deploy",
      arguments: { env: "prod" },
      timeoutMs: CAP_MS,
    });
    expect(outline(results)).toEqual([
      ["accept", "result", null, "deployed to prod"],
      ["decline", "result", null, "Not deployed to prod: the person declined."],
      ["cancel", "error", null, "Not deployed to prod: the question was dismissed; ask again in the conversation."],
      ["invalid-content", "error", null, "Not deployed to prod: the answer did not fit the form."],
    ]);
    expect(results.map((result) => result.rounds)).toEqual([1, 1, 1, 1]);
  });

  it("a tool that returns at once without asking is an error, not a pass", async () => {
    const server = (): McpServer => {
      const built = new McpServer({ name: "quiet", version: "1.0.0" });
      built.registerTool("status", {}, async () => ({ content: [{ type: "text", text: "fine" }] }));
      return built;
    };
    await expect(runMrtrPaths({ server, tool: "status", timeoutMs: CAP_MS, paths: ["decline"] })).rejects.toThrow(
      new KitError(
        'runMrtrPaths: "status" with {} asked no question on the decline path, so nothing was tested (it said: fine)',
      ),
    );
  });

  it("an acceptContent that throws is the kit's error, not the tool's outcome", async () => {
    const failure = runMrtrPaths({
      server: createExhaustiveServer,
      tool: "deploy",
      arguments: { env: "prod" },
      timeoutMs: CAP_MS,
      paths: ["accept"],
      acceptContent: () => {
        throw new Error("no answer prepared");
      },
    });
    await expect(failure).rejects.toThrow('could not build the answer for "Deploy to prod?": no answer prepared');
  });
});
