/**
 * What release-in-finally gathers from one file while ESLint walks it, and the check of every acquisition once the
 * walk is done: the calls that wait on a person (directly or through a same-file function) are known only then.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { askOf } from "../../analysis/asks.ts";
import { compileLockPairs, DEFAULT_CALLBACK_SCOPES } from "./lock-pairs.ts";
import { matchAcquisition, type Acquisition } from "./acquisitions.ts";
import { collectWaitsOnPeople } from "./waits.ts";
import type { WrapperSpecifier } from "../../analysis/wrappers.ts";
import { check, isCallbackScope } from "./analyse.ts";
import type { MessageIds, Options } from "./options.ts";

/** The listeners that gather acquisitions, awaits and waits on a person, and judge each acquisition at the end. */
export function checkAcquisitionsAtExit(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  options: Options[0],
  wrappers: readonly WrapperSpecifier[],
): TSESLint.RuleListener {
  const sourceCode = context.sourceCode;
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
      if (askOf(node, sourceCode, wrappers).wait) humanWaits.push(node);
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
}
