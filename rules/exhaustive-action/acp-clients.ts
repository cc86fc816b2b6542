/**
 * ACP clients written as plain objects: `new ClientSideConnection((agent) => ({ requestPermission: onPermission }),
 * stream)`. A method written in place is already a handler (`isAcpClientHandlerMethod` in analysis/calls.ts); this
 * finds the handlers such a client names, functions declared elsewhere in the file. It also finds the reject options
 * the file builds, so a custom option id (`"no-thanks"`) is known as a refusal.
 */
import { localFunctionOf } from "../../analysis/walk.ts";
import { nodesOfType } from "../../analysis/node-index.ts";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import {
  findProperty,
  constInitializer,
  getStaticPropertyName,
  getStringValue,
  isFunctionNode,
  unwrapExpression,
} from "../../analysis/ast.ts";
import { ACP_CLIENT_CONNECTION_CLASS, ACP_CLIENT_HANDLER_METHODS } from "../../protocol/methods.ts";
import { ACP_REJECT_OPTION_KINDS, OPTION_ID_FIELD } from "../../protocol/answers.ts";
import { importedRejectOptionIds } from "./imported-options.ts";
import { Fact, fileFacts } from "../../analysis/cached-facts.ts";

export interface NamedClientHandler {
  /** The client's property that names the handler (`requestPermission: onPermission`). */
  readonly property: TSESTree.Property;
  readonly handler: TSESTree.FunctionLike;
}

/**
 * The handlers an ACP client object passed to `new ClientSideConnection(factory, …)` names by reference. The factory
 * returns the object in place, or a `const` of this file holding it.
 */
export function namedClientHandlers(
  node: TSESTree.NewExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): NamedClientHandler[] {
  const callee = unwrapExpression(node.callee);
  const name =
    callee.type === AST_NODE_TYPES.Identifier
      ? callee.name
      : callee.type === AST_NODE_TYPES.MemberExpression
        ? getStaticPropertyName(callee)
        : null;
  if (name !== ACP_CLIENT_CONNECTION_CLASS) return [];
  const factory = node.arguments[0] && unwrapExpression(node.arguments[0]);
  if (!factory || !isFunctionNode(factory) || !factory.body) return [];
  const built =
    factory.body.type === AST_NODE_TYPES.BlockStatement ? onlyReturned(factory.body) : unwrapExpression(factory.body);
  const client = built && objectOf(built, sourceCode);
  if (!client) return [];
  const found: NamedClientHandler[] = [];
  for (const property of client.properties) {
    if (property.type !== AST_NODE_TYPES.Property || property.computed) continue;
    if (!ACP_CLIENT_HANDLER_METHODS.has(getStaticPropertyName(property) ?? "")) continue;
    const value = unwrapExpression(property.value);
    if (value.type !== AST_NODE_TYPES.Identifier) continue;
    const handler = localFunctionOf(value, sourceCode);
    if (handler) found.push({ property, handler });
  }
  return found;
}

function onlyReturned(body: TSESTree.BlockStatement): TSESTree.Node | null {
  const returns = body.body.filter((statement) => statement.type === AST_NODE_TYPES.ReturnStatement);
  const only = returns.length === 1 ? returns[0] : undefined;
  return only?.type === AST_NODE_TYPES.ReturnStatement && only.argument ? unwrapExpression(only.argument) : null;
}

function objectOf(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.ObjectExpression | null {
  if (node.type === AST_NODE_TYPES.ObjectExpression) return node;
  if (node.type !== AST_NODE_TYPES.Identifier) return null;
  const init = constInitializer(node, sourceCode);
  const object = init && unwrapExpression(init);
  return object?.type === AST_NODE_TYPES.ObjectExpression ? object : null;
}

const REJECT_OPTION_IDS = new Fact<null, ReadonlySet<string>>("the ACP reject option ids a file builds, per file");

/**
 * The option ids of the ACP reject options this file builds: `{ optionId: "no-thanks", kind: "reject_once", … }`.
 * An answer that selects one of them refuses, whatever the id's words.
 */
export function rejectOptionIds(sourceCode: Readonly<TSESLint.SourceCode>): ReadonlySet<string> {
  return fileFacts(sourceCode).remember(REJECT_OPTION_IDS, null, () => {
    // …and those the project modules it imports build (an agent's and its client's shared option table).
    const found = new Set<string>(importedRejectOptionIds(sourceCode));
    for (const node of nodesOfType(sourceCode, AST_NODE_TYPES.ObjectExpression)) {
      const kind = findProperty(node, "kind");
      const id = findProperty(node, OPTION_ID_FIELD);
      const value = id && getStringValue(unwrapExpression(id.value));
      if (kind && value && ACP_REJECT_OPTION_KINDS.has(getStringValue(unwrapExpression(kind.value)) ?? "")) {
        found.add(value);
      }
    }
    return found;
  });
}
