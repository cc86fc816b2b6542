/** The three ways a file writes an entry to a store that no-session-keyed-pending reads, as ESLint listeners. */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";

/** Called with the store, the key and the value of one entry written. */
type OnStoreWrite = (store: TSESTree.Node, key: TSESTree.Node, value: TSESTree.Node) => void;

export function storeWriteVisitors(onWrite: OnStoreWrite): TSESLint.RuleListener {
  return {
    // store.set(key, value)
    "CallExpression[arguments.length=2] > MemberExpression.callee[property.name='set']"(
      callee: TSESTree.MemberExpression,
    ) {
      const call = callee.parent as TSESTree.CallExpression;
      const [key, value] = call.arguments;
      if (callee.computed || !key || !value || key.type === AST_NODE_TYPES.SpreadElement) return;
      if (value.type === AST_NODE_TYPES.SpreadElement) return;
      onWrite(callee.object, key, value);
    },
    // store[key] = value
    "AssignmentExpression[operator='='] > MemberExpression.left[computed=true]"(left: TSESTree.MemberExpression) {
      const assignment = left.parent as TSESTree.AssignmentExpression;
      onWrite(left.object, left.property, assignment.right);
    },
    // A copy-on-write store: `{ ...store, [key]: value }` (immutable state, React `setPending(prev => …)`).
    "ObjectExpression > Property[computed=true][kind='init']"(property: TSESTree.Property) {
      const object = property.parent as TSESTree.ObjectExpression;
      const spread = object.properties.find((candidate) => candidate.type === AST_NODE_TYPES.SpreadElement);
      if (!spread || property.value.type === AST_NODE_TYPES.AssignmentPattern) return;
      onWrite(spread.argument, property.key, property.value);
    },
  };
}
