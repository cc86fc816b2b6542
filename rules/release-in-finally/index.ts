/**
 * `release-in-finally`: a lock, transaction, reservation or "awaiting user" state held while a person is asked
 * is given back on every path that ends the wait — accept, decline, cancel, timeout, disconnect, invalid
 * answer, outer cancellation. Only a scope that unwinds guarantees that: `try { … } finally { release }`
 * right after the acquisition, `using` / `await using`, or a callback scope (`runExclusive(fn)`).
 *
 * Error Prone's LockNotBeforeTry taxonomy, one message each: release outside `finally`; statements between
 * the acquisition and the `try`; acquisition inside the `try`; the release handle escapes (strict only). A stored
 * timer cleared outside a `finally` has a message of its own: what it does if the question ends without an answer.
 */
import type { TSESTree } from "@typescript-eslint/utils";
import { textFacts, type TextSource } from "../../analysis/text-gate.ts";
import { fileMayWaitOnPerson, matchWaitOnPerson } from "../../analysis/local-waits.ts";
import {
  compileLockPairs,
  DEFAULT_CALLBACK_SCOPES,
  lockPairOptionSchema,
  matchAcquisition,
  type Acquisition,
  type LockPairOption,
} from "../../analysis/lock-pairs.ts";
import { compileWrappers, mentionsWrapper, wrapperOptionSchema, type WrapperOption } from "../../analysis/wrappers.ts";
import { createRule } from "../../analysis/create-rule.ts";
import { check, isCallbackScope } from "./analyse.ts";
import { collectWaitsOnPeople } from "../../analysis/waits.ts";

export type Options = [
  {
    pairs?: LockPairOption[];
    callbackScopes?: string[];
    reportEscapingHandles?: boolean;
    anyAwait?: boolean;
    humanWaitFunctions?: WrapperOption[];
  },
];

export type MessageIds =
  | "releaseNotInFinally"
  | "statementsBeforeTry"
  | "acquireInsideTry"
  | "handleEscapes"
  | "timerNotCleared"
  | "wrapInTryFinally"
  | "clearInFinally"
  | "moveIntoTry"
  | "acquireBeforeTry"
  | "rollBackInCatch"
  | "holdWithUsing";

/**
 * Whether this rule can report anything in a file with this text: nothing can be held across a wait on a person in
 * a file that never awaits, asks nobody or takes nothing. The `await` test comes first: it needs no compiled options.
 * The codemod uses this same test.
 */
export function mayReport(source: TextSource, options: Options[0] = {}): boolean {
  const facts = textFacts(source);
  if (!facts.awaits) return false;
  if (!compileLockPairs(options.pairs).textHint.test(facts.text)) return false;
  if (options.anyAwait === true || facts.mayWaitOnPerson) return true;
  return mentionsWrapper(facts.text, compileWrappers(options.humanWaitFunctions));
}

export default createRule<Options, MessageIds>({
  name: "release-in-finally",
  meta: {
    type: "problem",
    docs: {
      description:
        "Require a lock, transaction, timer or waiting state held while a person is asked to be released in a `finally`",
      recommended: true,
    },
    // eslint-disable-next-line eslint-plugin/require-meta-has-suggestions -- the suggestions are built in ./release-in-finally/fix.ts
    hasSuggestions: true,
    schema: [
      {
        type: "object",
        additionalProperties: false,
        properties: {
          pairs: lockPairOptionSchema,
          callbackScopes: {
            type: "array",
            items: { type: "string" },
            uniqueItems: true,
            description:
              "Methods that hold a resource only while the callback they are given runs, added to the built-in " +
              "`runExclusive`, `withLock`, `acquire`, `lock`, `begin`, `connect`, `getConnection`, `transaction`, " +
              "`$transaction`, `withTransaction`. Called with a callback, they are not an acquisition.",
          },
          reportEscapingHandles: {
            type: "boolean",
            description:
              "Also report a release handle that is stored or passed on, where this function alone cannot show " +
              "it is released on every path (on in the `strict` config).",
          },
          anyAwait: {
            type: "boolean",
            description:
              "Report a resource held across any `await`, not only across a wait on a person (a recognised " +
              "human-wait call, or a call of a function in the same file that makes one).",
          },
          humanWaitFunctions: wrapperOptionSchema,
        },
      },
    ],
    defaultOptions: [
      { pairs: [], callbackScopes: [], reportEscapingHandles: false, anyAwait: false, humanWaitFunctions: [] },
    ],
    messages: {
      releaseNotInFinally:
        "This holds {{what}} while a person is asked but gives it back outside a `finally`: a timeout or cancel leaks it.",
      statementsBeforeTry:
        "This takes {{what}} before statements that run ahead of its `try`: if one of them throws, it is never given back.",
      acquireInsideTry:
        "This takes {{what}} inside the `try` that gives it back: if taking it fails, the `finally` releases what it never held.",
      handleEscapes:
        "The release handle `{{name}}` is passed on while a person is asked: nothing here shows it is released on every path. " +
        "Release it in a `finally` or use a callback scope.",
      timerNotCleared:
        "If the question ends without an answer, {{what}} {{fate}}. Clear it in a `finally` that covers the wait.",
      wrapInTryFinally: "Give back {{what}} in a `finally`, so every path that ends the wait releases it.",
      clearInFinally: "Clear {{what}} in a `finally`, so it stops on every path that ends the wait.",
      rollBackInCatch: "Commit at the end of a `try` and `{{rollback}}` in its `catch`, so no path leaves it open.",
      moveIntoTry: "Move the statements before the `try` into it.",
      acquireBeforeTry: "Take {{what}} just before the `try`.",
      holdWithUsing: "Hold it with `{{keyword}}`, so it is disposed on every path.",
    },
  },
  create(context, [options]) {
    const sourceCode = context.sourceCode;
    const wrappers = compileWrappers(options.humanWaitFunctions);
    // Typed, a file may also wait through the program's own functions that answer with a person's answer.
    const typedMay = () => !!sourceCode.parserServices?.program && fileMayWaitOnPerson(sourceCode, wrappers);
    if (!mayReport(sourceCode, options) && !typedMay()) return {};
    const pairs = compileLockPairs(options.pairs);
    const anyAwait = options.anyAwait === true;
    const callbackScopes = new Set([...DEFAULT_CALLBACK_SCOPES, ...(options.callbackScopes ?? [])]);
    const textOf = (node: TSESTree.Node) => sourceCode.getText(node);

    const calls: TSESTree.CallExpression[] = [];
    const fieldWrites: TSESTree.AssignmentExpression[] = [];
    const awaits: TSESTree.Node[] = [];
    const acquisitions: Acquisition[] = [];
    const humanWaits: TSESTree.CallExpression[] = [];
    const held = { context, sourceCode, options, anyAwait, textOf, calls, fieldWrites, awaits, acquisitions };

    return {
      CallExpression(node) {
        calls.push(node);
        if (matchWaitOnPerson(node, sourceCode, wrappers)) humanWaits.push(node);
        const acquisition = matchAcquisition(node, pairs, textOf);
        if (acquisition && !isCallbackScope(node, callbackScopes, sourceCode)) acquisitions.push(acquisition);
      },
      AssignmentExpression(node) {
        const acquisition = matchAcquisition(node, pairs, textOf);
        if (acquisition) {
          fieldWrites.push(node);
          acquisitions.push(acquisition);
        }
      },
      AwaitExpression(node) {
        awaits.push(node);
      },
      "ForOfStatement[await=true]"(node: TSESTree.ForOfStatement) {
        awaits.push(node);
      },
      "Program:exit"() {
        const waits = anyAwait ? [] : collectWaitsOnPeople(humanWaits, calls);
        for (const acquisition of acquisitions) check(held, acquisition, waits);
      },
    };
  },
});
