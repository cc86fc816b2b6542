/**
 * The require-deadline analysis of a call that waits on a person: which call should carry the deadline, and does it
 * carry one chosen for a person (not missing, kept to the caller in a race, or too long to ever fire)?
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { shortText, getCalleeName, narrowCallLocation } from "../../analysis/ast.ts";
import type { HumanWaitCall } from "../../analysis/asks.ts";
import {
  canCarryDeadline,
  describeDeadlineFix,
  findTimerRace,
  findUntimedHelperRace,
  findUserLandRaces,
  propertyValue,
  readDeadline,
  readOptions,
  stopsWaiting,
  findTimerLeavingQuestionOpen,
} from "../../analysis/deadline.ts";
import { MCP_CANCELLED_NOTIFICATION } from "../../protocol/methods.ts";
import { isUnknownOrigin } from "../../analysis/human-wait.ts";
import type { HumanWaitApi } from "../../protocol/apis.ts";
import type { PersonWaitCall } from "../../analysis/asks.ts";
import { carriesCallerSignal, findCallerSignals, handsSignalBeyondArity } from "../../analysis/signals.ts";
import { reachesProgramAnswerFunction, typedRequestWait } from "./typed-deadline.ts";
import { listensOnEphemeralPort } from "./harness.ts";
import { callAsInstalled } from "../../analysis/versions.ts";
import { deadlineEdits, deadlineRewrite, settleParkedPromise } from "./deadline-edits.ts";
import type { DeadlineCheck } from "./options.ts";

/**
 * The request whose deadline a server-side wait on a person at `node` is judged by, or null where it is judged
 * elsewhere. A wait reached through the program's own code is judged at the call inside it, which can carry the
 * deadline (typed: wherever the wrapper is declared); a user's listed wrapper is judged where it is called.
 */
export function requestToJudge(
  call: PersonWaitCall,
  node: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): HumanWaitCall | null {
  // A wait through the program's own code (this file's or another module's) is judged at the call inside it.
  if (call.api.side !== "server" || call.delegation?.via === "local" || call.delegation?.via === "module") return null;
  if (call.wrapper === null && reachesProgramAnswerFunction(node, sourceCode)) return null;
  // `this.next.requestPermission(req, abortSignal)`: a relay handed the caller's signal, judged where it asks.
  const extra = call.api.optionsArgIndex === null && node.arguments.length > 1;
  if (extra && handsSignalBeyondArity(call, findCallerSignals(node, sourceCode, call), sourceCode)) return null;
  // Typed: a request API the table does not list, named for a question and taking deadline options.
  return call.delegation ? typedRequestWait(node, call.delegation.facts.shape, sourceCode) : call;
}

/** Reports a call whose deadline is missing, kept to the caller in a race, unseen in its options, or never fires. */
export function checkCall(check: DeadlineCheck, matched: HumanWaitCall): void {
  const { context, sourceCode, options } = check;
  const call = callAsInstalled(matched, context.filename);
  // The installed version has no such wait (@mastra/mcp 2.x's `elicitation.sendRequest` rejects): nothing to bound.
  if (!call) return;
  const { api } = call;
  // A fixed deadline (Cloudflare agents) leaves the caller nothing to choose.
  if (api.defaultDeadline.kind === "fixed") return;
  const data = { ...deadlineWords(api), companion: api.signalCompanionField ?? "" };
  const at = narrowCallLocation(call.node);
  // `rpc.timeout(120_000).request(…)`: the client's own builder set the deadline.
  if (receiverSetsDeadline(call)) return;
  const reading = readDeadline(call, sourceCode);
  switch (reading.kind) {
    case "deadline":
      return;
    case "deadline-keeps-waiting":
      const { suggest, data: noEdit } = deadlineRewrite(check, "stopOnTimeout", (edit) =>
        deadlineEdits(edit, "deadlineKeepsWaiting", matched),
      );
      context.report({ node: at, messageId: "deadlineKeepsWaiting", data: { ...data, ...noEdit }, suggest });
      return;
    case "opaque":
      if (options.reportOpaqueOptions) context.report({ node: at, messageId: "opaqueOptions", data });
      return;
    case "none": {
      const race = findTimerRace(call.node, sourceCode);
      // A server on an ephemeral port (`listen(0)`) asks a client its own program drives, such as a conformance
      // suite's client under test: the request's default deadline, made for programs, is the right one there.
      if (!race && api.defaultDeadline.kind === "request-default" && listensOnEphemeralPort(sourceCode)) return;
      // Where the API takes no deadline, a race is the only deadline there is.
      if (race && !canCarryDeadline(api)) return;
      // `askWithin(ask, { signal, noAnswer })`: the helper is there, only its delay is missing.
      const untimed = race || canCarryDeadline(api) ? null : findUntimedHelperRace(call.node, sourceCode);
      const advice = untimed ? untimedHelperWords(sourceCode.getText(untimed.race.node.callee), untimed.option) : {};
      // ACP sets no timeout on a permission prompt: the turn's cancel ends it, and this wait ends with that cancel.
      // A timer is asked for only when the user wants one (`strict`).
      const cancellable = !race && !untimed && isPermissionPrompt(api) && endsOnCallerSignal(call, sourceCode);
      if (cancellable && !options.timeCancellablePermissions) return;
      const messageId = race ? "raceLeavesRequestOpen" : cancellable ? "cancelOnlyBound" : "missingDeadline";
      // The edits are made for the call as matched: the codemod has always written them for that row.
      const rewrite = deadlineRewrite(check, "giveDeadline", (edit) => deadlineEdits(edit, messageId, matched));
      context.report({ node: at, messageId, data: { ...data, ...advice, ...rewrite.data }, suggest: rewrite.suggest });
      return;
    }
    case "never-fires":
      context.report({
        node: reading.value,
        messageId: "deadlineNeverFires",
        data: { value: shortText(sourceCode.getText(reading.value)) },
      });
      return;
    default: {
      const unknownReading: never = reading;
      throw new Error(`unknown deadline reading ${JSON.stringify(unknownReading)}`);
    }
  }
}

/**
 * Reports a hand-rolled wait on a person that neither a timer nor a signal ends. A client answering a server's
 * question is bounded by the server's request timeout: it needs no timer of its own, only to let go when the request
 * is withdrawn.
 */
export function checkHandRolledWait(check: DeadlineCheck, promise: TSESTree.NewExpression, clientSide: boolean): void {
  const node = promise.callee;
  if (clientSide) {
    check.context.report({ node, messageId: "clientWaitIgnoresRequestSignal" });
    return;
  }
  const { suggest, data } = deadlineRewrite(check, "giveDeadline", (edit) => settleParkedPromise(edit, promise));
  check.context.report({ node, messageId: "handRolledWait", data, suggest });
}

/** A hand-rolled question whose timer gives up without withdrawing it (analysis/deadline.ts). */
export function checkTimerWithdrawal(check: DeadlineCheck, promise: TSESTree.NewExpression): void {
  const timer = findTimerLeavingQuestionOpen(promise, check.sourceCode);
  if (!timer) return;
  check.context.report({
    node: timer.callee,
    messageId: "timeoutLeavesQuestionOpen",
    data: { notification: MCP_CANCELLED_NOTIFICATION },
  });
}

/**
 * Whether the wait ends when the caller's turn is cancelled. Where the API takes no signal (ACP 1.x
 * `requestPermission(params)`), the client ends it: after `session/cancel` it MUST answer every pending
 * `session/request_permission` with `cancelled` (agentclientprotocol.com/protocol/prompt-turn, Cancellation), so the
 * caller's signal in reach (raced, or only read after the answer) shows a prompt inside a cancellable turn. Where it
 * takes one (ACP 2.x `request`), the agent cancels its own prompts (@agentclientprotocol/sdk@2.4.0
 * dist/v2/acp.d.ts:828–836): the prompt must be raced against the signal or handed it with the companion that makes
 * it stop waiting.
 */
function endsOnCallerSignal(call: HumanWaitCall, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const signals = findCallerSignals(call.node, sourceCode, call);
  if (signals.length === 0) return false;
  if (call.api.signalField === null && call.api.optionsArgIndex === null) return true;
  const raced = findUserLandRaces(call.node, sourceCode).some((race) =>
    race.others.some((other) => carriesCallerSignal(other, signals, sourceCode)),
  );
  if (raced || call.api.signalField === null) return raced;
  const reading = readOptions(call, sourceCode);
  if (reading.kind !== "literal") return false;
  const passed = propertyValue(reading.object, call.api.signalField);
  return passed !== null && carriesCallerSignal(passed, signals, sourceCode) && stopsWaiting(call.api, reading.object);
}

/** `rpc.timeout(ms).request(…)` on a row whose client sets its deadline through the receiver. */
function receiverSetsDeadline(call: HumanWaitCall): boolean {
  const method = call.api.receiverDeadlineMethod;
  const callee = call.node.callee;
  if (method === undefined || callee.type !== AST_NODE_TYPES.MemberExpression) return false;
  const receiver = callee.object;
  return receiver.type === AST_NODE_TYPES.CallExpression && getCalleeName(receiver) === method;
}

/** An ACP permission prompt: the protocol gives it no timeout, and its turn's cancel ends it. */
function isPermissionPrompt(api: HumanWaitApi): boolean {
  return api.result === "acp-permission-outcome" && api.defaultDeadline.kind === "none";
}

/**
 * The `defaultDeadline` and `fix` of a call's messages, in a message's few words (the rule's page says why): what a
 * question asked through `api` without a deadline waits for, and how to give it one with the options `api` has.
 */
export function deadlineWords(api: HumanWaitApi): { readonly defaultDeadline: string; readonly fix: string } {
  // A look-alike from no package the file imports: which options it takes is unknown, so none is named.
  if (isUnknownOrigin(api)) {
    return { defaultDeadline: describeDefault(api), fix: "list it in humanWaitFunctions with its deadline option" };
  }
  return {
    defaultDeadline: describeDefault(api),
    fix: canCarryDeadline(api) ? describeDeadlineFix(api) : "race it against a timer and treat the timeout as a cancel",
  };
}

function describeDefault(api: HumanWaitApi): string {
  const deadline = api.defaultDeadline;
  switch (deadline.kind) {
    case "request-default":
      return `Gives up after ${deadline.ms / 1000} s, a default made for HTTP`;
    case "effectively-infinite":
      return "Waits forever by default if nobody answers";
    case "fixed":
      return `Always gives up after ${deadline.ms / 1000} s`;
    case "none":
      return "Waits forever if nobody answers";
    case "documented":
      return `Gives up after ${deadline.ms / 1000} s by default`;
    case "runtime":
      return "Sets no deadline: the runtime's default decides";
    case "unknown":
      return "No known package bounds this wait";
    default: {
      const unknownKind: never = deadline;
      throw new Error(`unknown deadline ${JSON.stringify(unknownKind)}`);
    }
  }
}

/**
 * The `missingDeadline` words for a wait raced by a same-file helper called without its delay
 * (`askWithin(ask, { signal, noAnswer })`): what the question waits for, then the option that gives it a deadline.
 */
export function untimedHelperWords(
  helper: string,
  option: string,
): { readonly defaultDeadline: string; readonly fix: string } {
  return {
    defaultDeadline: `\`${helper}\` without \`${option}\` sets no timer, so this may wait forever`,
    fix: `pass \`${option}: 120_000\``,
  };
}
