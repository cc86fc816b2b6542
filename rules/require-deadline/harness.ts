/**
 * Whether a file is a test harness by what its code does, wherever it lives: it starts a server on an ephemeral port
 * (`app.listen(0)`, `server.listen({ port: 0 })`). Nobody is told such a port but the program that opened it, so the
 * server's client is one that program starts or hands the address to (a conformance suite's client under test), not
 * an application a person uses. Asked lazily, once per file.
 */
import { ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { findProperty, getCalleeName } from "../../analysis/ast.ts";
import { nodesOfType } from "../../analysis/node-index.ts";
import { Fact, fileFacts } from "../../analysis/cached-facts.ts";

const LISTENS_ON_EPHEMERAL_PORT = new Fact<null, boolean>("whether a file listens on port 0, per file");

export function listensOnEphemeralPort(sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return fileFacts(sourceCode).remember(
    LISTENS_ON_EPHEMERAL_PORT,
    null,
    () =>
      sourceCode.text.includes("listen(") &&
      nodesOfType(sourceCode, AST_NODE_TYPES.CallExpression).some((call) => isEphemeralListen(call, sourceCode)),
  );
}

function isEphemeralListen(call: TSESTree.CallExpression, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  if (call.callee.type !== AST_NODE_TYPES.MemberExpression || getCalleeName(call) !== "listen") return false;
  const first = call.arguments[0];
  if (!first || first.type === AST_NODE_TYPES.SpreadElement) return false;
  const port = first.type === AST_NODE_TYPES.ObjectExpression ? findProperty(first, "port")?.value : first;
  if (!port) return false;
  return ASTUtils.getStaticValue(port as TSESTree.Node, sourceCode.getScope(call))?.value === 0;
}
