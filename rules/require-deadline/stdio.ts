/**
 * A stdio server that asks a person and never closes on the end of its input: with @modelcontextprotocol/sdk 1.x the
 * transport does not notice the client leave, so every open question waits out its deadline and the process stays up
 * (protocol/transports.ts). Reported where the transport is connected, with the listener that closes the server.
 */
import type { TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { narrowCallLocation } from "../../analysis/ast.ts";
import { findStdioConnectsWithoutClose } from "./stdio-connects.ts";
import { layoutAround, quoted, semicolon } from "../../edits/layout.ts";
import { STDIO_CLOSE_LISTENER } from "../../protocol/transports.ts";
import type { DeadlineCheck } from "./options.ts";

export function checkStdioServer(check: DeadlineCheck): void {
  const { context, sourceCode } = check;
  for (const connect of findStdioConnectsWithoutClose(sourceCode)) {
    const statement = statementOf(connect.call);
    context.report({
      node: narrowCallLocation(connect.call),
      messageId: "stdioOutlivesClient",
      suggest: statement
        ? [
            {
              messageId: "closeOnEndOfInput",
              fix: (fixer) => {
                const { indent, eol } = layoutAround(sourceCode, statement);
                const { stream, event, close } = STDIO_CLOSE_LISTENER;
                const server = sourceCode.getText(connect.server);
                const listener = `${stream.join(".")}.on(${quoted(sourceCode, event)}, () => ${server}.${close}())`;
                return fixer.insertTextAfter(statement, `${eol}${indent}${listener}${semicolon(sourceCode)}`);
              },
            },
          ]
        : [],
    });
  }
}

/** The statement `call` is, or is awaited in, directly in a block or the program: the listener goes after it. */
function statementOf(call: TSESTree.CallExpression): TSESTree.Statement | null {
  let node: TSESTree.Node = call;
  if (node.parent?.type === AST_NODE_TYPES.AwaitExpression) node = node.parent;
  const statement = node.parent;
  if (statement?.type !== AST_NODE_TYPES.ExpressionStatement) return null;
  const owner = statement.parent;
  return owner?.type === AST_NODE_TYPES.Program || owner?.type === AST_NODE_TYPES.BlockStatement ? statement : null;
}
