/**
 * `elicitation/answer-pending-on-cancel`: an ACP client answers its open permission prompts when it cancels the turn
 * (docs/rules/answer-pending-on-cancel.md).
 *
 * ACP's prompt turn says that after `session/cancel` the client MUST answer every pending `session/request_permission`
 * with the `cancelled` outcome. A client whose `requestPermission` parks each prompt's resolver in a store for its UI,
 * and whose stop path only sends `conn.cancel({ sessionId })`, leaves the agent waiting on prompts nobody will answer.
 */
import { findUnsettledCancels, textMayParkPromptsAcrossCancel } from "./cancel-path.ts";
import { createRule } from "../../analysis/create-rule.ts";
import { textFacts, type TextSource } from "../../analysis/text-gate.ts";
import { settlePendingEdit } from "./settle-pending-text.ts";
import { outermostStatement } from "./statement.ts";
import { MESSAGES, SCHEMA, type MessageIds, type Options } from "./options.ts";

/**
 * Whether this rule could report on a file with this text: it must name the permission handler and a cancel.
 * @public read through the module registry in rules/index.ts (no codemod imports it by name).
 */
export function mayReport(source: TextSource): boolean {
  return textMayParkPromptsAcrossCancel(textFacts(source).text);
}

export default createRule<Options, MessageIds>({
  name: "answer-pending-on-cancel",
  meta: {
    type: "problem",
    hasSuggestions: true,
    docs: {
      description: "Require an ACP client to answer its pending permission prompts `cancelled` when it cancels a turn",
      recommended: true,
    },
    schema: SCHEMA,
    defaultOptions: [],
    messages: MESSAGES,
  },
  create(context) {
    const sourceCode = context.sourceCode;
    if (!mayReport(sourceCode)) return {};
    return {
      "Program:exit"() {
        for (const { cancel, store, reachable, session } of findUnsettledCancels(sourceCode)) {
          // Seen from another class, `this.` would name the wrong object.
          const data = { store: reachable ? store.path.join(".") : store.name };
          const statement = reachable ? outermostStatement(cancel) : null;
          context.report({
            node: cancel,
            messageId: "pendingLeftOnCancel",
            data,
            suggest: statement
              ? [
                  {
                    messageId: "answerPendingCancelled",
                    data,
                    fix: (fixer) => {
                      const edit = settlePendingEdit(sourceCode, statement, store, session);
                      return fixer.insertTextBeforeRange(edit.range, edit.text);
                    },
                  },
                ]
              : [],
          });
        }
      },
    };
  },
});
