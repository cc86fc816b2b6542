/**
 * A pending answer stored under a session / thread / tool-call / server id: two questions asked concurrently under
 * that id share one slot, so the second overwrites the first and answers go to the wrong call (DESIGN §2.2).
 */
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { unwrapExpression } from "../../analysis/ast.ts";
import { typeComesFromEnclosingCall } from "../../analysis/types.ts";
import { textFacts, type TextSource } from "../../analysis/text-gate.ts";
import { createRule } from "../../analysis/create-rule.ts";
import {
  DEFAULT_KEY_NAME_PATTERN,
  DEFAULT_PER_QUESTION_KEY_PATTERN,
  DEFAULT_STORE_NAME_PATTERN,
  classifyKey,
  classifyStoredValue,
  compilePendingPatterns,
  getStoreName,
  isEchoedAsQuestionId,
  isPendingStoreName,
  describeWaitIntent,
  textMayContainSessionKeyedPending,
  type DeclaredTypeNameLookup,
  type KeySharer,
} from "../../analysis/pending.ts";

type Options = [{ keyNamePattern?: string; perQuestionKeyPattern?: string; storeNamePattern?: string }];
export type MessageIds = "sessionKeyedPending";

/**
 * Whether the rule could report on a file with this text (core/pending.ts's text check). A user's own store or key
 * pattern may match names the check's words do not cover, and so may a typed key (`sid: SessionId`) whose session
 * the text never names: those turn the matching part of the check off.
 */
export function mayReport(source: TextSource, options: Options[0] = {}, typed = false): boolean {
  return textMayContainSessionKeyedPending(textFacts(source).text, {
    checkWaiterWords: (options.storeNamePattern ?? DEFAULT_STORE_NAME_PATTERN) === DEFAULT_STORE_NAME_PATTERN,
    checkKeyWords: (options.keyNamePattern ?? DEFAULT_KEY_NAME_PATTERN) === DEFAULT_KEY_NAME_PATTERN && !typed,
  });
}

export default createRule<Options, MessageIds>({
  name: "no-session-keyed-pending",
  meta: {
    type: "problem",
    docs: {
      description:
        "Require pending answers to be keyed by the question's own request id, not by a session or tool-call id",
      recommended: true,
    },
    schema: [
      {
        type: "object",
        additionalProperties: false,
        properties: {
          keyNamePattern: {
            type: "string",
            description:
              "Regular expression for key names shared by every question of a session, thread, tool call or server, matched against the name in snake_case (`session.id` and `sessionId` are both `session_id`).",
          },
          perQuestionKeyPattern: {
            type: "string",
            description:
              "Regular expression for key names unique to one question (request id, elicitation id, UUID, counter), matched in snake_case; such keys are never reported.",
          },
          storeNamePattern: {
            type: "string",
            description:
              "Regular expression for names of stores that hold pending answers, matched in snake_case; in them a value the rule cannot see into counts as a waiter.",
          },
        },
      },
    ],
    defaultOptions: [
      {
        keyNamePattern: DEFAULT_KEY_NAME_PATTERN,
        perQuestionKeyPattern: DEFAULT_PER_QUESTION_KEY_PATTERN,
        storeNamePattern: DEFAULT_STORE_NAME_PATTERN,
      },
    ],
    messages: {
      sessionKeyedPending:
        "This pending answer is stored under `{{key}}`, which {{sharedBy}} share: the second overwrites the first. Await the ask inline in the handler, or key the entry by the question's own request id.",
    },
  },
  create(context, [options]) {
    const { sourceCode } = context;
    const declaredTypeName = createDeclaredTypeNameLookup(sourceCode);
    // Compiled first, so a malformed pattern fails on every file, not only on those that pass the text check.
    const patterns = compilePendingPatterns(options);
    if (!mayReport(sourceCode, options, declaredTypeName !== null)) return {};

    function check(store: TSESTree.Node, key: TSESTree.Node, value: TSESTree.Node): void {
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
      // Names that speak of neither: only a store named for pending answers, or a file that asks a person, ties the
      // waiter to a question (a session's detach signal or a device pairing asks nobody).
      if (
        intent === "unknown" &&
        !isPendingStoreName(getStoreName(store), patterns) &&
        !textFacts(sourceCode).mayWaitOnPerson
      ) {
        return;
      }
      context.report({
        node: key,
        messageId: "sessionKeyedPending",
        data: { key: shortText(sourceCode.getText(key)), sharedBy: SHARED_BY[verdict.sharer] },
      });
    }

    return {
      // store.set(key, value)
      "CallExpression[arguments.length=2] > MemberExpression.callee[property.name='set']"(
        callee: TSESTree.MemberExpression,
      ) {
        const call = callee.parent as TSESTree.CallExpression;
        const [key, value] = call.arguments;
        if (callee.computed || !key || !value || key.type === AST_NODE_TYPES.SpreadElement) return;
        if (value.type === AST_NODE_TYPES.SpreadElement) return;
        check(callee.object, key, value);
      },
      // store[key] = value
      "AssignmentExpression[operator='='] > MemberExpression.left[computed=true]"(left: TSESTree.MemberExpression) {
        const assignment = left.parent as TSESTree.AssignmentExpression;
        check(left.object, left.property, assignment.right);
      },
      // A copy-on-write store: `{ ...store, [key]: value }` (immutable state, React `setPending(prev => …)`).
      "ObjectExpression > Property[computed=true][kind='init']"(property: TSESTree.Property) {
        const object = property.parent as TSESTree.ObjectExpression;
        const spread = object.properties.find((candidate) => candidate.type === AST_NODE_TYPES.SpreadElement);
        if (!spread || property.value.type === AST_NODE_TYPES.AssignmentPattern) return;
        check(spread.argument, property.key, property.value);
      },
    };
  },
});

const SHARED_BY: Readonly<Record<KeySharer, string>> = {
  session: "all questions asked in the same session",
  thread: "all questions asked in the same thread",
  conversation: "all questions asked in the same conversation",
  connection: "all questions asked over the same connection",
  "tool call": "all questions one tool call asks",
  server: "all questions sent through the same server",
  other: "several concurrent questions",
};

function shortText(text: string): string {
  const oneLine = text.replace(/\s+/g, " ");
  return oneLine.length > 60 ? `${oneLine.slice(0, 57)}...` : oneLine;
}

/** Shape of the TypeScript objects we read; duck-typed so the rule never loads `typescript` itself. */
interface DeclarationWithType {
  type?: { getText(): string };
}

/**
 * Typed mode: the declared type name of a key (`sid: SessionId` → `SessionId`), from the type's alias or the
 * declaration's annotation (an alias of `string` leaves no trace on the type itself). Null without type info.
 */
function createDeclaredTypeNameLookup(sourceCode: Readonly<TSESLint.SourceCode>): DeclaredTypeNameLookup | null {
  const services = sourceCode.parserServices;
  const program = services?.program;
  const nodeMap = services?.esTreeNodeToTSNodeMap;
  if (!program || !nodeMap) return null;
  const checker = program.getTypeChecker();
  return (node) => {
    // A key read from a callback's request (`request.params.sessionId`) would cost resolving the SDK call around it;
    // its declared name is the SDK's, which the untyped names already cover.
    if (typeComesFromEnclosingCall(node, sourceCode)) return null;
    const tsNode = nodeMap.get(node);
    if (!tsNode) return null;
    const alias = checker.getTypeAtLocation(tsNode).aliasSymbol?.getName();
    if (alias) return alias;
    const nameNode =
      node.type === AST_NODE_TYPES.MemberExpression ? nodeMap.get(unwrapExpression(node.property)) : tsNode;
    const symbol = nameNode ? checker.getSymbolAtLocation(nameNode) : undefined;
    for (const declaration of symbol?.declarations ?? []) {
      const annotation = (declaration as DeclarationWithType).type?.getText();
      const simpleName = annotation && /^(?:[\w$]+\.)*([\w$]+)$/.exec(annotation.trim());
      if (simpleName) return simpleName[1]!;
    }
    return null;
  };
}
