/**
 * Runtime proof, with the real MCP SDK: every tool of the demo server driven through the seven terminal paths.
 * The buggy tools fail on some path (each test below documents how); the correct tool, the hand-written fix of
 * the pending store, and the demo after our codemods end on all seven and release what they held.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as acp from "@agentclientprotocol/sdk";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { CODEMODS } from "../codemods/registry.ts";
import { createDemoAgent } from "../fixtures/acp-agent/agent.ts";
import * as demo from "../fixtures/mcp-server/server.ts";
import {
  accept,
  after,
  connectScriptedClient,
  formatTerminalPaths,
  runTerminalPaths,
  TERMINAL_PATHS,
  type ClientReply,
  type TerminalPath,
  type TerminalPathResult,
} from "../testing/index.ts";

/** Hard cap per path: a call still running after this is `hung`. */
const CAP_MS = 1_500;
/** The deadline the fixtures (and the codemod's --deadline-ms) give a person in these tests. */
const DEADLINE_MS = 300;

type DemoModule = typeof demo;
type DemoTool = "deploy" | "create_ticket" | "migrate_database" | "rollback";

const ARGUMENTS: Record<DemoTool, Record<string, unknown>> = {
  deploy: { service: "checkout" },
  create_ticket: { title: "Checkout button does nothing" },
  migrate_database: { migration: "0042_split_orders" },
  rollback: { service: "checkout" },
};

const quiet = (): void => {};

function runDemoTool(module: DemoModule, tool: DemoTool): Promise<TerminalPathResult[]> {
  return runTerminalPaths({
    server: () => module.createDemoServer({ askTimeoutMs: DEADLINE_MS, log: quiet }),
    tool,
    arguments: ARGUMENTS[tool],
    probe: (server) => module.heldLocks(server),
    timeoutMs: CAP_MS,
  });
}

/** What each test compares: how the path ended, whether the question was taken down, what stayed held. */
function outline(results: readonly TerminalPathResult[]): Array<[TerminalPath, string, string, string]> {
  return results.map((result) => [
    result.path,
    result.state,
    result.withdrawn ? "withdrawn" : "left up",
    result.held.length > 0 ? `held: ${result.held.join(", ")}` : "released",
  ]);
}

function byPath(results: readonly TerminalPathResult[], pathName: TerminalPath): TerminalPathResult {
  const found = results.find((result) => result.path === pathName);
  if (!found) throw new Error(`no result for ${pathName}:\n${formatTerminalPaths(results)}`);
  return found;
}

/** Every path ended within the cap, released everything, and (where the person did not answer) took the question down. */
function expectAllPathsEndAndRelease(results: readonly TerminalPathResult[]): void {
  expect(results.map((result) => result.path)).toEqual([...TERMINAL_PATHS]);
  for (const result of results) {
    expect(result.state, `${result.path}:\n${formatTerminalPaths(results)}`).not.toBe("hung");
    expect(result.held, `${result.path}:\n${formatTerminalPaths(results)}`).toEqual([]);
    expect(result.elapsedMs).toBeLessThan(CAP_MS);
  }
  expect(byPath(results, "timeout").withdrawn).toBe(true);
  expect(byPath(results, "outer-cancel").withdrawn).toBe(true);
  // The abandoned call takes its question down because it was abandoned, not because the deadline fired: the
  // withdrawal carries the abandoned call's reason. (Its timing, withdrawnAfterMs, also counts any time the process
  // was not scheduled, so on a loaded machine it is no proof either way.)
  expect(byPath(results, "outer-cancel").withdrawnReason).toContain("the client abandoned the tool call");
  expect(byPath(results, "timeout").withdrawnAfterMs).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
}

/** The text a reply carried, or the error the client got. */
function replyText(received: ClientReply): string {
  if (received.kind === "error") return `error: ${received.message}`;
  return received.result.content.map((item) => (item.type === "text" ? item.text : `[${item.type}]`)).join("\n");
}

function reply(text: string, isError = false): CallToolResult {
  return { content: [{ type: "text", text }], isError };
}

/** The pending-store fix by hand: no store at all, the question awaited inline with a deadline and the call's signal. */
function createFixedTicketServer(): McpServer {
  const server = new McpServer({ name: "release-service", version: "1.4.1" });
  let nextTicket = 1041;
  server.registerTool(
    "create_ticket",
    { description: "File a ticket. Asks the user for its priority.", inputSchema: { title: z.string() } },
    async ({ title }, extra) => {
      const answer = await server.server.elicitInput(
        {
          message: `Priority for "${title}"?`,
          requestedSchema: {
            type: "object",
            properties: { priority: { type: "string", title: "Priority", enum: ["P1", "P2", "P3", "P4"] } },
            required: ["priority"],
          },
        },
        { timeout: DEADLINE_MS, signal: extra.signal },
      );
      switch (answer.action) {
        case "accept":
          return reply(`Filed OPS-${nextTicket++} "${title}" with priority ${String(answer.content?.priority)}.`);
        case "decline":
          return reply(`Ticket "${title}" was not filed: the user declined to give it a priority.`);
        case "cancel":
          return reply(
            `Ticket "${title}" was not filed: the priority prompt was dismissed. Ask the user for one.`,
            true,
          );
        default: {
          const unknownAction: never = answer.action;
          return reply(`Ticket "${title}" was not filed: no decision (${String(unknownAction)}).`, true);
        }
      }
    },
  );
  return server;
}

describe("the demo server's buggy tools fail on at least one terminal path", () => {
  const results = {} as Record<DemoTool, TerminalPathResult[]>;

  beforeAll(async () => {
    const tools: DemoTool[] = ["deploy", "create_ticket", "migrate_database"];
    const runs = await Promise.all(tools.map((tool) => runDemoTool(demo, tool)));
    tools.forEach((tool, index) => (results[tool] = runs[index]!));
  });

  it("deploy: no deadline and no signal hang the timeout and outer-cancel paths, and the lock leaks on four paths", () => {
    expect(outline(results.deploy)).toEqual([
      ["accept", "result", "left up", "released"],
      ["decline", "result", "left up", "released"],
      ["cancel", "result", "left up", "released"],
      ["timeout", "hung", "left up", "held: deploy"],
      ["disconnect", "error", "left up", "held: deploy"],
      ["invalid-content", "error", "left up", "held: deploy"],
      ["outer-cancel", "hung", "left up", "held: deploy"],
    ]);
  });

  it("deploy: a dismissed dialog is reported exactly like a refusal", () => {
    expect(byPath(results.deploy, "cancel").text).toBe(byPath(results.deploy, "decline").text);
    expect(byPath(results.deploy, "cancel").text).toContain("the user refused");
  });

  it("create_ticket: the session-keyed dispatcher never ends a call whose question fails or is abandoned", () => {
    expect(outline(results.create_ticket)).toEqual([
      ["accept", "result", "left up", "released"],
      ["decline", "result", "left up", "released"],
      ["cancel", "result", "left up", "released"],
      ["timeout", "hung", "left up", "released"],
      ["disconnect", "hung", "left up", "released"],
      ["invalid-content", "hung", "left up", "released"],
      ["outer-cancel", "hung", "left up", "released"],
    ]);
    expect(byPath(results.create_ticket, "cancel").text).toBe(byPath(results.create_ticket, "decline").text);
  });

  it("migrate_database: its deadline ends every path, but the migrations lock leaks on four and an abandoned call waits for the deadline", () => {
    expect(outline(results.migrate_database)).toEqual([
      ["accept", "result", "left up", "released"],
      ["decline", "result", "left up", "released"],
      ["cancel", "result", "left up", "released"],
      ["timeout", "error", "withdrawn", "held: migrations"],
      ["disconnect", "error", "left up", "held: migrations"],
      ["invalid-content", "error", "left up", "held: migrations"],
      ["outer-cancel", "error", "withdrawn", "held: migrations"],
    ]);
    expect(byPath(results.migrate_database, "outer-cancel").elapsedMs).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
    expect(byPath(results.migrate_database, "outer-cancel").withdrawnAfterMs).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
    expect(byPath(results.migrate_database, "outer-cancel").text).toContain("Request timed out");
    expect(byPath(results.migrate_database, "cancel").text).toBe(byPath(results.migrate_database, "decline").text);
  });

  it("create_ticket: two questions in one session, answered in order: the second call gets the first answer and the first call never ends", async () => {
    const server = demo.createDemoServer({ log: quiet });
    const connection = await connectScriptedClient(server, {
      script: [after(20, accept({ priority: "P1" })), after(60, accept({ priority: "P4" }))],
    });
    try {
      const checkout = connection.callTool("create_ticket", { title: "Checkout is down" });
      const typo = connection.callTool("create_ticket", { title: "Typo on pricing page" });
      expect(replyText(await typo.reply)).toBe('Filed OPS-1041 "Typo on pricing page" with priority P1.');
      const checkoutEnd = await Promise.race([
        checkout.handlerEnded,
        new Promise((resolve) => setTimeout(() => resolve("still waiting"), 300)),
      ]);
      expect(checkoutEnd).toBe("still waiting");
      expect(connection.elicitations.map((seen) => seen.answered)).toEqual(["accept", "accept"]);
    } finally {
      await connection.close();
    }
  });
});

describe("correct code ends on all seven paths and releases what it held", () => {
  it("rollback (written correctly in the demo): all seven end, the lock is released, decline and cancel differ", async () => {
    const results = await runDemoTool(demo, "rollback");
    expectAllPathsEndAndRelease(results);
    expect(outline(results).map(([pathName, state]) => [pathName, state])).toEqual([
      ["accept", "result"],
      ["decline", "result"],
      ["cancel", "error"],
      ["timeout", "error"],
      ["disconnect", "error"],
      ["invalid-content", "error"],
      ["outer-cancel", "error"],
    ]);
    expect(byPath(results, "cancel").text).not.toBe(byPath(results, "decline").text);
    expect(byPath(results, "timeout").text).toContain(`No release was chosen within ${DEADLINE_MS} ms`);
  });

  it("create_ticket fixed by hand (the question awaited inline, no store): all seven end", async () => {
    const results = await runTerminalPaths({
      server: createFixedTicketServer,
      tool: "create_ticket",
      arguments: ARGUMENTS.create_ticket,
      timeoutMs: CAP_MS,
    });
    expectAllPathsEndAndRelease(results);
    expect(byPath(results, "accept").text).toMatch(
      /^Filed OPS-1041 "Checkout button does nothing" with priority P1\.$/,
    );
    expect(byPath(results, "cancel").text).not.toBe(byPath(results, "decline").text);
  });

  it("create_ticket fixed by hand: two questions in one session each get their own answer", async () => {
    const connection = await connectScriptedClient(createFixedTicketServer(), {
      script: [after(20, accept({ priority: "P1" })), after(60, accept({ priority: "P4" }))],
    });
    try {
      const checkout = connection.callTool("create_ticket", { title: "Checkout is down" });
      const typo = connection.callTool("create_ticket", { title: "Typo on pricing page" });
      expect(replyText(await checkout.reply)).toBe('Filed OPS-1041 "Checkout is down" with priority P1.');
      expect(replyText(await typo.reply)).toBe('Filed OPS-1042 "Typo on pricing page" with priority P4.');
    } finally {
      await connection.close();
    }
  });
});

describe("the demo after our codemods (generated in this test by running the transforms)", () => {
  const repositoryRoot = path.join(__dirname, "..");
  const workDirectory = path.join(repositoryRoot, ".tmp", `terminal-paths-${process.pid}`);
  let migratedSource = "";
  let migrated: DemoModule;

  /** Writes `source` beside node_modules' reach and loads it as a module. */
  async function load(name: string, source: string): Promise<DemoModule> {
    const file = path.join(workDirectory, name);
    writeFileSync(file, source);
    return (await import(file)) as DemoModule;
  }

  beforeAll(async () => {
    mkdirSync(workDirectory, { recursive: true });
    const fixture = path.join(repositoryRoot, "fixtures", "mcp-server", "server.ts");
    migratedSource = CODEMODS.reduce(
      (source, codemod) => codemod.run(source, fixture, { deadlineMs: DEADLINE_MS }).output,
      readFileSync(fixture, "utf8"),
    );
    migrated = await load("migrated-server.ts", migratedSource);
  });

  afterAll(() => rmSync(workDirectory, { recursive: true, force: true }));

  it("the transforms rewrote the deploy and migrate_database tools", () => {
    expect(migratedSource).toContain('case "decline"');
    expect(migratedSource).toContain("finally {\n        locks.deploy.release();");
    expect(migratedSource).toContain("finally {\n        locks.migrations.release();");
    expect(migratedSource).toContain(`timeout: ${DEADLINE_MS}`);
    expect(migratedSource.match(/signal: extra\.signal/g)?.length).toBe(3);
  });

  it("deploy after the codemods: all seven end and the lock is released on all seven", async () => {
    const results = await runDemoTool(migrated, "deploy");
    expectAllPathsEndAndRelease(results);
    // The codemod keeps behaviour: both outcomes still say the same thing until a person makes them differ.
    expect(byPath(results, "cancel").text).toBe(byPath(results, "decline").text);
  });

  it("migrate_database after the codemods: all seven end and the lock is released on all seven", async () => {
    expectAllPathsEndAndRelease(await runDemoTool(migrated, "migrate_database"));
  });

  it("rollback, already correct, is left as it was by the codemods and still ends on all seven", async () => {
    const original = readFileSync(path.join(repositoryRoot, "fixtures", "mcp-server", "server.ts"), "utf8");
    const rollbackTool = (source: string): string =>
      source.slice(source.indexOf('"rollback",'), source.lastIndexOf("return server;"));
    expect(rollbackTool(migratedSource)).toBe(rollbackTool(original));
    expectAllPathsEndAndRelease(await runDemoTool(migrated, "rollback"));
  });

  it("create_ticket after the codemods still hangs: a deadline on the dispatcher's ask cannot settle the store's promise (hence the hand-written fix)", async () => {
    const results = await runDemoTool(migrated, "create_ticket");
    expect(outline(results)).toEqual([
      ["accept", "result", "left up", "released"],
      ["decline", "result", "left up", "released"],
      ["cancel", "result", "left up", "released"],
      ["timeout", "hung", "withdrawn", "released"],
      ["disconnect", "hung", "left up", "released"],
      ["invalid-content", "hung", "left up", "released"],
      ["outer-cancel", "hung", "withdrawn", "released"],
    ]);
  });

  it("deploy finished by a person after migrating (cancel given its own message): the kit shows decline and cancel apart", async () => {
    const cancelCase = /(case "cancel": \{\n(?:\s*\/\/[^\n]*\n)?\s*summary = )`[^`]*`;/;
    expect(migratedSource).toMatch(cancelCase);
    const finished = migratedSource.replace(
      cancelCase,
      "$1`Deploy of ${service} did not start: the branch prompt was dismissed. Ask the user which branch.`;",
    );
    const results = await runDemoTool(await load("finished-server.ts", finished), "deploy");
    expectAllPathsEndAndRelease(results);
    expect(byPath(results, "decline").text).toBe("Deploy of checkout cancelled: the user refused to choose a branch.");
    expect(byPath(results, "cancel").text).toBe(
      "Deploy of checkout did not start: the branch prompt was dismissed. Ask the user which branch.",
    );
  });
});

describe("the kit itself", () => {
  it("with a server instance instead of a factory, runs the paths in turn on it, so a leaked lock blocks the next path", async () => {
    const server = demo.createDemoServer({ askTimeoutMs: DEADLINE_MS, log: quiet });
    const results = await runTerminalPaths({
      server,
      tool: "migrate_database",
      arguments: ARGUMENTS.migrate_database,
      probe: (candidate) => demo.heldLocks(candidate),
      timeoutMs: 500,
      paths: ["decline", "disconnect", "accept"],
    });
    expect(outline(results)).toEqual([
      ["decline", "result", "left up", "released"],
      ["disconnect", "error", "left up", "held: migrations"],
      ["accept", "hung", "left up", "held: migrations"],
    ]);
    expect(byPath(results, "accept").elicitations).toBe(0);
  });

  it("with a server instance, times each path from its own call", async () => {
    const results = await runTerminalPaths({
      server: demo.createDemoServer({ askTimeoutMs: DEADLINE_MS, log: quiet }),
      tool: "rollback",
      arguments: ARGUMENTS.rollback,
      timeoutMs: CAP_MS,
      paths: ["timeout", "decline"],
    });
    expect(byPath(results, "timeout").elapsedMs).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
    expect(byPath(results, "decline").elapsedMs).toBeLessThan(DEADLINE_MS);
  });

  it("answers a late person on the timeout path when lateAnswerMs is set, and says so in the elapsed time", async () => {
    const results = await runTerminalPaths({
      server: () => demo.createDemoServer({ log: quiet }),
      tool: "deploy",
      arguments: ARGUMENTS.deploy,
      timeoutMs: CAP_MS,
      lateAnswerMs: 150,
      acceptContent: { branch: "release/4.2" },
      paths: ["timeout"],
    });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      path: "timeout",
      state: "result",
      text: "Deployed checkout from release/4.2.",
      withdrawn: false,
    });
    expect(results[0]!.elapsedMs).toBeGreaterThanOrEqual(145);
  });

  it("applies the path to the question askIndex names, and accepts the ones before it", async () => {
    const createServer = (): McpServer => {
      const server = new McpServer({ name: "two-questions", version: "1.0.0" });
      server.registerTool("release", { description: "Asks twice." }, async (extra) => {
        const options = { timeout: DEADLINE_MS, signal: extra.signal };
        const confirm = await server.server.elicitInput(
          {
            message: "Release now?",
            requestedSchema: { type: "object", properties: { go: { type: "boolean" } }, required: ["go"] },
          },
          options,
        );
        if (confirm.action !== "accept") return reply(`first question: ${confirm.action}`);
        const notes = await server.server.elicitInput(
          {
            message: "Release notes?",
            requestedSchema: { type: "object", properties: { notes: { type: "string" } }, required: ["notes"] },
          },
          options,
        );
        return reply(`second question: ${notes.action}, go=${String(confirm.content?.go)}`);
      });
      return server;
    };
    const results = await runTerminalPaths({
      server: createServer,
      tool: "release",
      timeoutMs: CAP_MS,
      askIndex: 1,
      paths: ["decline", "cancel", "timeout"],
    });
    expect(results.map((result) => [result.path, result.state, result.elicitations, result.text])).toEqual([
      ["decline", "result", 2, "second question: decline, go=true"],
      ["cancel", "result", 2, "second question: cancel, go=true"],
      ["timeout", "error", 2, "MCP error -32001: Request timed out"],
    ]);
  });

  it("drives a low-level Server as well as an McpServer", async () => {
    const createServer = (): Server => {
      const server = new Server({ name: "low-level", version: "1.0.0" }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, () => ({
        tools: [{ name: "confirm", inputSchema: { type: "object" as const, properties: {} } }],
      }));
      server.setRequestHandler(CallToolRequestSchema, async (_request, extra) => {
        const answer = await server.elicitInput(
          {
            message: "Sure?",
            requestedSchema: { type: "object", properties: { sure: { type: "boolean" } }, required: ["sure"] },
          },
          { timeout: DEADLINE_MS, signal: extra.signal },
        );
        return reply(answer.action, answer.action !== "accept");
      });
      return server;
    };
    const results = await runTerminalPaths({ server: createServer, tool: "confirm", timeoutMs: CAP_MS });
    expectAllPathsEndAndRelease(results);
    expect(results.slice(0, 3).map((result) => [result.path, result.state, result.text])).toEqual([
      ["accept", "result", "accept"],
      ["decline", "error", "decline"],
      ["cancel", "error", "cancel"],
    ]);
  });

  it("rejects a tool the server does not have, naming the ones it has", async () => {
    await expect(
      runTerminalPaths({
        server: () => demo.createDemoServer({ log: quiet }),
        tool: "deplyo",
        timeoutMs: 200,
        paths: ["accept"],
      }),
    ).rejects.toThrow('the server has no tool "deplyo" (it has: deploy, create_ticket, migrate_database, rollback)');
  });

  it("formats results as a table under a header row", () => {
    const table = formatTerminalPaths([
      {
        path: "accept",
        state: "result",
        text: "Deployed.",
        elapsedMs: 12,
        withdrawn: false,
        withdrawnAfterMs: null,
        elicitations: 1,
        held: [],
        heldAfterClose: [],
      },
      {
        path: "timeout",
        state: "hung",
        text: null,
        elapsedMs: 1000,
        withdrawn: false,
        withdrawnAfterMs: null,
        elicitations: 1,
        held: ["deploy"],
        heldAfterClose: ["deploy"],
      },
      {
        path: "outer-cancel",
        state: "hung",
        text: null,
        elapsedMs: 1000,
        withdrawn: false,
        withdrawnAfterMs: null,
        elicitations: 1,
        held: ["deploy"],
        heldAfterClose: [],
      },
    ]);
    expect(table).toBe(
      [
        "path          state   time     question  held                        text",
        "accept        result  12 ms    -         released                    Deployed.",
        "timeout       hung    1000 ms  -         held: deploy (leaked)",
        "outer-cancel  hung    1000 ms  -         held: deploy (until close)",
      ].join("\n"),
    );
  });
});

describe("the demo ACP agent, with a client that cancels the turn while a dialog is up and never closes it", () => {
  /** Runs one prompt; the client cancels the turn (`session/cancel`) when `cancelDuring` reaches it. */
  async function promptCancelledDuring(
    cancelDuring: "permission" | "question",
  ): Promise<{ stop: string; said: string[] }> {
    const said: string[] = [];
    let cancelTurn = (): void => {};
    const neverAnswered = new Promise<never>(() => {});
    const client = acp
      .client({ name: "holds-dialogs-open" })
      .onRequest(acp.methods.client.session.requestPermission, async ({ params }) => {
        if (cancelDuring !== "permission")
          return { outcome: { outcome: "selected", optionId: params.options[0]!.optionId } };
        cancelTurn();
        return neverAnswered;
      })
      .onRequest(acp.methods.client.elicitation.create, async () => {
        cancelTurn();
        return neverAnswered;
      })
      .onNotification(acp.methods.client.session.update, ({ params }) => {
        if (params.update.sessionUpdate === "agent_message_chunk" && params.update.content.type === "text")
          said.push(params.update.content.text);
      });
    const connection = client.connect(createDemoAgent());
    try {
      const agent = connection.agent;
      await agent.request(acp.methods.agent.initialize, { protocolVersion: acp.PROTOCOL_VERSION });
      const { sessionId } = await agent.request(acp.methods.agent.session.new, { cwd: "/", mcpServers: [] });
      cancelTurn = () => void agent.notify(acp.methods.agent.session.cancel, { sessionId });
      const prompt = agent.request(acp.methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: "text", text: "run the tests" }],
      });
      const stop = await Promise.race([
        prompt.then((response) => response.stopReason as string),
        new Promise<string>((resolve) => setTimeout(() => resolve("still waiting"), 1_000)),
      ]);
      return { stop, said };
    } finally {
      connection.close();
    }
  }

  it("cancelled during the permission request (raced): the turn ends, but the cancel is reported as a rejection", async () => {
    expect(await promptCancelledDuring("permission")).toEqual({
      stop: "cancelled",
      said: ["You rejected `rm -rf build && npm test`, so I did not run it."],
    });
  });

  it("cancelled during the question (not raced): the turn never ends", async () => {
    expect(await promptCancelledDuring("question")).toEqual({ stop: "still waiting", said: [] });
  });
});

describe("the examples in docs/testing.md run as written", () => {
  const repositoryRoot = path.join(__dirname, "..");
  const exampleDirectory = path.join(repositoryRoot, ".tmp", `docs-testing-${process.pid}`);
  const shimFile = path.join(exampleDirectory, "vitest-shim.ts");
  // Code blocks that start with a `// <path>` line are files of the example project.
  const files = [
    ...readFileSync(path.join(repositoryRoot, "docs", "testing.md"), "utf8").matchAll(
      /```ts\n\/\/ (\S+)\n([\s\S]*?)```/g,
    ),
  ].map(([, name, code]) => ({ name: name!, code: code! }));
  const testFiles = files.filter((file) => file.name.endsWith(".test.ts"));

  /** Points the example's imports at this checkout: the kit's source, the example's own files, and a vitest shim. */
  function localise(file: { name: string; code: string }): string {
    const directory = path.dirname(path.join(exampleDirectory, file.name));
    const relative = (target: string): string => path.relative(directory, target).split(path.sep).join("/");
    return file.code
      .replace('from "vitest"', `from "${relative(shimFile)}"`)
      .replace(
        'from "eslint-plugin-elicitation/testing"',
        `from "${relative(path.join(repositoryRoot, "testing", "index.ts"))}"`,
      )
      .replace(/from "(\.\.?\/[^"]+)\.js"/g, 'from "$1.ts"');
  }

  beforeAll(() => {
    for (const file of files) {
      const target = path.join(exampleDirectory, file.name);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, localise(file));
    }
    // The example's `it` registers its test here; this suite runs it.
    writeFileSync(
      shimFile,
      [
        'export { expect, vi } from "vitest";',
        "export const registered: Array<{ name: string; run: () => unknown }> = [];",
        "export function it(name: string, run: () => unknown): void {",
        "  registered.push({ name, run });",
        "}",
      ].join("\n"),
    );
  });

  afterAll(() => rmSync(exampleDirectory, { recursive: true, force: true }));

  it("has the server and three test files", () => {
    expect(files.map((file) => file.name)).toEqual([
      "src/server.ts",
      "test/book-table.test.ts",
      "test/two-bookings.test.ts",
      "test/book-table-deadline.test.ts",
    ]);
  });

  for (const file of testFiles) {
    it(`runs ${file.name}`, async () => {
      const shim = (await import(shimFile)) as { registered: Array<{ name: string; run: () => unknown }> };
      await import(path.join(exampleDirectory, file.name));
      const tests = shim.registered.splice(0);
      expect(tests).toHaveLength(1);
      await tests[0]!.run();
    });
  }
});
