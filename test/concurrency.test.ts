/**
 * The seed's scenario, run on the real MCP SDK: two create_ticket calls in one session each ask for a priority, and
 * the user answers them out of order. A dispatcher that parks resolvers under the session id loses or crosses the
 * answers, and no-session-keyed-pending reports it; awaiting inline keeps them apart, and the rule stays silent.
 */
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ElicitRequestSchema, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import tsParser from "@typescript-eslint/parser";
import { ESLint } from "eslint";
import { afterEach, describe, expect, it } from "vitest";
import noSessionKeyedPending from "../rules/no-session-keyed-pending/index.ts";
import { createInlineAwaitServer } from "./concurrency/inline-await-server.ts";
import { createSessionKeyedServer } from "./concurrency/session-keyed-server.ts";
import { TOOL_NAME } from "./concurrency/ticket-tool.ts";

const CONCURRENCY_DIR = path.join(__dirname, "concurrency");

/**
 * The dispatcher's deadline for an answer: the time a call it loses hangs. Short enough to keep the test fast, long
 * enough that both answers (20 ms apart) arrive well before it on a loaded machine.
 */
const DISPATCHER_DEADLINE_MS = 1_000;
/** The inline server's deadline: never reached, since every answer reaches its own call. */
const INLINE_DEADLINE_MS = 10_000;
/** Gap between the two answers, so the server handles them in the order the user gave them. */
const ANSWER_GAP_MS = 20;

const CHECKOUT = "checkout is broken";
const TYPO = "typo on the pricing page";
/** What the user chooses for each dialog: the seed's P1 for the broken checkout, P4 for the typo. */
const PRIORITY_BY_TITLE: Readonly<Record<string, string>> = { [CHECKOUT]: "P1", [TYPO]: "P4" };

type AnswerOrder = "second first" | "first first";

interface HeldQuestion {
  readonly title: string;
  readonly answer: () => void;
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/**
 * Calls create_ticket for the checkout, waits until its question reaches the client, then calls it for the typo.
 * The client holds the first question until the second has arrived, then answers in `order`.
 */
async function fileTwoTickets(server: McpServer, order: AnswerOrder) {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  serverTransport.sessionId = "session-1";
  const client = new Client({ name: "two-dialogs", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
  closers.push(async () => {
    await client.close();
    await server.close();
  });

  const held: HeldQuestion[] = [];
  const arrivals: string[] = [];
  let firstQuestionArrived!: () => void;
  const firstQuestion = new Promise<void>((resolve) => (firstQuestionArrived = resolve));

  client.setRequestHandler(ElicitRequestSchema, (request) => {
    const title = /"(.*)"/.exec(request.params.message)?.[1] ?? "";
    arrivals.push(title);
    return new Promise<ElicitResult>((resolve) => {
      held.push({
        title,
        answer: () => resolve({ action: "accept", content: { priority: PRIORITY_BY_TITLE[title]! } }),
      });
      if (held.length === 1) firstQuestionArrived();
      if (held.length === 2) {
        const [first, second] = order === "second first" ? [held[1]!, held[0]!] : [held[0]!, held[1]!];
        first.answer();
        setTimeout(second.answer, ANSWER_GAP_MS);
      }
    });
  });

  await server.connect(serverTransport);
  await client.connect(clientTransport);

  const started = Date.now();
  const checkoutCall = client.callTool({ name: TOOL_NAME, arguments: { title: CHECKOUT } });
  await firstQuestion;
  const typoCall = client.callTool({ name: TOOL_NAME, arguments: { title: TYPO } });
  const [checkout, typo] = await Promise.all([checkoutCall, typoCall]);
  return { arrivals, elapsedMs: Date.now() - started, checkout: replyOf(checkout), typo: replyOf(typo) };
}

function replyOf(result: Awaited<ReturnType<Client["callTool"]>>) {
  const content = result.content as Array<{ type: string; text?: string }>;
  return { text: content[0]?.text, isError: result.isError === true };
}

async function lintConcurrencyFile(fileName: string): Promise<ESLint.LintResult> {
  const eslint = new ESLint({
    cwd: CONCURRENCY_DIR,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tsParser },
        // typescript-eslint's rule type and ESLint's own differ only in typing; the object is what ESLint loads.
        plugins: {
          elicitation: { rules: { "no-session-keyed-pending": noSessionKeyedPending } } as unknown as ESLint.Plugin,
        },
        rules: { "elicitation/no-session-keyed-pending": "error" },
      },
    ],
  });
  const [result] = await eslint.lintFiles([fileName]);
  return result!;
}

describe("two overlapping questions in one session, real MCP SDK over InMemoryTransport", () => {
  describe("session-keyed dispatcher (resolver parked under extra.sessionId)", () => {
    it("answered second-first: the second question overwrote the first, so the checkout's P1 is dropped and the checkout call hangs until its timeout", async () => {
      const { server, log } = createSessionKeyedServer({ answerTimeoutMs: DISPATCHER_DEADLINE_MS });
      const outcome = await fileTwoTickets(server, "second first");

      expect(outcome.arrivals).toEqual([CHECKOUT, TYPO]);
      expect(outcome.typo).toEqual({ text: `ticket "${TYPO}": P4`, isError: false });
      expect(outcome.checkout).toEqual({ text: `ticket "${CHECKOUT}": no answer before the deadline`, isError: true });
      expect(log.map((entry) => [entry.answer.content?.priority, entry.delivered])).toEqual([
        ["P4", true],
        ["P1", false],
      ]);
      expect(outcome.elapsedMs).toBeGreaterThanOrEqual(DISPATCHER_DEADLINE_MS - 20);
      expect(outcome.elapsedMs).toBeLessThan(DISPATCHER_DEADLINE_MS + 2_000);
    });

    it("answered first-first: the checkout's P1 is applied to the typo ticket, the typo's P4 is dropped, and the checkout call hangs until its timeout", async () => {
      const { server, log } = createSessionKeyedServer({ answerTimeoutMs: DISPATCHER_DEADLINE_MS });
      const outcome = await fileTwoTickets(server, "first first");

      expect(outcome.arrivals).toEqual([CHECKOUT, TYPO]);
      expect(outcome.typo).toEqual({ text: `ticket "${TYPO}": P1`, isError: false });
      expect(outcome.checkout).toEqual({ text: `ticket "${CHECKOUT}": no answer before the deadline`, isError: true });
      expect(log.map((entry) => [entry.answer.content?.priority, entry.delivered])).toEqual([
        ["P1", true],
        ["P4", false],
      ]);
      expect(outcome.elapsedMs).toBeGreaterThanOrEqual(DISPATCHER_DEADLINE_MS - 20);
      expect(outcome.elapsedMs).toBeLessThan(DISPATCHER_DEADLINE_MS + 2_000);
    });

    it("is reported by no-session-keyed-pending through the ESLint Node API, at the session-id key", async () => {
      const result = await lintConcurrencyFile("session-keyed-server.ts");

      expect(result.messages).toHaveLength(1);
      expect(result.messages[0]).toMatchObject({
        ruleId: "elicitation/no-session-keyed-pending",
        severity: 2,
        line: 29,
        column: 25,
        endLine: 29,
        endColumn: 34,
      });
      expect(result.messages[0]!.message).toContain("Questions in one session share `sessionId`");
      expect(result.messages[0]!.message).toContain("the second overwrites the first");
    });
  });

  describe("inline await (no store)", () => {
    it("answered second-first: each call gets its own answer", async () => {
      const { server } = createInlineAwaitServer({ answerTimeoutMs: INLINE_DEADLINE_MS });
      const outcome = await fileTwoTickets(server, "second first");

      expect(outcome.arrivals).toEqual([CHECKOUT, TYPO]);
      expect(outcome.checkout).toEqual({ text: `ticket "${CHECKOUT}": P1`, isError: false });
      expect(outcome.typo).toEqual({ text: `ticket "${TYPO}": P4`, isError: false });
      // Nobody waited for a deadline: both calls ended as soon as their answers arrived.
      expect(outcome.elapsedMs).toBeLessThan(DISPATCHER_DEADLINE_MS);
    });

    it("answered first-first: each call gets its own answer", async () => {
      const { server } = createInlineAwaitServer({ answerTimeoutMs: INLINE_DEADLINE_MS });
      const outcome = await fileTwoTickets(server, "first first");

      expect(outcome.checkout).toEqual({ text: `ticket "${CHECKOUT}": P1`, isError: false });
      expect(outcome.typo).toEqual({ text: `ticket "${TYPO}": P4`, isError: false });
    });

    it("is not reported by no-session-keyed-pending", async () => {
      const result = await lintConcurrencyFile("inline-await-server.ts");
      expect(result.messages).toEqual([]);
    });

    it("the shared tool module is not reported either", async () => {
      const result = await lintConcurrencyFile("ticket-tool.ts");
      expect(result.messages).toEqual([]);
    });
  });
});
