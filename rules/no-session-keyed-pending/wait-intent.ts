/**
 * What a pending-answer store's write waits for (docs/rules/no-session-keyed-pending.md): from the names around it, a
 * person's answer or the keyed thing's own lifecycle (its connect, its result); and whether a shared-looking key is
 * sent as the question's own id and the answer looked up by it.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { getMemberPath, getStaticPropertyName, unwrapExpression } from "../../analysis/ast.ts";
import { fieldsEchoedByCallee, typeAccess } from "../../analysis/types.ts";
import { Fact, fileFacts } from "../../analysis/cached-facts.ts";
import { nodesOfType } from "../../analysis/node-index.ts";
import { normalisedText } from "../../analysis/settlers.ts";
import { QUESTION_WORDS, toSnakeName } from "./pending-names.ts";

/** Words that say the waiter waits for the keyed thing's own lifecycle (its connect, its result), once per key. */
const LIFECYCLE_WORDS = new Set([
  "connect",
  "connects",
  "connected",
  "connecting",
  "ready",
  "completion",
  "completions",
  "complete",
  "finish",
  "finished",
  "exit",
  "close",
  "closed",
  "detach",
  "start",
  "started",
  "startup",
  "init",
  "shutdown",
  "result",
  "results",
  "execute",
  "execution",
  "executions",
  "exec",
  "turn",
  "turns",
  "run",
  "runs",
]);

export type WaitIntent =
  /** The names around the write speak of asking a person. */
  | "question"
  /** The names say the waiter waits for the session's / tool call's own event, which happens once per key. */
  | "lifecycle"
  | "unknown";

/**
 * What a store write waits for, judged from the names around it: the store's path (`this.pendingApprovals`), the
 * entry's property names, and the enclosing function's name (`requestApproval`, `waitForSessionConnect`).
 * A store named after the key's own entity (`pendingToolCalls` keyed by a tool-call id, `sessions` by a session id)
 * waits for that entity itself, unless a question word says otherwise.
 */
export function describeWaitIntent(store: TSESTree.Node, value: TSESTree.Node, keyName: string): WaitIntent {
  const storeWords = wordsOfPath(getMemberPath(store));
  const entry = unwrapExpression(value);
  const entryWords =
    entry.type === AST_NODE_TYPES.ObjectExpression
      ? entry.properties.flatMap((property) => {
          const name = property.type === AST_NODE_TYPES.Property ? getStaticPropertyName(property) : null;
          return name === null ? [] : toSnakeName(name).split("_");
        })
      : [];
  const functionName = enclosingFunctionName(store);
  const functionWords = functionName === null ? [] : toSnakeName(functionName).split("_");
  const words = [...storeWords, ...entryWords, ...functionWords];
  if (words.some((word) => QUESTION_WORDS.has(word))) return "question";
  if (words.some((word) => LIFECYCLE_WORDS.has(word))) return "lifecycle";
  const entityWord = toSnakeName(keyName)
    .replace(/_(?:id|key|name|uid)$/, "")
    .split("_")
    .pop();
  const storedWords = wordsBeforeKeyName(storeWords);
  if (entityWord && storedWords.some((word) => word === entityWord || word === `${entityWord}s`)) return "lifecycle";
  return "unknown";
}

/** Words that, inside a store's name, introduce the name of its key: `pendingBySession`, `waitersPerThread`. */
const KEY_NAMING_WORDS: ReadonlySet<string> = new Set(["by", "per", "for", "keyed"]);

/**
 * The words of a store's name that say what it holds (`pending` of `pendingBySession`), not what it is keyed by:
 * the key's entity named after `by` says nothing about what waits in it.
 */
function wordsBeforeKeyName(storeWords: readonly string[]): readonly string[] {
  const at = storeWords.findIndex((word) => KEY_NAMING_WORDS.has(word));
  return at === -1 ? storeWords : storeWords.slice(0, at);
}

function wordsOfPath(path: readonly string[] | null): string[] {
  return (path ?? []).filter((segment) => segment !== "this").flatMap((segment) => toSnakeName(segment).split("_"));
}

/** `function requestApproval`, `ask(…) {}` in a class, `const waitForConnect = () => …`, `{ onAnswer() {} }`. */
function enclosingFunctionName(node: TSESTree.Node): string | null {
  for (let current = node.parent; current; current = current.parent) {
    if (
      current.type !== AST_NODE_TYPES.FunctionDeclaration &&
      current.type !== AST_NODE_TYPES.FunctionExpression &&
      current.type !== AST_NODE_TYPES.ArrowFunctionExpression
    ) {
      continue;
    }
    if (current.id) return current.id.name;
    const parent = current.parent;
    if (parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.id.type === AST_NODE_TYPES.Identifier)
      return parent.id.name;
    if (
      (parent?.type === AST_NODE_TYPES.MethodDefinition ||
        parent?.type === AST_NODE_TYPES.Property ||
        parent?.type === AST_NODE_TYPES.PropertyDefinition) &&
      !parent.computed
    ) {
      const name = getStaticPropertyName(parent);
      if (name !== null) return name;
    }
    // An anonymous callback (a Promise executor, a `.then`): keep looking outwards for a named function.
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// A shared-looking key that travels as the question's own id

/** Field names under which an id goes out with a question and comes back with its answer. */
const REPLY_ID_FIELD = /^(?:approval|confirmation|request|question|elicitation|permission|prompt|ask|correlation)_id$/;

/** What the file sends as a question's id and looks an entry up by, gathered in one pass over its nodes. */
interface QuestionIdEchoes {
  /** The normalised text of a value sent under a reply-id field (`approvalId: args.toolCallId`) → those fields. */
  readonly sentAs: ReadonlyMap<string, ReadonlySet<string>>;
  /** The normalised text of a store (`pending`) → the last name of each key it is read by (`store.get(x.approvalId)`). */
  readonly readBy: ReadonlyMap<string, readonly string[]>;
}

const QUESTION_ID_ECHOES = new Fact<null, QuestionIdEchoes>(
  "no-session-keyed-pending: the file's values sent as a question's id and its stores' lookups, per file",
);

function addTo<Value>(map: Map<string, Value[]>, key: string, value: Value): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function questionIdEchoes(sourceCode: Readonly<TSESLint.SourceCode>): QuestionIdEchoes {
  return fileFacts(sourceCode).remember(QUESTION_ID_ECHOES, null, () => {
    const sentAs = new Map<string, string[]>();
    const readBy = new Map<string, string[]>();
    for (const node of nodesOfType(sourceCode, AST_NODE_TYPES.Property)) {
      if (node.computed) continue;
      const name = getStaticPropertyName(node);
      if (name !== null && REPLY_ID_FIELD.test(toSnakeName(name)))
        addTo(sentAs, normalisedText(node.value, sourceCode), name);
    }
    const typed = typeAccess(sourceCode) !== null;
    for (const node of nodesOfType(sourceCode, AST_NODE_TYPES.CallExpression)) {
      // Typed: `emit(approvalEvent(call))` whose builder, in another module, sends `approvalId: call.id`.
      if (typed) {
        for (const echoed of fieldsEchoedByCallee(node, sourceCode)) {
          const argument = node.arguments[echoed.argumentIndex];
          if (argument && REPLY_ID_FIELD.test(toSnakeName(echoed.field)))
            addTo(sentAs, `${normalisedText(argument, sourceCode)}.${echoed.path}`, echoed.field);
        }
      }
      if (node.callee.type !== AST_NODE_TYPES.MemberExpression) continue;
      const method = getStaticPropertyName(node.callee);
      const first = node.arguments[0];
      if ((method === "get" || method === "delete" || method === "has") && first) {
        const path = getMemberPath(first);
        if (path) addTo(readBy, normalisedText(node.callee.object, sourceCode), path[path.length - 1]!);
      }
    }
    return {
      sentAs: new Map([...sentAs].map(([text, fields]) => [text, new Set(fields)])),
      readBy,
    };
  });
}

/**
 * `store.set(args.toolCallId, resolve)` where the same value is sent as the question's id (`approvalId:
 * args.toolCallId`) and the answer is looked up by it (`store.get(args.approvalId)`): one entry per question asked,
 * however the key is named. Both halves must be in the file.
 */
export function isEchoedAsQuestionId(
  store: TSESTree.Node,
  key: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  const echoes = questionIdEchoes(sourceCode);
  const sentAs = echoes.sentAs.get(normalisedText(key, sourceCode));
  if (!sentAs) return false;
  return (echoes.readBy.get(normalisedText(store, sourceCode)) ?? []).some((name) => sentAs.has(name));
}
