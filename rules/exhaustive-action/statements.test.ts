/**
 * Issue 24: a ternary that is a whole statement's value, and a decision stored in a flag read only by the test right
 * after it, become the exhaustive `switch` an `if` would. Each rewrite has its contrast, reported without one: a
 * ternary inside a larger expression or initialising a `const`, a target that runs code, a flag read elsewhere too or
 * with code between it and its test.
 */
import rule from "./index.ts";
import { untypedRuleTester } from "../../test/rule-tester.ts";

const NO_REWRITE = (reason: string) => ` No rewrite: ${reason}.`;
const SECOND = "This ternary's second branch";

/** The three clauses every rewrite here ends with, at a function's body indent; `decline` and `cancel` share `body`. */
function tail(body: string, completes: boolean): string {
  const brk = completes ? "\n      break;" : "";
  return `    case "decline": {
      // decline: the user saw the question and said no
      ${body}${brk}
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      ${body}
    }
  }`;
}

untypedRuleTester.run("exhaustive-action: ternaries and stored decisions", rule, {
  valid: [
    {
      name: "contrast: an assigned ternary on an event's action, which asks nobody",
      code: `
function onBanner(event) {
  let text = "";
  text = event.action === "accept" ? "cookies on" : "cookies off";
  return text;
}`,
    },
  ],
  invalid: [
    {
      name: "an assigned ternary: each case assigns its branch, then leaves the switch",
      code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  let text;
  text = r.action === "accept" ? ship(r.content) : "Not deployed";
  return text;
}`,
      errors: [
        {
          messageId: "declineAndCancelMerged",
          data: { path: SECOND, rewrite: "" },
          line: 5,
          column: 10,
          suggestions: [
            {
              messageId: "suggestExhaustiveSwitch",
              output: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  let text;
  switch (r.action) {
    case "accept": {
      text = ship(r.content);
      break;
    }
${tail(`text = "Not deployed";`, true)}
  return text;
}`,
            },
          ],
        },
      ],
    },
    {
      name: "a ternary as a statement of its own: an object literal branch keeps its parentheses",
      code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  r.action === "accept" ? ship(r.content) : { skipped: true };
}`,
      errors: [
        {
          messageId: "declineAndCancelMerged",
          data: { path: SECOND, rewrite: "" },
          line: 4,
          column: 3,
          suggestions: [
            {
              messageId: "suggestExhaustiveSwitch",
              output: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  switch (r.action) {
    case "accept": {
      ship(r.content);
      break;
    }
${tail("({ skipped: true });", true)}
}`,
            },
          ],
        },
      ],
    },
    {
      name: "a returned ternary with a side condition: accept keeps the condition, decline and cancel do not test it",
      code: `
async function deploy(server, force) {
  const r = await server.elicitInput({ message: "Deploy?" });
  return r.action === "accept" && force ? ship(r.content) : keep();
}`,
      errors: [
        {
          messageId: "declineAndCancelMerged",
          data: { path: SECOND, rewrite: "" },
          line: 4,
          column: 10,
          suggestions: [
            {
              messageId: "suggestExhaustiveSwitch",
              output: `
async function deploy(server, force) {
  const r = await server.elicitInput({ message: "Deploy?" });
  switch (r.action) {
    case "accept": {
      if (force) {
        return ship(r.content);
      } else {
        return keep();
      }
    }
${tail("return keep();", false)}
}`,
            },
          ],
        },
      ],
    },
    {
      name: "a flag read once, by the test right after it: the switch reads the action in its place",
      code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  const ok = r.action === "accept"; // yes means yes
  if (!ok) {
    return "Not deployed";
  }
  return ship(r.content);
}`,
      errors: [
        {
          messageId: "declineAndCancelMerged",
          data: { path: "The `!ok` branch", rewrite: "" },
          line: 5,
          column: 7,
          suggestions: [
            {
              messageId: "suggestExhaustiveSwitch",
              output: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  // yes means yes
  switch (r.action) {
    case "accept":
      break;
${tail(`return "Not deployed";`, false)}
  return ship(r.content);
}`,
            },
          ],
        },
      ],
    },
    {
      name: "contrast: a ternary inside a call's argument",
      code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  log(r.action === "accept" ? "deploying" : "not deploying");
}`,
      errors: [
        {
          messageId: "declineAndCancelMerged",
          data: { path: SECOND, rewrite: NO_REWRITE("a ternary is an expression") },
          line: 4,
          suggestions: [],
        },
      ],
    },
    {
      name: "contrast: a ternary initialising a const",
      code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  const text = r.action === "accept" ? "deploying" : "not deploying";
  return text;
}`,
      errors: [
        {
          messageId: "declineAndCancelMerged",
          data: { path: SECOND, rewrite: NO_REWRITE("a ternary is an expression") },
          line: 4,
          suggestions: [],
        },
      ],
    },
    {
      name: "contrast: an assigned ternary whose target runs code, or reads itself first",
      code: `
async function deploy(server, out, key) {
  const r = await server.elicitInput({ message: "Deploy?" });
  out[key()] = r.action === "accept" ? "deploying" : "not deploying";
  out.count += r.action === "accept" ? 1 : 0;
}`,
      errors: [
        {
          messageId: "declineAndCancelMerged",
          data: { path: SECOND, rewrite: NO_REWRITE("a ternary is an expression") },
          line: 4,
          suggestions: [],
        },
        {
          messageId: "declineAndCancelMerged",
          data: { path: SECOND, rewrite: NO_REWRITE("a ternary is an expression") },
          line: 5,
          suggestions: [],
        },
      ],
    },
    {
      name: "contrast: a flag read again after its test",
      code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  const ok = r.action === "accept";
  if (!ok) {
    return "Not deployed";
  }
  return ship(ok);
}`,
      errors: [
        {
          messageId: "declineAndCancelMerged",
          data: { path: "The `!ok` branch", rewrite: NO_REWRITE("its flag is read elsewhere too") },
          line: 5,
          suggestions: [],
        },
      ],
    },
    {
      name: "contrast: a flag with other code between it and its test",
      code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  const ok = r.action === "accept";
  log("asked");
  return ok ? ship(r.content) : "Not deployed";
}`,
      errors: [
        {
          messageId: "declineAndCancelMerged",
          data: { path: SECOND, rewrite: NO_REWRITE("code runs between flag and test") },
          line: 6,
          suggestions: [],
        },
      ],
    },
  ],
});

const STRICT = [{ reportIdenticalBranches: true }] as const;

/**
 * docs/codemods.md: the `strict` config keeps pointing at the identical decline and cancel bodies the rewrite writes.
 * For assignment-style branches those are `text = …; break;` in `decline` and `text = …;` in the last clause.
 */
untypedRuleTester.run("exhaustive-action strict: the identical bodies migrate writes", rule, {
  valid: [
    {
      name: "contrast: decline and cancel assign different texts",
      options: STRICT,
      code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  let text;
  switch (r.action) {
    case "accept": {
      text = "deploying";
      break;
    }
    case "decline": {
      text = "declined";
      break;
    }
    default:
    case "cancel": {
      text = "dismissed";
    }
  }
  return text;
}`,
    },
    {
      name: "contrast: cancel's copy without a break is not last, so it runs on into the next clause",
      options: STRICT,
      code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  let text;
  switch (r.action) {
    case "accept":
      text = "deploying";
      break;
    case "decline":
      text = "not deploying";
      break;
    case "cancel":
      text = "not deploying";
    default:
      text = "unknown";
  }
  return text;
}`,
    },
  ],
  invalid: [
    {
      name: "the assignment-style switch migrate writes: the same assignment, with and without the last break",
      options: STRICT,
      code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  let text;
  switch (r.action) {
    case "accept": {
      text = "deploying";
      break;
    }
${tail(`text = "not deploying";`, true)}
  return text;
}`,
      errors: [{ messageId: "identicalBranches", data: { what: "cases do the same thing" }, line: 17, column: 10 }],
    },
    {
      name: "a case whose copy returns needs no break: still the same as the last clause",
      options: STRICT,
      code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  switch (r.action) {
    case "accept":
      return "deploying";
    case "decline":
      log("no");
      break;
    case "cancel":
      log("no");
  }
  return "done";
}`,
      errors: [{ messageId: "identicalBranches", data: { what: "cases do the same thing" }, line: 10, column: 10 }],
    },
  ],
});
