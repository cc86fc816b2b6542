/**
 * The options, message ids and messages of `no-session-keyed-pending`, apart from the rule so that the modules beside
 * it can name its types without importing the rule back.
 */
import type { JSONSchema4 } from "@typescript-eslint/utils/json-schema";
import {
  DEFAULT_KEY_NAME_PATTERN,
  DEFAULT_PER_QUESTION_KEY_PATTERN,
  DEFAULT_STORE_NAME_PATTERN,
} from "./pending-names.ts";

export type Options = [
  { keyNamePattern?: string; perQuestionKeyPattern?: string; storeNamePattern?: string; reportSingleSlot?: boolean },
];
export type MessageIds = "sessionKeyedPending" | "singleSlotPending" | "sharedHandlerReplaced";

export const SCHEMA: JSONSchema4[] = [
  {
    type: "object",
    additionalProperties: false,
    properties: {
      keyNamePattern: {
        type: "string",
        description:
          "Regular expression for key names shared by every question of a session, thread, tool call or server, matched against the name in snake_case (`session.id` and `sessionId` are both `session_id`).",
      },
      perQuestionKeyPattern: {
        type: "string",
        description:
          "Regular expression for key names unique to one question (request id, elicitation id, UUID, counter), matched in snake_case; such keys are never reported.",
      },
      reportSingleSlot: {
        type: "boolean",
        description:
          "Also report one field or state that holds the open question's resolver, settled by whichever answer comes (the strict config turns this on: on published code it also matched connection and stream slots).",
      },
      storeNamePattern: {
        type: "string",
        description:
          "Regular expression for names of stores that hold pending answers, matched in snake_case; in them a value the rule cannot see into counts as a waiter.",
      },
    },
  },
];

export const DEFAULT_OPTIONS: Options = [
  {
    keyNamePattern: DEFAULT_KEY_NAME_PATTERN,
    perQuestionKeyPattern: DEFAULT_PER_QUESTION_KEY_PATTERN,
    storeNamePattern: DEFAULT_STORE_NAME_PATTERN,
    reportSingleSlot: false,
  },
];

/** What the strict config adds: the single-slot resolvers, which need a reader's judgement more often. */
export const STRICT_OPTIONS: Options = [{ reportSingleSlot: true }];

export const MESSAGES: Record<MessageIds, string> = {
  sessionKeyedPending: "{{sharedBy}} share `{{key}}`: the second overwrites the first. Use the request id.",
  singleSlotPending: "Every question shares the slot `{{slot}}`: the next overwrites it. Keep each by its request id.",
  sharedHandlerReplaced:
    "Each new `{{entity}}` replaces this handler on the shared `{{client}}`: the newest gets every question.",
};
