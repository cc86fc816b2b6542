/**
 * The second step of the text gates (analysis/human-wait.ts, analysis/mrtr.ts): each shape a recogniser needs, and a
 * contrast with the same words where no recogniser could match. A gate may admit a file that asks nobody, never
 * turn away one a rule reports on; the rules' own tests (whose create() runs the same gates) check the second half.
 */
import { describe, expect, it } from "vitest";
import { textFacts, type TextFacts } from "./text-gate.ts";

const facts = (text: string): TextFacts => textFacts(text);

describe("mayHandRollWait: a settler kept where a hand-rolled wait's recogniser reads one", () => {
  it.each([
    [
      "a keyed store, in a function that speaks of an answer",
      "// ElicitResult\nfunction askUser(id) {\n  return new Promise((resolve) => pending.set(id, resolve));\n}",
    ],
    [
      "an expression-bodied arrow, the answer word in the function around it",
      "// ElicitResult\nfunction waitForAnswers(ids) {\n  return ids.map((id) => new Promise((resolve) => pending.set(id, resolve)));\n}",
    ],
    [
      "a return type between the parameters and the body",
      "// ElicitResult\nclass Asker {\n  ask(id: string): Promise<ElicitResult> {\n    return new Promise((resolve) => this.pending.set(id, resolve));\n  }\n}",
    ],
    [
      "a signal word only in a string or comment of the executor",
      "// ElicitResult\nfunction askUser(id) {\n  return new Promise((resolve) => {\n    // no signal here\n    pending.set(id, { resolve, why: 'signal' });\n  });\n}",
    ],
    [
      "a field that another method calls: a waiter object",
      "// ElicitResult\nclass Waiter {\n  wait() {\n    return new Promise((resolve) => {\n      this._resolve = resolve;\n    });\n  }\n  answer(value) {\n    this._resolve?.(value);\n  }\n}",
    ],
  ])("admits %s", (_name, text) => expect(facts(text).mayHandRollWait).toBe(true));

  it.each([
    [
      "a keyed store in a function with no answer word (the file names one elsewhere)",
      "function connect(id) {\n  return new Promise((resolve) => streams.set(id, { resolveJson: resolve }));\n}\n// ElicitResult",
    ],
    [
      "an executor that listens to a signal",
      "// ElicitResult\nfunction askUser(id, signal) {\n  return new Promise((resolve) => {\n    pending.set(id, resolve);\n    signal.addEventListener('abort', () => resolve(null));\n  });\n}",
    ],
    [
      "a field that nothing calls",
      "// ElicitResult\nclass Stream {\n  open() {\n    return new Promise((resolve) => {\n      this._source = new EventSource(url);\n      this._source.onopen = () => resolve();\n    });\n  }\n}",
    ],
    [
      "a field holding an object whose settler is called through it",
      "// ElicitResult\nclass Probe {\n  exchange(id) {\n    return new Promise((resolve) => {\n      this._pending = { id, resolve };\n    });\n  }\n  reply(value) {\n    this._pending.resolve(value);\n  }\n}",
    ],
  ])("turns away %s", (_name, text) => expect(facts(text).mayHandRollWait).toBe(false));
});

describe("maySendQuestionParams: a question's key in an object literal", () => {
  it.each([
    ["a shorthand key", "await askUser({ message, requestedSchema });", true],
    ["a key with a value", "await askUser({ message: 'Deploy?', requestedSchema: schema });", true],
    ["contrast: a call's first argument", "applyDefaults(requestedSchema, answer.content);", false],
    ["contrast: a member read in a ternary", "const schema = form ? params.requestedSchema : undefined;", false],
  ])("%s", (_name, text, expected) => expect(facts(`// elicitation\n${text}`).maySendQuestionParams).toBe(expected));
});

describe("mayReadMrtrAnswer: an answer read under MRTR", () => {
  it.each([
    ["a reader called", "const content = acceptedContent(ctx.mcpReq.inputResponses, 'confirm');", true],
    ["a reader through a namespace", "const view = mrtr.inputResponse(responses, 'confirm');", true],
    [
      "a reader bound under another name",
      "import { acceptedContent as read } from '@modelcontextprotocol/server';",
      true,
    ],
    ["the raw answers' field", "const answer = ctx.mcpReq.inputResponses?.confirm;", true],
    [
      "contrast: a bundle's export list",
      "export { D as acceptedContent, O as inputRequired, k as inputResponse };",
      false,
    ],
    ["contrast: the client's driver option", "this._config = resolve(options?.inputRequired);", false],
  ])("%s", (_name, text, expected) => expect(facts(text).mayReadMrtrAnswer).toBe(expected));
});

describe("mayBuildMrtrServer: a server built where its requestState hook would go", () => {
  it.each([
    ["new McpServer(…)", "const server = new McpServer({ name: 'x', version: '1' }, { requestState });", true],
    ["a server class through a namespace", "const server = new sdk.Server(info, options); // requestState", true],
    ["a server class bound under another name", "import { McpServer as Mcp } from 'x';\n// inputRequired", true],
    [
      "contrast: a doc comment's example",
      "/**\n * const server = new McpServer({ name });\n * inputRequired\n */\nclass McpServer {}",
      false,
    ],
    [
      "contrast: the class's own definition",
      "class McpServer { constructor(info, options) {} } // inputRequired",
      false,
    ],
  ])("%s", (_name, text, expected) => expect(facts(text).mayBuildMrtrServer).toBe(expected));
});
