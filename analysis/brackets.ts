/**
 * Plain-text reading (names, calls, brackets, comments) for the text gates' second step, which reads a file before
 * it is parsed: no tokens, so a bracket in a string or comment counts, which only ever lets a file in.
 */

/**
 * The text from `start` (just inside an opening bracket) up to its closing bracket, or null where none closes it
 * within `maxChars` (a gate then admits the file).
 */
export function bracketedText(text: string, start: number, maxChars: number): string | null {
  let depth = 1;
  const end = Math.min(text.length, start + maxChars);
  for (let index = start; index < end; index += 1) {
    const char = text[index];
    if (char === "(" || char === "[" || char === "{") depth += 1;
    else if (char === ")" || char === "]" || char === "}") {
      depth -= 1;
      if (depth === 0) return text.slice(start, index);
    }
  }
  return null;
}

export const escapeWord = (word: string) => word.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
/** Not inside a longer name: `zRequestPermissionRequest` is not `RequestPermission`. */
export const NAME_START = "(?<![\\w$])";
export const NAME_END = "(?![\\w$])";
/** Type arguments before a call's parentheses (`elicit<Answer>(`), bounded so a stray `<` costs little. */
const TYPE_ARGUMENTS = "(?:<[^;{}()]{0,300}>\\s*)?";

/** One of `names` as a whole name. */
export function wholeName(names: readonly string[]): string {
  return `${NAME_START}(?:${names.map(escapeWord).join("|")})${NAME_END}`;
}

/** Whether `name` occurs in `text` as a whole name not read off a value (`x.name`, `x?.name`, `x . name`). */
export function isSpelledOutsideMember(text: string, name: string): boolean {
  // A plain search, not a regular expression over the whole text: it is asked of every method name a file calls.
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    // `charCodeAt` past either end is NaN, which is no name character.
    if (isNameChar(text.charCodeAt(at - 1)) || isNameChar(text.charCodeAt(at + name.length))) continue;
    let before = at - 1;
    while (before >= 0 && isSpace(text.charCodeAt(before), text[before]!)) before--;
    if (before < 0 || text.charCodeAt(before) !== DOT) return true;
  }
  return false;
}

/** `name(`, `name?.(`, `name<T>(`, `["name"](`: a call of one of `names` (or a method's definition, which reads alike). */
export function callOf(names: readonly string[]): string {
  return `${NAME_START}(?:${names.map(escapeWord).join("|")})(?:["'\`]\\s*\\])?\\s*(?:\\?\\.\\s*)?${TYPE_ARGUMENTS}\\(`;
}

/** Where a `/` may start a regular expression rather than divide: after one of these, or at the start. */
const BEFORE_REGEX = new Set([
  "",
  "(",
  ",",
  "=",
  ":",
  "[",
  "!",
  "&",
  "|",
  "?",
  "{",
  "}",
  ";",
  "+",
  "-",
  "*",
  "%",
  "<",
  ">",
  "~",
  "^",
]);

/** A keyword after which a `/` starts a regular expression (`return /x/`), though it reads like a name. */
const KEYWORD_BEFORE = /(?:^|[^\w$.])(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)\s*$/;

/** A keyword whose parenthesised head a statement follows (`if (ok) /x/`), with the space before its `(`. */
const STATEMENT_HEAD = /(?:^|[^\w$.])(?:if|for|while|with)\s*$/;

function startsRegex(text: string, index: number, previous: string): boolean {
  return (
    BEFORE_REGEX.has(previous) || (previous === ")" && KEYWORD_BEFORE.test(text.slice(Math.max(0, index - 12), index)))
  );
}

/**
 * A text's code alone: comments and the insides of strings, templates and regular expressions blanked (same length,
 * line breaks kept). A token-free reading, as exact as a gate
 * needs: where it misreads, it blanks code rather than showing a string as code (a template's `${…}` is blanked too).
 */
export function codeOf(text: string): string {
  // Asked of every file a gate reads: code is copied in runs between the characters that matter, not one by one.
  const out: string[] = [];
  let previous = "";
  let index = 0;
  let copiedTo = 0;
  /** For each open `(`, whether it starts a statement's head. */
  const headParens: boolean[] = [];
  const blank = (from: number, to: number) => out.push(text.slice(from, to).replace(/[^\n]/g, " "));
  while (index < text.length) {
    const code = text.charCodeAt(index);
    const char = text[index]!;
    const next = text[index + 1];
    let end = -1;
    if (code === SLASH && next === "/") {
      end = text.indexOf("\n", index);
      if (end === -1) end = text.length;
    } else if (code === SLASH && next === "*") {
      end = text.indexOf("*/", index + 2);
      end = end === -1 ? text.length : end + 2;
    } else if (
      code === DOUBLE_QUOTE ||
      code === SINGLE_QUOTE ||
      code === BACKTICK ||
      (code === SLASH && startsRegex(text, index, previous))
    ) {
      end = index + 1;
      while (end < text.length && text[end] !== char) {
        if (text[end] === "\\") end += 1;
        else if (char !== "`" && text[end] === "\n") break;
        end += 1;
      }
      end = Math.min(end + 1, text.length);
      out.push(text.slice(copiedTo, index), char);
      blank(index + 1, end - 1);
      out.push(text.slice(end - 1, end));
      previous = char === "/" ? ")" : '"';
      index = copiedTo = end;
      continue;
    }
    if (end !== -1) {
      out.push(text.slice(copiedTo, index));
      blank(index, end);
      index = copiedTo = end;
      continue;
    }
    if (code === OPEN_PAREN) headParens.push(STATEMENT_HEAD.test(text.slice(Math.max(0, index - 8), index)));
    // The `)` that closes `if (…)`, `while (…)`, `for (…)` or `with (…)` ends a statement's head: a `/` after it
    // starts a regular expression (`if (ok) /x/.test(s)`), where after any other `)` it divides.
    if (code === CLOSE_PAREN && headParens.pop() === true) previous = "{";
    else if (!isSpace(code, char)) previous = endsOperand(code) ? ")" : char;
    index += 1;
  }
  out.push(text.slice(copiedTo));
  return out.join("");
}

const SLASH = 0x2f;
const DOT = 0x2e;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const BACKTICK = 0x60;
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;

/** `/\s/.test(char)`, without a regular expression for the ASCII the files are nearly all made of. */
export function isSpace(code: number, char: string): boolean {
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return /\s/.test(char);
}

/** A character that, beside a name, makes it part of a longer one (`/[\w$]/`): what NAME_START and NAME_END refuse. */
export function isNameChar(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x5f ||
    code === 0x24
  );
}

/** `/[\w$#)\]]/.test(char)`: a character after which a `/` divides (`\w` is ASCII without the `u` flag). */
function endsOperand(code: number): boolean {
  return isNameChar(code) || code === 0x23 || code === CLOSE_PAREN || code === 0x5d;
}

/** Words whose `(…) {` opens a block, not a function's body. */
const BLOCK_KEYWORD = /(?:^|[^\w$.])(?:if|for|while|switch|catch|with|await)\s*$/;
/** How much text before a function's parameters is taken with it: `async function askUser`. */
const HEADER_CHARS = 60;

/**
 * The span of `code` (from `codeOf`) that holds the innermost function around `index`: its parameters, body and a
 * little before them. A block that is not plainly a function's (`if (…) {`, an object, a class body, a return type
 * before the brace) is passed over for the one around it, so the span is never smaller than the function. The whole
 * text where no function encloses `index`; null where the braces do not close.
 */
export function enclosingFunctionSpan(code: string, index: number): [number, number] | null {
  let depth = 0;
  for (let at = index - 1; at >= 0; at -= 1) {
    const char = code[at];
    if (char === "}" || char === ")" || char === "]") depth += 1;
    else if (char === "(" || char === "[") depth = Math.max(0, depth - 1);
    else if (char === "{") {
      if (depth > 0) {
        depth -= 1;
        continue;
      }
      const parameters = functionParametersBefore(code, at);
      if (parameters === -1) continue;
      const body = bracketedText(code, at + 1, code.length);
      return body === null ? null : [Math.max(0, parameters - HEADER_CHARS), at + body.length + 2];
    }
  }
  return [0, code.length];
}

/**
 * Where the parameters start of the function whose body the `{` at `open` begins: after `=>` (a list or one name)
 * or a list `(…)` that no block keyword owns. -1 when the brace does not plainly open a function's body.
 */
function functionParametersBefore(code: string, open: number): number {
  let at = open - 1;
  while (at >= 0 && /\s/.test(code[at]!)) at -= 1;
  const arrow = code[at] === ">" && code[at - 1] === "=";
  if (arrow) {
    at -= 2;
    while (at >= 0 && /\s/.test(code[at]!)) at -= 1;
    if (code[at] !== ")") {
      while (at > 0 && /[\w$]/.test(code[at - 1]!)) at -= 1;
      return at;
    }
  } else if (code[at] !== ")") return -1;
  let depth = 0;
  for (; at >= 0; at -= 1) {
    if (code[at] === ")") depth += 1;
    else if (code[at] === "(" && --depth === 0) break;
  }
  if (at < 0) return -1;
  return arrow || !BLOCK_KEYWORD.test(code.slice(Math.max(0, at - 12), at)) ? at : -1;
}

/**
 * Whether `index` is in a `//` comment or on a line of a `/**` block's (a line starting with `*` below one that
 * starts with `/*` or `*`): a name there is prose.
 */
export function inLineComment(text: string, index: number): boolean {
  const lineStart = text.lastIndexOf("\n", index - 1) + 1;
  const line = text.slice(lineStart, index);
  if (/^\s*\/\//.test(line)) return true;
  if (!/^\s*\*(?:\s|$)/.test(line) || lineStart === 0) return false;
  const previousStart = text.lastIndexOf("\n", lineStart - 2) + 1;
  return /^\s*(?:\/\*|\*)/.test(text.slice(previousStart, lineStart));
}

/** Whether `pattern` (global) matches `text` somewhere outside a `//` or doc comment's line (`inLineComment`). */
export function matchesOutsideLineComments(text: string, pattern: RegExp): boolean {
  for (const match of text.matchAll(pattern)) if (!inLineComment(text, match.index)) return true;
  return false;
}
