/**
 * The options, message ids and messages of `require-deadline`, and what the `strict` config sets, apart from the rule
 * so that the modules beside it can name its types without importing the rule back.
 */
import type { TSESLint } from "@typescript-eslint/utils";
import type { JSONSchema4 } from "@typescript-eslint/utils/json-schema";
import { wrapperOptionSchema, type WrapperOption } from "../../analysis/wrappers.ts";

export type MessageIds =
  | "missingDeadline"
  | "opaqueOptions"
  | "raceLeavesRequestOpen"
  | "deadlineKeepsWaiting"
  | "handRolledWait"
  | "timeoutLeavesQuestionOpen"
  | "deadlineNeverFires"
  | "clientWaitIgnoresRequestSignal"
  | "stdioOutlivesClient"
  | "closeOnEndOfInput"
  | "cancelOnlyBound"
  | "giveDeadline"
  | "stopOnTimeout";

export interface Options {
  reportOpaqueOptions?: boolean;
  timeCancellablePermissions?: boolean;
  humanWaitFunctions?: WrapperOption[];
  /** How many milliseconds a person gets to answer: set, the reports suggest the edits that give the wait that deadline. */
  deadlineMs?: number | null;
}

/** What the rule's analysis of one file shares: the rule's context, which it reports through, the file and the options. */
export interface DeadlineCheck {
  readonly context: Readonly<TSESLint.RuleContext<MessageIds, [Options]>>;
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly options: Options;
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
      timeCancellablePermissions: {
        type: "boolean",
        description:
          "Also ask an ACP permission prompt for a timer when the caller's signal (the turn's cancel) is in reach.",
      },
      humanWaitFunctions: wrapperOptionSchema,
      deadlineMs: {
        type: ["integer", "null"],
        minimum: 1,
        description:
          "How many milliseconds a person gets to answer: when set, reports suggest the edit that gives the wait this deadline.",
      },
    },
  },
];

export const DEFAULT_OPTIONS: [Options] = [
  { reportOpaqueOptions: false, timeCancellablePermissions: false, humanWaitFunctions: [], deadlineMs: null },
];

export const MESSAGES: Record<MessageIds, string> = {
  missingDeadline: "{{defaultDeadline}}: {{fix}}.",
  opaqueOptions:
    "These options may not set a deadline, so the wait may outlast a person: set one at the call or in their type.",
  raceLeavesRequestOpen: "This race leaves the dialog up: {{fix}}.",
  deadlineKeepsWaiting: "This timeout leaves the wait on until the client answers: add `{{companion}}: true`.",
  deadlineNeverFires: "This deadline never fires on some path (`{{value}}`): choose a wait for a person.",
  handRolledWait:
    "This promise waits forever if nobody answers: settle it from a timer and from the caller's abort signal.",
  timeoutLeavesQuestionOpen:
    "When this timer gives up, the question stays on the client's screen: send `{{notification}}` for its request id.",
  clientWaitIgnoresRequestSignal:
    "When the server gives up, this question stays on screen: settle it as a cancel when the request's signal aborts.",
  stdioOutlivesClient:
    "This stdio transport never notices its client leave, so open questions wait out their deadline: close on stdin close.",
  closeOnEndOfInput: "Close the server when stdin closes.",
  cancelOnlyBound: "Only a cancel ends this prompt: {{fix}}.",
  giveDeadline: "Give the person {{seconds}} s to answer.",
  stopOnTimeout: "Make the wait end when its timeout fires.",
};

/**
 * What the `strict` and `all` configs set: options that may not set a deadline are reported too, and so are ACP
 * permission prompts that only the turn's cancel ends.
 */
export const STRICT_OPTIONS: [Options] = [{ reportOpaqueOptions: true, timeCancellablePermissions: true }];
