/**
 * The ask ends when the operation that asked is abandoned. A question the caller no longer needs, and that
 * the client leaves open, never settles: the ACP seed's session kept "requires action" for the rest of its
 * life because an elicitation was not raced against its callback's signal.
 */
import { matchElicitationHandler } from "../../analysis/calls.ts";
import { fileMayWaitOnPerson, matchWaitOnPerson } from "../../analysis/local-waits.ts";
import { createRule } from "../../analysis/create-rule.ts";
import { textFacts, type TextSource } from "../../analysis/text-gate.ts";
import { localFunctionOf } from "../../analysis/walk.ts";
import { compileWrappers, mentionsWrapper, wrapperOptionSchema, type WrapperOption } from "../../analysis/wrappers.ts";
import { checkCall, type Check } from "./analyse.ts";
import { checkHandler } from "./handler.ts";

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

/** Whether this rule can report anything in a file with this text (it names a wait on a person). The codemod uses this same test. */
export function mayReport(source: TextSource, options: Options = {}): boolean {
  const facts = textFacts(source);
  return facts.mayWaitOnPerson || mentionsWrapper(facts.text, compileWrappers(options.humanWaitFunctions));
}

export default createRule<[Options], MessageIds>({
  name: "forward-abort-signal",
  meta: {
    type: "problem",
    // eslint-disable-next-line eslint-plugin/require-meta-has-suggestions -- the suggestions are reported from ./forward-abort-signal/analyse.ts and handler.ts
    hasSuggestions: true,
    docs: {
      description: "Require a wait on a person to end when the operation that asked is abandoned",
      recommended: true,
    },
    schema: [
      {
        type: "object",
        additionalProperties: false,
        properties: { humanWaitFunctions: wrapperOptionSchema },
      },
    ],
    defaultOptions: [{ humanWaitFunctions: [] }],
    messages: {
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
    },
  },
  create(context, [options]) {
    const sourceCode = context.sourceCode;
    const wrappers = compileWrappers(options.humanWaitFunctions);
    // Typed, a file may also wait through the program's own functions that answer with a person's answer.
    if (!mayReport(sourceCode, options) && !fileMayWaitOnPerson(sourceCode, wrappers)) return {};
    const check: Check = { context, sourceCode };

    return {
      CallExpression(node) {
        const call = matchWaitOnPerson(node, sourceCode, wrappers);
        if (call && call.api.side === "server") {
          checkCall(check, call);
          return;
        }
        const handler = matchElicitationHandler(node, (argument) => localFunctionOf(argument, sourceCode));
        if (handler) checkHandler(check, handler);
      },
    };
  },
});
