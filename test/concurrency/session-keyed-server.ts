/**
 * The seed's dispatcher: elicitations go through one object that logs them centrally and parks each caller's
 * resolver under the session id (`self._awaiting[session_id] = future`). Two overlapping questions in one session
 * share that slot. This file is the bug, kept on purpose: the concurrency test runs it and lints it.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ElicitRequestFormParams, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { TOOL_NAME, priorityQuestion, ticketInput, ticketResult } from "./ticket-tool.ts";

export interface DispatcherLogEntry {
  readonly sessionId: string;
  readonly answer: ElicitResult;
  /** False when the answer found no caller waiting under its session: it was dropped. */
  readonly delivered: boolean;
}

class ElicitationDispatcher {
  private readonly awaiting = new Map<string, (answer: ElicitResult) => void>();

  constructor(
    private readonly server: McpServer,
    private readonly answerTimeoutMs: number,
    readonly log: DispatcherLogEntry[],
  ) {}

  ask(sessionId: string, question: ElicitRequestFormParams): Promise<ElicitResult | "timeout"> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve("timeout"), this.answerTimeoutMs);
      this.awaiting.set(sessionId, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      void this.server.server.elicitInput(question).then((answer) => this.deliver(sessionId, answer));
    });
  }

  private deliver(sessionId: string, answer: ElicitResult): void {
    const waiter = this.awaiting.get(sessionId);
    this.awaiting.delete(sessionId);
    this.log.push({ sessionId, answer, delivered: waiter !== undefined });
    waiter?.(answer);
  }
}

export function createSessionKeyedServer(options: { answerTimeoutMs: number }) {
  const server = new McpServer({ name: "session-keyed-tickets", version: "1.0.0" });
  const log: DispatcherLogEntry[] = [];
  const dispatcher = new ElicitationDispatcher(server, options.answerTimeoutMs, log);
  server.registerTool(TOOL_NAME, { inputSchema: ticketInput }, async ({ title }, extra) => {
    const answer = await dispatcher.ask(extra.sessionId ?? "default", priorityQuestion(title));
    return ticketResult(title, answer);
  });
  return { server, log };
}
