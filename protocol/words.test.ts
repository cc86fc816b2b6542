/**
 * protocol/words.ts: the text gates' words come from the table, one per row, and each is a word the row cannot match
 * without, so a file that only mentions a common name is skipped.
 */
import { describe, expect, it } from "vitest";
import { HUMAN_WAIT_WORDS } from "./words.ts";
import { textMayContainHumanWait } from "../analysis/human-wait.ts";

/** Mastra 2.x client (@mastra/mcp@2.0.0 dist/client/types.d.ts:291): the handler sits at `servers.*.inputRequests`. */
const MASTRA_CLIENT_WITH_HANDLER = `import { MCPClient } from "@mastra/mcp";
export const mcp = new MCPClient({
  servers: { deployer: { url: new URL("https://example.com/mcp"), inputRequests: async ({ key, params }) => ask(key) } },
});
`;
/** The same construction with no handler: nothing in it answers for a person. */
const MASTRA_CLIENT_TOOLS_ONLY = `import { MCPClient } from "@mastra/mcp";
export const mcp = new MCPClient({ servers: { deployer: { url: new URL("https://example.com/mcp") } } });
const tools = await mcp.listTools();
`;

describe("HUMAN_WAIT_WORDS", () => {
  it("takes the Mastra 2.x handler row's key, inputRequests, not its constructor MCPClient", () => {
    expect(HUMAN_WAIT_WORDS).toContain("inputRequests");
    expect(HUMAN_WAIT_WORDS).not.toContain("MCPClient");
  });

  it("admits a Mastra 2.x client that registers inputRequests", () => {
    expect(textMayContainHumanWait(MASTRA_CLIENT_WITH_HANDLER)).toBe(true);
  });

  it("contrast: a file that only constructs an MCPClient is not admitted", () => {
    expect(textMayContainHumanWait(MASTRA_CLIENT_TOOLS_ONLY)).toBe(false);
  });
});
