import type { InvalidTestCase, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds } from "./index.ts";
import { TYPED_FILE, typedRuleTester, untypedRuleTester } from "../../test/rule-tester.ts";

const IMPORTS = `import { createRequestStateCodec, inputRequired, McpServer, Server } from "@modelcontextprotocol/server";
const url = inputRequired.elicitUrl({ message: "Sign in", url: "https://example.com" });
`;
const TOOL = (server: string, state: string, read = "") => `${IMPORTS}${server}
server.registerTool("resume", {}, async (ctx) => {${read}
  return inputRequired({ inputRequests: { go: url }, requestState: ${state} });
});
`;
const PLAIN_SERVER = `const server = new McpServer({ name: "s", version: "1.0.0" });`;
const READ = `
  const state = ctx.mcpReq.requestState<string>();
  if (state) return { content: [{ type: "text" as const, text: state }] };`;

const INVALID: InvalidTestCase<MessageIds, []>[] = [
  {
    name: "JSON.stringify state, read back, on a server built without options",
    code: TOOL(PLAIN_SERVER, `JSON.stringify({ job: "j1" })`, READ),
    errors: [
      { messageId: "unverifiedRead", line: 5, column: 28, endColumn: 40 },
      { messageId: "unsignedState", data: { how: "`JSON.stringify(…)`" }, line: 7, column: 68 },
    ],
  },
  {
    name: "a template string on a server whose options have no requestState",
    code: TOOL(
      `const server = new McpServer({ name: "s", version: "1.0.0" }, { capabilities: {} });`,
      "`job:${ctx.mcpReq.id}`",
    ),
    errors: [{ messageId: "unsignedState", data: { how: "a template string" }, line: 5 }],
  },
  {
    name: "base64 of an object through a const",
    code: `${IMPORTS}${PLAIN_SERVER}
server.registerTool("resume", {}, async () => {
  const encoded = Buffer.from(JSON.stringify({ job: "j1" })).toString("base64url");
  return inputRequired({ inputRequests: { go: url }, requestState: encoded });
});
`,
    errors: [{ messageId: "unsignedState", data: { how: "`Buffer.from(…).toString(…)`" }, line: 6 }],
  },
  {
    name: "only a read, on a low-level Server whose requestState option has no verify",
    code: `${IMPORTS}const server = new Server({ name: "s", version: "1.0.0" }, { requestState: {} });
export function handle(ctx: { mcpReq: { requestState: <T>() => T | undefined } }) {
  return ctx.mcpReq.requestState<{ job: string }>()?.job;
}
`,
    errors: [{ messageId: "unverifiedRead", line: 5 }],
  },
];

const CODEC_SERVER = `const codec = createRequestStateCodec<{ job: string }>({ key: "k".repeat(32) });
const server = new McpServer({ name: "s", version: "1.0.0" }, { requestState: { verify: codec.verify } });`;

const VALID: ValidTestCase<[]>[] = [
  {
    name: "contrast: minted by createRequestStateCodec and verified by the server",
    code: TOOL(CODEC_SERVER, `await codec.mint({ job: "j1" }, ctx)`, READ),
  },
  {
    name: "contrast: a verify hook of the user's own, even with JSON.stringify state",
    code: TOOL(
      `const server = new McpServer({ name: "s", version: "1.0.0" }, { requestState: { verify: async (state: string) => checkMac(state) } });
declare function checkMac(state: string): Promise<unknown>;`,
      `JSON.stringify({ job: "j1" })`,
      READ,
    ),
  },
  {
    name: "contrast: options held in a const that carries the hook",
    code: TOOL(
      `const codec = createRequestStateCodec({ key: "k".repeat(32) });
const options = { requestState: { verify: codec.verify } };
const server = new McpServer({ name: "s", version: "1.0.0" }, options);`,
      `JSON.stringify({ job: "j1" })`,
      READ,
    ),
  },
  {
    name: "contrast: options from elsewhere may carry the hook",
    code: TOOL(
      `declare const serverOptions: ConstructorParameters<typeof McpServer>[1];
const server = new McpServer({ name: "s", version: "1.0.0" }, serverOptions);`,
      `JSON.stringify({ job: "j1" })`,
      READ,
    ),
  },
  {
    name: "contrast: a tool module that builds no server is judged where the server is built",
    code: `import { inputRequired, type McpServer } from "@modelcontextprotocol/server";
export function register(server: McpServer) {
  server.registerTool("resume", {}, async (ctx) => {
    const state = ctx.mcpReq.requestState<string>();
    if (state) return { content: [{ type: "text" as const, text: state }] };
    return inputRequired({ requestState: JSON.stringify({ job: "j1" }) });
  });
}
`,
  },
  {
    name: "contrast: state from the user's own signer is not judged by its look",
    code: TOOL(`${PLAIN_SERVER}\ndeclare function sign(payload: object): string;`, `sign({ job: "j1" })`),
  },
  {
    name: "contrast: a local class named McpServer and a requestState field of something else",
    code: `class McpServer { constructor(readonly info: object) {} }
export const server = new McpServer({ name: "s" });
export const form = { requestState: JSON.stringify({ step: 2 }), inputRequired: true };
`,
  },
];

untypedRuleTester.run("verify-request-state", rule, { valid: VALID, invalid: INVALID });

typedRuleTester.run("verify-request-state (typed)", rule, {
  valid: VALID.map((test) => ({ ...test, name: `${test.name} (typed)`, filename: TYPED_FILE })),
  invalid: INVALID.map((test) => ({ ...test, name: `${test.name} (typed)`, filename: TYPED_FILE })),
});
