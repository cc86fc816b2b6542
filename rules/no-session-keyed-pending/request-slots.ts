/**
 * One React state for the open question's request (docs/rules/no-session-keyed-pending.md, "One slot"): the resolver
 * waits elsewhere (a client class keeps it by id), and the component shows whichever request it set last. A second
 * question that arrives while the first is on screen replaces it, and nobody can answer the first any more.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { unwrapExpression } from "../../analysis/ast.ts";
import { parameterDefinitionOf } from "../../analysis/walk.ts";
import { reactState, type SingleSlot } from "./overwrites.ts";
import { QUESTION_WORDS, toSnakeName } from "./pending-names.ts";

/** Words that say a state holds the one question on screen now: `pendingPermission`, `permissionRequest`. */
const OPEN_NOW_WORDS: ReadonlySet<string> = new Set(["pending", "current", "active", "open", "incoming", "request"]);

/** Question words too wide to tie a state to a question (a user, a chat prompt, a menu's choice). */
const WIDE_WORDS: ReadonlySet<string> = new Set(["user", "human", "choice", "choices", "ask", "asks", "answer"]);

/**
 * `setPendingPermission(params)` in a callback that is handed the request: a state named for the open question,
 * started empty (not a list or a map of them), set to the request itself rather than added to what it held.
 */
export function matchRequestSlot(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): SingleSlot | null {
  const setter = unwrapExpression(call.callee);
  const value = call.arguments.length === 1 ? unwrapExpression(call.arguments[0]!) : null;
  if (setter.type !== AST_NODE_TYPES.Identifier || value?.type !== AST_NODE_TYPES.Identifier) return null;
  const state = reactState(setter, sourceCode);
  if (!state || !startsEmpty(state.init) || !namesOpenQuestion(state.name)) return null;
  return parameterDefinitionOf(value, sourceCode) ? { write: call, name: state.name } : null;
}

/** `useState()`, `useState(null)`, `useState<Request | null>(null)`, `useState(undefined)`. */
function startsEmpty(init: TSESTree.CallExpression): boolean {
  const initial = init.arguments[0] && unwrapExpression(init.arguments[0]);
  return (
    !initial ||
    (initial.type === AST_NODE_TYPES.Literal && initial.value === null) ||
    (initial.type === AST_NODE_TYPES.Identifier && initial.name === "undefined")
  );
}

/**
 * The name says the state is the open question itself: a word for now, a question's word, and it ends in the question
 * or its request (`pendingPermission`, `permissionRequest`; not `activePermissionTab`).
 */
function namesOpenQuestion(name: string): boolean {
  const words = toSnakeName(name).split("_");
  const isQuestionWord = (word: string) => QUESTION_WORDS.has(word) && !WIDE_WORDS.has(word);
  const last = words.at(-1)!;
  return (
    words.some((word) => OPEN_NOW_WORDS.has(word)) &&
    words.some(isQuestionWord) &&
    (isQuestionWord(last) || last === "request")
  );
}
