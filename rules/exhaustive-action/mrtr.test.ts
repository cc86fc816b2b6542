/**
 * exhaustive-action on MCP multi-round-trip (MRTR) answers: the `acceptedContent(…)` re-ask, the
 * `kind === "elicit" && action !== "accept"` fold, and the usual shapes on a raw `ctx.mcpReq.inputResponses` entry.
 */
import type { InvalidTestCase, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds, type Options } from "./index.ts";
import { TYPED_FILE, typedRuleTester, untypedRuleTester } from "../../test/rule-tester.ts";

const IMPORTS = `import { acceptedContent, inputRequired, inputResponse, McpServer, type ElicitResult } from "@modelcontextprotocol/server";
const server = new McpServer({ name: "s", version: "1.0.0" });
const schema = { type: "object" as const, properties: { confirm: { type: "boolean" as const } }, required: ["confirm"] };
`;
const ASK = `inputRequired({ inputRequests: { confirm: inputRequired.elicit({ message: "Deploy?", requestedSchema: schema }) } })`;
const ok = (text: string) => `{ content: [{ type: "text" as const, text: ${JSON.stringify(text)} }] }`;
const tool = (body: string) => `${IMPORTS}server.registerTool("deploy", {}, async (ctx) => {
${body}
});
`;

const NO_REWRITE = (reason: string) => ` No rewrite: ${reason}.`;
const VIEW_REASON = NO_REWRITE("switch over `kind` first");
const NOT_A_TOOL = NO_REWRITE("the handler is not a tool's");

const REASK_SWITCH = `  const confirmAnswer = inputResponse(ctx.mcpReq.inputResponses, "confirm");
  switch (confirmAnswer.kind) {
    case "missing": {
      // not asked yet: ask
      return ${ASK};
    }
    case "elicit":
      switch (confirmAnswer.action) {
        case "accept":
          // accept: the user answered and the content is theirs; the code below reads and validates it
          break;
        case "decline":
          // decline: the user saw the question and said no; asking again would overrule them
          return { content: [{ type: "text", text: "Not done: the user declined." }] };
        case "cancel":
          // cancel: the dialog was dismissed without a decision
          return { content: [{ type: "text", text: "Not done: the question was dismissed without an answer." }] };
      }
      break;
  }
`;

const INVALID: InvalidTestCase<MessageIds, Options>[] = [
  {
    name: "the SDK's documentation example: `confirmed?.confirm !== true` re-asks on decline and cancel",
    code: tool(`  const confirmed = acceptedContent(ctx.mcpReq.inputResponses, "confirm");
  if (confirmed?.confirm !== true) {
    return ${ASK};
  }
  return ${ok("deployed")};`),
    errors: [
      {
        messageId: "reaskMerged",
        data: { rewrite: "" },
        line: 6,
        column: 7,
        endColumn: 34,
        suggestions: [
          {
            messageId: "suggestInputResponseSwitch",
            output: tool(`  const confirmed = acceptedContent(ctx.mcpReq.inputResponses, "confirm");
${REASK_SWITCH}  if (confirmed?.confirm !== true) {
    return ${ASK};
  }
  return ${ok("deployed")};`),
          },
        ],
      },
    ],
  },
  {
    name: "`=== undefined` check, the re-ask without braces",
    code: tool(`  const confirmed = acceptedContent(ctx.mcpReq.inputResponses, "confirm");
  if (confirmed === undefined) return ${ASK};
  return ${ok("deployed")};`),
    errors: [
      {
        messageId: "reaskMerged",
        line: 6,
        column: 7,
        suggestions: [
          {
            messageId: "suggestInputResponseSwitch",
            output: tool(`  const confirmed = acceptedContent(ctx.mcpReq.inputResponses, "confirm");
${REASK_SWITCH}  if (confirmed === undefined) return ${ASK};
  return ${ok("deployed")};`),
          },
        ],
      },
    ],
  },
  {
    name: "falsy check on the call itself",
    code: tool(`  if (!acceptedContent(ctx.mcpReq.inputResponses, "confirm")) {
    return ${ASK};
  }
  return ${ok("deployed")};`),
    errors: [
      {
        messageId: "reaskMerged",
        line: 5,
        column: 7,
        suggestions: [
          {
            messageId: "suggestInputResponseSwitch",
            output: tool(`${REASK_SWITCH}  if (!acceptedContent(ctx.mcpReq.inputResponses, "confirm")) {
    return ${ASK};
  }
  return ${ok("deployed")};`),
          },
        ],
      },
    ],
  },
  {
    name: "accepted path first, the re-ask in the else",
    code: tool(`  const confirmed = acceptedContent(ctx.mcpReq.inputResponses, "confirm");
  if (confirmed) {
    return ${ok("deployed")};
  } else {
    return ${ASK};
  }`),
    errors: [
      {
        messageId: "reaskMerged",
        line: 6,
        column: 7,
        suggestions: [
          {
            messageId: "suggestInputResponseSwitch",
            output: tool(`  const confirmed = acceptedContent(ctx.mcpReq.inputResponses, "confirm");
${REASK_SWITCH}  if (confirmed) {
    return ${ok("deployed")};
  } else {
    return ${ASK};
  }`),
          },
        ],
      },
    ],
  },
  {
    name: "accepted path returns, the re-ask follows the if",
    code: tool(`  const confirmed = acceptedContent(ctx.mcpReq.inputResponses, "confirm");
  if (confirmed?.confirm === true) {
    return ${ok("deployed")};
  }
  return ${ASK};`),
    errors: [
      {
        messageId: "reaskMerged",
        line: 6,
        column: 7,
        suggestions: [
          {
            messageId: "suggestInputResponseSwitch",
            output: tool(`  const confirmed = acceptedContent(ctx.mcpReq.inputResponses, "confirm");
${REASK_SWITCH}  if (confirmed?.confirm === true) {
    return ${ok("deployed")};
  }
  return ${ASK};`),
          },
        ],
      },
    ],
  },
  {
    name: "a prompt handler: reported, but what a declined prompt returns is not known, so no rewrite",
    code: `${IMPORTS}server.registerPrompt("summary", {}, async (ctx) => {
  const topic = acceptedContent(ctx.mcpReq.inputResponses, "confirm");
  if (!topic) return ${ASK};
  return { messages: [] };
});
`,
    errors: [{ messageId: "reaskMerged", data: { rewrite: NOT_A_TOOL }, line: 6, column: 7, suggestions: null }],
  },
  {
    name: "an if nested without braces: reported, no place before it for the switch",
    code: tool(`  const confirmed = acceptedContent(ctx.mcpReq.inputResponses, "confirm");
  if (ctx.mcpReq.id !== undefined) if (!confirmed) return ${ASK};
  return ${ok("deployed")};`),
    errors: [
      {
        messageId: "reaskMerged",
        data: { rewrite: NO_REWRITE("the `if` is not in a block") },
        line: 6,
        column: 40,
        suggestions: null,
      },
    ],
  },
  {
    name: 'inputResponse view: `kind === "elicit" && action !== "accept"` folds decline and cancel into one refusal',
    code: tool(`  const answer = inputResponse(ctx.mcpReq.inputResponses, "confirm");
  if (answer.kind === "missing") return ${ASK};
  if (answer.kind === "elicit" && answer.action !== "accept") {
    return ${ok("You refused.")};
  }
  return ${ok("deployed")};`),
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: { path: "This `if`", rewrite: VIEW_REASON },
        line: 7,
        column: 35,
        suggestions: null,
      },
    ],
  },
  {
    name: "inputResponse view: a switch over action with a default, inside the kind check",
    code: tool(`  const answer = inputResponse(ctx.mcpReq.inputResponses, "confirm");
  if (answer.kind === "elicit") {
    switch (answer.action) {
      case "accept":
        return ${ok("deployed")};
      default:
        return ${ok("Not deployed.")};
    }
  }
  return ${ASK};`),
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: { path: "The `default` case", rewrite: "" },
        line: 10,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: tool(`  const answer = inputResponse(ctx.mcpReq.inputResponses, "confirm");
  if (answer.kind === "elicit") {
    switch (answer.action) {
      case "accept":
        return ${ok("deployed")};
      case "decline": {
        // decline: the user saw the question and said no
        return ${ok("Not deployed.")};
      }
      default:
        // any other action is no decision either: falls through to cancel
      case "cancel": {
        // cancel: the dialog was dismissed without a decision
        return ${ok("Not deployed.")};
      }
    }
  }
  return ${ASK};`),
          },
        ],
      },
    ],
  },
  {
    name: "a raw inputResponses entry cast as ElicitResult, if accept / else",
    code: tool(`  const raw = ctx.mcpReq.inputResponses?.confirm as ElicitResult | undefined;
  if (!raw) return ${ASK};
  if (raw.action === "accept") {
    return ${ok("deployed")};
  } else {
    return ${ok("Not deployed.")};
  }`),
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: { path: "The `else` branch", rewrite: "" },
        line: 7,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: tool(`  const raw = ctx.mcpReq.inputResponses?.confirm as ElicitResult | undefined;
  if (!raw) return ${ASK};
  switch (raw.action) {
    case "accept": {
      return ${ok("deployed")};
    }
    case "decline": {
      // decline: the user saw the question and said no
      return ${ok("Not deployed.")};
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      return ${ok("Not deployed.")};
    }
  }`),
          },
        ],
      },
    ],
  },
  {
    name: "a raw inputResponses entry read by index, early return on anything but accept",
    code: tool(`  const raw = ctx.mcpReq.inputResponses?.["confirm"] as ElicitResult | undefined;
  if (raw === undefined) return ${ASK};
  if (raw.action !== "accept") return ${ok("Not deployed.")};
  return ${ok("deployed")};`),
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: { path: "This `if`", rewrite: "" },
        line: 7,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: tool(`  const raw = ctx.mcpReq.inputResponses?.["confirm"] as ElicitResult | undefined;
  if (raw === undefined) return ${ASK};
  switch (raw.action) {
    case "accept":
      break;
    case "decline": {
      // decline: the user saw the question and said no
      return ${ok("Not deployed.")};
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      return ${ok("Not deployed.")};
    }
  }
  return ${ok("deployed")};`),
          },
        ],
      },
    ],
  },
  {
    name: "a raw inputResponses entry cast as ElicitResult, switch with default",
    code: tool(`  const raw = ctx.mcpReq.inputResponses?.confirm as ElicitResult | undefined;
  if (!raw) return ${ASK};
  switch (raw.action) {
    case "accept":
      return ${ok("deployed")};
    default:
      return ${ok("Not deployed.")};
  }`),
    errors: [
      {
        messageId: "declineAndCancelMerged",
        data: { path: "The `default` case", rewrite: "" },
        line: 10,
        suggestions: [
          {
            messageId: "suggestExhaustiveSwitch",
            output: tool(`  const raw = ctx.mcpReq.inputResponses?.confirm as ElicitResult | undefined;
  if (!raw) return ${ASK};
  switch (raw.action) {
    case "accept":
      return ${ok("deployed")};
    case "decline": {
      // decline: the user saw the question and said no
      return ${ok("Not deployed.")};
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      return ${ok("Not deployed.")};
    }
  }`),
          },
        ],
      },
    ],
  },
];

const VALID: ValidTestCase<Options>[] = [
  {
    name: "contrast: decline and cancel peeled off with inputResponse on the same key before acceptedContent",
    code: tool(`  const answer = inputResponse(ctx.mcpReq.inputResponses, "confirm");
  if (answer.kind === "elicit" && answer.action === "decline") return ${ok("Not deployed: you said no.")};
  if (answer.kind === "elicit" && answer.action === "cancel") return ${ok("Not deployed: no answer.")};
  const confirmed = acceptedContent(ctx.mcpReq.inputResponses, "confirm");
  if (confirmed?.confirm !== true) return ${ASK};
  return ${ok("deployed")};`),
  },
  {
    name: "contrast: the undefined path ends the call without asking again",
    code: tool(`  const confirmed = acceptedContent(ctx.mcpReq.inputResponses, "confirm");
  if (!confirmed) return ${ok("Nothing confirmed.")};
  return ${ok("deployed")};`),
  },
  {
    name: "contrast: the undefined path asks a different question",
    code: tool(`  const confirmed = acceptedContent(ctx.mcpReq.inputResponses, "other");
  if (!confirmed) return ${ASK};
  return ${ok("deployed")};`),
  },
  {
    name: "contrast: the accepted path is the one that asks (truthy content re-asks a follow-up)",
    code: tool(`  const confirmed = acceptedContent(ctx.mcpReq.inputResponses, "confirm");
  if (confirmed) return ${ASK};
  return ${ok("deployed")};`),
  },
  {
    name: "contrast: a local function named acceptedContent is nothing of the SDK's",
    code: `function acceptedContent(responses: unknown, key: string) { return (responses as Record<string, unknown>)[key]; }
function inputRequired(spec: unknown) { return spec; }
export function handle(ctx: { mcpReq: { inputResponses?: Record<string, unknown> } }) {
  const confirmed = acceptedContent(ctx.mcpReq.inputResponses, "confirm");
  if (!confirmed) return inputRequired({ inputRequests: { confirm: {} } });
  return "ok";
}
`,
  },
  {
    name: "contrast: the view switched over kind, then over every action",
    code: tool(`  const answer = inputResponse(ctx.mcpReq.inputResponses, "confirm");
  switch (answer.kind) {
    case "missing":
      return ${ASK};
    case "elicit":
      switch (answer.action) {
        case "accept":
          return ${ok("deployed")};
        case "decline":
          return ${ok("Not deployed: you said no.")};
        case "cancel":
          return ${ok("Not deployed: no answer.")};
      }
  }
  return ${ok("Unexpected answer.")};`),
  },
  {
    name: "contrast: inputRequired.elicit in a returned inputRequired(...) is not an answer to branch on",
    code: tool(`  return ${ASK};`),
  },
  {
    name: "contrast: `inputResponses` on something that is not the request context",
    code: `export function readForm(form: { inputResponses: Record<string, { action: string }> }) {
  const entry = form.inputResponses.cookies;
  if (entry.action === "accept") return "tracking on";
  else return "tracking off";
}
`,
  },
  {
    name: "contrast: after the codemod, the re-ask stays for missing and invalid content only",
    code: tool(`  const confirmed = acceptedContent(ctx.mcpReq.inputResponses, "confirm");
${REASK_SWITCH}  if (confirmed?.confirm !== true) {
    return ${ASK};
  }
  return ${ok("deployed")};`),
  },
];

untypedRuleTester.run("exhaustive-action on MRTR answers", rule, {
  valid: VALID,
  invalid: [
    ...INVALID,
    {
      name: "plain JavaScript: a raw entry with no cast, ternary on its action",
      filename: "tool.mjs",
      code: `import { inputRequired } from "@modelcontextprotocol/server";
export async function handle(ctx) {
  const raw = ctx.mcpReq.inputResponses?.confirm;
  if (!raw) return inputRequired({ inputRequests: {} });
  return raw.action === "accept" ? "deployed" : "not deployed";
}
`,
      errors: [
        {
          messageId: "declineAndCancelMerged",
          data: { path: "This ternary's second branch", rewrite: "" },
          line: 5,
          suggestions: [
            {
              messageId: "suggestExhaustiveSwitch",
              output: `import { inputRequired } from "@modelcontextprotocol/server";
export async function handle(ctx) {
  const raw = ctx.mcpReq.inputResponses?.confirm;
  if (!raw) return inputRequired({ inputRequests: {} });
  switch (raw.action) {
    case "accept": {
      return "deployed";
    }
    case "decline": {
      // decline: the user saw the question and said no
      return "not deployed";
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      return "not deployed";
    }
  }
}
`,
            },
          ],
        },
      ],
    },
  ],
});

typedRuleTester.run("exhaustive-action on MRTR answers (typed)", rule, {
  valid: VALID.filter((test) => test.code.includes("@modelcontextprotocol/server")).map((test) => ({
    ...test,
    name: `${test.name} (typed)`,
    filename: TYPED_FILE,
  })),
  invalid: INVALID.map((test) => ({ ...test, name: `${test.name} (typed)`, filename: TYPED_FILE })),
});
