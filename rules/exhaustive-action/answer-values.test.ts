import { describe, expect, it } from "vitest";
import { answerFieldOf } from "./answer-values.ts";
import { HUMAN_WAIT_APIS } from "../../protocol/apis.ts";

describe("answerFieldOf (issue 23, bug 1)", () => {
  const mcp = HUMAN_WAIT_APIS.find((api) => api.result === "mcp-elicit-result")!;
  const acp = HUMAN_WAIT_APIS.find((api) => api.result === "acp-permission-outcome")!;
  it("reads the protocol's field when a row names none", () => {
    expect(answerFieldOf(mcp)).toBe("action");
    expect(answerFieldOf(acp)).toBe("outcome");
  });
  it("reads the row's own answer field (a framework answering { status })", () => {
    expect(answerFieldOf({ ...mcp, answerField: "status" } as typeof mcp)).toBe("status");
  });
});
