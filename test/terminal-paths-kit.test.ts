/**
 * The kit fails fast instead of passing what it did not test: a tool that never asks, an askIndex past the last
 * question, an answer the kit cannot build, a path that cannot apply; and its second probe tells a lock held while
 * the call waited from a leaked one. Real SDK servers over the in-memory transport.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as demo from "../fixtures/mcp-server/server.ts";
import {
  closeTransport,
  connectScriptedClient,
  formatTerminalPaths,
  KitError,
  runTerminalPaths,
} from "../testing/index.ts";

const CAP_MS = 1_000;
const reply = (text: string): CallToolResult => ({ content: [{ type: "text", text }] });
const quiet = (): void => {};

/** A server with: a tool that never asks, one that asks with required arguments, one that asks by URL, and a lock in `finally` with no deadline. */
function createServer(held: Set<string> = new Set()): McpServer {
  const server = new McpServer({ name: "kit-cases", version: "1.0.0" });
  server.registerTool("status", { description: "Never asks anyone." }, async () => reply("all good"));
  server.registerTool("confirm", { inputSchema: { target: z.string() } }, async ({ target }, extra) => {
    const answer = await server.server.elicitInput(
      {
        message: `Delete ${target}?`,
        requestedSchema: { type: "object", properties: { sure: { type: "boolean" } }, required: ["sure"] },
      },
      { timeout: 200, signal: extra.signal },
    );
    return reply(answer.action);
  });
  server.registerTool("sign_in", { description: "Sends the person to a web page." }, async (extra) => {
    const answer = await server.server.elicitInput(
      { mode: "url", message: "Sign in to continue", url: "https://example.com/sign-in", elicitationId: "sign-in-1" },
      { timeout: 200, signal: extra.signal },
    );
    return reply(answer.action);
  });
  server.registerTool(
    "reserve",
    { description: "Holds a seat while asking; no deadline, released in finally." },
    async () => {
      held.add("seat 12A");
      try {
        const answer = await server.server.elicitInput({
          message: "Keep seat 12A?",
          requestedSchema: { type: "object", properties: { keep: { type: "boolean" } }, required: ["keep"] },
        });
        return reply(answer.action);
      } finally {
        held.delete("seat 12A");
      }
    },
  );
  return server;
}

describe("a path where no question was asked is an error, not a pass", () => {
  it("a tool that never asks", async () => {
    await expect(runTerminalPaths({ server: () => createServer(), tool: "status", timeoutMs: CAP_MS })).rejects.toThrow(
      new KitError(
        'runTerminalPaths: "status" with {} asked no question on the accept path, so nothing was tested (the call ended without one; it said: all good)',
      ),
    );
  });

  it("a tool whose required arguments were left out fails validation before asking, and the reason is in the error", async () => {
    const failure = runTerminalPaths({
      server: () => createServer(),
      tool: "confirm",
      timeoutMs: CAP_MS,
      paths: ["decline"],
    });
    await expect(failure).rejects.toThrow(KitError);
    await expect(failure).rejects.toThrow(
      /"confirm" with \{\} asked no question on the decline path.*Input validation error/s,
    );
  });

  it("the same tool with its arguments asks, and the path runs (the contrast)", async () => {
    const [result] = await runTerminalPaths({
      server: () => createServer(),
      tool: "confirm",
      arguments: { target: "x" },
      timeoutMs: CAP_MS,
      paths: ["decline"],
    });
    expect(result).toMatchObject({ path: "decline", state: "result", text: "decline", elicitations: 1 });
  });

  it("an askIndex past the last question", async () => {
    await expect(
      runTerminalPaths({
        server: () => createServer(),
        tool: "confirm",
        arguments: { target: "x" },
        timeoutMs: CAP_MS,
        askIndex: 1,
        paths: ["cancel"],
      }),
    ).rejects.toThrow(
      'askIndex 1 names question 2, but "confirm" with {"target":"x"} asked only 1 on the cancel path; it said: accept',
    );
  });

  it("an askIndex that is not a whole number", async () => {
    await expect(
      runTerminalPaths({ server: () => createServer(), tool: "confirm", timeoutMs: CAP_MS, askIndex: -1 }),
    ).rejects.toThrow("askIndex must be a whole number from 0 (got -1)");
  });
});

describe("the kit's own failures are thrown, never returned as the tool's outcome", () => {
  it("an acceptContent that throws", async () => {
    const failure = runTerminalPaths({
      server: () => createServer(),
      tool: "confirm",
      arguments: { target: "x" },
      timeoutMs: CAP_MS,
      paths: ["accept"],
      acceptContent: () => {
        throw new Error("no fixture for this question");
      },
    });
    await expect(failure).rejects.toThrow(
      new KitError('could not build the accepted content for "Delete x?": no fixture for this question'),
    );
  });

  it("a schema the generator cannot answer", async () => {
    const server = (): McpServer => {
      const built = new McpServer({ name: "impossible", version: "1.0.0" });
      built.registerTool("code", {}, async (extra) => {
        const answer = await built.server.elicitInput(
          {
            message: "Code?",
            requestedSchema: { type: "object", properties: { code: { type: "string", minLength: 5, maxLength: 3 } } },
          },
          { timeout: 200, signal: extra.signal },
        );
        return reply(answer.action);
      });
      return built;
    };
    await expect(runTerminalPaths({ server, tool: "code", timeoutMs: CAP_MS, paths: ["accept"] })).rejects.toThrow(
      'could not build the accepted content for "Code?": "code": minLength 5 is above maxLength 3',
    );
  });

  it("invalid content on a URL-mode question is not applicable, and the other paths run", async () => {
    const results = await runTerminalPaths({
      server: () => createServer(),
      tool: "sign_in",
      timeoutMs: CAP_MS,
      paths: ["accept", "invalid-content", "decline"],
    });
    expect(results.map((result) => [result.path, result.state, result.text ?? result.notApplicable])).toEqual([
      ["accept", "result", "accept"],
      ["invalid-content", "not-applicable", "a URL-mode question has no content to make invalid"],
      ["decline", "result", "decline"],
    ]);
  });
});

describe("the second probe, after the connection closes, tells held-while-waiting from leaked", () => {
  it("a tool with no deadline that releases in finally: held at the cap, released when the connection closes", async () => {
    const held = new WeakMap<McpServer, Set<string>>();
    const results = await runTerminalPaths({
      server: () => {
        const seats = new Set<string>();
        const server = createServer(seats);
        held.set(server, seats);
        return server;
      },
      tool: "reserve",
      probe: (server) => held.get(server)!,
      timeoutMs: 1_000,
      paths: ["timeout", "decline"],
    });
    expect(results.map((result) => [result.path, result.state, result.held, result.heldAfterClose])).toEqual([
      ["timeout", "hung", ["seat 12A"], []],
      ["decline", "result", [], []],
    ]);
    expect(formatTerminalPaths(results)).toContain("held: seat 12A (until close)");
  });

  it("the demo's deploy (release outside finally): still held after the connection closes, so leaked", async () => {
    const results = await runTerminalPaths({
      server: () => demo.createDemoServer({ log: quiet }),
      tool: "deploy",
      arguments: { service: "checkout" },
      probe: demo.heldLocks,
      timeoutMs: 1_000,
      paths: ["timeout", "accept"],
    });
    expect(results.map((result) => [result.path, result.state, result.held, result.heldAfterClose])).toEqual([
      ["timeout", "hung", ["deploy"], ["deploy"]],
      ["accept", "result", [], []],
    ]);
    expect(formatTerminalPaths(results)).toContain("held: deploy (leaked)");
  });

  it("without a probe, heldAfterClose is null (nothing was asked)", async () => {
    const [result] = await runTerminalPaths({
      server: () => createServer(),
      tool: "confirm",
      arguments: { target: "x" },
      timeoutMs: CAP_MS,
      paths: ["accept"],
    });
    expect(result!.heldAfterClose).toBeNull();
  });
});

describe("the disconnect path disconnects before any server timer can fire (the cause of the flaky migrate_database row)", () => {
  it("a client slowed past the server's deadline still disconnects first: the question is left up, not withdrawn", async () => {
    const server = demo.createDemoServer({ askTimeoutMs: 50, log: quiet });
    // The script runs when the question arrives; burning 120 ms there stands in for a loaded machine. With the
    // disconnect on a timer, the server's 50 ms deadline (armed earlier) fired first and withdrew the question.
    const connection = await connectScriptedClient(server, {
      script: () => {
        const until = performance.now() + 120;
        while (performance.now() < until);
        return closeTransport();
      },
    });
    try {
      const call = connection.callTool("migrate_database", { migration: "0042_split_orders" });
      const end = await call.handlerEnded;
      expect(end).toMatchObject({
        kind: "returned",
        value: { isError: true, content: [{ text: expect.stringContaining("Connection closed") }] },
      });
      expect(connection.elicitations.map((seen) => seen.withdrawnAtMs)).toEqual([null]);
    } finally {
      await connection.close();
    }
  });
});

describe("the kit's types resolve under moduleResolution node10 (typesVersions)", () => {
  /** A package laid out as published (package.json as it is, declarations in dist/), imported by a node10 project. */
  function typecheck(packageJson: string): { status: number | null; output: string } {
    const project = mkdtempSync(path.join(os.tmpdir(), "kit-node10-"));
    try {
      const installed = path.join(project, "node_modules", "eslint-plugin-elicitation");
      mkdirSync(path.join(installed, "dist", "testing"), { recursive: true });
      writeFileSync(path.join(installed, "package.json"), packageJson);
      writeFileSync(
        path.join(installed, "dist", "index.d.ts"),
        "export declare const rules: Record<string, object>;\n",
      );
      writeFileSync(
        path.join(installed, "dist", "testing", "index.d.ts"),
        "export declare function runTerminalPaths(options: { tool: string }): Promise<string[]>;\n",
      );
      writeFileSync(
        path.join(project, "uses-kit.ts"),
        'import { rules } from "eslint-plugin-elicitation";\nimport { runTerminalPaths } from "eslint-plugin-elicitation/testing";\nexport const both: [object, Promise<string[]>] = [rules, runTerminalPaths({ tool: "book_table" })];\n',
      );
      const tsc = path.join(__dirname, "..", "node_modules", "typescript", "bin", "tsc");
      const run = spawnSync(
        process.execPath,
        [
          tsc,
          "--noEmit",
          "--strict",
          "--module",
          "commonjs",
          "--moduleResolution",
          "node10",
          "--ignoreDeprecations",
          "6.0",
          "uses-kit.ts",
        ],
        {
          cwd: project,
          encoding: "utf8",
        },
      );
      return { status: run.status, output: run.stdout + run.stderr };
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }

  const packageJson = readFileSync(path.join(__dirname, "..", "package.json"), "utf8");

  it("with this package.json, both the plugin and /testing type-check", () => {
    expect(typecheck(packageJson)).toEqual({ status: 0, output: "" });
  });

  it("without typesVersions, /testing does not resolve (the contrast)", () => {
    const withoutTypesVersions = JSON.stringify({ ...JSON.parse(packageJson), typesVersions: undefined });
    const { status, output } = typecheck(withoutTypesVersions);
    expect(status).toBe(2);
    expect(output).toContain("Cannot find module 'eslint-plugin-elicitation/testing'");
  });
});
