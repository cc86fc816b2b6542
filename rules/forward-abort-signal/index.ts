/**
 * The ask ends when the operation that asked is abandoned. A question the caller no longer needs, and that
 * the client leaves open, never settles: the ACP seed's session kept "requires action" for the rest of its
 * life because an elicitation was not raced against its callback's signal.
 */
import { askOf } from "../../analysis/asks.ts";
import { fileMayWaitOnPerson } from "../../analysis/local-waits.ts";
import { createRule } from "../../analysis/create-rule.ts";
import { textFacts, type TextSource } from "../../analysis/text-gate.ts";
import { compileWrappers, mentionsWrapper } from "../../analysis/wrappers.ts";
import { checkCall } from "./analyse.ts";
import { checkHandler, checkRegisteredHandlers } from "./handler.ts";
import { DEFAULT_OPTIONS, MESSAGES, SCHEMA, type SignalCheck, type MessageIds, type Options } from "./options.ts";

export type { Options } from "./options.ts";

/**
 * Whether this rule can report anything in a file with this text: it calls a wait on a person or registers a
 * question's handler (analysis/text-gate.ts `mayAskPerson`), or names one of the user's wrappers. The codemod uses
 * this same test.
 */
export function mayReport(source: TextSource, options: Options = {}): boolean {
  const facts = textFacts(source);
  return facts.mayAskPerson || mentionsWrapper(facts.text, compileWrappers(options.humanWaitFunctions));
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
    schema: SCHEMA,
    defaultOptions: DEFAULT_OPTIONS,
    messages: MESSAGES,
  },
  create(context, [options]) {
    const sourceCode = context.sourceCode;
    const wrappers = compileWrappers(options.humanWaitFunctions, context);
    // Typed, a file may also wait through the program's own functions that answer with a person's answer.
    if (!mayReport(sourceCode, options) && !fileMayWaitOnPerson(sourceCode, wrappers)) return {};
    const check: SignalCheck = { context, sourceCode, deadlineMs: options.deadlineMs ?? null, wrappers };

    return {
      CallExpression(node) {
        const ask = askOf(node, sourceCode, wrappers);
        if (ask.wait?.api.side === "server") {
          checkCall(check, ask.wait);
          return;
        }
        if (ask.handler) checkHandler(check, ask.handler);
        else checkRegisteredHandlers(check, node);
      },
      NewExpression(node) {
        const handler = askOf(node, sourceCode).handler;
        if (handler) checkHandler(check, handler);
      },
    };
  },
});
