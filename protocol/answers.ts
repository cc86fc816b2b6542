/**
 * A person's answer, as the protocols spell it. MCP carries it in `action`; ACP permission requests carry it in
 * `outcome.outcome`, with the chosen option's `kind` saying whether the person allowed or rejected.
 *
 * Read from @modelcontextprotocol/sdk@1.32.2 `dist/esm/types.d.ts` (`ElicitResultSchema`), @modelcontextprotocol/server@2.4.0
 * `dist/index.d.mts` (`ElicitResult`) and @agentclientprotocol/sdk@2.4.0 `dist/v2/schema/types.gen.d.ts`
 * (`RequestPermissionOutcome`, `PermissionOptionKind`, `CreateElicitationResponse`).
 */

/** MCP `ElicitResult.action`. `content` is present only with accept. */
export const ELICIT_ACTION = { accept: "accept", decline: "decline", cancel: "cancel" } as const;
export const ELICIT_ACTIONS = [ELICIT_ACTION.accept, ELICIT_ACTION.decline, ELICIT_ACTION.cancel] as const;
export type ElicitAction = (typeof ELICIT_ACTIONS)[number];
/** The field of `ElicitResult` that holds the answer, present only with accept (MCP 2025-06-18 `ElicitResult`). */
export const ELICIT_CONTENT_FIELD = "content";

/** What each action means to a person, for messages, docs and the comments codemods write. */
export const ELICIT_ACTION_MEANING: Readonly<Record<ElicitAction, string>> = {
  accept: "the user answered and the content is theirs",
  decline: "the user saw the question and said no",
  cancel: "the dialog was dismissed without a decision",
};

/** ACP `RequestPermissionOutcome.outcome`. */
export const ACP_OUTCOME = { selected: "selected", cancelled: "cancelled" } as const;
export const ACP_OUTCOMES = [ACP_OUTCOME.selected, ACP_OUTCOME.cancelled] as const;

/**
 * Words that mark an option id as a refusal where the code writes it (`"reject"`, `rejectOption.optionId`,
 * `"deny-once"`): ACP's `reject_once` / `reject_always` kinds, and the words agents use for their own reject options.
 */
export const REJECTION_WORDS = /reject|deny|refuse/i;

/**
 * ACP `PermissionOptionKind` values that mean the person refused (@agentclientprotocol/sdk@2.4.0
 * `dist/v2/schema/types.gen.d.ts`): an option built with one of them is a reject option whatever its id says.
 */
export const ACP_REJECT_OPTION_KINDS: ReadonlySet<string> = new Set(["reject_once", "reject_always"]);

/**
 * ACP `PermissionOptionKind` values that mean the person allowed (the same file): an answer selecting one of them lets
 * the agent run the tool call.
 */
export const ACP_ALLOW_OPTION_KINDS: ReadonlySet<string> = new Set(["allow_once", "allow_always"]);

/**
 * Words that mark an option id as an approval where the code writes it (`"allow"`, `allowOption.optionId`,
 * `"proceed_once"`): ACP's allow kinds and the words agents use for their own allow options (not `"disallow"`). A
 * refusal's words are read first.
 */
export const APPROVAL_WORDS = /(?<!dis)allow|approv|accept|proceed|grant|confirm|yes/i;

/** The field of a selected ACP outcome (and of a permission option) that names the option. */
export const OPTION_ID_FIELD = "optionId";

/** The shape of the answer a wait resolves with. */
export type ResultShape =
  /** MCP `ElicitResult`: `{ action: accept | decline | cancel, content? }`. */
  | "mcp-elicit-result"
  /** ACP `RequestPermissionResponse`: `{ outcome: { outcome: selected, optionId } | { outcome: cancelled } }`. */
  | "acp-permission-outcome"
  /** ACP elicitation: `{ action: accept | decline | cancel }`, custom strings allowed in 2.x. */
  | "acp-elicit-result"
  /**
   * MCP Apps `openLink` / `downloadFile`: `{ isError?: boolean }`, true for a host's denial and a user's cancel alike
   * (@modelcontextprotocol/ext-apps@2.0.4 `dist/src/app.d.ts` 987, 1056): no outcome to tell apart.
   */
  | "mcp-apps-result"
  /**
   * Cloudflare agents `waitForApproval`: resolves with the approval's payload; a rejection throws
   * `WorkflowRejectedError` (agents@0.32.0 `dist/workflows.js` 323–326, `ApprovalEventPayload { approved }`).
   */
  | "workflow-approval";

/** The field that carries the answer for each result shape. */
export const DISCRIMINANT_FIELD = {
  "mcp-elicit-result": "action",
  "acp-elicit-result": "action",
  "acp-permission-outcome": "outcome",
  "mcp-apps-result": "isError",
  "workflow-approval": "approved",
} as const;

/** The answer each API itself gives when no decision was made: what a wait that stops waiting resolves with. */
export const NO_DECISION_ANSWER = {
  "mcp-elicit-result": { action: ELICIT_ACTION.cancel },
  "acp-elicit-result": { action: ELICIT_ACTION.cancel },
  "acp-permission-outcome": { outcome: { outcome: ACP_OUTCOME.cancelled } },
  "mcp-apps-result": { isError: true },
  "workflow-approval": { approved: false },
} as const;

/** Answer types by the name annotations use, and the shape each declares. */
export const ANSWER_TYPE_SHAPES: Readonly<Record<string, ResultShape>> = {
  ElicitResult: "mcp-elicit-result",
  RequestPermissionResponse: "acp-permission-outcome",
  CreateElicitationResponse: "acp-elicit-result",
};

/** Type names (as written in annotations) that declare a value to be a person's answer. */
export const RESULT_TYPE_NAMES: ReadonlySet<string> = new Set([
  ...Object.keys(ANSWER_TYPE_SHAPES),
  "ElicitResultSchema",
  "RequestPermissionOutcome",
]);

/**
 * How an ACP agent ends a prompt turn the client cancelled: `PromptResponse.stopReason` `"cancelled"`
 * (@agentclientprotocol/sdk@2.4.0 dist/v1/schema/types.gen.d.ts:2247, :2264 `StopReason`).
 */
export const ACP_STOP_REASON_FIELD = "stopReason";
export const ACP_STOP_REASON_CANCELLED = "cancelled";
