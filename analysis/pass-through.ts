/**
 * A generic wrapper a handler is registered through (docs/architecture.md, "The project model"):
 * `withErrorHandling(fn)` returning `async (...args) => { try { return await fn(...args) } catch … }`. The handler
 * it wraps is called with what the registration hands the wrapper's result, as many leading arguments as the wrapper
 * hands on. The wrapper is a function of the file or of another module of the project.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "./node-types.ts";
import { isFunctionNode, unwrapExpression } from "./ast.ts";
import { Fact, fileFacts } from "./cached-facts.ts";
import { importedValueOf } from "./modules.ts";
import { nodesWithin } from "./node-index.ts";
import { localFunctionOf } from "./walk.ts";

export interface PassThrough {
  /** Which argument of the wrapper's call is the function it wraps. */
  readonly argumentIndex: number;
  /** How many leading arguments the wrapper's result hands the wrapped function (`Infinity`: all, `...args`). */
  readonly forwards: number;
}

const PASS_THROUGH = new Fact<TSESTree.CallExpression, PassThrough | null>(
  "what a call of a generic wrapper hands the function it wraps, per call",
);

/** What `call` (`withErrorHandling(handler)`) hands the function it wraps, or null where it is no such wrapper. */
export function passThroughOf(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): PassThrough | null {
  if (call.arguments.length === 0) return null;
  return fileFacts(sourceCode).remember(PASS_THROUGH, call, () => {
    const callee = unwrapExpression(call.callee);
    const local = localFunctionOf(callee, sourceCode);
    if (local) return wrapperShape(local, sourceCode);
    const imported = importedValueOf(callee, sourceCode);
    return imported && isFunctionNode(imported.node) ? wrapperShape(imported.node, imported.module.sourceCode) : null;
  });
}

/** `(fn) => (...args) => fn(...args)`: which parameter is called from the function returned, and with what. */
function wrapperShape(wrapper: TSESTree.FunctionLike, sourceCode: Readonly<TSESLint.SourceCode>): PassThrough | null {
  const returned = returnedFunction(wrapper, sourceCode);
  if (!returned?.body) return null;
  for (const [argumentIndex, parameter] of wrapper.params.entries()) {
    if (parameter.type !== AST_NODE_TYPES.Identifier) continue;
    for (const call of nodesWithin(sourceCode, returned.body, AST_NODE_TYPES.CallExpression)) {
      const callee = unwrapExpression(call.callee);
      if (callee.type !== AST_NODE_TYPES.Identifier || callee.name !== parameter.name) continue;
      return { argumentIndex, forwards: forwardedCount(call, returned) };
    }
  }
  return null;
}

/** The function `wrapper` returns: its arrow's body, or what a `return` of its own body gives (`as T` allowed). */
function returnedFunction(
  wrapper: TSESTree.FunctionLike,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.FunctionLike | null {
  const body = wrapper.body;
  if (!body) return null;
  if (body.type !== AST_NODE_TYPES.BlockStatement) {
    const value = unwrapExpression(body);
    return isFunctionNode(value) ? value : null;
  }
  for (const statement of nodesWithin(sourceCode, body, AST_NODE_TYPES.ReturnStatement)) {
    const value = statement.argument && unwrapExpression(statement.argument);
    if (isFunctionNode(value)) return value;
  }
  return null;
}

/** How many of `returned`'s leading parameters `call` hands on in order (`...args` of its rest parameter: all). */
function forwardedCount(call: TSESTree.CallExpression, returned: TSESTree.FunctionLike): number {
  let count = 0;
  for (const [index, argument] of call.arguments.entries()) {
    const parameter = returned.params[index];
    if (argument.type === AST_NODE_TYPES.SpreadElement) {
      const spread = unwrapExpression(argument.argument);
      const rest = parameter?.type === AST_NODE_TYPES.RestElement ? parameter.argument : null;
      const sameName =
        spread.type === AST_NODE_TYPES.Identifier &&
        rest?.type === AST_NODE_TYPES.Identifier &&
        rest.name === spread.name;
      return sameName ? Infinity : count;
    }
    const name = parameter?.type === AST_NODE_TYPES.Identifier ? parameter.name : null;
    if (argument.type !== AST_NODE_TYPES.Identifier || argument.name !== name) return count;
    count += 1;
  }
  return count;
}
