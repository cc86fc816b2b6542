/**
 * Whether a hand-rolled wait is a client answering a server's question: such a wait is bounded by the server's
 * request timeout and needs no timer of its own, only to let go when the request is withdrawn.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { nodesOfTypes, nodesWithin } from "../../analysis/node-index.ts";
import { askOf } from "../../analysis/asks.ts";
import { localFunctionOf } from "../../analysis/walk.ts";
import type { WrapperSpecifier } from "../../analysis/wrappers.ts";

interface ClientSideFacts {
  /** The file's client-side elicitation handlers. */
  readonly handlers: TSESTree.FunctionLike[];
  /** Whether the file asks a person nothing itself (no server-side wait). */
  readonly asksNoPerson: boolean;
}

/**
 * For one file: whether the wait built in `owner` is built by a client-side elicitation handler, or by a function such
 * a handler calls, or in a file that registers one and asks no person anything itself. The file is read once, when
 * first asked.
 */
export function clientSideElicitation(
  sourceCode: Readonly<TSESLint.SourceCode>,
  wrappers: readonly WrapperSpecifier[],
): (owner: TSESTree.Node) => boolean {
  let facts: ClientSideFacts | null = null;
  return (owner) => {
    facts ??= readClientSideFacts(sourceCode, wrappers);
    const { handlers, asksNoPerson } = facts;
    if (handlers.length === 0) return false;
    if (asksNoPerson) return true;
    return handlers.some(
      (handler) =>
        handler === owner ||
        (handler.body !== null &&
          handler.body !== undefined &&
          nodesWithin(sourceCode, handler.body, AST_NODE_TYPES.CallExpression).some(
            (node) => localFunctionOf(node.callee, sourceCode) === owner,
          )),
    );
  };
}

const CALLS_AND_CONSTRUCTIONS = [AST_NODE_TYPES.CallExpression, AST_NODE_TYPES.NewExpression] as const;

function readClientSideFacts(
  sourceCode: Readonly<TSESLint.SourceCode>,
  wrappers: readonly WrapperSpecifier[],
): ClientSideFacts {
  const handlers: TSESTree.FunctionLike[] = [];
  let asksNoPerson = true;
  for (const node of nodesOfTypes(sourceCode, CALLS_AND_CONSTRUCTIONS)) {
    const ask = askOf(node, sourceCode, wrappers);
    if (ask.handler) handlers.push(ask.handler.handler);
    if (ask.tabled?.api.side === "server") asksNoPerson = false;
  }
  return { handlers, asksNoPerson };
}
