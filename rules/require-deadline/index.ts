/**
 * Every wait on a person has a deadline chosen for a person. The MCP SDK's 60-second request default was
 * chosen for HTTP round trips; mcp-use's default is the largest timer Node allows; ACP has none. A deadline
 * the caller keeps to itself (`Promise.race([ask, timer])`) stops the wait but not the question: the client's
 * dialog stays up and nothing tells it to close.
 */
import { narrowCallLocation } from "../../analysis/ast.ts";
import type { HumanWaitCall } from "../../analysis/calls.ts";
import { createRule } from "../../analysis/create-rule.ts";
import {
  canCarryDeadline,
  describeCancelNotice,
  describeDeadlineFix,
  describeUntimedHelperRace,
  findHandRolledWait,
  findTimerRace,
  findUntimedHelperRace,
  findWaiterObjectWait,
  readDeadline,
} from "../../analysis/deadline.ts";
import { describeDefaultDeadline } from "../../analysis/human-wait.ts";
import { fileMayWaitOnPerson, matchWaitOnPerson } from "../../analysis/local-waits.ts";
import { textFacts, type TextSource } from "../../analysis/text-gate.ts";
import { reachesProgramAnswerFunction, typedRequestWait } from "../../analysis/typed-deadline.ts";
import { adaptToInstalled } from "../../analysis/versions.ts";
import { clientSideElicitation } from "./client-side.ts";
import { compileWrappers, mentionsWrapper, wrapperOptionSchema, type WrapperOption } from "../../analysis/wrappers.ts";

export type MessageIds =
  | "missingDeadline"
  | "opaqueOptions"
  | "raceLeavesRequestOpen"
  | "deadlineKeepsWaiting"
  | "handRolledWait"
  | "deadlineNeverFires"
  | "clientWaitIgnoresRequestSignal";

interface Options {
  reportOpaqueOptions?: boolean;
  humanWaitFunctions?: WrapperOption[];
}

/** Whether this rule can report anything in a file with this text (it names a wait on a person). The codemod uses this same test. */
export function mayReport(source: TextSource, options: Options = {}): boolean {
  const facts = textFacts(source);
  return facts.mayWaitOnPerson || mentionsWrapper(facts.text, compileWrappers(options.humanWaitFunctions));
}

export default createRule<[Options], MessageIds>({
  name: "require-deadline",
  meta: {
    type: "problem",
    docs: {
      description: "Require every wait on a person to have a deadline chosen for a person",
      recommended: true,
    },
    schema: [
      {
        type: "object",
        additionalProperties: false,
        properties: {
          reportOpaqueOptions: {
            type: "boolean",
            description:
              "Also report calls whose options are a variable or a spread that may not set a deadline (unless their type requires one).",
          },
          humanWaitFunctions: wrapperOptionSchema,
        },
      },
    ],
    defaultOptions: [{ reportOpaqueOptions: false, humanWaitFunctions: [] }],
    messages: {
      missingDeadline:
        "{{defaultDeadline}}. Choose how long this question may wait for the person who has to answer it: {{fix}}.",
      opaqueOptions:
        "These options may not set a deadline: without one, {{defaultDeadline}}. Spell the deadline out at the call ({{fix}}), or give the options a type that requires it.",
      raceLeavesRequestOpen:
        "This race stops waiting but leaves the question open: the client's dialog stays up and nothing sends {{cancelNotice}}. Give the deadline to the call itself ({{fix}}), so timing out withdraws the question.",
      deadlineKeepsWaiting:
        "This timeout only sends `$/cancel_request`: without `{{companion}}: true` the wait lasts until the client answers.",
      deadlineNeverFires:
        "This deadline never fires on some path: `{{value}}` is no shorter than the largest timer, so a question nobody answers waits forever.",
      handRolledWait:
        "This promise settles only when an answer is delivered. With no timer and no abort signal, a question nobody answers keeps it pending, and whatever awaits it, for the life of the process: settle it from a timer chosen for a person and from the caller's abort signal.",
      clientWaitIgnoresRequestSignal:
        "This promise holds a server's question until the person answers. The server's request timeout bounds how long the server waits, but when it gives up or cancels, nothing here listens: the question stays queued, or on screen, with nobody waiting for its answer. Settle it (as a cancel) when the request's abort signal (`extra.signal`) fires.",
    },
  },
  create(context, [options]) {
    const sourceCode = context.sourceCode;
    const wrappers = compileWrappers(options.humanWaitFunctions);
    // Typed, a file may also wait through the program's own functions that answer with a person's answer.
    if (
      !mayReport(sourceCode, options) &&
      !(sourceCode.parserServices?.program && fileMayWaitOnPerson(sourceCode, wrappers))
    ) {
      return {};
    }

    function checkCall(matched: HumanWaitCall): void {
      const api = adaptToInstalled(matched.api, context.filename);
      const call = api === matched.api ? matched : { ...matched, api };
      // A fixed deadline (Cloudflare agents) leaves the caller nothing to choose.
      if (api.defaultDeadline.kind === "fixed") return;
      const data = {
        defaultDeadline: describeDefaultDeadline(api),
        fix: describeDeadlineFix(api),
        cancelNotice: describeCancelNotice(api),
        companion: api.signalCompanionField ?? "",
      };
      const at = narrowCallLocation(call.node);
      const reading = readDeadline(call, sourceCode);
      switch (reading.kind) {
        case "deadline":
          return;
        case "deadline-keeps-waiting":
          context.report({ node: at, messageId: "deadlineKeepsWaiting", data });
          return;
        case "opaque":
          if (options.reportOpaqueOptions) context.report({ node: at, messageId: "opaqueOptions", data });
          return;
        case "none": {
          const race = findTimerRace(call.node, sourceCode);
          // Where the API takes no deadline, a race is the only deadline there is.
          if (race && !canCarryDeadline(api)) return;
          // `askWithin(ask, { signal, noAnswer })`: the helper is there, only its delay is missing.
          const untimed = race || canCarryDeadline(api) ? null : findUntimedHelperRace(call.node, sourceCode);
          const advice = untimed
            ? describeUntimedHelperRace(sourceCode.getText(untimed.race.node.callee), untimed.option)
            : {};
          const messageId = race ? "raceLeavesRequestOpen" : "missingDeadline";
          context.report({ node: at, messageId, data: { ...data, ...advice } });
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

    const isClientSideElicitation = clientSideElicitation(sourceCode, wrappers);

    return {
      CallExpression(node) {
        const call = matchWaitOnPerson(node, sourceCode, wrappers);
        // A wait reached through the program's own code is judged at the call inside it, which can carry the
        // deadline (typed: wherever the wrapper is declared); a user's listed wrapper is judged where it is called.
        if (
          call &&
          call.api.side === "server" &&
          call.delegation?.via !== "local" &&
          !(call.wrapper === null && reachesProgramAnswerFunction(node, sourceCode))
        ) {
          // Typed: a request API the table does not list, named for a question and taking deadline options.
          const request = call.delegation ? typedRequestWait(node, call.delegation.facts.shape, sourceCode) : call;
          if (request) checkCall(request);
        }
        // `await resolver.wait()` on a waiter object that only an answer settles.
        const waiter = call ? null : findWaiterObjectWait(node, sourceCode);
        if (waiter) context.report({ node: narrowCallLocation(node), messageId: "handRolledWait" });
      },
      NewExpression(node) {
        // Neither a timer nor a signal ends it.
        const wait = findHandRolledWait(node, sourceCode);
        if (!wait) return;
        // A client answering a server's question is bounded by the server's request timeout: it needs no timer
        // of its own, only to let go when the request is withdrawn.
        const clientSide = isClientSideElicitation(wait.owner);
        context.report({
          node: wait.promise.callee,
          messageId: clientSide ? "clientWaitIgnoresRequestSignal" : "handRolledWait",
        });
      },
    };
  },
});

function shortText(text: string): string {
  const oneLine = text.replace(/\s+/g, " ");
  return oneLine.length > 60 ? `${oneLine.slice(0, 57)}...` : oneLine;
}
