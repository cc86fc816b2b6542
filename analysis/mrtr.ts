/**
 * Recognisers for MCP multi-round-trip requests: which MRTR export a call names (bound through an import of an MRTR
 * package, or unbound), the keys a request asks for, where a retry's answers are read. The vocabulary is
 * protocol/mrtr.ts.
 */
import { ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "./node-types.ts";
import {
  importedPackagesOf,
  findProperty,
  getMemberPath,
  getStaticPropertyName,
  getStringValue,
  unwrapExpression,
} from "./ast.ts";
import { callOf, matchesOutsideLineComments, wholeName } from "./brackets.ts";
import { packageReexportOf } from "./package-reexports.ts";
import { ELICIT_ACTION } from "../protocol/answers.ts";
import {
  ELICIT_KIND,
  INPUT_RESPONSE_KINDS,
  INPUT_RESPONSES_FIELD,
  MRTR_PACKAGES,
  MRTR_TEXT_HINT,
  REQUEST_BUILDER,
  REQUEST_BUILDER_METHODS,
  MRTR_CONTEXTS,
  MRTR_SERVER_CLASSES,
  REQUEST_STATE_FIELD,
  VERIFY_OPTION_PATH,
  ANSWER_READERS,
  type AnswerReader,
} from "../protocol/mrtr.ts";

export function textMayUseMrtr(text: string): boolean {
  return MRTR_TEXT_HINT.test(text);
}

/** A name bound to another (`import { acceptedContent as read }`, `const { acceptedContent: read } = mrtr`). */
const renamed = (names: readonly string[]) => `${wholeName(names)}\\s*(?:as\\s+|:\\s*)[\\w$]`;

/**
 * The second step of a gate on answers read under MRTR (exhaustive-action): a reader called (`acceptedContent(…)`,
 * `mrtr.inputResponse(…)`) or bound under another name, or the raw answers' field named (`ctx.mcpReq.inputResponses`).
 * The SDK's own code names the readers in its exports and comments, and reads none.
 */
const READS_MRTR_ANSWER = new RegExp(
  [callOf(ANSWER_READERS), renamed(ANSWER_READERS), wholeName([INPUT_RESPONSES_FIELD])].join("|"),
);

export function textMayReadMrtrAnswer(text: string): boolean {
  return textMayUseMrtr(text) && READS_MRTR_ANSWER.test(text);
}

const SERVER_CLASS_NAMES = MRTR_SERVER_CLASSES.map((server) => server.name);
/** `new McpServer(`, `new sdk.Server<T>(`, or a server class bound under another name. */
const BUILDS_MRTR_SERVER = new RegExp(
  `\\bnew\\s+(?:[\\w$]+\\s*\\.\\s*)*${wholeName(SERVER_CLASS_NAMES)}\\s*(?:<[^;{}()]{0,300}>\\s*)?\\(|${renamed(SERVER_CLASS_NAMES)}`,
  "g",
);

/**
 * The second step of verify-request-state's gate: the file builds a server of a class whose options take the
 * `requestState` hook (protocol/mrtr.ts `MRTR_SERVER_CLASSES`); the rule judges state only where the server is built.
 */
export function textMayBuildMrtrServer(text: string): boolean {
  // The SDK's own docs build one in every example of a comment.
  return matchesOutsideLineComments(text, BUILDS_MRTR_SERVER);
}

/**
 * Whether a call (by receiver and method name) builds an embedded request: `inputRequired.elicit(…)`,
 * `inputRequired.elicitUrl(…)`. Such a call sends nothing and waits on nobody.
 */
export function isRequestBuilderName(receiverName: string | null, method: string | null): boolean {
  return receiverName === REQUEST_BUILDER && method !== null && REQUEST_BUILDER_METHODS.has(method);
}

/**
 * The exported name an identifier stands for when it is imported (or required) from an MRTR package, `null` when it
 * is bound to something else (a local function, another package), and `undefined` when the file does not bind it at
 * all (untyped JavaScript, a global): then the name alone decides.
 */
function importedMrtrName(
  identifier: TSESTree.Identifier,
  sourceCode: Readonly<TSESLint.SourceCode>,
): string | null | undefined {
  const variable = ASTUtils.findVariable(sourceCode.getScope(identifier), identifier.name);
  if (!variable || variable.defs.length === 0) return undefined;
  const definition = variable.defs[0]!;
  if (definition.type === "ImportBinding") {
    const declaration = definition.parent as TSESTree.ImportDeclaration;
    const specifier = definition.node;
    if (!isMrtrPackage(declaration.source.value)) {
      // A module of the project that hands on the package's export (`export { acceptedContent } from "…/server"`).
      if (specifier.type !== AST_NODE_TYPES.ImportSpecifier || !declaration.source.value.startsWith(".")) return null;
      const imported =
        specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value;
      const reexport = packageReexportOf(declaration.source.value, imported, sourceCode);
      return reexport && isMrtrPackage(reexport.package) ? reexport.name : null;
    }
    if (specifier.type === AST_NODE_TYPES.ImportSpecifier) {
      return specifier.imported.type === AST_NODE_TYPES.Identifier
        ? specifier.imported.name
        : String(specifier.imported.value);
    }
    return specifier.type === AST_NODE_TYPES.ImportNamespaceSpecifier ? "*" : null;
  }
  // A destructured CommonJS require of the server package: `const { acceptedContent } = require(…)`
  if (
    definition.type === "Variable" &&
    definition.node.id.type === AST_NODE_TYPES.ObjectPattern &&
    definition.node.init
  ) {
    const init = unwrapExpression(definition.node.init);
    if (
      init.type === AST_NODE_TYPES.CallExpression &&
      init.callee.type === AST_NODE_TYPES.Identifier &&
      init.callee.name === "require" &&
      isMrtrPackage(getStringValue(init.arguments[0]))
    ) {
      for (const property of definition.node.id.properties) {
        if (
          property.type === AST_NODE_TYPES.Property &&
          property.value.type === AST_NODE_TYPES.Identifier &&
          property.value.name === identifier.name
        ) {
          return getStaticPropertyName(property);
        }
      }
    }
  }
  return null;
}

function isMrtrPackage(specifier: string | null): boolean {
  return specifier !== null && MRTR_PACKAGES.some((pkg) => specifier === pkg || specifier.startsWith(`${pkg}/`));
}

/**
 * The MRTR export a callee names: `acceptedContent` (imported, aliased, required, or unbound), `mcp.acceptedContent`
 * through a namespace import. `null` for anything else, including a local function that happens to share the name.
 */
export function mrtrExportCalled(callee: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): string | null {
  const target = unwrapExpression(callee);
  if (target.type === AST_NODE_TYPES.Identifier) {
    const imported = importedMrtrName(target, sourceCode);
    if (imported === undefined) return target.name;
    return imported === "*" ? null : imported;
  }
  if (target.type === AST_NODE_TYPES.MemberExpression && target.object.type === AST_NODE_TYPES.Identifier) {
    if (importedMrtrName(target.object, sourceCode) === "*") return getStaticPropertyName(target);
    // `inputRequired.elicit`: the builder itself must be ours.
    const owner = importedMrtrName(target.object, sourceCode);
    const ownerName = owner === undefined ? target.object.name : owner;
    const method = getStaticPropertyName(target);
    return ownerName === REQUEST_BUILDER && method !== null ? `${REQUEST_BUILDER}.${method}` : null;
  }
  return null;
}

/** `inputResponse(responses, key)` / `acceptedContent(responses, key, schema?)`: which reader, or null. */
export function answerReaderOf(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): AnswerReader | null {
  if (call.arguments.length < 2) return null;
  const name = mrtrExportCalled(call.callee, sourceCode);
  return (ANSWER_READERS as readonly (string | null)[]).includes(name) ? (name as AnswerReader) : null;
}

/** `inputRequired({ … })`: the builder of the input-required result (not one of its methods). */
export function isInputRequiredCall(
  node: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): node is TSESTree.CallExpression {
  const call = unwrapExpression(node);
  return call.type === AST_NODE_TYPES.CallExpression && mrtrExportCalled(call.callee, sourceCode) === REQUEST_BUILDER;
}

/** The keys an `inputRequired({ inputRequests: { a: …, "b": … } })` asks for; null when they cannot be read. */
export function requestedKeys(call: TSESTree.CallExpression): string[] | null {
  const spec = call.arguments[0] && unwrapExpression(call.arguments[0]);
  if (spec?.type !== AST_NODE_TYPES.ObjectExpression) return null;
  const requests = findProperty(spec, "inputRequests");
  const object = requests && unwrapExpression(requests.value);
  if (object?.type !== AST_NODE_TYPES.ObjectExpression) return null;
  const keys: string[] = [];
  for (const property of object.properties) {
    if (property.type !== AST_NODE_TYPES.Property) return null;
    const key = getStaticPropertyName(property);
    if (key === null) return null;
    keys.push(key);
  }
  return keys;
}

/**
 * Whether a member path ends in `field` read on one of the frameworks' MRTR holders below a handler context:
 * `ctx.mcpReq.inputResponses` (any object whose path ends in `mcpReq.inputResponses`), mcp-use 2.x
 * `ctx.inputResponses` in a file importing mcp-use.
 */
function endsInContextField(path: readonly string[] | null, field: string, node: TSESTree.Node): boolean {
  if (!path || path[path.length - 1] !== field) return false;
  return MRTR_CONTEXTS.some((place) => {
    const head = path.slice(0, -1);
    if (head.length < Math.max(place.holder.length, 1)) return false;
    if (place.holder.some((name, index) => head[head.length - place.holder.length + index] !== name)) return false;
    return !place.requiresImport || place.packages.some((pkg) => importedPackagesOf(node).has(pkg));
  });
}

/** Whether `path` (what a destructuring reads from) is one of the frameworks' MRTR holders. */
function isContextHolder(path: readonly string[] | null, node: TSESTree.Node): boolean {
  return path !== null && endsInContextField([...path, INPUT_RESPONSES_FIELD], INPUT_RESPONSES_FIELD, node);
}

/**
 * `ctx.mcpReq.inputResponses` (mcp-use 2.x: `ctx.inputResponses`), or a variable destructured as `inputResponses`
 * from the holder: `const { inputResponses } = ctx`, or the handler's context parameter itself
 * (`async (params, { inputResponses }) => …`, `(args, { mcpReq: { inputResponses } })`).
 */
function isInputResponsesRead(node: TSESTree.Node, sourceCode?: Readonly<TSESLint.SourceCode>): boolean {
  const target = unwrapExpression(node);
  if (endsInContextField(getMemberPath(target), INPUT_RESPONSES_FIELD, target)) return true;
  if (target.type !== AST_NODE_TYPES.Identifier || !sourceCode) return false;
  const variable = ASTUtils.findVariable(sourceCode.getScope(target), target.name);
  const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (definition?.type !== "Variable" && definition?.type !== "Parameter") return false;
  const destructured = keysDestructured(definition.name);
  if (destructured?.keys[destructured.keys.length - 1] !== INPUT_RESPONSES_FIELD) return false;
  const holderKeys = destructured.keys.slice(0, -1);
  const { pattern } = destructured;
  const parent = pattern.parent;
  if (parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.id === pattern && parent.init) {
    const base = getMemberPath(parent.init);
    return base !== null && isContextHolder([...base, ...holderKeys], target);
  }
  // A parameter: the pattern is the context itself, whatever the handler would have named it.
  const isParameter =
    parent !== undefined && "params" in parent && (parent.params as TSESTree.Node[]).includes(pattern);
  return isParameter && isContextHolder(["context", ...holderKeys], target);
}

/**
 * The keys from an object pattern down to a binding (`{ mcpReq: { inputResponses: answers = {} } }` → `mcpReq`,
 * `inputResponses` for `answers`), and the outermost pattern; null when a key is computed or the binding is not in one.
 */
function keysDestructured(binding: TSESTree.Node): { keys: string[]; pattern: TSESTree.Node } | null {
  const keys: string[] = [];
  let node: TSESTree.Node = binding;
  for (;;) {
    const parent: TSESTree.Node | undefined = node.parent;
    if (parent?.type === AST_NODE_TYPES.AssignmentPattern && parent.left === node) {
      node = parent;
    } else if (
      parent?.type === AST_NODE_TYPES.Property &&
      parent.value === node &&
      parent.parent.type === AST_NODE_TYPES.ObjectPattern
    ) {
      const key = getStaticPropertyName(parent);
      if (key === null) return null;
      keys.unshift(key);
      node = parent.parent;
    } else {
      return keys.length > 0 ? { keys, pattern: node } : null;
    }
  }
}

/** One raw answer: `ctx.mcpReq.inputResponses?.confirm`, `ctx.mcpReq.inputResponses["confirm"]`. */
function isRawAnswerRead(node: TSESTree.Node, sourceCode?: Readonly<TSESLint.SourceCode>): boolean {
  const target = unwrapExpression(node);
  return target.type === AST_NODE_TYPES.MemberExpression && isInputResponsesRead(target.object, sourceCode);
}

/**
 * How a value read under MRTR carries a person's answer, for the answer tracer: an `inputResponse(…)` view
 * (its `action` exists under `kind === "elicit"`), or a raw answer (an `ElicitResult`).
 */
export type MrtrAnswer = "view" | "raw";

export function mrtrAnswerOf(expression: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): MrtrAnswer | null {
  const node = unwrapExpression(expression);
  if (node.type === AST_NODE_TYPES.CallExpression)
    return answerReaderOf(node, sourceCode) === "inputResponse" ? "view" : null;
  return isRawAnswerRead(node, sourceCode) ? "raw" : null;
}

/**
 * For a test `view.kind === "elicit"` (or `!==`, or another kind) next to a discriminant `view.action`: its truth when
 * the action is `value`. An action exists only on the `elicit` view, so every known action means `kind === "elicit"`.
 * Undefined when the test is not such a comparison, or for a value the code does not know.
 */
export function viewKindTruth(
  test: TSESTree.BinaryExpression,
  discriminantKey: string,
  value: string | null,
): boolean | undefined {
  if (value === null || !discriminantKey.endsWith(".action")) return undefined;
  if (!["===", "==", "!==", "!="].includes(test.operator)) return undefined;
  const kindKey = `${discriminantKey.slice(0, -".action".length)}.kind`;
  for (const [read, other] of [
    [test.left, test.right],
    [test.right, test.left],
  ] as const) {
    const literal = getStringValue(unwrapExpression(other));
    const path = getMemberPath(read);
    if (literal === null || path === null || path.join(".") !== kindKey) continue;
    if (!(INPUT_RESPONSE_KINDS as readonly string[]).includes(literal)) return undefined;
    const equal = literal === ELICIT_KIND;
    return test.operator === "!==" || test.operator === "!=" ? !equal : equal;
  }
  return undefined;
}

/** Whether `test` compares the view's `kind` beside the discriminant `<view>.action` (so `action` is read narrowed). */
export function testReadsViewKind(test: TSESTree.Node, discriminantKey: string): boolean {
  const node = unwrapExpression(test);
  if (node.type === AST_NODE_TYPES.LogicalExpression) {
    return testReadsViewKind(node.left, discriminantKey) || testReadsViewKind(node.right, discriminantKey);
  }
  if (node.type === AST_NODE_TYPES.UnaryExpression) return testReadsViewKind(node.argument, discriminantKey);
  return (
    node.type === AST_NODE_TYPES.BinaryExpression &&
    viewKindTruth(node, discriminantKey, ELICIT_ACTION.accept) !== undefined
  );
}

// ---------------------------------------------------------------------------------------------------------------
// requestState

/**
 * `new McpServer(info, options?)`, `new Server(info, options?)` of @modelcontextprotocol/server, mcp-use 2.x
 * `new MCPServer(config)` (or unbound names): the options argument, null when none is written; undefined when the
 * expression builds no MCP server.
 */
export function serverOptionsOf(
  node: TSESTree.NewExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.CallExpressionArgument | null | undefined {
  const name = mrtrExportCalled(node.callee, sourceCode);
  const server = MRTR_SERVER_CLASSES.find((candidate) => candidate.name === name);
  if (!server || node.arguments.length === 0) return undefined;
  return node.arguments[server.optionsArgIndex] ?? null;
}

/** The `verify` of a `{ requestState: { verify } }` options object (shorthand or `key: value`), or null. */
export function verifyHookIn(options: TSESTree.ObjectExpression): TSESTree.Property | null {
  const requestState = findProperty(options, VERIFY_OPTION_PATH[0]);
  const value = requestState && unwrapExpression(requestState.value);
  if (value?.type !== AST_NODE_TYPES.ObjectExpression) return null;
  return findProperty(value, VERIFY_OPTION_PATH[1]);
}

/** `ctx.mcpReq.requestState(…)` (mcp-use 2.x: `ctx.requestState(…)`): the handler reading the echoed state. */
export function isRequestStateRead(call: TSESTree.CallExpression): boolean {
  return endsInContextField(getMemberPath(call.callee), REQUEST_STATE_FIELD, call);
}
