import { AST_NODE_TYPES } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { nodesOf, sourceCodeOf } from "../test/support/source-code.ts";
import { matchWaitOnPerson } from "./local-waits.ts";

/** Whether the last call of `code` waits on a person, as the rules ask it. */
function lastCallWaits(code: string): boolean {
  const sourceCode = sourceCodeOf(code);
  const call = nodesOf(sourceCode, AST_NODE_TYPES.CallExpression).at(-1)!;
  return matchWaitOnPerson(call, sourceCode) !== null;
}

const ASKING_METHOD = "async confirm(p) { return server.elicitInput({ message: p, requestedSchema: {} }); }";

describe("matchWaitOnPerson through the file's own methods", () => {
  it.each([
    ["a class method, called on this", `class Tools { ${ASKING_METHOD} run() { return this.confirm("go?"); } }`],
    ["an object literal's method", `const tools = { ${ASKING_METHOD} }; tools.confirm("go?");`],
    ["a method whose name is spaced from its dot", `const tools = { ${ASKING_METHOD} }; tools . confirm("go?");`],
    ["a quoted key", `const tools = { "confirm": (p) => server.elicitInput({ message: p }) }; tools.confirm("go?");`],
  ])("%s waits", (_name, code) => {
    expect(lastCallWaits(code)).toBe(true);
  });

  it.each([
    // The same words, but the file defines no `confirm`: every spelling of it is read off a value.
    ["a method of another module's object", `import { tools } from "./tools"; tools.confirm("go?"); other.confirm();`],
    ["a local method that asks nobody", `const tools = { confirm(p) { return p; } }; tools.confirm("go?");`],
  ])("%s does not", (_name, code) => {
    expect(lastCallWaits(code)).toBe(false);
  });

  it("answers the same object for the same call, as every rule asks it", () => {
    const sourceCode = sourceCodeOf(`class Tools { ${ASKING_METHOD} run() { return this.confirm("go?"); } }`);
    const call = nodesOf(sourceCode, AST_NODE_TYPES.CallExpression).at(-1)!;
    expect(matchWaitOnPerson(call, sourceCode)).not.toBeNull();
    expect(matchWaitOnPerson(call, sourceCode)).toBe(matchWaitOnPerson(call, sourceCode));
  });
});
