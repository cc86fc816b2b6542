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

function bySourceStart(a: TSESTree.Node, b: TSESTree.Node): number {
  return a.range[0] - b.range[0];
}

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
  // Per acquisition, the acquisitions of the same thing (pair, path and key), in source order; filled at the end.
  const takesByPair = new Map<Acquisition["pair"], Map<string, TSESTree.Node[]>>();
  const takesOf = new Map<Acquisition, readonly TSESTree.Node[]>();
  const sameTakes = (acquisition: Acquisition) => takesOf.get(acquisition) ?? [acquisition.node];
  const held = { context, sourceCode, options, anyAwait, textOf, calls, fieldWrites, awaits, sameTakes };

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
      // In source order, so that each acquisition reads the calls, awaits and waits of its own span by bisection
      // (ESLint's walk enters nodes nearly in that order already; the sort is stable).
      for (const list of [calls, fieldWrites, awaits]) list.sort(bySourceStart);
      acquisitions.sort((a, b) => bySourceStart(a.node, b.node));
      for (const acquisition of acquisitions) {
        const key = `${acquisition.path}\u0000${acquisition.key ?? ""}\u0001${acquisition.key === null}`;
        let byPath = takesByPair.get(acquisition.pair);
        if (!byPath) takesByPair.set(acquisition.pair, (byPath = new Map()));
        const takes = byPath.get(key);
        if (takes) takes.push(acquisition.node);
        else byPath.set(key, [acquisition.node]);
        takesOf.set(acquisition, byPath.get(key)!);
      }
      const waits = anyAwait ? [] : collectWaitsOnPeople(humanWaits, calls).sort(bySourceStart);
      for (const acquisition of acquisitions) check(held, acquisition, waits);
    },
  };
}
