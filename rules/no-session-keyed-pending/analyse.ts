/**
 * The no-session-keyed-pending check of one write to a store: is the value a waiter for an answer, and is its key one
 * that concurrent questions share? Reports go through the rule's context.
 */
import { shortText } from "../../analysis/ast.ts";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { textFacts } from "../../analysis/text-gate.ts";
import { classifyKey, type DeclaredTypeNameLookup, type KeySharer } from "./pending-keys.ts";
import { classifyStoredValue } from "./waiters.ts";
import { describeWaitIntent, isEchoedAsQuestionId } from "./wait-intent.ts";
import { getStoreName, isPendingStoreName, type PendingPatterns } from "./pending-names.ts";
import { isGuardedAgainstOverwrite, matchSingleSlotWaiter } from "./overwrites.ts";
import { matchDeferredSlot } from "./deferred-slots.ts";
import { matchRequestSlot } from "./request-slots.ts";
import { isQuestionSlot } from "./question-slots.ts";
import { replacedHandlerOf } from "./shared-handler.ts";
import { isSettledOnlyWithSignals } from "../../analysis/settlers.ts";
import type { MessageIds, Options } from "./options.ts";

/** What the check of one file shares: the rule's context, the compiled name patterns, and typed key names (or null). */
export interface PendingCheck {
  readonly context: Readonly<TSESLint.RuleContext<MessageIds, Options>>;
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly patterns: PendingPatterns;
  readonly declaredTypeName: DeclaredTypeNameLookup | null;
}

/** Reports `value` stored in `store` under `key` when it waits for an answer and every question of a session shares the key. */
export function checkStoreWrite(
  check: PendingCheck,
  store: TSESTree.Node,
  key: TSESTree.Node,
  value: TSESTree.Node,
): void {
  const { context, sourceCode, patterns, declaredTypeName } = check;
  const verdict = classifyKey(key, sourceCode, patterns, declaredTypeName);
  if (verdict.kind !== "shared") return;
  const waiter = classifyStoredValue(value, sourceCode);
  if (waiter === "not-waiter") return;
  if (waiter === "opaque" && !isPendingStoreName(getStoreName(store), patterns)) return;
  // A session's own connect or a tool call's own result happens once per key: sharing the key is fine there.
  const intent = describeWaitIntent(store, value, verdict.name);
  if (intent === "lifecycle") return;
  // Sent with the question as its own id and read back by it: one entry per question after all.
  if (isEchoedAsQuestionId(store, key, sourceCode)) return;
  // `if (running.has(sessionId)) throw …` first: a second entry under the key is refused, never overwritten.
  if (isGuardedAgainstOverwrite(store, key, sourceCode)) return;
  // Names that speak of neither: only a store named for pending answers, or a file that asks a person, ties the
  // waiter to a question (a session's detach signal or a device pairing asks nobody). Entries the file settles only
  // with a signal (`resolve(true)` from a cancel) wait for a turn, not for what a person said, whatever the words.
  if (
    intent === "unknown" &&
    ((!isPendingStoreName(getStoreName(store), patterns) && !textFacts(sourceCode).mayAskPerson) ||
      isSettledOnlyWithSignals(store, sourceCode))
  ) {
    return;
  }
  context.report({
    node: key,
    messageId: "sessionKeyedPending",
    data: { key: shortText(sourceCode.getText(key)), sharedBy: SHARED_BY[verdict.sharer] },
  });
}

/** Who shares a key, by what the key names (the `sharedBy` of the message). */
export const SHARED_BY: Readonly<Record<KeySharer, string>> = {
  session: "Questions in one session",
  thread: "Questions in one thread",
  conversation: "Questions in one conversation",
  connection: "Questions on one connection",
  "tool call": "Questions of one tool call",
  server: "Questions through one server",
  other: "Concurrent questions",
};

/**
 * Issue 23, bug 3: the one open question's waiter in a field or a React state (`this.current = { resolve }`,
 * `setResolver(() => resolve)`), settled by whichever answer comes without comparing its request id.
 */
export function singleSlotVisitors(check: PendingCheck, questionsOnly: boolean): TSESLint.RuleListener {
  const { context, sourceCode } = check;
  const visit = (node: TSESTree.AssignmentExpression | TSESTree.CallExpression) => {
    const slot =
      matchSingleSlotWaiter(node, sourceCode) ??
      (node.type === AST_NODE_TYPES.AssignmentExpression
        ? matchDeferredSlot(node, sourceCode)
        : matchRequestSlot(node, sourceCode));
    // Without `reportSingleSlot`, only a slot that is a question's by its name or its handler (issue 35).
    if (slot && (!questionsOnly || isQuestionSlot(slot, sourceCode)))
      context.report({ node, messageId: "singleSlotPending", data: { slot: shortText(slot.name) } });
  };
  return { AssignmentExpression: visit, CallExpression: visit };
}

/**
 * Issue 34, kind 5: a shared client's question handler registered again for each session (./shared-handler.ts), so
 * the newest session receives every question. Run where the text may replace one (index.ts `mayReplaceSharedHandler`).
 */
export function sharedHandlerVisitors(check: PendingCheck): TSESLint.RuleListener {
  const { context, sourceCode } = check;
  return {
    "CallExpression[callee.type='MemberExpression']"(node: TSESTree.CallExpression) {
      const replaced = replacedHandlerOf(node, sourceCode);
      if (replaced) {
        context.report({
          node: replaced.registration,
          messageId: "sharedHandlerReplaced",
          data: { client: shortText(replaced.client), entity: replaced.entity },
        });
      }
    },
  };
}
