/**
 * The message ids and messages of `verify-request-state` (it takes no options), apart from the rule so that the
 * modules beside it can name its types without importing the rule back.
 */
import type { JSONSchema4 } from "@typescript-eslint/utils/json-schema";

export type Options = [];

export type MessageIds = "unsignedState" | "unverifiedRead";

export const SCHEMA: JSONSchema4[] = [];

export const MESSAGES: Record<MessageIds, string> = {
  unsignedState:
    "The client can rewrite this requestState before it comes back, and nothing here would notice. It is made by hand ({{how}}) and the server has no `requestState.verify` hook: mint it with `createRequestStateCodec({ key }).mint(…)` and pass the codec's `verify` as the server's `requestState: { verify }`.",
  unverifiedRead:
    "This reads requestState as the client sent it back, which anyone can forge. The server in this file has no `requestState.verify` hook, so `ctx.mcpReq.requestState()` returns the raw wire string: pass a codec's `verify` as `requestState: { verify }` to the server.",
};
