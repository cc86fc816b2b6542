/**
 * The names no-session-keyed-pending reads (docs/rules/no-session-keyed-pending.md): every name in snake_case, the
 * key, per-question key and store name patterns (its options, compiled once), the words that say a person is asked,
 * and the text check that rules a file out before any walk.
 */
import type { TSESTree } from "@typescript-eslint/utils";
import { getMemberPath } from "../../analysis/ast.ts";
import { textMayContainHumanWait } from "../../analysis/human-wait.ts";
import { Fact, configurationFacts } from "../../analysis/cached-facts.ts";

const ONE_LOWER_CASE_WORD = /^[a-z0-9]+$/;

/**
 * Splits a name into lower-case words joined by `_`: `toolCallId` → `tool_call_id`, `SESSION_ID` → `session_id`,
 * `_awaiting` → `awaiting`, `MCPSessionId` → `mcp_session_id`. Every name pattern is matched against this form.
 */
export function toSnakeName(name: string): string {
  // Most names are one lower-case word already (`pending`, `resolve`, `session`): they are their own snake_case.
  if (ONE_LOWER_CASE_WORD.test(name)) return name;
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();
}

/**
 * Keys that one session, thread, connection, tool call or server shares between all the questions asked under it.
 * Matched against the snake_case name of the key (`extra.sessionId` → `session_id`, `session.id` → `session_id`).
 */
export const DEFAULT_KEY_NAME_PATTERN =
  "(?:^|_)(?:session|thread|conversation|connection|tool_call|tool_use|call|server)(?:_(?:id|key|name|uid))?$";

/**
 * Keys unique to one question: the outbound request's id, the elicitation's id, a permission request's id.
 * A name that matches this is never treated as shared, whatever `keyNamePattern` says.
 */
export const DEFAULT_PER_QUESTION_KEY_PATTERN =
  "(?:^|_)(?:request|req|rpc|message|msg|elicitation|elicit|question|prompt|permission|correlation|ask)_(?:id|key|uid)$|(?:^|_)(?:uuid|nonce|seq|sequence|counter|next_id)$";

/**
 * Names of stores that exist to hold pending answers, with or without the name of their key (`pendingBySession`). In
 * such a store, a value the rule cannot see into (a parameter, an untraced identifier) counts as a waiter; a visible
 * non-waiter (a flag, a number, a cache entry) never does.
 */
export const DEFAULT_STORE_NAME_PATTERN =
  "^(?:pending|awaiting|waiting|waiters|resolvers)(?:_(?:answers?|elicitations?|questions?|prompts?|permissions?|inputs?|replies))?(?:_(?:by|per|for)_[a-z0-9_]+)?$";

export interface PendingPatterns {
  readonly keyName: RegExp;
  readonly perQuestionKey: RegExp;
  readonly storeName: RegExp;
}

export interface PendingPatternOptions {
  keyNamePattern?: string;
  perQuestionKeyPattern?: string;
  storeNamePattern?: string;
}

const COMPILED_PATTERNS = new Fact<null, PendingPatterns>("the store and key patterns compiled, per options object");

/**
 * Compiles the option strings; an invalid regex throws with the option's name in the message. The rule's options
 * object is the same for every file of a config, so they are compiled once per run, not once per file.
 */
export function compilePendingPatterns(options: PendingPatternOptions = {}): PendingPatterns {
  return configurationFacts(options).remember(COMPILED_PATTERNS, null, () => compileAll(options));
}

function compileAll(options: PendingPatternOptions): PendingPatterns {
  return {
    keyName: compilePattern("keyNamePattern", options.keyNamePattern ?? DEFAULT_KEY_NAME_PATTERN),
    perQuestionKey: compilePattern(
      "perQuestionKeyPattern",
      options.perQuestionKeyPattern ?? DEFAULT_PER_QUESTION_KEY_PATTERN,
    ),
    storeName: compilePattern("storeNamePattern", options.storeNamePattern ?? DEFAULT_STORE_NAME_PATTERN),
  };
}

function compilePattern(option: string, source: string): RegExp {
  try {
    return new RegExp(source, "u");
  } catch (error) {
    throw new Error(
      `elicitation/no-session-keyed-pending: option ${option} is not a valid regular expression: ${(error as Error).message}`,
    );
  }
}

/**
 * Cheap pre-filter, each test a condition every report needs:
 * - a store write: `store.set(key, value)`, `store[key] = value` or `{ [key]: value }`;
 * - with the default store names, a waiter (a `resolve`-like name, a `Promise` whose executor may name its resolver
 *   anything, a deferred) and something that ties the entry to a question: a question word in the names around the
 *   write (`pendingApprovals`, `askUser`), a store named for pending answers, or a wait on a person in the file;
 * - with the default key pattern, a session, thread, tool call or server.
 * An HTTP server that wraps `listen` in a `Promise`, or a connection pool keyed by host, fails at least one.
 */
const STORE_WRITE_TEXT_HINT = /\.set\s*\(|\]\s*(?:=(?!=)|:)/;
const WAITER_TEXT_HINT = /resolve|reject|defer|future|waiter|settle|fulfil|pending|awaiting|waiting|Promise/i;
const SHARED_KEY_TEXT_HINT = /session|thread|conversation|connection|tool_?call|tool_?use|call_?id|server/i;
/** The words of a store named for pending answers (DEFAULT_STORE_NAME_PATTERN's first part). */
const PENDING_STORE_TEXT_HINT = /pending|awaiting|waiting|waiters|resolvers/i;
let questionTextHint: RegExp | undefined;

export function textMayContainSessionKeyedPending(
  text: string,
  hints: { readonly checkWaiterWords: boolean; readonly checkKeyWords: boolean },
): boolean {
  if (!STORE_WRITE_TEXT_HINT.test(text)) return false;
  if (hints.checkKeyWords && !SHARED_KEY_TEXT_HINT.test(text)) return false;
  // A store pattern of the user's own may name any store, whose entries then count whatever their names say.
  if (!hints.checkWaiterWords) return true;
  questionTextHint ??= new RegExp([...QUESTION_WORDS].join("|"), "i");
  return (
    WAITER_TEXT_HINT.test(text) &&
    (questionTextHint.test(text) || PENDING_STORE_TEXT_HINT.test(text) || textMayContainHumanWait(text))
  );
}

/** The name of the store written to (`this._awaiting` → `_awaiting`, `pending` → `pending`), or null. */
export function getStoreName(store: TSESTree.Node): string | null {
  const path = getMemberPath(store);
  return path ? path[path.length - 1]! : null;
}

export function isPendingStoreName(name: string | null, patterns: PendingPatterns): boolean {
  return name !== null && patterns.storeName.test(toSnakeName(name));
}

/** Words that say a person is being asked: the entry is a question's pending answer. */
export const QUESTION_WORDS: ReadonlySet<string> = new Set([
  "elicit",
  "elicitation",
  "elicitations",
  "question",
  "questions",
  "answer",
  "answers",
  "ask",
  "asks",
  "permission",
  "permissions",
  "approval",
  "approvals",
  "approve",
  "confirm",
  "confirmation",
  "confirmations",
  "consent",
  "decision",
  "decisions",
  "choice",
  "choices",
  "dialog",
  "dialogs",
  "human",
  "user",
]);
