/**
 * The re-ask rewrite, run: the exhaustive-action codemod's MRTR fixture before and after, served by the real
 * McpServer (@modelcontextprotocol/server 2.4.0) to the real Client (@modelcontextprotocol/client 2.4.0) over an
 * in-memory transport. The client fulfils `input_required` rounds through its elicitation handler, which answers
 * as a person would, and counts how often the person is asked.
 */
import { Client, InMemoryTransport, type CallToolResult, type ElicitResult } from "@modelcontextprotocol/client";
import type { McpServer } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { server as before } from "./__fixtures__/exhaustive-action/mrtr-reask.input.ts";
import { server as after } from "./__fixtures__/exhaustive-action/mrtr-reask.output.ts";

type Answer = ElicitResult;

async function deployWith(server: McpServer, answer: Answer): Promise<{ asked: number; result: CallToolResult }> {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "person", version: "1.0.0" }, { capabilities: { elicitation: {} } });
  let asked = 0;
  client.setRequestHandler("elicitation/create", async () => {
    asked += 1;
    return answer;
  });
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    const result = (await client.callTool({ name: "deploy", arguments: { env: "prod" } })) as CallToolResult;
    return { asked, result };
  } finally {
    await client.close();
    await server.close();
  }
}

const textOf = (result: CallToolResult) =>
  result.content.map((block) => (block.type === "text" ? block.text : "")).join("");

describe("MRTR re-ask, before and after the codemod", () => {
  it("accepted: deploys after one question, before and after", async () => {
    for (const server of [before, after]) {
      const { asked, result } = await deployWith(server, { action: "accept", content: { confirm: true } });
      expect(asked).toBe(1);
      expect(textOf(result)).toBe("deployed to prod");
    }
  });

  it("accepted with invalid content: asked again, the same before and after", async () => {
    const old = await deployWith(before, { action: "accept", content: { confirm: "yes" } });
    const rewritten = await deployWith(after, { action: "accept", content: { confirm: "yes" } });
    expect(old.asked).toBeGreaterThan(1);
    expect(rewritten).toEqual(old);
  });

  it.each(["decline", "cancel"] as const)(
    "%s: asked again and again before; asked once after, with its own result",
    async (action) => {
      const old = await deployWith(before, { action });
      expect(old.asked).toBeGreaterThan(1);
      expect(old.result.isError).toBe(true);

      const rewritten = await deployWith(after, { action });
      expect(rewritten.asked).toBe(1);
      expect(rewritten.result.isError).toBeFalsy();
      expect(textOf(rewritten.result)).toBe(
        action === "decline"
          ? "Not done: the user declined."
          : "Not done: the question was dismissed without an answer.",
      );
    },
  );
});
