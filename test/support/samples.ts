/**
 * Small source files for the CLI, packaging, editor and pre-commit tests. They are valid JavaScript and valid
 * TypeScript, so one text serves `eslint.config.js` (espree) and `check` (typescript-eslint's parser) alike.
 * A trailing `// ❌ elicitation/<rule>` marks a line `recommended` reports; `// strict ❌ elicitation/<rule>` a line
 * that only `strict` (and `all`) report. Tests compare ESLint's findings with the markers, both ways.
 */

/** The four bugs, one each, in an MCP tool handler. */
export const BUGGY_SERVER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Mutex } from "async-mutex";

const server = new McpServer({ name: "tickets", version: "1.0.0" });
const deployLock = new Mutex();
const pending = new Map();

export function rememberAnswer(sessionId) {
  return new Promise((resolve) => { // ❌ elicitation/require-deadline
    pending.set(sessionId, resolve); // ❌ elicitation/no-session-keyed-pending
  });
}

server.registerTool("deploy", { description: "Deploy a branch" }, async (_args, extra) => {
  const release = await deployLock.acquire(); // ❌ elicitation/release-in-finally
  const result = await server.server.elicitInput({ // ❌ elicitation/require-deadline ❌ elicitation/forward-abort-signal
    message: "Deploy main?",
    requestedSchema: { type: "object", properties: {} },
  });
  if (result.action === "accept") { // ❌ elicitation/exhaustive-action
    release();
    return { content: [{ type: "text", text: "Deploying main." }] };
  } else {
    release();
    return { content: [{ type: "text", text: "Not deploying: " + extra.requestId }] };
  }
});
`;

/** BUGGY_SERVER fixed the way the rules ask: the ask awaited inline, a deadline and the caller's signal, three
 * outcomes, the lock released in `finally`. Nothing to report, even with `strict`. */
export const FIXED_SERVER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Mutex } from "async-mutex";

const server = new McpServer({ name: "tickets", version: "1.0.0" });
const deployLock = new Mutex();

server.registerTool("deploy", { description: "Deploy a branch" }, async (_args, extra) => {
  const release = await deployLock.acquire();
  try {
    const result = await server.server.elicitInput(
      { message: "Deploy main?", requestedSchema: { type: "object", properties: {} } },
      { timeout: 120_000, signal: extra.signal },
    );
    switch (result.action) {
      case "accept":
        return { content: [{ type: "text", text: "Deploying main." }] };
      case "decline":
        return { content: [{ type: "text", text: "Not deploying: the user said no." }] };
      case "cancel":
        return { content: [{ type: "text", text: "Not deploying: the question was dismissed without an answer." }] };
      default:
        throw new Error("unknown action " + result.action);
    }
  } finally {
    release();
  }
});
`;

/** Only reported with the strict options: identical decline/cancel bodies, and an options object we cannot see into. */
export const STRICT_ONLY = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

const server = new McpServer({ name: "branches", version: "1.0.0" });

export async function askBranch(options) {
  const answer = await server.server.elicitInput( // strict ❌ elicitation/require-deadline
    { message: "Which branch?", requestedSchema: { type: "object", properties: { branch: { type: "string" } } } },
    options,
  );
  switch (answer.action) {
    case "accept":
      return answer.content;
    case "decline":
      return null;
    case "cancel": // strict ❌ elicitation/exhaustive-action
      return null;
    default:
      throw new Error("unknown action " + answer.action);
  }
}
`;

/** Shares words with the protocol but asks nobody: nothing to report (a cookie banner's "accept"). */
export const CLEAN = `export function onConsent(event, session) {
  if (event.action === "accept") {
    session.set("cookies", true);
  } else {
    session.set("cookies", false);
  }
}
`;

export const SYNTAX_ERROR = `export const ok = 1;
export const broken = ok +;
`;

export interface ExpectedFinding {
  line: number;
  ruleId: string;
}

/** The findings a sample's markers promise, sorted by line then rule; `strict` adds the strict-only markers. */
export function expectedFindings(source: string, config: "recommended" | "strict" = "recommended"): ExpectedFinding[] {
  const found: ExpectedFinding[] = [];
  source.split("\n").forEach((text, index) => {
    for (const match of text.matchAll(/(strict )?❌ (elicitation\/[\w-]+)/g)) {
      if (match[1] && config !== "strict") continue;
      found.push({ line: index + 1, ruleId: match[2]! });
    }
  });
  return sortFindings(found);
}

export function sortFindings<T extends ExpectedFinding>(findings: readonly T[]): ExpectedFinding[] {
  return findings
    .map(({ line, ruleId }) => ({ line, ruleId }))
    .sort((a, b) => a.line - b.line || a.ruleId.localeCompare(b.ruleId));
}

/** A test double: the test's own client answers the question at once, and the test reads the answer. */
export const TEST_DOUBLE = `import { expect, it } from "vitest";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const server = new McpServer({ name: "fixture", version: "1.0.0" });

it("accepts", async () => {
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept", content: {} }));
  const answer = await server.server.elicitInput({ message: "Deploy?", requestedSchema: { type: "object", properties: {} } });
  expect(answer.action).toBe("accept");
});
`;
