/**
 * The race suggestion, run: a small MCP tool whose question goes through a helper of the file that takes no signal
 * gets forward-abort-signal's suggestion applied through ESLint's Node API, and the result is served by the real
 * McpServer (@modelcontextprotocol/sdk) to the real Client over an in-memory transport. Every question hangs off one
 * long-lived signal (a server's lifetime, a session's): after 100 answered questions no abort listener is left on it,
 * and aborting it ends an open question as a dismissed one. As a control, the inline `Promise.race` the suggestion
 * wrote before, on the same tool, leaves one listener per answered question.
 */
import fs from "node:fs";
import { getEventListeners, setMaxListeners } from "node:events";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ElicitRequestSchema, type CallToolResult, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import tsParser from "@typescript-eslint/parser";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import rule from "./index.ts";

const REPOSITORY = path.join(__dirname, "..", "..");
/** Inside the repository, so the rewritten module resolves the SDK and zod from its node_modules. */
const WORK = path.join(REPOSITORY, ".tmp", `forward-abort-signal-runtime-${process.pid}`);

const TOOL = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

async function confirm(server: McpServer, message: string) {
  return server.server.elicitInput(
    { message, requestedSchema: { type: "object", properties: {} } },
    { timeout: 600_000 },
  );
}

export async function deploy(server: McpServer, target: string, signal: AbortSignal): Promise<string> {
  const answer = await confirm(server, \`Deploy \${target}?\`);
  return answer.action === "accept" ? \`deployed \${target}\` : \`not deployed (\${answer.action})\`;
}

/** A server whose questions all hang off one long-lived signal. */
export function createServer(lifetime: AbortSignal): McpServer {
  const server = new McpServer({ name: "deployer", version: "1.0.0" });
  server.registerTool("deploy", { inputSchema: { target: z.string() } }, async ({ target }) => ({
    content: [{ type: "text" as const, text: await deploy(server, target, lifetime) }],
  }));
  return server;
}
`;

/** The question's call in the tool, and the inline race the suggestion wrote around it before (the control). */
const ASK = "confirm(server, `Deploy ${target}?`)";
const INLINE_RACE =
  "Promise.race([confirm(server, `Deploy ${target}?`), new Promise<never>((_, reject) => { if (signal.aborted) " +
  'reject(signal.reason); else signal.addEventListener("abort", () => reject(signal.reason), { once: true }); })])';

type CreateServer = (lifetime: AbortSignal) => McpServer;

function lintWithRule(): ESLint {
  return new ESLint({
    cwd: REPOSITORY,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tsParser },
        plugins: { elicitation: { rules: { "forward-abort-signal": rule as never } } },
        rules: { "elicitation/forward-abort-signal": "error" },
      },
    ],
  });
}

/** A client whose person answers each question with `answer`, or never (`null`); counts the questions. */
async function connect(server: McpServer, answer: ElicitResult | null) {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "person", version: "1.0.0" }, { capabilities: { elicitation: {} } });
  const asked = { count: 0 };
  client.setRequestHandler(ElicitRequestSchema, () => {
    asked.count += 1;
    return answer ?? new Promise<ElicitResult>(() => {});
  });
  await server.connect(serverSide);
  await client.connect(clientSide);
  const deploy = async (target: string) => {
    const result = (await client.callTool({ name: "deploy", arguments: { target } })) as CallToolResult;
    return result.content.map((block) => (block.type === "text" ? block.text : "")).join("");
  };
  return { asked, deploy, close: () => Promise.all([client.close(), server.close()]) };
}

/** Abort listeners on one long-lived signal before and after 100 answered questions. */
async function listenersAfterHundredQuestions(createServer: CreateServer) {
  const lifetime = new AbortController();
  // The control adds one listener per question; Node's leak warning past 10 would only repeat what the count says.
  setMaxListeners(200, lifetime.signal);
  const { asked, deploy, close } = await connect(createServer(lifetime.signal), { action: "accept", content: {} });
  try {
    const before = getEventListeners(lifetime.signal, "abort").length;
    for (let index = 0; index < 100; index += 1) expect(await deploy(`box-${index}`)).toBe(`deployed box-${index}`);
    expect(asked.count).toBe(100);
    return { before, after: getEventListeners(lifetime.signal, "abort").length };
  } finally {
    await close();
  }
}

describe("forward-abort-signal's race suggestion, applied and run", () => {
  let suggested: string;
  let helped: CreateServer;
  let inlineRace: CreateServer;

  beforeAll(async () => {
    fs.mkdirSync(WORK, { recursive: true });
    const file = path.join(WORK, "tool.ts");
    const [result] = await lintWithRule().lintText(TOOL, { filePath: file });
    const reports = result!.messages.filter((message) => message.messageId === "notRaced");
    expect(reports).toHaveLength(1);
    const fix = reports[0]!.suggestions![0]!.fix;
    suggested = TOOL.slice(0, fix.range[0]) + fix.text + TOOL.slice(fix.range[1]);
    fs.writeFileSync(file, suggested);
    fs.writeFileSync(path.join(WORK, "inline-race.ts"), TOOL.replace(ASK, INLINE_RACE));
    ({ createServer: helped } = await import(file));
    ({ createServer: inlineRace } = await import(path.join(WORK, "inline-race.ts")));
  });
  afterAll(() => fs.rmSync(WORK, { recursive: true, force: true }));

  it("writes the helper once and hands the question to it; the rule then reports nothing", async () => {
    expect(suggested.match(/function askWithin</g)).toHaveLength(1);
    expect(suggested).toContain(
      'await askWithin(confirm(server, `Deploy ${target}?`), {\n    signal,\n    noAnswer: () => ({ action: "cancel" as const }),\n  });',
    );
    const [again] = await lintWithRule().lintText(suggested, { filePath: path.join(WORK, "tool.ts") });
    expect(again!.messages).toEqual([]);
  });

  it("leaves no abort listener on the long-lived signal after 100 answered questions", async () => {
    expect(await listenersAfterHundredQuestions(helped)).toEqual({ before: 0, after: 0 });
  });

  it("control: the inline race it replaces left one listener per answered question", async () => {
    expect(await listenersAfterHundredQuestions(inlineRace)).toEqual({ before: 0, after: 100 });
  });

  it("aborting the signal while the person has not answered ends the question as dismissed", async () => {
    const lifetime = new AbortController();
    const { asked, deploy, close } = await connect(helped(lifetime.signal), null);
    try {
      const pending = deploy("prod");
      // The abort comes once the question is open on the client: the race must end it, not the client.
      await expect.poll(() => asked.count).toBe(1);
      lifetime.abort(new Error("server shutting down"));
      expect(await pending).toBe("not deployed (cancel)");
      expect(getEventListeners(lifetime.signal, "abort")).toEqual([]);
    } finally {
      await close();
    }
  });
});
