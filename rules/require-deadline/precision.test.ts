/**
 * require-deadline on shapes first seen in published code (issue 23's false reports), each beside a contrast that
 * shares its words and is still reported.
 */
import rule from "./index.ts";
import { untypedRuleTester } from "../../test/rule-tester.ts";

untypedRuleTester.run("require-deadline (a frame written to a transport)", rule, {
  valid: [
    {
      name: "transport frame: this._transport.send(request, options) writes a const JSON-RPC frame and waits for nothing",
      code: `export class Agent {
  async elicitInput(params, options) {
    const request = { jsonrpc: "2.0", id: this.nextId++, method: "elicitation/create", params };
    const answer = new Promise((resolve, reject) => {
      setTimeout(() => reject(new Error("timed out")), 60_000);
      this._pending.set(request.id, { resolve, reject });
    });
    await this._transport.send(request, options);
    return answer;
  }
}`,
    },
    {
      name: "transport frame: transport.send({ jsonrpc, id, method: elicitation/create, params }) written inline",
      code: `await transport.send({ jsonrpc: "2.0", id: 7, method: "elicitation/create", params });`,
    },
  ],
  invalid: [
    {
      name: "contrast: ctx.mcpReq.send({ method: elicitation/create, params }) asks and waits, with no deadline",
      code: `await ctx.mcpReq.send({ method: "elicitation/create", params }, ElicitResultSchema);`,
      errors: [{ messageId: "missingDeadline" }],
    },
  ],
});
