/**
 * analysis/text-gate.ts with ESLint's real Linter: every rule's create() on one file shares one set of facts, kept per
 * SourceCode; a file gated by its text first (the codemod engine, `check`) hands its facts to the SourceCode parsed
 * from that text.
 */
import { Linter, type SourceCode } from "eslint";
import { describe, expect, it } from "vitest";
import { mayReport as noSessionKeyedPendingMayReport } from "../rules/no-session-keyed-pending/index.ts";
import { textFacts, type TextFacts } from "./text-gate.ts";

const ASKS = `const answer = await server.elicitInput({ message: "Deploy?", requestedSchema });
if (answer.action === "accept") deploy();
`;
const PLAIN = "export const add = (a, b) => a + b;\n";

/** The facts each of two rules gets in one lint of `text`, and the SourceCode they linted. */
function factsSeenByTwoRules(text: string): { first: TextFacts; second: TextFacts; sourceCode: SourceCode } {
  const seen: TextFacts[] = [];
  let sourceCode: SourceCode | null = null;
  const reader = {
    create(context: { sourceCode: SourceCode }) {
      sourceCode = context.sourceCode;
      seen.push(textFacts(context.sourceCode));
      return {};
    },
  };
  new Linter({ configType: "flat" }).verify(text, [
    {
      languageOptions: { ecmaVersion: "latest", sourceType: "module" },
      plugins: { gate: { rules: { one: reader as never, two: reader as never } } },
      rules: { "gate/one": "error", "gate/two": "error" },
    },
  ]);
  expect(seen).toHaveLength(2);
  return { first: seen[0]!, second: seen[1]!, sourceCode: sourceCode! };
}

describe("textFacts", () => {
  it("gives every rule linting one file the same facts, and another file its own", () => {
    const asks = factsSeenByTwoRules(ASKS);
    expect(asks.second).toBe(asks.first);
    expect(textFacts(asks.sourceCode)).toBe(asks.first);
    const plain = factsSeenByTwoRules(PLAIN);
    expect(plain.first).not.toBe(asks.first);
    expect([plain.first.mayWaitOnPerson, plain.first.mayCompareAnswer, plain.first.awaits]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("answers from the file's text", () => {
    const facts = factsSeenByTwoRules(ASKS).first;
    expect(facts.text).toBe(ASKS);
    expect([facts.mayWaitOnPerson, facts.mayCompareAnswer, facts.awaits, facts.mayUseMrtr]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(textFacts("const view = inputResponse(ctx);\n").mayUseMrtr).toBe(true);
  });

  it("hands the facts of a text gated first to the SourceCode parsed from it", () => {
    const gated = textFacts(ASKS);
    expect(textFacts(ASKS)).toBe(gated);
    expect(factsSeenByTwoRules(ASKS).first).toBe(gated);
    // A second lint of the same text builds a new SourceCode; while the text is still the last one gated, it shares.
    expect(factsSeenByTwoRules(ASKS).first).toBe(gated);
  });

  it("keeps one text-keyed entry: gating another text replaces it", () => {
    const first = textFacts(ASKS);
    expect(textFacts(PLAIN)).not.toBe(first);
    expect(textFacts(ASKS)).not.toBe(first);
    expect(textFacts(ASKS).mayWaitOnPerson).toBe(true);
  });
});

/** The facts of a text gated on its own (no SourceCode): what `check` and the codemods see before parsing. */
const gated = (text: string) => textFacts(text);

describe("mayAskPerson: the words where a recogniser reads them", () => {
  it.each([
    ["a call of a wait by name", "const answer = await server.server.elicitInput({ message, requestedSchema });"],
    ["a call with type arguments", "const answer = await ctx.elicit<Choice>({ message: 'Go?', schema });"],
    [
      "a request naming the question's method",
      "await this.request({ method: 'elicitation/create', params }, ElicitResultSchema);",
    ],
    ["a request through a constant", "const METHOD = 'elicitation/create';\nawait client.send(METHOD, params);"],
    ["an ACP method constant", "await connection.request(methods.client.session.requestPermission, params);"],
    [
      "a handler of the question",
      "client.setRequestHandler(ElicitRequestSchema, async (request) => ({ action: 'accept' }));",
    ],
    ["a compiled handler", "client.setRequestHandler(types_js_1.ElicitRequestSchema, onElicit);"],
    ["an ACP client's handler method", "class Client {\n  async requestPermission(params) { return ask(params); }\n}"],
    [
      "an ACP client's handler property",
      "new ClientSideConnection(() => ({ requestPermission: onPermission }), stream);",
    ],
    [
      "an answer type in an annotation",
      "import type { ElicitResult } from 'sdk';\nasync function ask(): Promise<ElicitResult> { return decide(); }",
    ],
  ])("admits %s", (_name, text) => {
    expect(gated(text).mayAskPerson).toBe(true);
  });

  it.each([
    [
      "the words in comments and strings only",
      "// the server may call elicitInput here one day\nexport const doc = 'see elicitation/create';\n",
    ],
    [
      "a protocol schema",
      "export const ElicitRequestSchema = RequestSchema.extend({ method: z.literal('elicitation/create') });",
    ],
    [
      "a method compared, not requested",
      "if (method === 'elicitation/create') return super.setRequestHandler(schema, wrapped);\nawait this.request(req);",
    ],
    [
      "an import of the answer type alone",
      "import type { ElicitResult, ElicitRequestSchema } from 'sdk';\nexport const x = 1;",
    ],
    ["a longer name holding a wait's", "export const zRequestPermissionRequest = z.object({ sessionId: z.string() });"],
  ])("leaves out %s", (_name, text) => {
    const facts = gated(text);
    expect(facts.mayWaitOnPerson).toBe(true);
    expect(facts.mayAskPerson).toBe(false);
  });

  it("asks nothing of a file that names no wait at all", () => {
    expect(gated("export const run = () => client.request({ method: 'tools/call' });\n").mayAskPerson).toBe(false);
  });
});

describe("the other second-step facts", () => {
  it("comparesAnswerLiteral: a branch on an answer, not an enumeration of the answers", () => {
    expect(gated("if (answer.action === 'accept') go();").comparesAnswerLiteral).toBe(true);
    expect(gated("switch (outcome.outcome) {\n  case 'cancelled':\n    stop();\n}").comparesAnswerLiteral).toBe(true);
    expect(gated("if ('decline' !== result.action) go();").comparesAnswerLiteral).toBe(true);
    const schema = gated(
      "export const ElicitResultSchema = z.object({ action: z.enum(['accept', 'decline', 'cancel']) });",
    );
    expect([schema.mayCompareAnswer, schema.comparesAnswerLiteral]).toEqual([true, false]);
  });

  it("maySendQuestionParams: a question's key in an object, not in a sentence", () => {
    expect(gated("const answer = await askUser({ message, requestedSchema });").maySendQuestionParams).toBe(true);
    expect(
      gated("// requestedSchema is optional in url mode\nexport const x = elicitation;").maySendQuestionParams,
    ).toBe(false);
  });

  it("mayHandRollWait: a promise built in a file that names a question", () => {
    expect(
      gated("const answer: ElicitResult = await new Promise((resolve) => pending.set(id, resolve));").mayHandRollWait,
    ).toBe(true);
    expect(gated("// ElicitResult\nconst done = await once(emitter, 'answer');").mayHandRollWait).toBe(false);
  });
});

describe("no-session-keyed-pending's gate: a write tied to a question where the analysis looks", () => {
  const admits = (text: string) => noSessionKeyedPendingMayReport(text);

  it.each([
    [
      "a pending store named for answers",
      "const pendingAnswers = new Map();\nfunction park(sessionId) {\n  return new Promise((resolve) => pendingAnswers.set(sessionId, resolve));\n}",
    ],
    [
      "a question word in the store's path",
      "class Gate {\n  approvals = new Map();\n  hold(sessionId) {\n    return new Promise((resolve) => this.approvals.set(sessionId, { resolve }));\n  }\n}",
    ],
    [
      "a question word in the entry written in place",
      "sessions[sessionId] = { question: text, resolve };\nawait new Promise((resolve) => resolve());",
    ],
    [
      "a question word in the enclosing function's name",
      "const waiting = {};\nasync function askUser(sessionId) {\n  return new Promise((resolve) => {\n    waits[sessionId] = resolve;\n  });\n}",
    ],
    [
      "a file that asks a person",
      "const waits = new Map();\nwaits.set(extra.sessionId, resolve);\nawait server.elicitInput({ message, requestedSchema });",
    ],
  ])("admits %s", (_name, text) => {
    expect(admits(text)).toBe(true);
  });

  it.each([
    [
      "a Map keyed by session id with no wait on a person anywhere",
      "const transports = new Map();\nexport function connect(sessionId, transport) {\n  transports.set(sessionId, transport);\n  return new Promise((resolve) => transport.onclose = resolve);\n}\n// the user may answer an elicitation later\n",
    ],
    [
      "question words only in strings, comments and unrelated functions",
      "const handlers = new Map();\nhandlers.set(sessionId, (response) => resolve(response));\nconst role = z.enum(['user', 'assistant']);\nfunction isUserMessage(value) {\n  return value.role === 'user';\n}\n",
    ],
  ])("leaves out %s", (_name, text) => {
    expect(admits(text)).toBe(false);
  });
});
