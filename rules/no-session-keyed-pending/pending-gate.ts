/**
 * The second step of no-session-keyed-pending's text gate (the first is ./pending-names.ts's words): with the default
 * store names, a shared key's waiter is reported only where something ties it to a question, and each tie is read
 * in one place of the file. The names around a write (its store's path, the keys of the entry written in place, the
 * enclosing function's name) hold a question word; or the store's name is one for pending answers; or the file asks
 * a person. A file whose question words are all elsewhere (a role `"user"`, a schema's `Elicitation`) ties nothing.
 * Each test reads more than the analysis does (every segment of a path, every function-like name), never less.
 */
import { bracketedText, inLineComment } from "../../analysis/brackets.ts";
import { DEFAULT_STORE_NAME_PATTERN, QUESTION_WORDS, toSnakeName } from "./pending-names.ts";

const STORE_NAME = new RegExp(DEFAULT_STORE_NAME_PATTERN, "u");
/** A member chain as written before `.set(` or `[`: `this.#pendingAnswers`, `state?.waiters`. */
const CHAIN = String.raw`(?:[\w$#]+\s*\??\.\s*)*[\w$#]+`;
/**
 * `.set(` and `[`, found first and their chain read backwards from them (`chainEndingAt`): one regex of a chain
 * followed by `.set(` retries the chain at every name of a file, most of the gate's cost on a large bundle.
 */
const SET_CALL = /\??\.\s*set\s*\(/g;
const INDEXED = /(?:\?\.\s*)?\[/g;
const SPREAD = new RegExp(String.raw`\.\.\.\s*(${CHAIN})`, "g");
/** A computed key in an object literal (`{ ...pending, [sessionId]: resolve }`). */
const COMPUTED_KEY = /[{,]\s*\[/g;
/** How far a write's arguments are read for the entry's keys; a longer entry counts as tying (the gate admits it). */
const MAX_ENTRY_CHARS = 4000;

/** Whether one of the snake_case words of `name` says a person is asked, or `name` is a pending store's. */
function nameTies(name: string): boolean {
  const snake = toSnakeName(name);
  return STORE_NAME.test(snake) || snake.split("_").some((word) => QUESTION_WORDS.has(word));
}

function chainTies(chain: string): boolean {
  return chain
    .split(/\s*\??\.\s*/)
    .filter((segment) => segment !== "this")
    .some((segment) => nameTies(segment.replace(/^#/, "")));
}

/** The text from `start` to its closing bracket, or null past MAX_ENTRY_CHARS. */
function bracketed(text: string, start: number): string | null {
  return bracketedText(text, start, MAX_ENTRY_CHARS);
}

const IDENTIFIER = /[A-Za-z_$][\w$]*/g;
let questionWordHint: RegExp | undefined;
/** What follows a function's name in a declarator or a property: `= async (…) =>`, `: Fn = x =>`, `: function`. */
const FUNCTION_VALUE = /^\s*(?::[^=;{}]{0,80})?[=:]\s*(?:async\b\s*)?(?:function\b|<|[\w$]+\s*=>|\([^;]{0,200}?=>)/;

/** Whether a written entry (a write's arguments, or what follows `=`) names a question word. */
function entryTies(entry: string | null): boolean {
  if (entry === null) return true;
  for (const [name] of entry.matchAll(IDENTIFIER)) if (nameTies(name)) return true;
  return false;
}

/**
 * A name in the position of a function's (`function askUser`, a method `askUser(…) {`, `askUser = (…) =>`,
 * `onAnswer: async function`) whose body, as far as the text shows, writes to a store.
 */
function functionNameTies(text: string): boolean {
  for (const match of identifiersWithQuestionWord(text)) {
    const name = match.name;
    if (!nameTies(name) || inLineComment(text, match.index)) continue;
    const after = text.slice(match.index + name.length, match.index + name.length + 80);
    const end = match.index + name.length;
    const named =
      isMethodDefinition(text, end) ||
      FUNCTION_VALUE.test(after) ||
      /function\s*\*?\s*$/.test(text.slice(Math.max(0, match.index - 12), match.index));
    if (named && bodyWrites(text, end)) return true;
  }
  return false;
}

const WORD_CHAR = /[\w$]/;
const DIGIT = /\d/;

/**
 * The identifiers of the text (as `[A-Za-z_$][\w$]*` finds them) that hold a question word, in any case: found from
 * the words, not by testing every identifier of the text, most of this gate's cost on a bundle.
 */
function* identifiersWithQuestionWord(text: string): Generator<{ readonly name: string; readonly index: number }> {
  questionWordHint ??= new RegExp([...QUESTION_WORDS].join("|"), "gi");
  questionWordHint.lastIndex = 0;
  for (let word = questionWordHint.exec(text); word; word = questionWordHint.exec(text)) {
    let start = word.index;
    while (start > 0 && WORD_CHAR.test(text[start - 1]!)) start -= 1;
    let end = word.index + word[0].length;
    while (end < text.length && WORD_CHAR.test(text[end]!)) end += 1;
    // An identifier starts at a letter, `_` or `$`: leading digits are not part of it.
    while (DIGIT.test(text[start]!)) start += 1;
    questionWordHint.lastIndex = end;
    yield { name: text.slice(start, end), index: start };
  }
}

/** How far a function's body is read for a store write; a longer body counts as writing (the gate admits it). */
const MAX_BODY_CHARS = 20_000;
/** The three writes the rule reads: `.set(`, `[key] =`, and a computed key `{ …, [key]: … }`. */
const STORE_WRITE = /\.set\s*\(|\]\s*=(?!=)|[{,]\s*\[(?:[^[\]]|\[[^[\]]*\])*\]\s*:/;

/**
 * Whether the name ending at `end` starts a method's definition: `(…)` then a block or a return type
 * (`askUser(id) {`, `askUser<T>(id): Promise<T> {`). A call (`askUser(id);`) names no enclosing function.
 */
function isMethodDefinition(text: string, end: number): boolean {
  const open = /^\s*(?:<[^;{}()]*>\s*)?\(/.exec(text.slice(end, end + 320));
  if (!open) return false;
  const params = bracketed(text, end + open[0].length);
  if (params === null) return true;
  return /^\s*[{:]/.test(
    text.slice(end + open[0].length + params.length + 1, end + open[0].length + params.length + 40),
  );
}

/**
 * A waiter's name or maker (./waiters.ts: `resolve`, `deferred`, `withResolvers`, `completer`, …). Tied only by its
 * function's name, a write is reported only when it stores a waiter, which the function's text then names.
 */
const WAITER_WORD = /resolve|reject|defer|future|waiter|settle|fulfil|completer|Promise/i;

/**
 * Whether the function whose name ends at `from` may write a waiter to a store: its block, or an expression body's
 * next text, holds a store write and a waiter's word.
 */
function bodyWrites(text: string, from: number): boolean {
  const rest = text.slice(from, from + MAX_BODY_CHARS);
  const opening = /\{|=>\s*(?=[^\s{])/.exec(rest);
  const body = !opening
    ? rest
    : opening[0] !== "{"
      ? rest.slice(opening.index, opening.index + 2000)
      : bracketed(rest, opening.index + 1);
  return body === null || (STORE_WRITE.test(body) && WAITER_WORD.test(body));
}

const NAME_CHAR = /[\w$#]/;
const SPACE = /\s/;

/**
 * The member chain (`CHAIN`) whose last name ends just before `end`, spaces between them allowed, read backwards:
 * `this.#pending` of `this.#pending.set(`, `state?.waiters` of `state?.waiters[`. Null where no name ends there.
 */
function chainEndingAt(text: string, end: number): string | null {
  let index = end;
  while (index > 0 && SPACE.test(text[index - 1]!)) index -= 1;
  const last = index;
  let start = -1;
  for (;;) {
    let nameStart = index;
    while (nameStart > 0 && NAME_CHAR.test(text[nameStart - 1]!)) nameStart -= 1;
    if (nameStart === index) break;
    start = nameStart;
    // Another segment before this one: `name .` or `name ?.`, spaces allowed around the dot.
    let before = nameStart;
    while (before > 0 && SPACE.test(text[before - 1]!)) before -= 1;
    if (text[before - 1] !== ".") break;
    before -= 1;
    if (text[before - 1] === "?") before -= 1;
    while (before > 0 && SPACE.test(text[before - 1]!)) before -= 1;
    if (before === 0 || !NAME_CHAR.test(text[before - 1]!)) break;
    index = before;
  }
  return start === -1 ? null : text.slice(start, last);
}

/** `= ` or `: ` after a key in brackets: a write to the entry, or a computed key's value. */
const WRITE_AFTER_KEY = /^\s*(?:=(?!=)|:)\s*/;
/** How much space between a key's `]` and its `=` is read; more counts as a write (the gate admits it). */
const MAX_WRITE_GAP = 256;

/** Whether a store write in `text` may be tied to a question, as the analysis reads the names around it. */
export function textMayTiePendingToQuestion(text: string): boolean {
  for (const match of text.matchAll(SET_CALL)) {
    const chain = chainEndingAt(text, match.index);
    if (chain === null) continue;
    if (chainTies(chain)) return true;
    if (entryTies(bracketed(text, match.index + match[0].length))) return true;
  }
  const indexed = [...text.matchAll(INDEXED)].flatMap((match) => {
    const chain = chainEndingAt(text, match.index);
    return chain === null ? [] : [{ end: match.index + match[0].length, chain }];
  });
  const computed = [...text.matchAll(COMPUTED_KEY)].map((match) => ({ end: match.index + match[0].length }));
  for (const match of [...indexed, ...computed] as { end: number; chain?: string }[]) {
    const key = bracketed(text, match.end);
    if (key === null) return true;
    const afterKey = match.end + key.length + 1;
    // A window, not the rest of the file: a file with many brackets must not be copied once per bracket.
    const write = WRITE_AFTER_KEY.exec(text.slice(afterKey, afterKey + MAX_WRITE_GAP));
    if (!write) continue;
    if (match.chain !== undefined && chainTies(match.chain)) return true;
    // Only an object literal written in place has keys the analysis reads (through parentheses and `as`).
    const valueStart = afterKey + write[0].length;
    if (/[({]/.test(text[valueStart] ?? "") && entryTies(bracketed(text, valueStart + 1))) return true;
  }
  for (const match of text.matchAll(SPREAD)) if (chainTies(match[1]!)) return true;
  return functionNameTies(text);
}
