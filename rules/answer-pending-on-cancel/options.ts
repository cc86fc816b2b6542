/**
 * The message ids and messages of `answer-pending-on-cancel` (it takes no options), apart from the rule so that the
 * modules beside it can name its types without importing the rule back.
 */
import type { JSONSchema4 } from "@typescript-eslint/utils/json-schema";

export type Options = [];

export type MessageIds =
  | "pendingLeftOnCancel"
  | "pendingInModuleLeftOnCancel"
  | "dialogLeftOpenOnCancel"
  | "promptOutlivesTurn"
  | "answerPendingCancelled";

export const SCHEMA: JSONSchema4[] = [];

export const MESSAGES: Record<MessageIds, string> = {
  pendingLeftOnCancel: "After this cancel, the prompts in `{{store}}` wait forever: answer each one `cancelled` here.",
  pendingInModuleLeftOnCancel:
    "After this cancel, the permission prompts kept in `{{store}}` ({{module}}) wait forever: answer each one `cancelled` from here.",
  dialogLeftOpenOnCancel:
    "After this cancel, the {{dialog}} shown at {{where}} stays open: a later click answers a turn that no longer exists, and an approval runs the tool call anyway. Hand it a cancellation token this cancel cancels.",
  promptOutlivesTurn:
    "When {{ender}} ends the turn, this permission request stays open: the client's prompt outlives the turn, and a later click approves a tool call for a turn that has ended. {{fix}}",
  answerPendingCancelled: "Answer every prompt in `{{store}}` with the cancelled outcome before cancelling.",
};
