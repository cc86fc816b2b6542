/**
 * Runtime proof for require-deadline's `stdioOutlivesClient` (and the fact in protocol/transports.ts), with the real
 * @modelcontextprotocol/sdk 1.x: a stdio server that asks a person, whose client goes away (its stdin ends) while the
 * question is open, stays up for as long as the question's deadline, unless it closes on the end of its input.
 *
 * The client side is this test: it writes the JSON-RPC frames to the server's stdin, waits until the server asks
 * (`elicitation/create` on its stdout), never answers, and ends the server's stdin. With
 * `process.stdin.on("close", () => server.close())` the server exits within a few seconds; without it, it is still
 * running then (its question's 10-minute deadline keeps it up). No timing is asserted beyond "within N s".
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STDIO_CLOSE_LISTENER } from "../protocol/transports.ts";

const REPOSITORY = path.join(__dirname, "..");
/** Inside the repository, so the server resolves the SDK from its node_modules. */
const WORK = path.join(REPOSITORY, ".tmp", `stdio-close-runtime-${process.pid}`);
/** A server that has not exited this long after its input ended has not noticed. */
const EXIT_WITHIN_MS = 5_000;

const server = (fix: string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new McpServer({ name: "asks", version: "1.0.0" });
server.registerTool("deploy", {}, async () => {
  const answer = await server.server.elicitInput(
    { mode: "form", message: "Deploy?", requestedSchema: { type: "object", properties: {} } },
    { timeout: 600_000 },
  );
  return { content: [{ type: "text", text: answer.action }] };
});
await server.connect(new StdioServerTransport());
${fix}
`;

function frame(child: ChildProcess, message: object): void {
  child.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
}

/** Starts the server, asks it through `tools/call` until it sends `elicitation/create`, then ends its stdin. */
async function leaveWhileAsked(file: string): Promise<{ exited: boolean }> {
  const child = spawn(process.execPath, [file], { cwd: WORK, stdio: ["pipe", "pipe", "inherit"] });
  const lines = readline.createInterface({ input: child.stdout! });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const asked = new Promise<void>((resolve, reject) => {
    lines.on("line", (line) => {
      const message = JSON.parse(line) as { id?: number; method?: string };
      if (message.id === 1 && message.method === undefined) {
        frame(child, { method: "notifications/initialized" });
        frame(child, { id: 2, method: "tools/call", params: { name: "deploy", arguments: {} } });
      }
      if (message.method === "elicitation/create") resolve();
    });
    child.once("exit", (code) => reject(new Error(`server exited (${code}) before it asked`)));
  });
  frame(child, {
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: { elicitation: {} },
      clientInfo: { name: "t", version: "1" },
    },
  });
  await asked;
  child.stdin!.end();
  const ended = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), EXIT_WITHIN_MS)),
  ]);
  if (!ended) {
    child.kill();
    await exited;
  }
  lines.close();
  return { exited: ended };
}

describe("a stdio server on @modelcontextprotocol/sdk 1.x whose client leaves while a question is open", () => {
  beforeAll(() => {
    fs.mkdirSync(WORK, { recursive: true });
    fs.writeFileSync(path.join(WORK, "without.mjs"), server(""));
    fs.writeFileSync(path.join(WORK, "with.mjs"), server(`process.stdin.on("close", () => server.close());`));
  });
  afterAll(() => fs.rmSync(WORK, { recursive: true, force: true }));

  it("stays up without a close listener on stdin (the SDK's transport does not notice)", async () => {
    expect(await leaveWhileAsked(path.join(WORK, "without.mjs"))).toEqual({ exited: false });
  });

  it("exits once stdin closes when it closes the server then (the rule's suggestion)", async () => {
    expect(STDIO_CLOSE_LISTENER.event).toBe("close");
    expect(await leaveWhileAsked(path.join(WORK, "with.mjs"))).toEqual({ exited: true });
  });
});
