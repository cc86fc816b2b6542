/**
 * `elicitation/verify-request-state`: multi-round-trip state is verified (MCP 2026-07-28; docs/rules/verify-request-state.md).
 *
 * A tool that returns `inputRequired({ inputRequests, requestState })` gets `requestState` back from the client on the
 * retry, as the client chose to send it. The spec says a server whose state influences anything MUST integrity-protect
 * it and reject state that fails verification; the SDK does neither by default. This rule reports state made by hand
 * (`JSON.stringify(…)`, a template, base64 of an object) in a file whose server has no `requestState.verify` hook, and
 * reads of `ctx.mcpReq.requestState()` there, which then return the raw string the client sent.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import {
  constInitializer,
  findProperty,
  getMemberPath,
  getStaticPropertyName,
  unwrapExpression,
} from "../../analysis/ast.ts";
import { createRule } from "../../analysis/create-rule.ts";
import { isInputRequiredCall, isRequestStateRead, serverOptionsOf, verifyHookIn } from "../../analysis/mrtr.ts";
import { REQUEST_STATE_FIELD } from "../../protocol/mrtr.ts";
import { textFacts, type TextSource } from "../../analysis/text-gate.ts";
import { MESSAGES, SCHEMA, type MessageIds, type Options } from "./options.ts";

export type { MessageIds } from "./options.ts";

/**
 * Whether this rule could report on a file with this text: it must name requestState and build a server of a class
 * whose options take the verify hook (the rule judges state only where the server is built).
 * @public read through the module registry in rules/index.ts (no codemod imports it by name).
 */
export function mayReport(source: TextSource): boolean {
  const facts = textFacts(source);
  return facts.text.includes(REQUEST_STATE_FIELD) && facts.mayBuildMrtrServer;
}

export default createRule<Options, MessageIds>({
  name: "verify-request-state",
  meta: {
    type: "problem",
    docs: {
      description: "Require multi-round-trip requestState to be minted by a codec and verified by the server",
      recommended: true,
    },
    schema: SCHEMA,
    messages: MESSAGES,
  },
  create(context) {
    const { sourceCode } = context;
    if (!mayReport(sourceCode)) return {};

    const servers: ("verified" | "unverified" | "unknown")[] = [];
    let verifyInFile = false;
    const unsigned: { node: TSESTree.Node; how: string }[] = [];
    const reads: TSESTree.Node[] = [];

    return {
      NewExpression(node) {
        const options = serverOptionsOf(node, sourceCode);
        if (options !== undefined) servers.push(serverVerification(options, sourceCode));
      },
      Property(node) {
        if (getStaticPropertyName(node) !== REQUEST_STATE_FIELD) return;
        const value = unwrapExpression(node.value);
        if (value.type === AST_NODE_TYPES.ObjectExpression && findProperty(value, "verify")) verifyInFile = true;
      },
      CallExpression(node) {
        if (isRequestStateRead(node)) {
          const callee = unwrapExpression(node.callee);
          reads.push(callee.type === AST_NODE_TYPES.MemberExpression ? callee.property : callee);
          return;
        }
        if (!isInputRequiredCall(node, sourceCode)) return;
        const spec = node.arguments[0] && unwrapExpression(node.arguments[0]);
        const state = spec?.type === AST_NODE_TYPES.ObjectExpression ? findProperty(spec, REQUEST_STATE_FIELD) : null;
        const how = state ? handMade(state.value, sourceCode) : null;
        if (state && how) unsigned.push({ node: state.value, how });
      },
      "Program:exit"() {
        // Judged only where the server is built: its options are where the hook goes.
        if (verifyInFile || servers.length === 0 || servers.some((server) => server !== "unverified")) return;
        for (const { node, how } of unsigned) context.report({ node, messageId: "unsignedState", data: { how } });
        for (const node of reads) context.report({ node, messageId: "unverifiedRead" });
      },
    };
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Helpers

/** Whether a server's options carry `requestState.verify`; "unknown" when they cannot be read here. */
function serverVerification(
  options: TSESTree.CallExpressionArgument | null,
  sourceCode: Readonly<TSESLint.SourceCode>,
): "verified" | "unverified" | "unknown" {
  if (!options) return "unverified";
  let object = unwrapExpression(options);
  if (object.type === AST_NODE_TYPES.Identifier) {
    const init = constInitializer(object, sourceCode);
    if (!init) return "unknown";
    object = unwrapExpression(init);
  }
  if (object.type !== AST_NODE_TYPES.ObjectExpression) return "unknown";
  if (verifyHookIn(object)) return "verified";
  // A spread may bring the hook in.
  return object.properties.some((property) => property.type === AST_NODE_TYPES.SpreadElement)
    ? "unknown"
    : "unverified";
}

/**
 * How a state value was made by hand, in a person's words, or null when it may come from a codec or a signer the
 * rule cannot see (a parameter, a call to a function of the user's, a codec's `mint`).
 */
function handMade(value: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>, depth = 0): string | null {
  if (depth > 4) return null;
  const node = unwrapExpression(value);
  switch (node.type) {
    case AST_NODE_TYPES.TemplateLiteral:
      return node.expressions.length > 0 ? "a template string" : "a fixed string";
    case AST_NODE_TYPES.Literal:
      return typeof node.value === "string" ? "a fixed string" : null;
    case AST_NODE_TYPES.BinaryExpression:
      return node.operator === "+" ? "string concatenation" : null;
    case AST_NODE_TYPES.Identifier: {
      const init = constInitializer(node, sourceCode);
      return init ? handMade(init, sourceCode, depth + 1) : null;
    }
    case AST_NODE_TYPES.CallExpression: {
      const path = getMemberPath(node.callee)?.join(".");
      if (path === "JSON.stringify") return "`JSON.stringify(…)`";
      if (path === "btoa") return "`btoa(…)`";
      if (path === "String" || path === "encodeURIComponent")
        return node.arguments[0] ? handMade(node.arguments[0], sourceCode, depth + 1) : null;
      // `Buffer.from(JSON.stringify(x)).toString("base64")`
      const callee = unwrapExpression(node.callee);
      if (callee.type === AST_NODE_TYPES.MemberExpression && getStaticPropertyName(callee) === "toString") {
        const inner = unwrapExpression(callee.object);
        if (inner.type === AST_NODE_TYPES.CallExpression && getMemberPath(inner.callee)?.join(".") === "Buffer.from") {
          return "`Buffer.from(…).toString(…)`";
        }
      }
      return null;
    }
    default:
      return null;
  }
}
