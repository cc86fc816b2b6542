/**
 * Which single slots are a question's beyond doubt (docs/rules/no-session-keyed-pending.md, "One slot"): reported
 * without `reportSingleSlot`, since a second question asked while the first is open hides the first for ever (issue
 * 35: a hook's one pending-permission state per connection). A slot is a question's when its name says so
 * (`pendingPermission`, `this.pendingQuestion`, `confirmResolver`), or when the Promise it parks is the answer of a
 * question's handler (`setRequestHandler(ElicitRequestSchema, …)`, an ACP client's `requestPermission`). Other slots
 * (a connection's or a stream's one resolver) are left to `reportSingleSlot`.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { isFunctionNode } from "../../analysis/ast.ts";
import { askOf } from "../../analysis/asks.ts";
import { isAcpClientHandlerMethod } from "../../analysis/calls.ts";
import { QUESTION_WORDS, toSnakeName } from "./pending-names.ts";
import type { SingleSlot } from "./overwrites.ts";

/** Question words too wide to tie a slot to a question by its name alone. */
const WIDE_WORDS: ReadonlySet<string> = new Set(["user", "human", "choice", "choices"]);

export function isQuestionSlot(slot: SingleSlot, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const named = toSnakeName(slot.name.replace(/^this\./, ""))
    .split("_")
    .some((word) => QUESTION_WORDS.has(word) && !WIDE_WORDS.has(word));
  return named || inQuestionHandler(slot.write, sourceCode);
}

/** Whether `node` runs in a handler that answers a question for a person. */
function inQuestionHandler(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  for (let current = node.parent; current; current = current.parent) {
    if (
      (current.type === AST_NODE_TYPES.MethodDefinition || current.type === AST_NODE_TYPES.Property) &&
      isFunctionNode(current.value) &&
      isAcpClientHandlerMethod(current)
    )
      return true;
    if (current.type === AST_NODE_TYPES.CallExpression) {
      const handler = askOf(current, sourceCode).handler?.handler;
      if (handler && handler.range[0] <= node.range[0] && node.range[1] <= handler.range[1]) return true;
    }
  }
  return false;
}
