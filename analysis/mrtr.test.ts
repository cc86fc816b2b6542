/**
 * MRTR request builders are not waits: require-deadline and forward-abort-signal stay silent on
 * `inputRequired.elicit(…)` / `.elicitUrl(…)`, and keep reporting push-style `ctx.mcpReq.elicitInput(…)` (v2's
 * 60-second default, `ctx.mcpReq.signal` not passed on) and look-alikes such as fastmcp's `context.elicit(…)`.
 */
import { parse } from "@typescript-eslint/parser";
import { describe, expect, it } from "vitest";
import forwardAbortSignal from "../rules/forward-abort-signal/index.ts";
import requireDeadline from "../rules/require-deadline/index.ts";
import { TYPED_FILE, typedRuleTester, untypedRuleTester } from "../test/rule-tester.ts";
import { isRequestBuilderName, requestedKeys, textMayUseMrtr } from "./mrtr.ts";
import type { TSESTree } from "@typescript-eslint/utils";

const HEADER = `import { inputRequired, McpServer } from "@modelcontextprotocol/server";
const server = new McpServer({ name: "s", version: "1.0.0" });
const schema = { type: "object" as const, properties: {} };
`;

const BUILDERS = `${HEADER}server.registerTool("deploy", {}, async (ctx) => {
  return inputRequired({
    inputRequests: {
      confirm: inputRequired.elicit({ message: "Deploy?", requestedSchema: schema }),
      login: inputRequired.elicitUrl({ message: "Sign in", url: "https://example.com" }),
    },
  });
});
`;

const PUSH_STYLE = `${HEADER}server.registerTool("deploy", {}, async (ctx) => {
  const answer = await ctx.mcpReq.elicitInput({ message: "Deploy?", requestedSchema: schema });
  return { content: [{ type: "text" as const, text: answer.action }] };
});
`;

const FASTMCP = `import { FastMCP } from "fastmcp";
export async function ask(context: any) {
  return context.elicit({ message: "Deploy?" });
}
`;

describe("analysis/mrtr", () => {
  it("names the builder's methods, and only on `inputRequired`", () => {
    expect(isRequestBuilderName("inputRequired", "elicit")).toBe(true);
    expect(isRequestBuilderName("inputRequired", "elicitUrl")).toBe(true);
    expect(isRequestBuilderName("context", "elicit")).toBe(false);
    expect(isRequestBuilderName("inputRequired", "elicitInput")).toBe(false);
  });

  it("reads the keys an inputRequired(...) asks for, and gives up on a spread", () => {
    const call = (code: string) =>
      (parse(code).body[0] as TSESTree.ExpressionStatement).expression as TSESTree.CallExpression;
    expect(requestedKeys(call(`inputRequired({ inputRequests: { a: x, "b": y } })`))).toEqual(["a", "b"]);
    expect(requestedKeys(call(`inputRequired({ inputRequests: { ...more } })`))).toBeNull();
    expect(requestedKeys(call(`inputRequired({ requestState: s })`))).toBeNull();
  });

  it("lets files without MRTR words be skipped", () => {
    expect(textMayUseMrtr(BUILDERS)).toBe(true);
    expect(textMayUseMrtr(FASTMCP)).toBe(false);
  });
});

for (const [label, tester, filename] of [
  ["untyped", untypedRuleTester, undefined],
  ["typed", typedRuleTester, TYPED_FILE],
] as const) {
  tester.run(`require-deadline on MRTR code (${label})`, requireDeadline, {
    valid: [
      {
        name: `inputRequired.elicit / .elicitUrl build requests and wait on nobody (${label})`,
        code: BUILDERS,
        filename,
      },
    ],
    invalid: [
      {
        name: `push-style ctx.mcpReq.elicitInput keeps its 60-second default (${label})`,
        code: PUSH_STYLE,
        filename,
        errors: [{ messageId: "missingDeadline", line: 5 }],
      },
      {
        name: `contrast: fastmcp's context.elicit is still a wait (${label})`,
        code: FASTMCP,
        filename,
        errors: [{ messageId: "missingDeadline", line: 3 }],
      },
    ],
  });

  tester.run(`forward-abort-signal on MRTR code (${label})`, forwardAbortSignal, {
    valid: [
      { name: `inputRequired.elicit inside a handler with ctx.mcpReq.signal (${label})`, code: BUILDERS, filename },
    ],
    invalid: [
      {
        name: `push-style ctx.mcpReq.elicitInput without ctx.mcpReq.signal (${label})`,
        code: PUSH_STYLE,
        filename,
        errors: [
          {
            messageId: "notForwarded",
            line: 5,
            suggestions: [
              {
                messageId: "addSignal",
                output: PUSH_STYLE.replace(
                  "requestedSchema: schema })",
                  "requestedSchema: schema }, { signal: ctx.mcpReq.signal })",
                ),
              },
            ],
          },
        ],
      },
    ],
  });
}
