/**
 * The options, message ids and messages of `forward-abort-signal`, apart from the rule so that the modules beside it
 * can name its types without importing the rule back.
 */
import type { TSESLint } from "@typescript-eslint/utils";
import type { JSONSchema4 } from "@typescript-eslint/utils/json-schema";
import { wrapperOptionSchema, type WrapperOption, type WrapperSpecifier } from "../../analysis/wrappers.ts";

export type MessageIds =
  | "notForwarded"
  | "notRaced"
  | "missingStopWaiting"
  | "handlerIgnoresSignal"
  | "handlerHasNoSignal"
  | "handlerTakesNoSignal"
  | "handlerHandsOutAsk"
  | "handlerDropsSignal"
  | "relayHidesWithdrawal"
  | "takeSignal"
  | "addSignal"
  | "addStopWaiting"
  | "raceSignal"
  | "addSignalWithin"
  | "raceSignalWithin";

export interface Options {
  humanWaitFunctions?: WrapperOption[];
  /**
   * How many milliseconds a person gets to answer: set, the suggestion that forwards the signal also gives the wait
   * that deadline (what `migrate --deadline-ms` writes).
   */
  deadlineMs?: number | null;
}

/**
 * What the analysis of one file shares: the rule's context, which it reports through, and the file's source. Here
 * rather than in analyse.ts because handler.ts and fix.ts, which analyse.ts calls, take it too.
 */
export interface SignalCheck {
  readonly context: Readonly<TSESLint.RuleContext<MessageIds, [Options]>>;
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  /** The `deadlineMs` option, or null. */
  readonly deadlineMs: number | null;
  /** The `humanWaitFunctions` option, compiled for this file. */
  readonly wrappers: readonly WrapperSpecifier[];
}

export const SCHEMA: JSONSchema4[] = [
  {
    type: "object",
    additionalProperties: false,
    properties: {
      humanWaitFunctions: wrapperOptionSchema,
      deadlineMs: {
        type: ["integer", "null"],
        minimum: 1,
        description:
          "How many milliseconds a person gets to answer: when set, the suggestion that forwards the signal also gives the wait this deadline.",
      },
    },
  },
];

export const DEFAULT_OPTIONS: [Options] = [{ humanWaitFunctions: [], deadlineMs: null }];

export const MESSAGES: Record<MessageIds, string> = {
  notForwarded: "When the caller gives up, this question stays on screen: pass `{{signal}}` to the call.",
  notRaced: "{{label}} takes no signal, so it outlives `{{signal}}`: race it against the signal.",
  missingStopWaiting: "Aborting `{{signal}}` leaves this waiting until the client answers: add `{{companion}}: true`.",
  handlerIgnoresSignal:
    "When the server withdraws the question, the dialog stays up: close it when `{{signal}}` aborts.",
  handlerHasNoSignal: "{{label}} passes no signal, so a withdrawn question stays up: bound the wait with a timer.",
  relayHidesWithdrawal:
    "This relays a question its callback gets no signal for: if it is withdrawn upstream, this one stays on screen.",
  handlerTakesNoSignal:
    "This handler never takes `{{param}}`, so this wait outlives its caller: take it and pass its signal.",
  handlerHandsOutAsk:
    "This handler never takes `{{param}}`: what its `{{asker}}` asks outlives the request. Take it, pass its signal.",
  handlerDropsSignal: "`{{handler}}` ({{at}}) never takes `{{param}}`: a cancelled request leaves its question open.",
  takeSignal: "Take `{{param}}` and pass `{{signal}}` to the call.",
  addSignal: "Pass `{{signal}}` to the call.",
  addStopWaiting: "Stop waiting when `{{signal}}` aborts (`{{companion}}: true`).",
  raceSignal:
    "Race the call against `{{signal}}` through a helper that stops waiting when it aborts and lets go of it.",
  addSignalWithin: "Pass `{{signal}}` to the call and give it {{seconds}} s to be answered.",
  raceSignalWithin: "Race the call against `{{signal}}` and a {{seconds}} s deadline through a helper.",
};
