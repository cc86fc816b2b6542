/**
 * What settles a store of parked promises: read from every place the file calls an entry's `resolve`. Shared by the
 * pending-store check (no-session-keyed-pending) and the hand-rolled wait (require-deadline), which judge a store by
 * what settles it rather than by the words around it.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "./node-types.ts";
import { nodesOfType } from "./node-index.ts";
import { findVariable, getStaticPropertyName, unwrapExpression } from "./ast.ts";
import { Fact, fileFacts } from "./cached-facts.ts";

/**
 * Whether every place the file settles the store's entries passes no answer: `resolve()`, `resolve(true)`,
 * `resolve(false)`, `resolve(undefined)`, through `store.get(k)?.resolve(…)` or a loop over the store. Such entries
 * wait for a turn or a signal (a queued prompt that the running turn or a cancel frees), not for what a person said.
 * False when the file settles them nowhere it can see, or with any other value. `store` is the store itself
 * (`session.pendingMessages`), not the write.
 */
export function isSettledOnlyWithSignals(store: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const storeText = lastSegment(normalisedText(store, sourceCode));
  const settled = resolveCalls(sourceCode).filter((call) =>
    entryOf(unwrapExpression((call.callee as TSESTree.MemberExpression).object), storeText, sourceCode),
  );
  return settled.length > 0 && settled.every((call) => call.arguments.every(isSignalValue));
}

const RESOLVE_CALLS = new Fact<null, readonly TSESTree.CallExpression[]>("a file's `….resolve(…)` calls, per file");

/** Every `….resolve(…)` call of the file, found in one walk however many stores ask. */
function resolveCalls(sourceCode: Readonly<TSESLint.SourceCode>): readonly TSESTree.CallExpression[] {
  return fileFacts(sourceCode).remember(RESOLVE_CALLS, null, () =>
    nodesOfType(sourceCode, AST_NODE_TYPES.CallExpression).filter(
      (node) =>
        node.callee.type === AST_NODE_TYPES.MemberExpression && getStaticPropertyName(node.callee) === "resolve",
    ),
  );
}

function isSignalValue(argument: TSESTree.CallExpressionArgument): boolean {
  return (
    (argument.type === AST_NODE_TYPES.Literal && typeof argument.value === "boolean") ||
    (argument.type === AST_NODE_TYPES.Identifier && argument.name === "undefined")
  );
}

/** A node's text without spaces and with `?.` as `.`: how two spellings of one store path compare equal. */
export function normalisedText(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): string {
  return sourceCode.getText(unwrapExpression(node)).replace(/\s+/g, "").replace(/\?\./g, ".");
}

function lastSegment(text: string): string {
  return text.slice(text.lastIndexOf(".") + 1);
}

/** Whether `holder` is an entry of the store named `storeName`: `….store.get(k)`, or a loop variable over the store. */
function entryOf(holder: TSESTree.Node, storeName: string, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  if (holder.type === AST_NODE_TYPES.CallExpression && holder.callee.type === AST_NODE_TYPES.MemberExpression) {
    return getStaticPropertyName(holder.callee) === "get" && storeNamed(holder.callee.object, storeName, sourceCode);
  }
  if (holder.type !== AST_NODE_TYPES.Identifier) return false;
  const definition = findVariable(sourceCode.getScope(holder), holder.name)?.defs[0];
  if (definition?.type !== "Variable") return false;
  const declaration = definition.node.parent;
  const loop = declaration.parent;
  if (loop?.type === AST_NODE_TYPES.ForOfStatement && loop.left === declaration) {
    const iterated = unwrapExpression(loop.right);
    const over =
      iterated.type === AST_NODE_TYPES.CallExpression &&
      iterated.callee.type === AST_NODE_TYPES.MemberExpression &&
      ["values", "entries"].includes(getStaticPropertyName(iterated.callee) ?? "")
        ? iterated.callee.object
        : iterated;
    return storeNamed(over, storeName, sourceCode);
  }
  const init = definition.node.init && unwrapExpression(definition.node.init);
  return !!init && init !== holder && entryOf(init, storeName, sourceCode);
}

function storeNamed(node: TSESTree.Node, storeName: string, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return lastSegment(normalisedText(node, sourceCode)) === storeName;
}
