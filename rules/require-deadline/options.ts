/**
 * The options, message ids and messages of `require-deadline`, and what the `strict` config sets, apart from the rule
 * so that the modules beside it can name its types without importing the rule back.
 */
import type { JSONSchema4 } from "@typescript-eslint/utils/json-schema";
import { wrapperOptionSchema, type WrapperOption } from "../../analysis/wrappers.ts";

export type MessageIds =
  | "missingDeadline"
  | "opaqueOptions"
  | "raceLeavesRequestOpen"
  | "deadlineKeepsWaiting"
  | "handRolledWait"
  | "deadlineNeverFires"
  | "clientWaitIgnoresRequestSignal";

export interface Options {
  reportOpaqueOptions?: boolean;
  humanWaitFunctions?: WrapperOption[];
}

export const SCHEMA: JSONSchema4[] = [
  {
    type: "object",
    additionalProperties: false,
    properties: {
      reportOpaqueOptions: {
        type: "boolean",
        description:
          "Also report calls whose options are a variable or a spread that may not set a deadline (unless their type requires one).",
      },
      humanWaitFunctions: wrapperOptionSchema,
    },
  },
];

export const DEFAULT_OPTIONS: [Options] = [{ reportOpaqueOptions: false, humanWaitFunctions: [] }];

export const MESSAGES: Record<MessageIds, string> = {
  missingDeadline:
    "{{defaultDeadline}}. Choose how long this question may wait for the person who has to answer it: {{fix}}.",
  opaqueOptions:
    "These options may not set a deadline: without one, {{defaultDeadline}}. Spell the deadline out at the call ({{fix}}), or give the options a type that requires it.",
  raceLeavesRequestOpen:
    "This race stops waiting but leaves the question open: the client's dialog stays up and nothing sends {{cancelNotice}}. Give the deadline to the call itself ({{fix}}), so timing out withdraws the question.",
  deadlineKeepsWaiting:
    "This timeout only sends `$/cancel_request`: without `{{companion}}: true` the wait lasts until the client answers.",
  deadlineNeverFires:
    "This deadline never fires on some path: `{{value}}` is no shorter than the largest timer, so a question nobody answers waits forever.",
  handRolledWait:
    "This promise settles only when an answer is delivered. With no timer and no abort signal, a question nobody answers keeps it pending, and whatever awaits it, for the life of the process: settle it from a timer chosen for a person and from the caller's abort signal.",
  clientWaitIgnoresRequestSignal:
    "This promise holds a server's question until the person answers. The server's request timeout bounds how long the server waits, but when it gives up or cancels, nothing here listens: the question stays queued, or on screen, with nobody waiting for its answer. Settle it (as a cancel) when the request's abort signal (`extra.signal`) fires.",
};

/** What the `strict` and `all` configs set: options that may not set a deadline are reported too. */
export const STRICT_OPTIONS: [Options] = [{ reportOpaqueOptions: true }];
