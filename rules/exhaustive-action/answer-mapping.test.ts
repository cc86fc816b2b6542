/**
 * Issue 34, kind 4: a helper maps the answer to the project's own words (`toDecision(result): "yes" | "no" |
 * "dismissed"`), and its callers fold two of them into one `else`. Cases in one file here; across modules in
 * test/project-model/answers.
 */
import rule from "./index.ts";
import { TYPED_FILE, typedRuleTester, untypedRuleTester } from "../../test/rule-tester.ts";

const HEAD = `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";
declare const server: McpServer;
const requestedSchema = { type: "object" as const, properties: {} };
`;

/** The helper, written as a `switch`, an `if` chain, a ternary or a table. */
const SWITCH_HELPER = `function toDecision(result: ElicitResult): "yes" | "no" | "dismissed" {
  switch (result.action) {
    case "accept":
      return "yes";
    case "decline":
      return "no";
    default:
      return "dismissed";
  }
}
`;
const IF_HELPER = `function toDecision({ action }: ElicitResult) {
  if (action === "accept") return "yes";
  if (action === "decline") return "no";
  return "dismissed";
}
`;
const TERNARY_HELPER = `const toDecision = (result: ElicitResult) =>
  result.action === "accept" ? "yes" : result.action === "decline" ? "no" : "dismissed";
`;
const TABLE_HELPER = `const WORDS = { accept: "yes", decline: "no", cancel: "dismissed" } as const;
const toDecision = (result: ElicitResult) => WORDS[result.action];
`;

const FOLDING_CALLER = `export async function deploy() {
  const decision = toDecision(await server.server.elicitInput({ message: "Deploy?", requestedSchema }));
  if (decision === "yes") return "deployed";
  else return "not deployed";
}
`;
const EXHAUSTIVE_CALLER = `export async function deploy() {
  const decision = toDecision(await server.server.elicitInput({ message: "Deploy?", requestedSchema }));
  switch (decision) {
    case "yes":
      return "deployed";
    case "no":
      return "refused";
    case "dismissed":
      return "ask again later";
  }
}
`;

/** The suggestion: the helper's words, each its own case. */
const SWITCHED_CALLER = `export async function deploy() {
  const decision = toDecision(await server.server.elicitInput({ message: "Deploy?", requestedSchema }));
  switch (decision) {
    case "yes": {
      return "deployed";
    }
    case "no": {
      // decline: the user saw the question and said no
      return "not deployed";
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "dismissed": {
      // cancel: the dialog was dismissed without a decision
      return "not deployed";
    }
  }
}
`;

const at = (code: string, text: string) => [
  {
    messageId: "declineAndCancelMerged" as const,
    line: lineOf(code, text),
    suggestions: [
      { messageId: "suggestExhaustiveSwitch" as const, output: code.replace(FOLDING_CALLER, SWITCHED_CALLER) },
    ],
  },
];
function lineOf(code: string, text: string): number {
  return code.slice(0, code.indexOf(text)).split("\n").length;
}

const FOLDS_ITSELF =
  HEAD +
  `function toDecision(result: ElicitResult) {
  return result.action === "accept" ? "yes" : "no";
}
` +
  FOLDING_CALLER;

const ASKS_AND_MAPS =
  HEAD +
  SWITCH_HELPER +
  `async function decide(message: string) {
  const answer = await server.server.elicitInput({ message, requestedSchema });
  return toDecision(answer);
}
export async function deploy() {
  const decision = await decide("Deploy?");
  if (decision === "yes") return "deployed";
  else return "not deployed";
}
`;

const folding = (helper: string) => HEAD + helper + FOLDING_CALLER;

untypedRuleTester.run("exhaustive-action: the project's own words for an answer", rule, {
  valid: [
    { name: "each of the helper's words its own branch", code: HEAD + SWITCH_HELPER + EXHAUSTIVE_CALLER },
    {
      name: "contrast: a helper mapping an HTTP response's status to the same words asks nobody",
      code: `function toVerdict(response: Response) {
  if (response.status === 200) return "yes";
  if (response.status === 403) return "no";
  return "dismissed";
}
export async function deploy() {
  const verdict = toVerdict(await fetch("https://example.com/deploy"));
  if (verdict === "yes") return "deployed";
  else return "not deployed";
}
`,
    },
  ],
  invalid: [
    {
      name: "a function that asks and returns the helper's words; its caller folds no and dismissed",
      code: ASKS_AND_MAPS,
      errors: [
        {
          messageId: "declineAndCancelMerged",
          line: lineOf(ASKS_AND_MAPS, 'decision === "yes"'),
          suggestions: [
            {
              messageId: "suggestExhaustiveSwitch",
              output: ASKS_AND_MAPS.replace(
                '  if (decision === "yes") return "deployed";\n  else return "not deployed";\n',
                `  switch (decision) {
    case "yes": {
      return "deployed";
    }
    case "no": {
      // decline: the user saw the question and said no
      return "not deployed";
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "dismissed": {
      // cancel: the dialog was dismissed without a decision
      return "not deployed";
    }
  }
`,
              ),
            },
          ],
        },
      ],
    },
    {
      name: "a helper that folds decline and cancel itself is reported there, not at its callers",
      code: FOLDS_ITSELF,
      errors: [
        {
          messageId: "declineAndCancelMerged",
          line: lineOf(FOLDS_ITSELF, 'result.action === "accept"'),
          suggestions: [
            {
              messageId: "suggestExhaustiveSwitch",
              output: FOLDS_ITSELF.replace(
                '  return result.action === "accept" ? "yes" : "no";\n',
                `  switch (result.action) {
    case "accept": {
      return "yes";
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
`,
              ),
            },
          ],
        },
      ],
    },
    {
      name: "a switch helper; the caller folds no and dismissed",
      code: folding(SWITCH_HELPER),
      errors: at(folding(SWITCH_HELPER), 'decision === "yes"'),
    },
    {
      name: "an if-chain helper on a destructured action",
      code: folding(IF_HELPER),
      errors: at(folding(IF_HELPER), 'decision === "yes"'),
    },
    {
      name: "a ternary helper",
      code: folding(TERNARY_HELPER),
      errors: at(folding(TERNARY_HELPER), 'decision === "yes"'),
    },
    { name: "a table helper", code: folding(TABLE_HELPER), errors: at(folding(TABLE_HELPER), 'decision === "yes"') },
  ],
});

typedRuleTester.run("exhaustive-action: the project's own words for an answer (typed)", rule, {
  valid: [
    {
      name: "each of the helper's words its own branch",
      filename: TYPED_FILE,
      code: HEAD + SWITCH_HELPER + EXHAUSTIVE_CALLER,
    },
  ],
  invalid: [
    {
      name: "a switch helper; the caller folds no and dismissed",
      filename: TYPED_FILE,
      code: folding(SWITCH_HELPER),
      errors: at(folding(SWITCH_HELPER), 'decision === "yes"'),
    },
  ],
});
