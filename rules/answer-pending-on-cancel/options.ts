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
  | "promptOutlivesTurnUntilAnswered"
  | "answerPendingCancelled";

export const SCHEMA: JSONSchema4[] = [];

export const MESSAGES: Record<MessageIds, string> = {
  pendingLeftOnCancel: "After this cancel, the prompts in `{{store}}` wait forever: answer each one `cancelled` here.",
  pendingInModuleLeftOnCancel:
    "The agent hangs on `{{store}}` ({{module}}) after this cancel: answer each `cancelled`.",
  dialogLeftOpenOnCancel:
    "The {{dialog}} at {{where}} stays up after this cancel: a later click runs a dead turn's tool call.",
  promptOutlivesTurn:
    "The timer at line {{line}} ends the turn, but this permission prompt stays open: pass it `{{signal}}`.",
  promptOutlivesTurnUntilAnswered:
    "The timer at line {{line}} ends the turn, but this permission prompt stays open: end the turn once it is answered.",
  answerPendingCancelled: "Answer every prompt in `{{store}}` with the cancelled outcome before cancelling.",
};
