/**
 * The message ids and messages of `verify-request-state` (it takes no options), apart from the rule so that the
 * modules beside it can name its types without importing the rule back.
 */
import type { JSONSchema4 } from "@typescript-eslint/utils/json-schema";

export type Options = [];

export type MessageIds = "unsignedState" | "unverifiedRead";

export const SCHEMA: JSONSchema4[] = [];

export const MESSAGES: Record<MessageIds, string> = {
  unsignedState: "The client can forge this requestState ({{how}}): mint it with a codec the server verifies.",
  unverifiedRead:
    "This requestState is as the client sent it, so it can be forged: give the server `requestState: { verify }`.",
};
