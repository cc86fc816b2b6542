/**
 * Bracket matching over plain text, for the text gates' second step (which reads a file before it is parsed): no
 * tokens, so a bracket in a string or comment counts, which only ever lets a file in.
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
