/**
 * Where a piece of text sits in a test's code, as RuleTester positions (1-based lines and columns).
 * Invalid cases name the exact token the rule should point at (`elicitInput`, the second `Promise`), so the
 * expected location is read off the code by hand rather than copied from the rule's output.
 */
export interface Location {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export function locate(code: string, needle: string, occurrence = 1): Location {
  let index = -1;
  for (let seen = 0; seen < occurrence; seen++) {
    index = code.indexOf(needle, index + 1);
    if (index === -1) throw new Error(`"${needle}" (occurrence ${occurrence}) is not in the test code`);
  }
  const before = code.slice(0, index).split("\n");
  const line = before.length;
  const column = before[before.length - 1]!.length + 1;
  return { line, column, endLine: line, endColumn: column + needle.length };
}
