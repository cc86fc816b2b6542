/**
 * `release-in-finally`: a lock, transaction, reservation or "awaiting user" state held while a person is asked
 * is given back on every path that ends the wait — accept, decline, cancel, timeout, disconnect, invalid
 * answer, outer cancellation. Only a scope that unwinds guarantees that: `try { … } finally { release }`
 * right after the acquisition, `using` / `await using`, or a callback scope (`runExclusive(fn)`).
 *
 * Error Prone's LockNotBeforeTry taxonomy, one message each: release outside `finally`; statements between
 * the acquisition and the `try`; acquisition inside the `try`; the release handle escapes (strict only). A stored
 * timer cleared outside a `finally` has a message of its own: what it does if the question ends without an answer.
 */
import { textFacts, type TextSource } from "../../analysis/text-gate.ts";
import { fileMayWaitOnPerson } from "../../analysis/local-waits.ts";
import { importsModuleThatMayAsk } from "../../analysis/modules.ts";
import { compileLockPairs } from "./lock-pairs.ts";
import { compileWrappers, mentionsWrapper } from "../../analysis/wrappers.ts";
import { createRule } from "../../analysis/create-rule.ts";
import { DEFAULT_OPTIONS, MESSAGES, SCHEMA, type MessageIds, type Options } from "./options.ts";
import { checkAcquisitionsAtExit } from "./visitors.ts";

export type { MessageIds, Options } from "./options.ts";

/**
 * Whether this rule can report anything in a file with this text: nothing can be held across a wait on a person in
 * a file that never awaits, asks nobody (analysis/text-gate.ts `mayAskPerson`) or takes nothing. The `await` test comes first: it needs no compiled options.
 * The codemod uses this same test.
 */
export function mayReport(source: TextSource, options: Options[0] = {}): boolean {
  const facts = textFacts(source);
  if (!facts.awaits) return false;
  if (!compileLockPairs(options.pairs).textHint.test(facts.text)) return false;
  if (options.anyAwait === true || facts.mayAskPerson) return true;
  return mentionsWrapper(facts.text, compileWrappers(options.humanWaitFunctions));
}

export default createRule<Options, MessageIds>({
  name: "release-in-finally",
  meta: {
    type: "problem",
    docs: {
      description:
        "Require a lock, transaction, timer or waiting state held while a person is asked to be released in a `finally`",
      recommended: true,
    },
    // eslint-disable-next-line eslint-plugin/require-meta-has-suggestions -- the suggestions are built in ./release-in-finally/fix.ts
    hasSuggestions: true,
    schema: SCHEMA,
    defaultOptions: DEFAULT_OPTIONS,
    messages: MESSAGES,
  },
  create(context, [options]) {
    const sourceCode = context.sourceCode;
    const wrappers = compileWrappers(options.humanWaitFunctions, context);
    // A file may also wait through another module of the project, or (typed) the program's own answering functions.
    const waitsElsewhere = () =>
      textFacts(sourceCode).awaits &&
      (!!sourceCode.parserServices?.program || importsModuleThatMayAsk(sourceCode)) &&
      fileMayWaitOnPerson(sourceCode, wrappers);
    if (!mayReport(sourceCode, options) && !waitsElsewhere()) return {};
    return checkAcquisitionsAtExit(context, options, wrappers);
  },
});
