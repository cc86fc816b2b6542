/**
 * `elicitation/answer-pending-on-cancel`: an ACP client answers its open permission prompts when it cancels the turn
 * (docs/rules/answer-pending-on-cancel.md).
 *
 * ACP's prompt turn says that after `session/cancel` the client MUST answer every pending `session/request_permission`
 * with the `cancelled` outcome. A client whose `requestPermission` parks each prompt's resolver in a store for its UI,
 * and whose stop path only sends `conn.cancel({ sessionId })`, leaves the agent waiting on prompts nobody will answer.
 */
import path from "node:path";
import type { TSESLint } from "@typescript-eslint/utils";
import { findUnsettledCancels, textMayParkPromptsAcrossCancel, type CancelPathFinding } from "./cancel-path.ts";
import { findPromptsOutlivingTurn, textMayEndTurnItself } from "./turn-timeout.ts";
import { projectFileOf } from "../../analysis/project-files.ts";
import { createRule } from "../../analysis/create-rule.ts";
import { textFacts, type TextSource } from "../../analysis/text-gate.ts";
import { settlePendingEdit } from "./settle-pending-text.ts";
import { outermostStatement } from "./statement.ts";
import { MESSAGES, SCHEMA, type MessageIds, type Options } from "./options.ts";

/**
 * Whether this rule could report on a file with this text: it sends a cancel and names the permission handler or
 * imports a module of its own that may, or it races a turn that asks for a permission against a timer.
 * @public read through the module registry in rules/index.ts (no codemod imports it by name).
 */
export function mayReport(source: TextSource): boolean {
  const text = textFacts(source).text;
  return textMayParkPromptsAcrossCancel(text) || textMayEndTurnItself(text);
}

const rule = createRule<Options, MessageIds>({
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
        for (const finding of findUnsettledCancels(sourceCode)) reportCancel(context, finding);
        for (const { request, signal, line } of findPromptsOutlivingTurn(sourceCode)) {
          const messageId = signal ? "promptOutlivesTurn" : "promptOutlivesTurnUntilAnswered";
          context.report({ node: request, messageId, data: { line, signal: signal ?? "" } });
        }
      },
    };
  },
});

type Context = Parameters<(typeof rule)["create"]>[0];

function reportCancel(context: Context, { cancel, left, reachable, session }: CancelPathFinding): void {
  const sourceCode = context.sourceCode;
  if ("dialog" in left) {
    const { call, row, shownIn } = left.dialog;
    const where = placeName(shownIn.sourceCode, sourceCode, call.loc.start.line);
    context.report({ node: cancel, messageId: "dialogLeftOpenOnCancel", data: { dialog: row.dialog, where } });
    return;
  }
  const store = left.store;
  if (store.parkedIn.sourceCode !== sourceCode) {
    const module = placeName(store.parkedIn.sourceCode, sourceCode, null);
    context.report({ node: cancel, messageId: "pendingInModuleLeftOnCancel", data: { store: store.name, module } });
    return;
  }
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

/** `line 12` in the linted file, `ui/prompts.ts:12` (relative to it) in another module, or the module alone. */
function placeName(
  module: Readonly<TSESLint.SourceCode>,
  linted: Readonly<TSESLint.SourceCode>,
  line: number | null,
): string {
  if (module === linted) return `line ${line}`;
  const file = projectFileOf(module);
  const from = projectFileOf(linted);
  const name =
    file && from ? path.relative(path.dirname(from), file).split(path.sep).join("/") : (file ?? "another module");
  return line === null ? name : `${name}:${line}`;
}

export default rule;
