/**
 * The shapes of a person's answer (DESIGN §3). MCP carries it in `action`; ACP permission requests carry it in
 * `outcome.outcome`, with the chosen option's `kind` saying whether the person allowed or rejected.
 */

/** MCP `ElicitResult.action`. `content` is present only with "accept". */
export const ELICIT_ACTIONS = ["accept", "decline", "cancel"] as const;
export type ElicitAction = (typeof ELICIT_ACTIONS)[number];

/** What each action means to a person, for messages, docs and the comments codemods write. */
export const ELICIT_ACTION_MEANING: Readonly<Record<ElicitAction, string>> = {
  accept: "the user answered and the content is theirs",
  decline: "the user saw the question and said no",
  cancel: "the dialog was dismissed without a decision",
};

/** ACP `RequestPermissionOutcome.outcome`. */
export const ACP_OUTCOMES = ["selected", "cancelled"] as const;

/**
 * Whether an option id, as the code writes it (`"reject"`, `rejectOption.optionId`, `"deny-once"`), names a refusal:
 * one of ACP's `PermissionOption.kind` values `reject_once` and `reject_always`, or the words agents use for their own reject options.
 */
export function namesRejection(optionText: string): boolean {
  return /reject|deny|refuse/i.test(optionText);
}

/** The field that carries the answer for each result shape. */
export const DISCRIMINANT_FIELD = {
  "mcp-elicit-result": "action",
  "acp-elicit-result": "action",
  "acp-permission-outcome": "outcome",
} as const;

/** Type names (as written in annotations) that declare a value to be a person's answer. */
export const RESULT_TYPE_NAMES: ReadonlySet<string> = new Set([
  "ElicitResult",
  "ElicitResultSchema",
  "CreateElicitationResponse",
  "RequestPermissionResponse",
  "RequestPermissionOutcome",
]);

/** Whether a set of string literals is exactly one of the known answer unions (typed mode). */
export function isAnswerUnion(literals: ReadonlySet<string>): "mcp" | "acp" | null {
  const has = (values: readonly string[]) => values.every((value) => literals.has(value));
  if (literals.size === ELICIT_ACTIONS.length && has(ELICIT_ACTIONS)) return "mcp";
  if (literals.size === ACP_OUTCOMES.length && has(ACP_OUTCOMES)) return "acp";
  return null;
}

/**
 * The answer each API itself gives when no decision was made, as source text: what a wait that stops waiting (its
 * deadline passed, its caller gave up) resolves with, so the code after it takes the path it already has for a
 * dismissed question. `quote` is the file's string quote; `asConst` keeps the literal's type in TypeScript.
 */
export function noDecisionAnswerText(
  shape: "mcp-elicit-result" | "acp-elicit-result" | "acp-permission-outcome",
  { quote = '"', asConst = false }: { quote?: string; asConst?: boolean } = {},
): string {
  const literal = (value: string) => `${quote}${value}${quote}${asConst ? " as const" : ""}`;
  return shape === "acp-permission-outcome"
    ? `{ outcome: { outcome: ${literal("cancelled")} } }`
    : `{ action: ${literal("cancel")} }`;
}
