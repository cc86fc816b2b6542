/**
 * The options, message ids and messages of `cancel-on-dismiss`, what the `strict` config sets, and the rule's per-file
 * state (`DismissCheck`), apart from the rule so that the modules beside it can name its types without importing the
 * rule back.
 */
import type { TSESLint } from "@typescript-eslint/utils";
import type { JSONSchema4 } from "@typescript-eslint/utils/json-schema";
import type { DismissalEvent, DismissalSite, DismissedWhen } from "../../protocol/dismissals.ts";

export type MessageIds =
  "approvesOnDismiss" | "picksOnDismiss" | "refusesOnDismiss" | "unansweredOnDismiss" | "answerNoDecision";

/** A dismissal event of the user's, in the table's shape (protocol/dismissals.ts) without its id and evidence. */
export interface DismissalEventOption {
  site: DismissalSite;
  when?: DismissedWhen;
  /** What the person sees, as messages name it (default "dialog"). */
  dialog?: string;
  /** Packages the event ships in: given, the entry applies only in files that import one of them. */
  packages?: string[];
}

export interface Options {
  /** Also report a dismissal answered as a refusal (a reject option, `decline`): a decision nobody made. */
  reportRefusals?: boolean;
  /** Your own dialogs' dismissal events, in the shape of the built-in table's rows. */
  dismissalEvents?: DismissalEventOption[];
}

/** What the rule's analysis of one file shares: its context, the file, the options and the events that apply. */
export interface DismissCheck {
  readonly context: Readonly<TSESLint.RuleContext<MessageIds, [Options]>>;
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly options: Options;
  readonly events: readonly DismissalEvent[];
}

const names = { type: "array", items: { type: "string", minLength: 1 }, minItems: 1 } as const;
const index = { type: "integer", minimum: 0 } as const;

function variant(
  kind: string,
  properties: Record<string, JSONSchema4>,
  optional: Record<string, JSONSchema4> = {},
): JSONSchema4 {
  return {
    type: "object",
    additionalProperties: false,
    required: ["kind", ...Object.keys(properties)],
    properties: { kind: { type: "string", enum: [kind] }, ...properties, ...optional },
  };
}

const SITE_SCHEMA: JSONSchema4 = {
  oneOf: [
    variant("override", { baseClasses: names, method: { type: "string", minLength: 1 } }),
    variant("callback", { method: { type: "string", minLength: 1 }, argIndex: index }, { factories: names }),
    variant("event", { event: { type: "string", minLength: 1 }, factories: names }),
    variant("jsx-prop", { elements: names, prop: { type: "string", minLength: 1 } }),
    variant("result", {
      method: { type: "string", minLength: 1 },
      receiverTail: { type: "string" },
      minArguments: index,
    }),
    variant("route", {
      method: { type: "string", minLength: 1 },
      field: { type: "string" },
      value: { type: "string" },
    }),
  ],
};

const WHEN_SCHEMA: JSONSchema4 = {
  oneOf: [
    variant("always", {}),
    variant("parameter-false", { index }),
    variant("parameter-empty", { index }),
    variant("parameter-field", { index, field: { type: "string", minLength: 1 } }),
    variant("result-undefined", {}),
  ],
};

export const SCHEMA: JSONSchema4[] = [
  {
    type: "object",
    additionalProperties: false,
    properties: {
      reportRefusals: {
        type: "boolean",
        description: "Also report a dismissal answered with a reject option or `decline`: a refusal nobody gave.",
      },
      dismissalEvents: {
        type: "array",
        description: "Your own dialogs' dismissal events, shaped like the rows of the built-in table.",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["site"],
          properties: {
            site: SITE_SCHEMA,
            when: WHEN_SCHEMA,
            dialog: { type: "string", minLength: 1 },
            packages: { type: "array", items: { type: "string", minLength: 1 } },
          },
        },
      },
    },
  },
];

export const DEFAULT_OPTIONS: [Options] = [{ reportRefusals: false, dismissalEvents: [] }];

export const MESSAGES: Record<MessageIds, string> = {
  approvesOnDismiss:
    "Closing this {{dialog}} lets the {{asker}} go ahead ({{answer}}) though nobody chose: answer {{noDecision}}.",
  picksOnDismiss:
    "Closing this {{dialog}} selects {{answer}} for the {{asker}}, though nobody chose. Answer {{noDecision}}.",
  refusesOnDismiss:
    "Closing this {{dialog}} tells the {{asker}} no ({{answer}}), though nobody refused. Answer {{noDecision}}.",
  unansweredOnDismiss:
    "Closing this {{dialog}} answers nothing: the {{asker}} waits forever on this question. Answer {{noDecision}} when it closes.",
  answerNoDecision: "Answer {{noDecision}}: the person closed the {{dialog}} without deciding.",
};

/** What the `strict` and `all` configs set: a dismissal answered as a refusal is reported too. */
export const STRICT_OPTIONS: [Options] = [{ reportRefusals: true }];
