/**
 * What both servers share: the `create_ticket` tool's input and the question it asks (the seed's priority prompt).
 */
import type { ElicitRequestFormParams, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

export const TOOL_NAME = "create_ticket";

export const ticketInput = { title: z.string() };

export function priorityQuestion(title: string): ElicitRequestFormParams {
  return {
    mode: "form",
    message: `Priority for "${title}"?`,
    requestedSchema: {
      type: "object",
      properties: { priority: { type: "string", enum: ["P1", "P2", "P3", "P4"] } },
      required: ["priority"],
    },
  };
}

/** The tool's reply: which priority this ticket got, or that no answer arrived for it. */
export function ticketResult(title: string, answer: ElicitResult | "timeout") {
  const text =
    answer === "timeout"
      ? `ticket "${title}": no answer before the deadline`
      : answer.action === "accept"
        ? `ticket "${title}": ${String(answer.content?.priority)}`
        : `ticket "${title}": ${answer.action}`;
  return { content: [{ type: "text" as const, text }], isError: answer === "timeout" };
}
