/**
 * Issue 23: a finding rests on a fact (a row, a type, or code in the file). Each case here is a reduced form of code
 * seen on repositories this project had not looked at: the false reports to leave alone and the bugs to find, each
 * with a contrast that shares its words.
 */
import rule from "./index.ts";
import { untypedRuleTester } from "../../test/rule-tester.ts";

const TERNARY_SECOND = {
  path: "This ternary's second branch",
  rewrite: " No rewrite: a ternary is an expression.",
};

untypedRuleTester.run("exhaustive-action (issue 23)", rule, {
  valid: [
    {
      name: "false report 10: a boolean gate returned to the caller, otherwise only worded in a status text",
      code: `
export async function applyEdit(conn, sessionId, toolCall) {
  const res = await conn.requestPermission({ sessionId, toolCall, options });
  const ok = res.outcome.outcome === "selected" && res.outcome.optionId === "apply";
  log(ok ? "applied" : \`not applied: \${toolCall.title}\`);
  return ok;
}`,
    },
  ],
  invalid: [
    {
      name: "contrast (false report 10): the same gate whose ternary does the work is a collapse",
      code: `
export async function applyEdit(conn, sessionId, toolCall) {
  const res = await conn.requestPermission({ sessionId, toolCall, options });
  const ok = res.outcome.outcome === "selected" && res.outcome.optionId === "apply";
  log(ok ? "applied" : "not applied");
  return ok ? apply(toolCall) : "skipped";
}`,
      errors: [
        { messageId: "cancelledAndSelectedMerged", line: 5, data: TERNARY_SECOND },
        { messageId: "cancelledAndSelectedMerged", line: 6, data: TERNARY_SECOND },
      ],
    },
  ],
});
