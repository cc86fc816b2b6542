/**
 * The options, message ids and messages of `exhaustive-action`, and what the `strict` config sets, apart from the
 * rule so that the modules beside it can name its types without importing the rule back.
 */
import type { JSONSchema4 } from "@typescript-eslint/utils/json-schema";
import { wrapperOptionSchema, type WrapperOption } from "../../analysis/wrappers.ts";

export type Options = [{ reportIdenticalBranches?: boolean; humanWaitFunctions?: WrapperOption[] }];
export type MessageIds =
  | "declineAndCancelMerged"
  | "cancelledAndSelectedMerged"
  | "unhandledOutcome"
  | "declineWithoutPerson"
  | "acceptWithoutPerson"
  | "identicalBranches"
  | "reaskMerged"
  | "noDecisionForwardedAsRefusal"
  | "cancelledAsksAgain"
  | "suggestForwardNoDecision"
  | "suggestExhaustiveSwitch"
  | "suggestInputResponseSwitch";

export const SCHEMA: JSONSchema4[] = [
  {
    type: "object",
    additionalProperties: false,
    properties: {
      reportIdenticalBranches: {
        type: "boolean",
        description:
          "Also report decline and cancel branches that are token-identical, or grouped in one test or case (the strict config turns this on).",
      },
      humanWaitFunctions: wrapperOptionSchema,
    },
  },
];

export const DEFAULT_OPTIONS: Options = [{ reportIdenticalBranches: false, humanWaitFunctions: [] }];

export const MESSAGES: Record<MessageIds, string> = {
  declineAndCancelMerged: "{{path}} treats cancel as decline: give each a branch.{{rewrite}}",
  cancelledAndSelectedMerged: "{{path}} treats `cancelled` as a choice: split it off.{{rewrite}}",
  unhandledOutcome: "No branch for {{missing}}: it runs on like {{others}}.{{rewrite}}",
  declineWithoutPerson: "This answers {{answer}} when {{cause}}: a refusal nobody made. Answer {{instead}}.",
  acceptWithoutPerson:
    "This answers `accept` when {{cause}}: the failure is sent as the user's answer. Answer `cancel`.",
  identicalBranches: "Decline and cancel {{what}}, so a refusal looks like a dismissal: handle each apart.",
  reaskMerged: "A person who said no is asked it again: stop on decline and cancel.{{rewrite}}",
  noDecisionForwardedAsRefusal: "This forwards {{from}} (nobody decided) as {{to}} (a refusal): answer {{instead}}.",
  cancelledAsksAgain: "After `cancelled` the turn is over, but this asks the person again: end the turn ({{stop}}).",
  suggestForwardNoDecision: "Forward it as {{instead}}: nobody decided",
  suggestExhaustiveSwitch: "Handle accept, decline and cancel in a switch",
  suggestInputResponseSwitch: "Read the answer with inputResponse and end the call on decline and on cancel",
};

/** What the `strict` and `all` configs set: merged decline and cancel branches are reported even when identical. */
export const STRICT_OPTIONS: Options = [{ reportIdenticalBranches: true }];
