/**
 * A pending answer stored under a session / thread / tool-call / server id: two questions asked concurrently under
 * that id share one slot, so the second overwrites the first and answers go to the wrong call; docs/rules/no-session-keyed-pending.md.
 */
import type { TSESLint } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { unwrapExpression } from "../../analysis/ast.ts";
import { typeComesFromEnclosingCall } from "../../analysis/types.ts";
import { textFacts, type TextSource } from "../../analysis/text-gate.ts";
import { createRule } from "../../analysis/create-rule.ts";
import {
  DEFAULT_KEY_NAME_PATTERN,
  DEFAULT_STORE_NAME_PATTERN,
  compilePendingPatterns,
  textMayContainSessionKeyedPending,
} from "./pending-names.ts";
import type { DeclaredTypeNameLookup } from "./pending-keys.ts";
import { textMayTiePendingToQuestion } from "./pending-gate.ts";
import { checkStoreWrite, sharedHandlerVisitors, singleSlotVisitors, type PendingCheck } from "./analyse.ts";
import { textMayReplaceSharedHandler } from "./shared-handler.ts";
import { DEFAULT_OPTIONS, MESSAGES, SCHEMA, type MessageIds, type Options } from "./options.ts";
import { storeWriteVisitors } from "./visitors.ts";

export type { MessageIds } from "./options.ts";

/**
 * Whether the rule could report on a file with this text (./pending-names.ts's text check). A user's own store or key
 * pattern may match names the check's words do not cover, and so may a typed key (`sid: SessionId`) whose session
 * the text never names: those turn the matching part of the check off. The one-slot check runs only when asked for.
 */
export function mayReport(source: TextSource, options: Options[0] = {}, typed = false): boolean {
  const facts = textFacts(source);
  return (
    mayKeyStoreBySession(facts, options, typed) || mayCheckSingleSlot(facts, options) || mayReplaceSharedHandler(facts)
  );
}

/** A store written under a session's key: the check's words, and something that ties a write to a question. */
function mayKeyStoreBySession(facts: ReturnType<typeof textFacts>, options: Options[0], typed: boolean): boolean {
  const checkWaiterWords = (options.storeNamePattern ?? DEFAULT_STORE_NAME_PATTERN) === DEFAULT_STORE_NAME_PATTERN;
  return (
    textMayContainSessionKeyedPending(facts.text, {
      checkWaiterWords,
      checkKeyWords: (options.keyNamePattern ?? DEFAULT_KEY_NAME_PATTERN) === DEFAULT_KEY_NAME_PATTERN && !typed,
    }) &&
    // Second step: something ties a write to a question where the analysis looks (./pending-gate.ts).
    (!checkWaiterWords || facts.mayAskPerson || textMayTiePendingToQuestion(facts.text))
  );
}

/** A shared client's question handler that each session may register again (./shared-handler.ts). */
function mayReplaceSharedHandler(facts: ReturnType<typeof textFacts>): boolean {
  return facts.mayHandleQuestion && textMayReplaceSharedHandler(facts.text);
}

/** A file that asks a person and parks a Promise's resolver may keep one slot for every question. */
function mayHoldSingleSlot(facts: ReturnType<typeof textFacts>): boolean {
  return facts.mayWaitOnPerson && facts.text.includes("Promise") && facts.text.includes("resolve");
}

/**
 * `this.pendingPermission =`, `setPendingQuestion(`: a slot named for a question (./question-slots.ts), a field
 * written or a React state's setter called; not a method (`this.listPrompts()`, `this.setPromptHandlers()`).
 */
const SLOT_NAMED_FOR_QUESTION =
  /\bthis\.[\w$]*(?:question|permission|confirm|elicit|approv|prompt|consent|decision|dialog)[\w$]*\s*=(?!=)|(?<![\w$.])set[\w$]*(?:question|permission|confirm|elicit|approv|prompt|consent|decision|dialog)[\w$]*\s*\(/i;

/**
 * What every one-slot shape writes (./overwrites.ts, ./deferred-slots.ts, ./request-slots.ts): a field of `this`
 * (`this.pending = { resolve }`, `this.current = new Deferred()`) or a React state, which only `useState` makes.
 */
const SLOT_WRITE = /\bthis\s*\.\s*#?[\w$]+\s*=(?!=)|\buseState\b/;

/**
 * Without `reportSingleSlot`, only a question's slot is reported: the file must ask, answer a question's handler, or
 * name a slot for a question.
 */
function mayCheckSingleSlot(facts: ReturnType<typeof textFacts>, options: Options[0]): boolean {
  if (!SLOT_WRITE.test(facts.text)) return false;
  // A question's request in one state, its resolver kept elsewhere (./request-slots.ts).
  if (facts.mayWaitOnPerson && SLOT_NAMED_FOR_QUESTION.test(facts.text)) return true;
  if (!mayHoldSingleSlot(facts)) return false;
  return (
    options.reportSingleSlot === true ||
    facts.mayAskPerson ||
    facts.mayHandleQuestion ||
    SLOT_NAMED_FOR_QUESTION.test(facts.text)
  );
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
    schema: SCHEMA,
    defaultOptions: DEFAULT_OPTIONS,
    messages: MESSAGES,
  },
  create(context, [options]) {
    const { sourceCode } = context;
    const declaredTypeName = createDeclaredTypeNameLookup(sourceCode);
    // Compiled first, so a malformed pattern fails on every file, not only on those that pass the text check.
    const patterns = compilePendingPatterns(options);
    // Each of the text's answers once: `mayReport`'s, then which checks run.
    const facts = textFacts(sourceCode);
    const keyedStore = mayKeyStoreBySession(facts, options, declaredTypeName !== null);
    const singleSlot = mayCheckSingleSlot(facts, options);
    const sharedHandler = mayReplaceSharedHandler(facts);
    if (!keyedStore && !singleSlot && !sharedHandler) return {};

    const check: PendingCheck = { context, sourceCode, patterns, declaredTypeName };
    // Each kind's visitors only where the text lets that kind be reported.
    return {
      ...(keyedStore ? storeWriteVisitors((store, key, value) => checkStoreWrite(check, store, key, value)) : {}),
      ...(singleSlot ? singleSlotVisitors(check, options.reportSingleSlot !== true) : {}),
      ...(sharedHandler ? sharedHandlerVisitors(check) : {}),
    };
  },
});

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
