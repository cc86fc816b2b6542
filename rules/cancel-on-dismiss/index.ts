/**
 * `elicitation/cancel-on-dismiss`: a dialog that closes without a choice answers the pending question "no decision"
 * (ACP `cancelled`, MCP `cancel`), never an approval, and never nothing (docs/rules/cancel-on-dismiss.md).
 *
 * The dismissal events are rows of protocol/dismissals.ts (sites.ts finds them); paths.ts follows what runs on a
 * dismissal, answers.ts reads the answers given there, judge.ts decides, fix.ts writes the no-decision answer.
 */
import { createRule } from "../../analysis/create-rule.ts";
import { textFacts, type TextSource } from "../../analysis/text-gate.ts";
import { eventsOf, mentionsDismissal } from "./events.ts";
import { judge } from "./judge.ts";
import { DEFAULT_OPTIONS, MESSAGES, SCHEMA, type DismissCheck, type MessageIds, type Options } from "./options.ts";
import { findDismissals } from "./sites.ts";

/**
 * Whether this rule could report on a file with this text: it must name a dismissal event and hold an answer's word.
 * @public read through the module registry in rules/index.ts (no codemod imports it by name).
 */
export function mayReport(source: TextSource, options: Options = {}): boolean {
  const facts = textFacts(source);
  return facts.mayCompareAnswer && mentionsDismissal(facts.text, eventsOf(options));
}

export default createRule<[Options], MessageIds>({
  name: "cancel-on-dismiss",
  meta: {
    type: "problem",
    hasSuggestions: true,
    docs: {
      description: "Require a dialog closed without a choice to answer the question `cancelled`, never approve it",
      recommended: true,
    },
    schema: SCHEMA,
    defaultOptions: DEFAULT_OPTIONS,
    messages: MESSAGES,
  },
  create(context, [options]) {
    const sourceCode = context.sourceCode;
    if (!mayReport(sourceCode, options)) return {};
    const check: DismissCheck = { context, sourceCode, options, events: eventsOf(options) };
    const reported = new Set<string>();
    return {
      "Program:exit"() {
        for (const path of findDismissals(check.events, sourceCode)) {
          const finding = judge(path, check);
          const key = finding && `${finding.node.range.join(":")}:${finding.messageId}`;
          if (!finding || reported.has(key!)) continue;
          reported.add(key!);
          const { edit, data } = finding;
          context.report({
            node: finding.node,
            messageId: finding.messageId,
            data,
            suggest: edit
              ? [
                  {
                    messageId: "answerNoDecision",
                    data,
                    fix: (fixer) => fixer.replaceTextRange([...edit.range], edit.text),
                  },
                ]
              : [],
          });
        }
      },
    };
  },
});
