/**
 * The options, message ids and messages of `forward-abort-signal`, apart from the rule so that the modules beside it
 * can name its types without importing the rule back.
 */
import type { TSESLint } from "@typescript-eslint/utils";
import type { JSONSchema4 } from "@typescript-eslint/utils/json-schema";
import { wrapperOptionSchema, type WrapperOption } from "../../analysis/wrappers.ts";

export type MessageIds =
  | "notForwarded"
  | "notRaced"
  | "missingStopWaiting"
  | "handlerIgnoresSignal"
  | "handlerHasNoSignal"
  | "handlerTakesNoSignal"
  | "takeSignal"
  | "addSignal"
  | "addStopWaiting"
  | "raceSignal";

export interface Options {
  humanWaitFunctions?: WrapperOption[];
}

/**
 * What the analysis of one file shares: the rule's context, which it reports through, and the file's source. Here
 * rather than in analyse.ts because handler.ts and fix.ts, which analyse.ts calls, take it too.
 */
export interface Check {
  readonly context: Readonly<TSESLint.RuleContext<MessageIds, [Options]>>;
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
}

export const SCHEMA: JSONSchema4[] = [
  {
    type: "object",
    additionalProperties: false,
    properties: { humanWaitFunctions: wrapperOptionSchema },
  },
];

export const DEFAULT_OPTIONS: [Options] = [{ humanWaitFunctions: [] }];

export const MESSAGES: Record<MessageIds, string> = {
  notForwarded:
    "When the caller gives up, {{label}} keeps waiting and the dialog stays up: `{{signal}}` is not passed on.",
  notRaced:
    "{{label}} takes no signal: when `{{signal}}` aborts, it keeps waiting for a client that may never answer. Race it against `{{signal}}`.",
  missingStopWaiting:
    "Aborting `{{signal}}` only sends `$/cancel_request`: without `{{companion}}: true` the wait lasts until the client answers.",
  handlerIgnoresSignal:
    "This handler ignores `{{signal}}`: when the server withdraws the question, the dialog stays up and its answer goes nowhere.",
  handlerHasNoSignal:
    "{{label}} gives this handler no cancellation signal: when the server stops waiting, the dialog stays up. Bound the wait for the person with a timer of your own.",
  handlerTakesNoSignal:
    "When its caller gives up, {{label}} keeps waiting for an answer nobody needs: this handler never takes `{{param}}`.",
  takeSignal: "Take `{{param}}` and pass `{{signal}}` to the call.",
  addSignal: "Pass `{{signal}}` to the call.",
  addStopWaiting: "Stop waiting when `{{signal}}` aborts (`{{companion}}: true`).",
  raceSignal:
    "Race the call against `{{signal}}` through a helper that stops waiting when it aborts and lets go of it.",
};
