/**
 * The longest realistic value of every placeholder of every rule message, which test/docs.test.ts renders each message
 * with to hold it to 120 characters. What a rule takes from the API table is taken from it here too (a new row with a
 * longer label is measured at once); what it takes from the linted code (a key, a signal, a lock's name) is a long
 * spelling of what the fixtures and tests hold; a rule's fixed words (the reasons no rewrite is offered, who shares a
 * key) are read from the rule's own modules.
 */
import fs from "node:fs";
import path from "node:path";
import { canCarryDeadline } from "../../analysis/deadline.ts";
import { ELICITATION_HANDLER_APIS, HUMAN_WAIT_APIS, type HumanWaitApi } from "../../protocol/apis.ts";
import { CLOSABLE_DIALOGS, DISMISSAL_EVENTS } from "../../protocol/dismissals.ts";
import { MCP_CANCELLED_NOTIFICATION } from "../../protocol/methods.ts";
import { SHARED_BY } from "../../rules/no-session-keyed-pending/analyse.ts";
import { deadlineWords, untimedHelperWords } from "../../rules/require-deadline/analyse.ts";
import { REPO_ROOT } from "./paths.ts";

/** The longest of `values`. */
function longest(values: readonly string[]): string {
  return values.reduce((best, value) => (value.length > best.length ? value : best), "");
}

/** The reasons one of exhaustive-action's modules gives for offering no rewrite, as it spells them (`reason: "…"`). */
function reasonsIn(file: string): string[] {
  const text = fs.readFileSync(path.join(REPO_ROOT, "rules", "exhaustive-action", file), "utf8");
  return [...text.matchAll(/reason\s*[:=]\s*(["'`])((?:(?!\1)[^\\]|\\.)+)\1/gi)].map((match) => match[2]!);
}

/** The reasons exhaustive-action's rewrites (of an `if`, a ternary, a `switch`) give for offering none. */
const rewriteReasons = ["fix.ts", "if-to-switch.ts", "inlined-flag.ts"].flatMap(reasonsIn);

const noRewrite = (reasons: readonly string[]) => ` No rewrite: ${longest(reasons)}.`;
const TERNARY_REASON = "a ternary is an expression";
/** The reasons a flag (`const ok = r.action === "accept"`) is not inlined. */
const flagReasons = rewriteReasons.filter((reason) => /flag/.test(reason));
/** Reasons of an `if` or `switch`, a flag's aside (a ternary's are these too, and its own). */
const ifReasons = [...rewriteReasons, ...reasonsIn("analyse.ts")].filter(
  (reason) => reason !== TERNARY_REASON && !flagReasons.includes(reason),
);
const acpReason = longest(rewriteReasons.filter((reason) => reason.includes("options")));
/** Each path a merged-outcomes report names, with the longest reason it can come with. */
const mergedPaths = [
  ...["This ternary's first branch", "This ternary's second branch", "Either branch of this ternary"].map((path) => ({
    path,
    rewrite: noRewrite([TERNARY_REASON, acpReason, ...flagReasons]),
  })),
  ...["The `userApproved` branch", "The `else` of `userApproved`"].map((path) => ({
    path,
    rewrite: noRewrite([...flagReasons, acpReason]),
  })),
  ...[
    "Either branch of this `if`",
    "The first branch of this `if`",
    "The code after this `if`",
    "The `default` case",
  ].map((path) => ({ path, rewrite: noRewrite(ifReasons) })),
];

const serverApis = HUMAN_WAIT_APIS.filter((api) => api.side === "server" && api.defaultDeadline.kind !== "fixed");
/** Each row as itself, and as a look-alike from a package the file does not import. */
const deadlineRows: HumanWaitApi[] = serverApis.flatMap((api) => [
  api,
  { ...api, defaultDeadline: { kind: "unknown" } },
]);
const helper = untimedHelperWords("askWithinDeadline", "noAnswerAfterMs");
const companion = longest(HUMAN_WAIT_APIS.map((api) => api.signalCompanionField ?? ""));
/** A signal as the code names it; handler.ts builds `${param}.mcpReq.signal` for SDK 2.x tools. */
const signal = "context.mcpReq.signal";

type Data = Record<string, string>;

/**
 * Per rule: the data of all its messages, and for a message whose placeholders take other values together, the data
 * sets it is also rendered with (over `all`; the longest rendering counts).
 */
export const LONGEST_DATA: Record<string, { all: Data; byMessage?: Record<string, Data[]> }> = {
  "exhaustive-action": {
    all: {
      missing: "`decline` and `cancel`",
      others: "accept and decline",
      rewrite: noRewrite(ifReasons),
      answer: "a reject option",
      cause: "the request is aborted",
      instead: '`{ outcome: "cancelled" }`',
      what: "are handled together in one branch",
      from: "`cancelled`",
      to: "a reject option",
      stop: 'stopReason: "cancelled"',
    },
    byMessage: {
      declineAndCancelMerged: mergedPaths,
      cancelledAndSelectedMerged: mergedPaths,
      reaskMerged: [{ rewrite: noRewrite(reasonsIn("mrtr-fix.ts")) }],
    },
  },
  "forward-abort-signal": {
    // `seconds`: the longest deadline a timer holds, in seconds with its fraction (as require-deadline's).
    all: {
      signal,
      param: "context",
      companion,
      label: longest(serverApis.map((api) => api.label)),
      seconds: "2147483.647",
    },
    byMessage: {
      notRaced: serverApis.filter((api) => api.signalField === null).map((api) => ({ label: api.label })),
      handlerHasNoSignal: ELICITATION_HANDLER_APIS.filter((api) => api.signalParam === null).map((api) => ({
        label: api.label,
      })),
      // A registration's name for a handler of another module, and where it is declared.
      handlerDropsSignal: [{ handler: "definition.handler", at: "./tools/delete-file.ts:120", param: "extra" }],
      // A context's property that asks, by the name a framework gives it.
      handlerHandsOutAsk: [{ param: "context", asker: "requestElicitation" }],
    },
  },
  "no-session-keyed-pending": {
    all: {
      key: "params.toolCall.toolCallId",
      sharedBy: longest(Object.values(SHARED_BY)),
      slot: "this.currentElicitationRequest",
      entity: "downstreamSession",
      client: "this.upstreamClient",
    },
  },
  "release-in-finally": {
    all: {
      what: "the stored entry `requestId` in `storage`",
      fate: "fires on forever",
      name: "releaseDeployLock",
      rollback: "await transaction.rollback()",
      keyword: "await using",
    },
    byMessage: { timerNotCleared: [{ what: "the interval `heartbeatTimer`" }] },
  },
  "require-deadline": {
    // The longest deadline a timer holds, in seconds with its fraction.
    all: {
      companion,
      value: "t && t !== Infinity ? t : 2_147_483_647",
      seconds: "2147483.647",
      notification: MCP_CANCELLED_NOTIFICATION,
    },
    byMessage: {
      // Each row's own words, as its row has them together.
      missingDeadline: [...deadlineRows.map(deadlineWords), helper],
      // A race is reported only on an API that can carry a deadline.
      raceLeavesRequestOpen: deadlineRows.filter(canCarryDeadline).map(deadlineWords),
      // Only ACP permission prompts, which ACP gives no timeout.
      cancelOnlyBound: deadlineRows.filter((api) => api.result === "acp-permission-outcome").map(deadlineWords),
    },
  },
  "verify-request-state": { all: { how: "`Buffer.from(…).toString(…)`" } },
  "answer-pending-on-cancel": {
    // A module as the message names it: its path from the linted file's folder.
    all: {
      store: "this.pendingPermissionRequests",
      module: "../permissions/store.ts",
      dialog: longest(CLOSABLE_DIALOGS.map((row) => row.dialog)),
      where: "../permissions/picker.ts:1234",
      line: "1234",
      signal: "cancellationSignal",
    },
    byMessage: { pendingInModuleLeftOnCancel: [{ store: "pendingPermissionRequests" }] },
  },
  "cancel-on-dismiss": {
    // The longest dialog word of the table; an option as the rule quotes it (cut at 20 characters).
    all: {
      dialog: longest(DISMISSAL_EVENTS.map((event) => event.dialog)),
      answer: "option `params.options[0].…`",
      asker: "server",
      noDecision: "`cancelled`",
    },
  },
};
