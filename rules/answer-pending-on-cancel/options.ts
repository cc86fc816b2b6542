/**
 * The message ids and messages of `answer-pending-on-cancel` (it takes no options), apart from the rule so that the
 * modules beside it can name its types without importing the rule back.
 */
import type { JSONSchema4 } from "@typescript-eslint/utils/json-schema";

export type Options = [];

export type MessageIds = "pendingLeftOnCancel" | "answerPendingCancelled";

export const SCHEMA: JSONSchema4[] = [];

export const MESSAGES: Record<MessageIds, string> = {
  pendingLeftOnCancel: "After this cancel, the prompts in `{{store}}` wait forever: answer each one `cancelled` here.",
  answerPendingCancelled: "Answer every prompt in `{{store}}` with the cancelled outcome before cancelling.",
};
