/**
 * A stdio MCP server whose transport never notices the end of its input (protocol/transports.ts): where the file
 * connects it (`server.connect(new StdioServerTransport())`), and whether the file closes on the end of stdin itself
 * (`process.stdin.on("close" | "end", …)`).
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { nodesOfType } from "../../analysis/node-index.ts";
import { STDIO_CLOSE_LISTENER, STDIO_SERVER_TRANSPORTS } from "../../protocol/transports.ts";
import {
  getCalleeName,
  getMemberPath,
  getStaticPropertyName,
  getStringValue,
  unwrapExpression,
} from "../../analysis/ast.ts";
import { followConstant } from "../../analysis/walk.ts";

export interface StdioConnect {
  /** `server.connect(transport)`. */
  readonly call: TSESTree.CallExpression;
  /** The server connected (`server`, `this.server`). */
  readonly server: TSESTree.Expression;
}

/** The connects of a transport that does not notice the end of stdin, in a file with no listener of its own. */
export function findStdioConnectsWithoutClose(sourceCode: Readonly<TSESLint.SourceCode>): StdioConnect[] {
  const transports = deafTransportNames(sourceCode.ast);
  if (transports.size === 0) return [];
  const connects: StdioConnect[] = [];
  let listens = false;
  for (const node of nodesOfType(sourceCode, AST_NODE_TYPES.CallExpression)) {
    if (isEndOfInputListener(node)) listens = true;
    const callee = unwrapExpression(node.callee);
    const argument = node.arguments[0];
    if (getCalleeName(node) !== "connect" || callee.type !== AST_NODE_TYPES.MemberExpression || !argument) continue;
    const built = followConstant(argument, sourceCode);
    if (
      built.type === AST_NODE_TYPES.NewExpression &&
      built.callee.type === AST_NODE_TYPES.Identifier &&
      transports.has(built.callee.name)
    ) {
      connects.push({ call: node, server: callee.object });
    }
  }
  return listens ? [] : connects;
}

/** Local names of the transports that do not notice the end of input: `import { StdioServerTransport as T } …`. */
function deafTransportNames(program: TSESTree.Program): Set<string> {
  const names = new Set<string>();
  const deaf = STDIO_SERVER_TRANSPORTS.filter((fact) => !fact.noticesEndOfInput);
  const factOf = (source: string | null) =>
    source === null ? undefined : deaf.find((fact) => source === fact.package || source.startsWith(`${fact.package}/`));
  for (const statement of program.body) {
    if (statement.type === AST_NODE_TYPES.ImportDeclaration) {
      const fact = factOf(statement.source.value);
      for (const specifier of fact ? statement.specifiers : []) {
        if (specifier.type !== AST_NODE_TYPES.ImportSpecifier) continue;
        const imported = specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : null;
        if (imported === fact!.className) names.add(specifier.local.name);
      }
    }
    if (statement.type !== AST_NODE_TYPES.VariableDeclaration) continue;
    // `const { StdioServerTransport } = require("@modelcontextprotocol/sdk/server/stdio.js")`
    for (const declarator of statement.declarations) {
      const init = declarator.init && unwrapExpression(declarator.init);
      if (init?.type !== AST_NODE_TYPES.CallExpression || getCalleeName(init) !== "require") continue;
      const fact = factOf(getStringValue(init.arguments[0]));
      if (!fact || declarator.id.type !== AST_NODE_TYPES.ObjectPattern) continue;
      for (const property of declarator.id.properties) {
        if (property.type !== AST_NODE_TYPES.Property || getStaticPropertyName(property) !== fact.className) continue;
        if (property.value.type === AST_NODE_TYPES.Identifier) names.add(property.value.name);
      }
    }
  }
  return names;
}

/** `process.stdin.on("close", …)`, `.once("end", …)` and the like. */
function isEndOfInputListener(call: TSESTree.CallExpression): boolean {
  const callee = unwrapExpression(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return false;
  const method = getCalleeName(call);
  const stream = getMemberPath(callee.object)?.join(".");
  const event = getStringValue(call.arguments[0]);
  return (
    stream === STDIO_CLOSE_LISTENER.stream.join(".") &&
    (STDIO_CLOSE_LISTENER.registration as readonly string[]).includes(method ?? "") &&
    (STDIO_CLOSE_LISTENER.events as readonly string[]).includes(event ?? "")
  );
}
