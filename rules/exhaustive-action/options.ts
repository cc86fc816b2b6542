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
  | "identicalBranches"
  | "reaskMerged"
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
  declineAndCancelMerged:
    "Decline and cancel both take {{path}}: a dismissed dialog will be handled as a refusal, or a refusal as a dismissal. Give each its own branch.{{rewrite}}",
  cancelledAndSelectedMerged:
    "A cancelled permission request takes {{path}} with a selected option: a dismissed prompt will be handled as that choice. Handle `cancelled` on its own.{{rewrite}}",
  unhandledOutcome:
    "{{missing}} has no branch of its own here and carries on with the code after, like {{others}}: {{consequence}}. Give it its own branch.{{rewrite}}",
  declineWithoutPerson:
    "This handler answers {{answer}} when {{cause}}: the {{asker}} will be told a person refused when nobody decided. Answer {{instead}} (no decision) instead.",
  identicalBranches:
    "Decline and cancel {{what}}: whoever reads the result still cannot tell a refusal from a dismissed dialog.",
  reaskMerged:
    "A person who declined, or dismissed the question, is asked it again until the client gives up. `acceptedContent(…)` is undefined for a decline, a cancel and a missing answer alike: read the answer with `inputResponse(…)` and end the call on decline and on cancel.{{rewrite}}",
  suggestExhaustiveSwitch: "Handle accept, decline and cancel in a switch",
  suggestInputResponseSwitch: "Read the answer with inputResponse and end the call on decline and on cancel",
};

/** What the `strict` and `all` configs set: merged decline and cancel branches are reported even when identical. */
export const STRICT_OPTIONS: Options = [{ reportIdenticalBranches: true }];
