/**
 * Every wait on a person has a deadline chosen for a person. The MCP SDK's 60-second request default was
 * chosen for HTTP round trips; mcp-use's default is the largest timer Node allows; ACP has none. A deadline
 * the caller keeps to itself (`Promise.race([ask, timer])`) stops the wait but not the question: the client's
 * dialog stays up and nothing tells it to close.
 */
import { narrowCallLocation } from "../../analysis/ast.ts";
import { createRule } from "../../analysis/create-rule.ts";
import { findHandRolledWait, findWaiterObjectWait } from "../../analysis/deadline.ts";
import { askOf } from "../../analysis/asks.ts";
import { fileMayWaitOnPerson } from "../../analysis/local-waits.ts";
import { textFacts, type TextSource } from "../../analysis/text-gate.ts";
import { compileWrappers, mentionsWrapper } from "../../analysis/wrappers.ts";
import { checkCall, checkHandRolledWait, checkTimerWithdrawal, requestToJudge } from "./analyse.ts";
import { clientSideElicitation } from "./client-side.ts";
import { checkStdioServer } from "./stdio.ts";
import { DEFAULT_OPTIONS, MESSAGES, SCHEMA, type DeadlineCheck, type MessageIds, type Options } from "./options.ts";

/**
 * Whether this rule can report anything in a file with this text: it calls a wait on a person (analysis/text-gate.ts
 * `mayAskPerson`), names one and builds a `new Promise` (a hand-rolled wait), or names one of the user's wrappers.
 * The codemod uses this same test.
 */
export function mayReport(source: TextSource, options: Options = {}): boolean {
  const facts = textFacts(source);
  return (
    facts.mayAskPerson ||
    facts.mayHandRollWait ||
    mentionsWrapper(facts.text, compileWrappers(options.humanWaitFunctions))
  );
}

export default createRule<[Options], MessageIds>({
  name: "require-deadline",
  meta: {
    type: "problem",
    // eslint-disable-next-line eslint-plugin/require-meta-has-suggestions -- reported from ./require-deadline/stdio.ts
    hasSuggestions: true,
    docs: {
      description: "Require every wait on a person to have a deadline chosen for a person",
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
    if (
      !mayReport(sourceCode, options) &&
      !(sourceCode.parserServices?.program && fileMayWaitOnPerson(sourceCode, wrappers))
    ) {
      return {};
    }

    const check: DeadlineCheck = { context, sourceCode, options };
    const isClientSideElicitation = clientSideElicitation(sourceCode, wrappers);
    let asks = false;
    return {
      CallExpression(node) {
        const call = askOf(node, sourceCode, wrappers).wait;
        asks ||= call?.api.side === "server";
        const request = call && requestToJudge(call, node, sourceCode);
        if (request) checkCall(check, request);
        // `await resolver.wait()` on a waiter object that only an answer settles.
        const waiter = call ? null : findWaiterObjectWait(node, sourceCode);
        if (waiter) context.report({ node: narrowCallLocation(node), messageId: "handRolledWait" });
      },
      NewExpression(node) {
        // Neither a timer nor a signal ends it.
        const wait = findHandRolledWait(node, sourceCode);
        if (wait) checkHandRolledWait(check, wait.promise, isClientSideElicitation(wait.owner));
        // A timer ends it, and leaves the question it sent on the client's screen.
        else checkTimerWithdrawal(check, node);
      },
      // A server that asks over a stdio transport deaf to the end of its input.
      "Program:exit": () => asks && checkStdioServer(check),
    };
  },
});
