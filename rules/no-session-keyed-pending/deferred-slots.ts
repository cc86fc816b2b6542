/**
 * One slot for every question, held as a Deferred (docs/rules/no-session-keyed-pending.md, "One slot"): a method that
 * asks parks a new Deferred in a field (`this.pendingQuestion = new Deferred()`) and another settles it
 * (`this.pendingQuestion.resolve(answer)`). A second question asked before the first is answered replaces the first
 * Deferred, whose caller then waits for ever. The Deferred is known by its name (`Deferred`, `Future`, `Completer`) or,
 * declared in the file, by its shape: a constructor that keeps its own Promise's `resolve`.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import {
  getCalleeName,
  getEnclosingFunction,
  getMemberPath,
  getStaticPropertyName,
  unwrapExpression,
  containsNode,
} from "../../analysis/ast.ts";
import { findVariable } from "../../analysis/flow.ts";
import { nodesOfType } from "../../analysis/node-index.ts";
import { normalisedText } from "../../analysis/settlers.ts";
import { isSetTimeoutCall } from "../../analysis/walk.ts";
import { hasWaiterFactoryName } from "./waiters.ts";
import { slotSettledWithoutId, walkAll, type SingleSlot } from "./overwrites.ts";

/** `this.pendingQuestion = new Deferred()` in a method other than the constructor, settled by another function. */
export function matchDeferredSlot(
  node: TSESTree.AssignmentExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): SingleSlot | null {
  if (node.operator !== "=" || node.left.type !== AST_NODE_TYPES.MemberExpression || node.left.computed) return null;
  const path = getMemberPath(node.left);
  const value = unwrapExpression(node.right);
  if (!path || path[0] !== "this" || path.length !== 2 || value.type !== AST_NODE_TYPES.NewExpression) return null;
  if (!isDeferredClass(value.callee, sourceCode)) return null;
  const writer = getEnclosingFunction(node);
  // A constructor's Deferred is its object's one answer: one object per question holds one each.
  if (!writer || (writer.parent?.type === AST_NODE_TYPES.MethodDefinition && writer.parent.kind === "constructor"))
    return null;
  const name = path.join(".");
  if (!settledByAnAnswer(name, writer, sourceCode)) return null;
  return slotSettledWithoutId(name, node, sourceCode) ? { write: node, name } : null;
}

/**
 * Whether a function other than the writer settles the slot (`this.pendingQuestion?.resolve(answer)`) outside a
 * timer's callback: a Deferred only a timer settles waits for time, not for a person.
 */
function settledByAnAnswer(
  name: string,
  writer: TSESTree.FunctionLike,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  // The file's calls from its node index, not a walk of the whole tree for each slot.
  return nodesOfType(sourceCode, AST_NODE_TYPES.CallExpression).some((node) => {
    const callee = unwrapExpression(node.callee);
    return (
      callee.type === AST_NODE_TYPES.MemberExpression &&
      getStaticPropertyName(callee) === "resolve" &&
      normalisedText(callee.object, sourceCode) === name &&
      !containsNode(writer, node) &&
      !inTimerCallback(node)
    );
  });
}

function inTimerCallback(node: TSESTree.Node): boolean {
  for (let current = node.parent; current; current = current.parent) {
    if (
      (current.type === AST_NODE_TYPES.ArrowFunctionExpression || current.type === AST_NODE_TYPES.FunctionExpression) &&
      current.parent &&
      current.parent.type === AST_NODE_TYPES.CallExpression &&
      (isSetTimeoutCall(current.parent) || getCalleeName(current.parent) === "setInterval")
    )
      return true;
  }
  return false;
}

/** `Deferred`, `Future`, `Completer` by name, or a class of this file whose constructor keeps its Promise's `resolve`. */
function isDeferredClass(callee: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const target = unwrapExpression(callee);
  if (target.type !== AST_NODE_TYPES.Identifier) return false;
  if (hasWaiterFactoryName(target.name)) return true;
  const declared = findVariable(sourceCode.getScope(target), target.name)?.defs[0]?.node;
  if (declared?.type !== AST_NODE_TYPES.ClassDeclaration) return false;
  const constructor = declared.body.body.find(
    (member): member is TSESTree.MethodDefinition =>
      member.type === AST_NODE_TYPES.MethodDefinition && member.kind === "constructor",
  );
  let keepsResolve = false;
  if (constructor) {
    walkAll(constructor.value, sourceCode, (node) => {
      if (
        node.type === AST_NODE_TYPES.AssignmentExpression &&
        getMemberPath(node.left)?.[0] === "this" &&
        node.right.type === AST_NODE_TYPES.Identifier &&
        node.right.name === "resolve"
      )
        keepsResolve = true;
    });
  }
  return keepsResolve;
}
