import { type InvalidTestCase } from "@typescript-eslint/rule-tester";
import * as tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import rule, { type MessageIds, type Options } from "./index.ts";
import { TYPED_FILE, typedRuleTester, untypedRuleTester } from "../../test/rule-tester.ts";

const STRICT = [{ reportIdenticalBranches: true }] as const;
const DECLINE = "// decline: the user saw the question and said no";
const CANCEL = "// cancel: the dialog was dismissed without a decision";
const OTHER = "// any other action: no decision was made, as with cancel";
const FALLS = "// any other action is no decision either: falls through to cancel";

const ELSE_PATH = { path: "The `else` branch", rewrite: "" };
const IF_PATH = { path: "This `if`", rewrite: "" };
const DEFAULT_PATH = { path: "The `default` case", rewrite: "" };
const NO_REWRITE = (reason: string) => ` No rewrite: ${reason}.`;
const TERNARY_REASON = NO_REWRITE("a ternary is an expression");
const ACP_REASON = NO_REWRITE("options are built elsewhere");
/** The race helper the deadline codemod adds to a file (codemods/__fixtures__/deadline/acp-v1-no-signal.output.ts). */
const ASK_WITHIN = `function askWithin<T>(
  ask: Promise<T>,
  { signal, ms, noAnswer }: { signal?: AbortSignal; ms?: number; noAnswer: () => T },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stopWaiting = () => {
      settle();
      resolve(noAnswer());
    };
    const timer = ms === undefined ? undefined : setTimeout(stopWaiting, ms);
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", stopWaiting);
    };
    if (signal?.aborted) return stopWaiting();
    signal?.addEventListener("abort", stopWaiting, { once: true });
    ask.then(
      (answer) => {
        settle();
        resolve(answer);
      },
      (error: unknown) => {
        settle();
        reject(error);
      },
    );
  });
}
`;
const ASK_WITHIN_LINES = ASK_WITHIN.split("\n").length;

const UNTYPED_INVALID: InvalidTestCase<MessageIds, Options>[] = [
  {
    name: "if accept / else: the seed's shape, rewritten to a switch",
    code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  if (result.action === "accept") {
    // go ahead
    ship(result.content);
  } else {
    // stop here
    log("not deployed");
  }
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: ELSE_PATH,
        line: 4,
        column: 7,
        endLine: 4,
        endColumn: 33,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  switch (result.action) {
    case "accept": {
      // go ahead
      ship(result.content);
      break;
    }
    case "decline": {
      ${DECLINE}
      // stop here
      log("not deployed");
      break;
    }
    default:
      ${FALLS}
    case "cancel": {
      ${CANCEL}
      // stop here
      log("not deployed");
    }
  }
}`,
          },
        ],
      },
    ],
  },
  {
    name: "!== accept early return",
    code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  if (r.action !== "accept") {
    return "Deploy cancelled.";
  }
  return ship(r.content);
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: IF_PATH,
        line: 4,
        column: 7,
        endColumn: 28,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  switch (r.action) {
    case "accept":
      break;
    case "decline": {
      ${DECLINE}
      return "Deploy cancelled.";
    }
    default:
      ${FALLS}
    case "cancel": {
      ${CANCEL}
      return "Deploy cancelled.";
    }
  }
  return ship(r.content);
}`,
          },
        ],
      },
    ],
  },
  {
    name: "!== accept || !content early return, split by action",
    code: `
async function create(server) {
  const info = await server.elicitInput({ message: "Event?", requestedSchema });
  if (info.action !== "accept" || !info.content) return { text: "Event creation cancelled." };
  return save(info.content);
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: IF_PATH,
        line: 4,
        column: 7,
        endColumn: 31,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
async function create(server) {
  const info = await server.elicitInput({ message: "Event?", requestedSchema });
  switch (info.action) {
    case "accept": {
      if (!info.content) {
        return { text: "Event creation cancelled." };
      }
      break;
    }
    case "decline": {
      ${DECLINE}
      return { text: "Event creation cancelled." };
    }
    default:
      ${FALLS}
    case "cancel": {
      ${CANCEL}
      return { text: "Event creation cancelled." };
    }
  }
  return save(info.content);
}`,
          },
        ],
      },
    ],
  },
  {
    name: "accept && content / else, the accept case keeps both branches",
    code: `
async function remove(server, file) {
  const result = await server.elicitInput({ message: "Delete?" });
  let text;
  if (result.action === "accept" && result.content.confirm) {
    text = "Deleted";
  } else {
    text = "Deletion cancelled";
  }
  return text;
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: ELSE_PATH,
        line: 5,
        column: 7,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
async function remove(server, file) {
  const result = await server.elicitInput({ message: "Delete?" });
  let text;
  switch (result.action) {
    case "accept": {
      if (result.content.confirm) {
        text = "Deleted";
      } else {
        text = "Deletion cancelled";
      }
      break;
    }
    case "decline": {
      ${DECLINE}
      text = "Deletion cancelled";
      break;
    }
    default:
      ${FALLS}
    case "cancel": {
      ${CANCEL}
      text = "Deletion cancelled";
    }
  }
  return text;
}`,
          },
        ],
      },
    ],
  },
  {
    name: "contrast: a ternary whose other branch words a decision, beside the content it picks",
    code: `
async function resume(server) {
  const answer = await server.elicitInput({ message: "Continue?", requestedSchema });
  return { resumeData: answer.action === "accept" ? answer.content ?? {} : "declined" };
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: { path: "This ternary's second branch", rewrite: TERNARY_REASON },
        line: 4,
        suggestions: [],
      },
    ],
  },
  {
    name: "ternary: reported, no rewrite",
    code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  const text = r.action === "accept" ? ship(r.content) : "Not deployed";
  return text;
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: { path: "This ternary's second branch", rewrite: TERNARY_REASON },
        line: 4,
        column: 16,
        endColumn: 37,
        suggestions: [],
      },
    ],
  },
  {
    name: "switch with accept and default",
    code: `
async function sendKey(server) {
  const result = await server.elicitInput({ mode: "url", message: "API key", url, elicitationId });
  switch (result.action) {
    case "accept":
      console.log("accepted");
      break;
    default:
      console.log("declined");
      break;
  }
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: DEFAULT_PATH,
        line: 8,
        column: 5,
        endLine: 8,
        endColumn: 12,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
async function sendKey(server) {
  const result = await server.elicitInput({ mode: "url", message: "API key", url, elicitationId });
  switch (result.action) {
    case "accept":
      console.log("accepted");
      break;
    case "decline": {
      ${DECLINE}
      console.log("declined");
      break;
    }
    default:
      ${FALLS}
    case "cancel": {
      ${CANCEL}
      console.log("declined");
      break;
    }
  }
}`,
          },
        ],
      },
    ],
  },
  {
    name: "default with a block body: its braces are not copied, its comments are",
    code: `
async function ask(server) {
  const r = await server.elicitInput({ message: "x" });
  switch (r.action) {
    case "accept": {
      return 1;
    }
    default: {
      // refused
      const text = "no";
      return text; // done
    }
  }
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: DEFAULT_PATH,
        line: 8,
        column: 5,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
async function ask(server) {
  const r = await server.elicitInput({ message: "x" });
  switch (r.action) {
    case "accept": {
      return 1;
    }
    case "decline": {
      ${DECLINE}
      // refused
      const text = "no";
      return text; // done
    }
    default:
      ${FALLS}
    case "cancel": {
      ${CANCEL}
      // refused
      const text = "no";
      return text; // done
    }
  }
}`,
          },
        ],
      },
    ],
  },
  {
    name: "switch missing the cancel case",
    code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  switch (result.action) {
    case "accept":
      ship(result.content);
      break;
    case "decline":
      log("declined");
  }
  notify();
}`,
    errors: [
      {
        messageId: "unhandledOutcome",
        data: {
          missing: "`cancel`",
          others: "accept and decline",
          consequence: "a dialog dismissed without a decision will be handled like those answers",
          rewrite: "",
        },
        line: 4,
        column: 11,
        endColumn: 24,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  switch (result.action) {
    case "accept":
      ship(result.content);
      break;
    case "decline":
      log("declined");
      break;
    case "cancel":
      ${CANCEL}
      break;
    default:
      ${OTHER}
      result.action satisfies never;
  }
  notify();
}`,
          },
        ],
      },
    ],
  },
  {
    name: "if accept / else if decline: cancel falls through to the code after",
    code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  if (result.action === "accept") {
    prepare(result.content);
  } else if (result.action === "decline") {
    log("declined");
  }
  return finish();
}`,
    errors: [
      {
        messageId: "unhandledOutcome",
        data: {
          missing: "`cancel`",
          others: "accept and decline",
          consequence: "a dialog dismissed without a decision will be handled like those answers",
          rewrite: NO_REWRITE("it needs your code"),
        },
        line: 6,
        column: 14,
        endColumn: 41,
        suggestions: [],
      },
    ],
  },
  {
    name: "boolean flag whose false path does work",
    code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  const ok = r.action === "accept" && !!r.content;
  if (!ok) {
    notifyTeam("deploy refused");
    return;
  }
  ship(r.content);
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: { path: "The `!ok` branch", rewrite: "" },
        line: 5,
        column: 7,
        endColumn: 10,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  switch (r.action) {
    case "accept": {
      if (!r.content) {
        notifyTeam("deploy refused");
        return;
      }
      break;
    }
    case "decline": {
      // decline: the user saw the question and said no
      notifyTeam("deploy refused");
      return;
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      notifyTeam("deploy refused");
      return;
    }
  }
  ship(r.content);
}`,
          },
        ],
      },
    ],
  },
  {
    name: "boolean flag read by a ternary is reported at the flag",
    code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  const accepted = r.action === "accept";
  return accepted ? ship(r.content) : "Not deployed.";
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: { path: "This ternary's second branch", rewrite: "" },
        line: 5,
        column: 10,
        endColumn: 18,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  switch (r.action) {
    case "accept": {
      return ship(r.content);
    }
    case "decline": {
      // decline: the user saw the question and said no
      return "Not deployed.";
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      return "Not deployed.";
    }
  }
}`,
          },
        ],
      },
    ],
  },
  {
    name: "both branches merge: one report for the if",
    code: `
async function deploy(server, force) {
  const r = await server.elicitInput({ message: "Deploy?" });
  if (r.action === "accept" || force) {
    ship();
  } else {
    log("no");
  }
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: { path: "Either branch of this `if`", rewrite: "" },
        line: 4,
        column: 7,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
async function deploy(server, force) {
  const r = await server.elicitInput({ message: "Deploy?" });
  switch (r.action) {
    case "accept": {
      ship();
      break;
    }
    case "decline": {
      ${DECLINE}
      if (force) {
        ship();
      } else {
        log("no");
      }
      break;
    }
    default:
      ${FALLS}
    case "cancel": {
      ${CANCEL}
      if (force) {
        ship();
      } else {
        log("no");
      }
    }
  }
}`,
          },
        ],
      },
    ],
  },
  {
    name: "destructured action from elicitInput",
    code: `
async function deploy(server) {
  const { action, content } = await server.elicitInput({ message: "Deploy?" });
  if (action === "accept") ship(content);
  else log("no");
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: ELSE_PATH,
        line: 4,
        column: 7,
        endColumn: 26,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
async function deploy(server) {
  const { action, content } = await server.elicitInput({ message: "Deploy?" });
  switch (action) {
    case "accept": {
      ship(content);
      break;
    }
    case "decline": {
      ${DECLINE}
      log("no");
      break;
    }
    default:
      ${FALLS}
    case "cancel": {
      ${CANCEL}
      log("no");
    }
  }
}`,
          },
        ],
      },
    ],
  },
  {
    name: "action copied into a const first",
    code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  const action = result.action;
  return action !== "accept" ? "stopped" : ship(result.content);
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: { path: "This ternary's first branch", rewrite: "" },
        line: 5,
        column: 10,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  const action = result.action;
  switch (action) {
    case "accept": {
      return ship(result.content);
    }
    case "decline": {
      // decline: the user saw the question and said no
      return "stopped";
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      return "stopped";
    }
  }
}`,
          },
        ],
      },
    ],
  },
  {
    name: "ACP: a rejected option and cancelled share the else",
    code: `
async function runTool(conn) {
  const { outcome } = await conn.requestPermission({ sessionId, toolCall, options });
  if (outcome.outcome === "selected" && outcome.optionId === "allow") {
    return execute();
  } else {
    return "Not run.";
  }
}`,
    errors: [
      {
        messageId: "cancelledAndSelectedMerged",
        data: { path: "The `else` branch", rewrite: ACP_REASON },
        line: 4,
        column: 7,
        endColumn: 37,
        suggestions: [],
      },
    ],
  },
  {
    name: "ACP: !== selected || rejected option early return",
    code: `
async function runTool(conn) {
  const response = await conn.requestPermission({ sessionId, toolCall, options });
  if (response.outcome.outcome !== "selected" || response.outcome.optionId === "reject") {
    return { stopReason: "refusal" };
  }
  return execute();
}`,
    errors: [
      {
        messageId: "cancelledAndSelectedMerged",
        data: { path: "This `if`", rewrite: ACP_REASON },
        line: 4,
        column: 7,
        suggestions: [],
      },
    ],
  },
  {
    name: "client handler answers decline when it fails",
    code: `
client.setRequestHandler(ElicitRequestSchema, async (request) => {
  try {
    return await showDialog(request.params);
  } catch (error) {
    return { action: "decline" };
  }
});`,
    errors: [
      {
        messageId: "declineWithoutPerson",
        data: { cause: "an error is caught", answer: "`decline`", asker: "server", instead: "`cancel`" },
        line: 6,
        column: 14,
        endColumn: 31,
      },
    ],
  },
  {
    name: "client handler answers decline when its timer fires",
    code: `
client.setRequestHandler("elicitation/create", (request) =>
  Promise.race([
    showDialog(request.params),
    new Promise((resolve) => setTimeout(() => resolve({ action: "decline" }), 30_000)),
  ]),
);`,
    errors: [
      {
        messageId: "declineWithoutPerson",
        data: { cause: "a timer fires", answer: "`decline`", asker: "server", instead: "`cancel`" },
        line: 5,
        column: 57,
      },
    ],
  },
  {
    name: "ACP client method declines in a promise's catch",
    code: `
class Client {
  async requestPermission(params) {
    return ui.ask(params);
  }
  async createElicitation(params) {
    return ui.form(params).catch(() => ({ action: "decline" }));
  }
}`,
    errors: [
      {
        messageId: "declineWithoutPerson",
        data: { cause: "the promise fails", answer: "`decline`", asker: "agent", instead: "`cancel`" },
        line: 7,
        column: 43,
      },
    ],
  },
  {
    name: "ACP client requestPermission picks the reject option when its dialog fails",
    code: `
const client = {
  async requestPermission(params) {
    const reject = params.options.find((option) => option.kind === "reject_once");
    try {
      return await dialog.choose(params);
    } catch {
      return { outcome: { outcome: "selected", optionId: reject.optionId } };
    }
  },
};`,
    errors: [
      {
        messageId: "declineWithoutPerson",
        data: {
          cause: "an error is caught",
          answer: "a reject option",
          asker: "agent",
          instead: '\`{ outcome: { outcome: "cancelled" } }\`',
        },
        line: 8,
        column: 48,
        endColumn: 73,
      },
    ],
  },
  {
    name: "strict: identical decline and cancel branches in a chain",
    code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  if (result.action === "accept") {
    return ship(result.content);
  } else if (result.action === "decline") {
    return "not deployed";
  } else if (result.action === "cancel") {
    return "not deployed";
  }
}`,
    options: STRICT,
    errors: [
      {
        messageId: "identicalBranches",
        data: { what: "branches do the same thing" },
        line: 8,
        column: 14,
        endColumn: 40,
      },
    ],
  },
  {
    name: "strict: identical bodies in the else of a chain are reported at the else",
    code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  if (result.action === "accept") {
    return ship(result.content);
  } else if (result.action === "decline") {
    return "not deployed";
  } else {
    return "not deployed";
  }
}`,
    options: STRICT,
    errors: [{ messageId: "identicalBranches", line: 8, column: 5, endColumn: 9 }],
  },
  {
    name: "strict: the suggestion's copies are reported until they differ",
    code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  switch (result.action) {
    case "accept":
      return ship(result.content);
    case "decline": {
      ${DECLINE}
      return "not deployed";
    }
    case "cancel": {
      ${CANCEL}
      return "not deployed";
    }
    default:
      result.action satisfies never;
      return "not deployed";
  }
}`,
    options: STRICT,
    errors: [
      {
        messageId: "identicalBranches",
        data: { what: "cases do the same thing" },
        line: 11,
        column: 10,
        endColumn: 18,
      },
    ],
  },
  {
    name: "strict: decline and cancel grouped in one case",
    code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  switch (result.action) {
    case "accept":
      return ship(result.content);
    case "decline":
    case "cancel":
      return "not deployed";
  }
}`,
    options: STRICT,
    errors: [
      { messageId: "identicalBranches", data: { what: "are handled together in one case" }, line: 8, column: 10 },
    ],
  },
  {
    name: "strict: decline and cancel grouped in one test",
    code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  if (result.action === "decline" || result.action === "cancel") return "not deployed";
  return ship(result.content);
}`,
    options: STRICT,
    errors: [
      {
        messageId: "identicalBranches",
        data: { what: "are handled together in one branch" },
        line: 4,
        column: 7,
        endColumn: 34,
      },
    ],
  },
  {
    name: "a wrapper listed in humanWaitFunctions",
    code: `
async function deploy() {
  const answer = await askUser({ message: "Deploy?" });
  if (answer.action === "accept") ship();
  else log("no");
}
// elicitation happens inside askUser`,
    options: [{ humanWaitFunctions: [{ from: "file", name: "askUser" }] }],
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: ELSE_PATH,
        line: 4,
        column: 7,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
async function deploy() {
  const answer = await askUser({ message: "Deploy?" });
  switch (answer.action) {
    case "accept": {
      ship();
      break;
    }
    case "decline": {
      ${DECLINE}
      log("no");
      break;
    }
    default:
      ${FALLS}
    case "cancel": {
      ${CANCEL}
      log("no");
    }
  }
}
// elicitation happens inside askUser`,
          },
        ],
      },
    ],
  },
  {
    name: "ACP elicitation allows custom actions: the default has no never line",
    code: `
async function ask(conn) {
  const r = await conn.createElicitation({ sessionId, message: "Which branch?" });
  if (r.action !== "accept") return "stopped";
  return r.content;
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: IF_PATH,
        line: 4,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
async function ask(conn) {
  const r = await conn.createElicitation({ sessionId, message: "Which branch?" });
  switch (r.action) {
    case "accept":
      break;
    case "decline": {
      ${DECLINE}
      return "stopped";
    }
    default:
      ${FALLS}
    case "cancel": {
      ${CANCEL}
      return "stopped";
    }
  }
  return r.content;
}`,
          },
        ],
      },
    ],
  },
  {
    name: "JavaScript file: the never check is a JSDoc cast",
    filename: "server.js",
    code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  if (r.action !== "accept") return "stopped";
  return r.content;
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        line: 4,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  switch (r.action) {
    case "accept":
      break;
    case "decline": {
      ${DECLINE}
      return "stopped";
    }
    default:
      ${FALLS}
    case "cancel": {
      ${CANCEL}
      return "stopped";
    }
  }
  return r.content;
}`,
          },
        ],
      },
    ],
  },
  {
    name: "tabs, single quotes and no semicolons are kept",
    code: `
async function deploy(server) {
\tconst r = await server.elicitInput({ message: 'Deploy?' })
\tif (r.action === 'accept') {
\t\tship(r.content)
\t} else {
\t\tlog('no')
\t}
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        line: 4,
        column: 6,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
async function deploy(server) {
\tconst r = await server.elicitInput({ message: 'Deploy?' })
\tswitch (r.action) {
\t\tcase 'accept': {
\t\t\tship(r.content)
\t\t\tbreak
\t\t}
\t\tcase 'decline': {
\t\t\t${DECLINE}
\t\t\tlog('no')
\t\t\tbreak
\t\t}
\t\tdefault:
\t\t\t${FALLS}
\t\tcase 'cancel': {
\t\t\t${CANCEL}
\t\t\tlog('no')
\t\t}
\t}
}`,
          },
        ],
      },
    ],
  },
  {
    name: "comments between the branches are kept above the switch; multi-line templates untouched",
    code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  if (r.action === "accept") {
    ship(r.content);
  } // the user said yes
  else {
    log(\`not
deployed\`);
  }
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        line: 4,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  // the user said yes
  switch (r.action) {
    case "accept": {
      ship(r.content);
      break;
    }
    case "decline": {
      ${DECLINE}
      log(\`not
deployed\`);
      break;
    }
    default:
      ${FALLS}
    case "cancel": {
      ${CANCEL}
      log(\`not
deployed\`);
    }
  }
}`,
          },
        ],
      },
    ],
  },
  {
    name: "accept returns and the rest of the block is the shared path",
    code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  if (r.action === "accept") {
    return ship(r.content);
  }
  return "Deploy cancelled.";
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: {
          path: "The code after this `if`",
          rewrite: NO_REWRITE("the rest of the block is shared"),
        },
        line: 4,
        suggestions: [],
      },
    ],
  },
  {
    name: "accept ends in a switch whose every case returns: decline and cancel share the code after (code path analysis)",
    code: `
async function deploy(server, kind) {
  const r = await server.elicitInput({ message: "Deploy?" });
  if (r.action === "accept") {
    switch (kind) {
      default:
        return ship(r.content);
    }
  }
  return "Deploy cancelled.";
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: {
          path: "The code after this \`if\`",
          rewrite: NO_REWRITE("the rest of the block is shared"),
        },
        line: 4,
        suggestions: [],
      },
    ],
  },
  {
    name: "accept ends in a while (true) left only by return: decline and cancel share the code after (code path analysis)",
    code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  if (r.action === "accept") {
    while (true) {
      if (await ready()) return ship(r.content);
    }
  }
  return "Deploy cancelled.";
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: {
          path: "The code after this \`if\`",
          rewrite: NO_REWRITE("the rest of the block is shared"),
        },
        line: 4,
        suggestions: [],
      },
    ],
  },
  {
    name: "ACP requestPermission handed to the file's askWithin race helper (as the deadline codemod writes it): the answer is still traced",
    code: `
${ASK_WITHIN}
async function edit(conn, sessionId) {
  const r = await askWithin(conn.requestPermission({ sessionId }), { ms: 300000, noAnswer: () => ({ outcome: { outcome: "cancelled" } }) });
  if (r.outcome.outcome === "selected" && r.outcome.optionId === "allow") {
    return apply();
  } else {
    return "Not applied.";
  }
}`,
    errors: [
      {
        messageId: "cancelledAndSelectedMerged",
        data: { path: "The \`else\` branch", rewrite: ACP_REASON },
        line: ASK_WITHIN_LINES + 4,
        suggestions: [],
      },
    ],
  },
  {
    name: "a break inside the branch would change target: no rewrite",
    code: `
async function loop(server) {
  for (;;) {
    const r = await server.elicitInput({ message: "Again?" });
    if (r.action === "accept") {
      continue;
    } else {
      break;
    }
  }
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: {
          path: "The `else` branch",
          rewrite: NO_REWRITE("it holds a `break`"),
        },
        line: 5,
        suggestions: [],
      },
    ],
  },
  {
    name: "sendRequest for elicitation/create",
    code: `
server.tool("collect", async (args, extra) => {
  const result = await extra.sendRequest({ method: "elicitation/create", params }, ElicitResultSchema);
  return result.action === "accept" ? thank(result.content) : "Nothing collected.";
});`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: { path: "This ternary's second branch", rewrite: "" },
        line: 4,
        column: 10,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
server.tool("collect", async (args, extra) => {
  const result = await extra.sendRequest({ method: "elicitation/create", params }, ElicitResultSchema);
  switch (result.action) {
    case "accept": {
      return thank(result.content);
    }
    case "decline": {
      // decline: the user saw the question and said no
      return "Nothing collected.";
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      return "Nothing collected.";
    }
  }
});`,
          },
        ],
      },
    ],
  },
  {
    name: "a callback sent elicitation parameters (the SDK's URL example)",
    code: `
async function sendApiKeyElicitation(sessionId, sender) {
  const result = await sender({ mode: "url", message: "API key", url, elicitationId });
  return result.action === "accept" ? "pending" : "declined";
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        line: 4,
        column: 10,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
async function sendApiKeyElicitation(sessionId, sender) {
  const result = await sender({ mode: "url", message: "API key", url, elicitationId });
  switch (result.action) {
    case "accept": {
      return "pending";
    }
    case "decline": {
      // decline: the user saw the question and said no
      return "declined";
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      return "declined";
    }
  }
}`,
          },
        ],
      },
    ],
  },
  {
    name: "the answer of a local function declared to return Promise<ElicitResult>",
    code: `
async function ask(question: string): Promise<ElicitResult> {
  return dispatcher.ask(question);
}
async function deploy() {
  const answer = await ask("Deploy?");
  return answer.action === "accept" ? "deploying" : "stopped";
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        line: 7,
        column: 10,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
async function ask(question: string): Promise<ElicitResult> {
  return dispatcher.ask(question);
}
async function deploy() {
  const answer = await ask("Deploy?");
  switch (answer.action) {
    case "accept": {
      return "deploying";
    }
    case "decline": {
      // decline: the user saw the question and said no
      return "stopped";
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      return "stopped";
    }
  }
}`,
          },
        ],
      },
    ],
  },
  {
    name: "the answer of a local function that returns elicitInput",
    code: `
const ask = (server, message) => server.elicitInput({ message });
async function deploy(server) {
  const answer = await ask(server, "Deploy?");
  return answer.action === "accept" ? "deploying" : "stopped";
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        line: 5,
        column: 10,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
const ask = (server, message) => server.elicitInput({ message });
async function deploy(server) {
  const answer = await ask(server, "Deploy?");
  switch (answer.action) {
    case "accept": {
      return "deploying";
    }
    case "decline": {
      // decline: the user saw the question and said no
      return "stopped";
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      return "stopped";
    }
  }
}`,
          },
        ],
      },
    ],
  },
  {
    name: "elicitation parameters in a dispatcher's second argument",
    code: `
async function file(sessionId, title) {
  const answer = await askThroughDispatcher(sessionId, { message: "Priority?", requestedSchema });
  if (answer.action !== "accept") {
    return \`Ticket \${title} was not filed.\`;
  }
  return fileTicket(title, answer.content);
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        line: 4,
        column: 7,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
async function file(sessionId, title) {
  const answer = await askThroughDispatcher(sessionId, { message: "Priority?", requestedSchema });
  switch (answer.action) {
    case "accept":
      break;
    case "decline": {
      ${DECLINE}
      return \`Ticket \${title} was not filed.\`;
    }
    default:
      ${FALLS}
    case "cancel": {
      ${CANCEL}
      return \`Ticket \${title} was not filed.\`;
    }
  }
  return fileTicket(title, answer.content);
}`,
          },
        ],
      },
    ],
  },
  {
    name: "ACP: a permission wrapper declared to return RequestPermissionResponse, through .catch",
    code: `
function requestPermissionFromClient(client: AgentContext, params: RequestPermissionRequest): Promise<RequestPermissionResponse> {
  return client.request(methods.client.session.requestPermission, params);
}
async function prompt(client: AgentContext) {
  const permission = await requestPermissionFromClient(client, params).catch(() => ({ outcome: { outcome: "cancelled" as const } }));
  if (permission.outcome.outcome === "selected" && permission.outcome.optionId === "allow") {
    await run();
  } else {
    await say("You rejected it, so I did not run it.");
  }
}`,
    errors: [{ messageId: "cancelledAndSelectedMerged", line: 7, column: 7, endColumn: 48 }],
  },
  {
    name: "answer assigned to a let after its declaration",
    code: `
async function deploy(server) {
  let result;
  result = await server.elicitInput({ message: "Deploy?" });
  return result.action === "accept" ? ship(result.content) : "no";
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        line: 5,
        column: 10,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
async function deploy(server) {
  let result;
  result = await server.elicitInput({ message: "Deploy?" });
  switch (result.action) {
    case "accept": {
      return ship(result.content);
    }
    case "decline": {
      // decline: the user saw the question and said no
      return "no";
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      return "no";
    }
  }
}`,
          },
        ],
      },
    ],
  },
  {
    name: "parameter annotated as ElicitResult",
    code: `
function describe(result: ElicitResult): string {
  return result.action === "accept" ? "answered" : "refused";
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        line: 3,
        column: 10,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: `
function describe(result: ElicitResult): string {
  switch (result.action) {
    case "accept": {
      return "answered";
    }
    case "decline": {
      // decline: the user saw the question and said no
      return "refused";
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      return "refused";
    }
  }
}`,
          },
        ],
      },
    ],
  },
  {
    name: "else-if link that collapses: reported, no rewrite",
    code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  if (r.action === "accept" && !r.content) {
    return "empty";
  } else if (r.action === "accept") {
    return ship(r.content);
  } else {
    return "stopped";
  }
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: { path: "The `else` branch", rewrite: NO_REWRITE("it is in an `else if` chain") },
        line: 6,
        column: 14,
        suggestions: [],
      },
    ],
  },
  {
    name: "the side test comes before the action: cannot be split",
    code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  if (!r.content || r.action !== "accept") {
    return "stopped";
  }
  return ship(r.content);
}`,
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: {
          path: "This `if`",
          rewrite: NO_REWRITE("it tests more than the action"),
        },
        line: 4,
        column: 21,
        suggestions: [],
      },
    ],
  },
];

untypedRuleTester.run("exhaustive-action", rule, {
  valid: [
    {
      name: "a ternary that picks the content only accept has, the action kept beside it (@mastra/mcp@2.0.0)",
      code: `
async function resume(server) {
  const answer = await server.elicitInput({ message: "Continue?", requestedSchema });
  return { outcome: answer.action, resumeData: answer.action === "accept" ? answer.content ?? {} : void 0 };
}`,
    },
    {
      name: "a ternary that picks the content or null",
      code: `
async function collect(server) {
  const answer = await server.elicitInput({ message: "Your name?", requestedSchema });
  const content = answer.action !== "accept" ? null : answer.content;
  return { action: answer.action, content };
}`,
    },
    {
      name: "contrast: the askWithin race helper handed something that asks nobody",
      code: `
${ASK_WITHIN}
async function edit(sessionId) {
  const r = await askWithin(loadDecision(sessionId), { ms: 300000, noAnswer: () => ({ outcome: { outcome: "cancelled" } }) });
  if (r.outcome.outcome === "selected" && r.outcome.optionId === "allow") {
    return apply();
  } else {
    return "Not applied.";
  }
}`,
    },
    {
      name: "contrast (code path analysis): a switch with no default can run on, so the if is not an early exit",
      code: `
async function deploy(server, kind) {
  const r = await server.elicitInput({ message: "Deploy?" });
  if (r.action === "accept") {
    switch (kind) {
      case "now":
        return ship(r.content);
    }
  }
  return "Deploy cancelled.";
}`,
    },
    {
      name: "contrast (code path analysis): a for (;;) left by break runs on into the code after",
      code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  if (r.action === "accept") {
    for (;;) {
      if (await ready()) break;
    }
    ship(r.content);
  }
  return finish();
}`,
    },
    {
      name: "three-way if / else if / else",
      code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?", requestedSchema });
  if (result.action === "accept") {
    return ship(result.content);
  } else if (result.action === "decline") {
    return "The user declined the deploy.";
  } else {
    return "The deploy prompt was dismissed.";
  }
}`,
    },
    {
      name: "exhaustive switch with a never default",
      code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  switch (result.action) {
    case "accept":
      return ship(result.content);
    case "decline":
      return "declined";
    case "cancel":
      return "dismissed";
    default: {
      const unknownAction: never = result.action;
      throw new Error(String(unknownAction));
    }
  }
}`,
    },
    {
      name: "the non-accept path interpolates the action",
      code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  if (result.action !== "accept") return \`The user chose \${result.action}.\`;
  return ship(result.content);
}`,
    },
    {
      name: "the non-accept path returns the whole answer",
      code: `
async function ask(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  if (result.action !== "accept") {
    return result;
  }
  return ship(result.content);
}`,
    },
    {
      name: "decline peeled off earlier: the else is exactly cancel",
      code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  if (result.action === "decline") return "declined";
  if (result.action === "accept") {
    ship(result.content);
  } else {
    log("dismissed");
  }
}`,
    },
    {
      name: "decline and cancel both peeled off before an early return",
      code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  if (result.action === "cancel") return "dismissed";
  if (result.action === "decline") throw new Error("declined");
  if (result.action !== "accept") return "unreachable";
  return ship(result.content);
}`,
    },
    {
      name: "the else throws",
      code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  if (result.action === "accept") {
    ship(result.content);
  } else {
    throw new Error("Deploy not confirmed");
  }
}`,
    },
    {
      name: "the else asserts never",
      code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  if (result.action === "accept") {
    ship(result.content);
  } else {
    assertNever(result.action);
  }
}`,
    },
    {
      name: "a cookie banner's accept in a file that also elicits",
      code: `
import { ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js";
banner.addEventListener("click", (event) => {
  if (event.action === "accept") acceptCookies();
  else rejectCookies();
});`,
    },
    {
      name: "an answer-like field on a value that comes from no human wait",
      code: `
async function sync(api) {
  const job = await api.fetchJob();
  const label = job.action === "accept" ? "merged" : "closed";
  return label;
}
// elicitInput is mentioned only in this comment`,
    },
    {
      name: "three-way nested ternary",
      code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "Deploy?" });
  return r.action === "accept" ? ship(r.content) : r.action === "decline" ? "declined" : "dismissed";
}`,
    },
    {
      name: "ACP: selected versus cancelled is already exhaustive",
      code: `
async function run(conn) {
  const response = await conn.requestPermission({ sessionId, toolCall, options });
  if (response.outcome.outcome === "selected") {
    return runWith(response.outcome.optionId);
  } else {
    return "The permission prompt was dismissed.";
  }
}`,
    },
    {
      name: "ACP: cancelled handled first, then the option decides",
      code: `
async function run(conn) {
  const { outcome } = await conn.requestPermission({ sessionId, toolCall, options });
  if (outcome.outcome === "cancelled") return "dismissed";
  if (outcome.outcome === "selected" && outcome.optionId === "allow") {
    return runTool();
  } else {
    return "The user rejected the tool call.";
  }
}`,
    },
    {
      name: "accept continues on and nothing else is decided here",
      code: `
async function collect(server) {
  const r = await server.elicitInput({ message: "Add a note?" });
  let note = "";
  if (r.action === "accept") {
    note = r.content.note;
  }
  return save(note);
}`,
    },
    {
      name: "accept with content, then decline, then everything else (the SDK's form example)",
      code: `
async function register(server) {
  const result = await server.elicitInput({ message: "Register", requestedSchema });
  if (result.action === "accept" && result.content) {
    return ok(result.content);
  } else if (result.action === "decline") {
    return "Registration cancelled by user.";
  } else {
    return "Registration was cancelled.";
  }
}`,
    },
    {
      name: "switch without an accept case: accept carries on by design",
      code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  switch (result.action) {
    case "decline":
      return "declined";
    case "cancel":
      return "dismissed";
  }
  return ship(result.content);
}`,
    },
    {
      name: "switch without a cancel case whose code after is cancel's alone",
      code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  switch (result.action) {
    case "accept":
      return ship(result.content);
    case "decline":
      return "declined";
  }
  return "dismissed";
}`,
    },
    {
      name: "client handler declines because the person said no",
      code: `
client.setRequestHandler(ElicitRequestSchema, async (request) => {
  const answer = await prompt(request.params.message);
  if (answer === "n") return { action: "decline" };
  return { action: "accept", content: { answer } };
});`,
    },
    {
      name: "client handler answers cancel when it fails",
      code: `
client.setRequestHandler(ElicitRequestSchema, async (request) => {
  try {
    return await showDialog(request.params);
  } catch (error) {
    return { action: "cancel" };
  }
});`,
    },
    {
      name: "ACP client requestPermission answers cancelled when its dialog fails",
      code: `
class Client {
  async requestPermission(params) {
    try {
      return await dialog.choose(params);
    } catch {
      return { outcome: { outcome: "cancelled" } };
    }
  }
}`,
    },
    {
      name: "decline in a catch outside any elicitation handler",
      code: `
async function elicitLater(queue) {
  try {
    return await queue.next();
  } catch {
    return { action: "decline" };
  }
}`,
    },
    {
      name: "a file that never mentions a human wait is skipped",
      code: `
function onReply(reply) {
  if (reply.action === "accept") merge();
  else close();
}`,
    },
    {
      name: "decline and cancel grouped in one case, default options",
      code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  switch (result.action) {
    case "accept":
      return ship(result.content);
    case "decline":
    case "cancel":
      return "not deployed";
  }
}`,
    },
    {
      name: "identical decline and cancel branches, default options",
      code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  if (result.action === "accept") {
    return ship(result.content);
  } else if (result.action === "decline") {
    return "not deployed";
  } else {
    return "not deployed";
  }
}`,
    },
    {
      name: "the rule's own rewrite is clean (idempotent)",
      code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  switch (result.action) {
    case "accept": {
      ship(result.content);
      break;
    }
    case "decline": {
      ${DECLINE}
      log("no");
      break;
    }
    default:
      ${FALLS}
    case "cancel": {
      ${CANCEL}
      log("no");
    }
  }
}`,
    },
    {
      name: "the rule's own early-return rewrite is clean (idempotent)",
      code: `
async function deploy(server) {
  const r = await server.elicitInput({ message: "x" });
  switch (r.action) {
    case "accept": {
      if (!r.content) {
        return "none";
      }
      break;
    }
    case "decline": {
      ${DECLINE}
      return "none";
    }
    default:
      ${FALLS}
    case "cancel": {
      ${CANCEL}
      return "none";
    }
  }
  return r.content;
}`,
    },
    {
      name: "closed union: decline first, then accept, the else is exactly cancel",
      code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  if (result.action === "decline") {
    log("declined");
  } else if (result.action === "accept") {
    ship(result.content);
  } else {
    log("dismissed");
  }
}`,
    },
    {
      name: "chain without a cancel branch and no code after it",
      code: `
async function deploy(server) {
  const result = await server.elicitInput({ message: "Deploy?" });
  if (result.action === "accept") {
    ship(result.content);
  } else if (result.action === "decline") {
    log("declined");
  }
}`,
    },
    {
      name: "a local function whose answer is something else",
      code: `
function parseEvent(raw): Event {
  return JSON.parse(raw);
}
// the file also mentions elicitInput
export function onEvent(raw) {
  const event = parseEvent(raw);
  return event.action === "accept" ? "ok" : "no";
}`,
    },
    {
      name: "an unlisted wrapper is not a human wait",
      code: `
async function deploy() {
  const answer = await askUser("Deploy?");
  if (answer.action === "accept") ship();
  else log("no");
}
// not elicitation: askUser is nobody's wrapper here`,
    },
  ],
  invalid: UNTYPED_INVALID,
});

typedRuleTester.run("exhaustive-action (typed)", rule, {
  valid: [
    {
      name: "typed: a string field compared with accept is not an answer",
      filename: TYPED_FILE,
      code: `
export function label(status: string): string {
  return status === "accept" ? "ok" : "no";
}`,
    },
    {
      name: "typed: the checker's narrowing leaves exactly cancel for the else",
      filename: TYPED_FILE,
      code: `
type Choice = "accept" | "decline" | "cancel";
export function describe(choice: Choice): string {
  if (choice === "decline") return "declined";
  if (choice === "accept") {
    return "accepted";
  } else {
    return "dismissed";
  }
}`,
    },
    {
      name: "typed: the real ElicitResult with cancel peeled off first",
      filename: TYPED_FILE,
      code: `
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";
export function summary(result: ElicitResult): string {
  if (result.action === "cancel") return "dismissed";
  return result.action === "accept" ? "answered" : "refused";
}`,
    },
  ],
  invalid: [
    {
      name: "typed: a discriminant not named action, typed as the answer union",
      filename: TYPED_FILE,
      code: `
type Choice = "accept" | "decline" | "cancel";
export function describe(choice: Choice): string {
  if (choice === "accept") {
    return "go";
  } else {
    return "stop";
  }
}`,
      errors: [
        {
          messageId: "declineAndCancelMerged",
          data: ELSE_PATH,
          line: 4,
          column: 7,
          endColumn: 26,
          suggestions: [
            {
              messageId: "suggestExhaustiveSwitch",
              output: `
type Choice = "accept" | "decline" | "cancel";
export function describe(choice: Choice): string {
  switch (choice) {
    case "accept": {
      return "go";
    }
    case "decline": {
      ${DECLINE}
      return "stop";
    }
    default:
      ${FALLS}
    case "cancel": {
      ${CANCEL}
      return "stop";
    }
  }
}`,
            },
          ],
        },
      ],
    },
    {
      name: "typed: the real ElicitResult from the MCP SDK, reached through an indexed type",
      filename: TYPED_FILE,
      code: `
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";
export function outcome(decision: ElicitResult["action"]): string {
  return decision !== "accept" ? "stopped" : "continue";
}`,
      errors: [
        {
          messageId: "declineAndCancelMerged",
          data: { path: "This ternary's first branch", rewrite: "" },
          line: 4,
          column: 10,
          endColumn: 31,
          suggestions: [
            {
              messageId: "suggestExhaustiveSwitch",
              output: `
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";
export function outcome(decision: ElicitResult["action"]): string {
  switch (decision) {
    case "accept": {
      return "continue";
    }
    case "decline": {
      // decline: the user saw the question and said no
      return "stopped";
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      return "stopped";
    }
  }
}`,
            },
          ],
        },
      ],
    },
    {
      name: "typed: a switch on a typed field that leaves out cancel",
      filename: TYPED_FILE,
      code: `
interface Answer { readonly choice: "accept" | "decline" | "cancel" }
export function run(answer: Answer): void {
  switch (answer.choice) {
    case "accept":
      go();
      break;
    case "decline":
      stop();
      break;
  }
  audit();
}
declare function go(): void;
declare function stop(): void;
declare function audit(): void;`,
      errors: [
        {
          messageId: "unhandledOutcome",
          data: {
            missing: "`cancel`",
            others: "accept and decline",
            consequence: "a dialog dismissed without a decision will be handled like those answers",
            rewrite: "",
          },
          line: 4,
          column: 11,
          endColumn: 24,
          suggestions: [
            {
              messageId: "suggestExhaustiveSwitch",
              output: `
interface Answer { readonly choice: "accept" | "decline" | "cancel" }
export function run(answer: Answer): void {
  switch (answer.choice) {
    case "accept":
      go();
      break;
    case "decline":
      stop();
      break;
    case "cancel":
      ${CANCEL}
      break;
    default:
      ${OTHER}
      answer.choice satisfies never;
  }
  audit();
}
declare function go(): void;
declare function stop(): void;
declare function audit(): void;`,
            },
          ],
        },
      ],
    },
    {
      name: "typed: ACP's outcome union under another name",
      filename: TYPED_FILE,
      code: `
type Outcome = "selected" | "cancelled";
export function run(state: Outcome, allowed: boolean): string {
  if (state === "selected" && allowed) {
    return "run";
  } else {
    return "skip";
  }
}`,
      errors: [{ messageId: "cancelledAndSelectedMerged", line: 4, column: 7, endColumn: 27 }],
    },
  ],
});

/**
 * What the codemod relies on: applying any suggestion gives code that parses and that the rule (default options)
 * no longer reports; with `reportIdenticalBranches` only the decline/cancel copies are left, as intended.
 */
describe("exhaustive-action suggestions are idempotent", () => {
  const linter = new Linter({ configType: "flat" });
  const config = (options: Options[0]): Linter.Config[] => [
    {
      files: ["**/*.ts", "**/*.js"],
      languageOptions: { parser: tsParser as never },
      plugins: { elicitation: { rules: { "exhaustive-action": rule as never } } },
      rules: { "elicitation/exhaustive-action": ["error", options] },
    },
  ];
  const withSuggestions = UNTYPED_INVALID.filter((testCase) =>
    testCase.errors.some((error) => (error.suggestions ?? []).length > 0),
  );

  it("covers every invalid case that has a suggestion", () => {
    expect(withSuggestions.length).toBeGreaterThanOrEqual(12);
  });

  for (const testCase of withSuggestions) {
    it(`re-lints clean after the suggestion: ${testCase.name}`, () => {
      const filename = testCase.filename ?? "file.ts";
      const options = { ...(testCase.options?.[0] ?? {}) };
      const [problem] = linter.verify(testCase.code, config(options), filename);
      const fix = problem!.suggestions![0]!.fix;
      const output = testCase.code.slice(0, fix.range[0]) + fix.text + testCase.code.slice(fix.range[1]);
      expect(linter.verify(output, config(options), filename)).toEqual([]);
      const strict = linter.verify(output, config({ ...options, reportIdenticalBranches: true }), filename);
      expect(strict.every((message) => message.messageId === "identicalBranches")).toBe(true);
    });
  }
});

// ---------------------------------------------------------------------------------------------------------------
// Real code (#13): answers reached through the class's own members and unwrapped annotations

untypedRuleTester.run("exhaustive-action (delegation)", rule, {
  valid: [
    {
      name: "delegation: a method that returns its own object with an action field asks nobody",
      code: `class Banner {
  async choice() { return { action: this.cookie.get("consent") }; }
  async show() {
    const answer = await this.choice();
    if (answer.action !== "accept") return hide();
    return keep();
  }
}`,
    },
    {
      name: "annotation: a parameter typed with some other union that includes undefined is no answer",
      code: `function onEvent(event: BannerEvent | undefined) {
  if (event?.action === "accept") keep();
  else hide();
}`,
    },
  ],
  invalid: [],
});

describe("exhaustive-action (delegation, reported)", () => {
  const linter = new Linter({ configType: "flat" });
  const report = (code: string) =>
    linter
      .verify(
        code,
        [
          {
            files: ["**/*.ts"],
            languageOptions: { parser: tsParser },
            plugins: { e: { rules: { r: rule } } as never },
            rules: { "e/r": "error" },
          },
        ],
        "x.ts",
      )
      .map((message) => ({
        messageId: message.messageId,
        line: message.line,
        suggestions: message.suggestions?.map((s) => s.messageId),
      }));
  it('delegation: if (answer.action !== "accept") on await this.confirm(), a method that returns the answer', () => {
    const code = `class Deployer {
  async confirm(message) {
    return this.server.server.elicitInput({ message, requestedSchema }, { timeout: 120_000 });
  }
  async run() {
    const answer = await this.confirm("Deploy?");
    if (answer.action !== "accept") return rollback();
    return deploy();
  }
}`;
    expect(report(code)).toEqual([
      { messageId: "declineAndCancelMerged", line: 7, suggestions: ["suggestExhaustiveSwitch"] },
    ]);
  });
  it("annotation: a parameter typed ElicitResult | undefined is an answer", () => {
    const code = `function onAnswer(result: ElicitResult | undefined) {
  if (result?.action === "accept") apply(result.content);
  else rollback();
}`;
    expect(report(code)).toEqual([
      { messageId: "declineAndCancelMerged", line: 2, suggestions: ["suggestExhaustiveSwitch"] },
    ]);
  });
});
