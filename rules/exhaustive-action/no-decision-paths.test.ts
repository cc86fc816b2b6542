/**
 * Issue 35's exhaustive-action shapes: a no-decision forwarded to the other protocol as its refusal (ACP `cancelled`
 * as MCP `decline`, MCP `cancel` as an ACP reject option), and a `cancelled` path that asks the person again in the
 * turn that was cancelled (a `continue` to the asking loop, through a "skip" the outcome was mapped to, or in place).
 * Each with contrasts that share the words but decide nothing for anybody.
 */
import rule from "./index.ts";
import { TYPED_FILE, typedRuleTester, untypedRuleTester } from "../../test/rule-tester.ts";

/** An MCP client whose elicitation handler asks through the ACP client's permission prompt; `answer` maps it. */
const BRIDGE = (
  answer: string,
) => `declare const client: { setRequestHandler(schema: unknown, handler: (request: any) => unknown): void };
declare const ElicitRequestSchema: unknown;
declare const acp: { requestPermission(params: unknown): Promise<any> };
client.setRequestHandler(ElicitRequestSchema, async (request) => {
  const options = [{ optionId: "allow", name: "Allow", kind: "allow_once" }, { optionId: "deny", name: "Deny", kind: "reject_once" }];
  const answer = await acp.requestPermission({ sessionId: "s1", toolCall: { toolCallId: request.id, title: request.params.message }, options });
  ${answer}
});`;

/** An ACP agent's turn that asks for each planned tool call in a loop; `after` is what it does with the answer. */
const AGENT_LOOP = (after: string) => `declare const conn: { requestPermission(params: unknown): Promise<any> };
declare function run(call: unknown): Promise<void>;
export async function turn(sessionId: string, plan: { toolCallId: string; title: string }[]) {
  const options = [{ optionId: "allow", name: "Allow", kind: "allow_once" }, { optionId: "reject", name: "Reject", kind: "reject_once" }];
  for (const toolCall of plan) {
    const answer = await conn.requestPermission({ sessionId, toolCall, options });
    ${after}
    await run(toolCall);
  }
  return { stopReason: "end_turn" };
}`;

/** An ACP client whose permission handler asks through an MCP elicitation; `answer` maps the MCP result. */
const ACP_OVER_MCP = (
  answer: string,
) => `declare const server: { elicitInput(params: unknown, options?: unknown): Promise<any> };
export class Client {
  async requestPermission(params: any) {
    const result = await server.elicitInput({ message: params.toolCall.title, requestedSchema: { type: "object", properties: {} } });
    ${answer}
  }
}`;

const cases = {
  valid: [
    {
      name: "ACP `cancelled` forwarded as MCP `cancel`",
      code: BRIDGE(`if (answer.outcome.outcome === "cancelled") return { action: "cancel" };
  return answer.outcome.optionId === "allow" ? { action: "accept", content: {} } : { action: "decline" };`),
    },
    {
      name: "a reject option forwarded as MCP `decline`: a refusal stays a refusal",
      code: BRIDGE(`if (answer.outcome.outcome === "cancelled") return { action: "cancel" };
  if (answer.outcome.optionId === "deny") return { action: "decline" };
  return { action: "accept", content: {} };`),
    },
    {
      name: "MCP `cancel` forwarded as ACP `cancelled`",
      code: ACP_OVER_MCP(`if (result.action === "cancel") return { outcome: { outcome: "cancelled" } };
    if (result.action === "decline") return { outcome: { outcome: "selected", optionId: "reject_once" } };
    return { outcome: { outcome: "selected", optionId: "allow_once" } };`),
    },
    {
      name: "`cancelled` ends the turn",
      code: AGENT_LOOP(`if (answer.outcome.outcome === "cancelled") return { stopReason: "cancelled" };
    if (answer.outcome.optionId === "reject") continue;`),
    },
    {
      name: "a refusal skips this tool call and asks about the next: the person decided",
      code: AGENT_LOOP(`if (answer.outcome.outcome === "cancelled") break;
    if (answer.outcome.optionId === "reject") continue;`),
    },
    {
      name: "`cancelled` mapped to a word of the agent's own that ends the turn",
      code: AGENT_LOOP(`const choice = answer.outcome.outcome === "cancelled" ? "stop" : answer.outcome.optionId;
    if (choice === "stop") return { stopReason: "cancelled" };
    if (choice === "reject") continue;`),
    },
  ],
  invalid: [
    {
      name: "ACP `cancelled` forwarded as MCP `decline`; the suggestion forwards `cancel`",
      code: BRIDGE(`if (answer.outcome.outcome === "cancelled") return { action: "decline" };
  return answer.outcome.optionId === "allow" ? { action: "accept", content: {} } : { action: "decline" };`),
      errors: [
        {
          messageId: "noDecisionForwardedAsRefusal" as const,
          line: 7,
          suggestions: [
            {
              messageId: "suggestForwardNoDecision" as const,
              output: BRIDGE(`if (answer.outcome.outcome === "cancelled") return { action: "cancel" };
  return answer.outcome.optionId === "allow" ? { action: "accept", content: {} } : { action: "decline" };`),
            },
          ],
        },
      ],
    },
    {
      name: "the same in a ternary on the action field",
      code: BRIDGE(`return { action: answer.outcome.outcome === "cancelled" ? "decline" : "accept", content: {} };`),
      errors: [{ messageId: "noDecisionForwardedAsRefusal" as const, line: 7, suggestions: 1 as never }],
    },
    {
      name: "the same in a switch's `cancelled` case",
      code: BRIDGE(`switch (answer.outcome.outcome) {
    case "cancelled":
      return { action: "decline" };
    case "selected":
      return answer.outcome.optionId === "allow" ? { action: "accept", content: {} } : { action: "decline" };
  }`),
      errors: [{ messageId: "noDecisionForwardedAsRefusal" as const, line: 9, suggestions: 1 as never }],
    },
    {
      name: "MCP `cancel` forwarded as an ACP reject option",
      code: ACP_OVER_MCP(`if (result.action === "cancel") return { outcome: { outcome: "selected", optionId: "reject_once" } };
    if (result.action === "decline") return { outcome: { outcome: "selected", optionId: "reject_once" } };
    return { outcome: { outcome: "selected", optionId: "allow_once" } };`),
      errors: [{ messageId: "noDecisionForwardedAsRefusal" as const, line: 5 }],
    },
    {
      name: "`cancelled` skips to the next tool call, whose prompt belongs to the cancelled turn",
      code: AGENT_LOOP(`if (answer.outcome.outcome === "cancelled") continue;
    if (answer.outcome.optionId === "reject") continue;`),
      errors: [{ messageId: "cancelledAsksAgain" as const, line: 7 }],
    },
    {
      name: '`cancelled` mapped to a "skip" that continues the asking loop',
      code: AGENT_LOOP(`const choice = answer.outcome.outcome === "cancelled" ? "skip" : answer.outcome.optionId;
    if (choice === "skip" || choice === "reject") continue;`),
      errors: [{ messageId: "cancelledAsksAgain" as const, line: 7 }],
    },
    {
      name: "`cancelled` asks again in place",
      code: AGENT_LOOP(`if (answer.outcome.outcome === "cancelled") {
      const again = await conn.requestPermission({ sessionId, toolCall, options });
      if (again.outcome.outcome === "cancelled") return { stopReason: "cancelled" };
    }
    if (answer.outcome.optionId === "reject") continue;`),
      errors: [{ messageId: "cancelledAsksAgain" as const, line: 8 }],
    },
  ],
};

untypedRuleTester.run("exhaustive-action: no-decision paths, untyped", rule, cases);

typedRuleTester.run("exhaustive-action: no-decision paths, typed", rule, {
  valid: cases.valid.map((test) => ({ ...test, filename: TYPED_FILE })),
  invalid: cases.invalid.map((test) => ({ ...test, filename: TYPED_FILE })),
});
