/**
 * `exhaustive-action` under MCP multi-round-trip requests: the re-ask.
 *
 * `acceptedContent(responses, key, schema?)` is `undefined` for a missing answer, a decline, a cancel and invalid
 * content alike. A handler that re-asks (`return inputRequired(…)`) whenever it is `undefined` treats "the person said
 * no" and "the person dismissed the question" as "not asked yet": the client retries, the person sees the same
 * question again, until the client's round limit. The rewrite reads the answer with `inputResponse(…)` first and ends
 * the call on decline and on cancel, each with its own result; accepted and missing answers run the code as before.
 */
import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import {
  constInitializer,
  getCalleeName,
  getEnclosingFunction,
  getMemberPath,
  getStringValue,
  unwrapExpression,
  walkSubtree,
  type VisitorKeys,
} from "../../core/ast.ts";
import { branchStatements, canCompleteNormally, followingStatements } from "../../core/branches.ts";
import { layoutOf } from "../../core/layout.ts";
import {
  answerReaderOf,
  isInputRequiredCall,
  mrtrExportCalled,
  MRTR_PACKAGES,
  requestedKeys,
} from "../../core/mrtr.ts";
import { ELICIT_ACTION_MEANING } from "../../core/result-shapes.ts";
import type { Check } from "./analyse.ts";

interface Reask {
  /** Where to report: the test that sends the undefined content to the re-ask. */
  readonly at: TSESTree.Node;
  /** The `acceptedContent(…)` call whose `undefined` is taken for "not asked yet". */
  readonly reader: TSESTree.CallExpression;
  readonly rewrite: { fix: TSESLint.ReportFixFunction } | { reason: string };
}

/** Reports the re-ask at `node`, if it is one; true when it did (the `if` is then not analysed as a branch on an action). */
export function reportReask(check: Check, node: TSESTree.IfStatement): boolean {
  const reask = findReask(node, check.sourceCode);
  if (!reask) return false;
  const reason = "reason" in reask.rewrite ? ` No rewrite is suggested: ${reask.rewrite.reason}.` : "";
  check.context.report({
    node: reask.at,
    messageId: "reaskMerged",
    data: { rewrite: reason },
    suggest: "fix" in reask.rewrite ? [{ messageId: "suggestInputResponseSwitch", fix: reask.rewrite.fix }] : null,
  });
  return true;
}

/** An `if` on `acceptedContent(…)` whose undefined path returns `inputRequired(…)` for the same key, or null. */
function findReask(node: TSESTree.IfStatement, sourceCode: Readonly<TSESLint.SourceCode>): Reask | null {
  const reader = contentReaderIn(node.test, sourceCode);
  if (!reader) return null;
  const isContent = (candidate: TSESTree.Node) => readsContent(candidate, reader, sourceCode);
  const whenMissing = truthy(valueWhenUndefined(node.test, isContent));
  if (whenMissing === undefined) return null;

  let reaskStatements: TSESTree.Node[];
  if (whenMissing) {
    reaskStatements = branchStatements(node.consequent);
  } else if (node.alternate) {
    reaskStatements = branchStatements(node.alternate);
  } else if (canCompleteNormally(branchStatements(node.consequent)) === false) {
    reaskStatements = followingStatements(node) ?? [];
  } else {
    return null;
  }
  const last = reaskStatements[reaskStatements.length - 1];
  if (
    last?.type !== AST_NODE_TYPES.ReturnStatement ||
    !last.argument ||
    !isInputRequiredCall(last.argument, sourceCode)
  )
    return null;

  const key = getStringValue(reader.arguments[1]);
  const asked = requestedKeys(unwrapExpression(last.argument) as TSESTree.CallExpression);
  if (key !== null && asked !== null && !asked.includes(key)) return null;
  const fn = getEnclosingFunction(node);
  if (fn && readsViewOf(fn, reader, sourceCode)) return null;

  return { at: node.test, reader, rewrite: reaskRewrite(node, reader, reaskStatements, sourceCode) };
}

// ---------------------------------------------------------------------------------------------------------------
// Finding the content and what the test makes of it when it is undefined

/** `acceptedContent(…)` read by the test: inline, or through a `const` initialised with it. */
function contentReaderIn(
  test: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.CallExpression | null {
  let found: TSESTree.CallExpression | null = null;
  walkSubtree(test, sourceCode.visitorKeys, (current) => {
    if (current.type === AST_NODE_TYPES.CallExpression && answerReaderOf(current, sourceCode) === "acceptedContent") {
      found = current;
      return true;
    }
    if (current.type === AST_NODE_TYPES.Identifier) {
      const init = constInitializer(current, sourceCode);
      const call = init && unwrapExpression(init);
      if (call?.type === AST_NODE_TYPES.CallExpression && answerReaderOf(call, sourceCode) === "acceptedContent") {
        found = call;
        return true;
      }
    }
    return false;
  });
  return found;
}

function readsContent(
  node: TSESTree.Node,
  reader: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  if (node === reader) return true;
  if (node.type !== AST_NODE_TYPES.Identifier) return false;
  const init = constInitializer(node, sourceCode);
  return init !== null && unwrapExpression(init) === reader;
}

/** A value as far as the test can be evaluated with the content undefined; null when it depends on more. */
type Known = { undefined: true } | { value: unknown } | null;

function valueWhenUndefined(expression: TSESTree.Node, isContent: (node: TSESTree.Node) => boolean): Known {
  const node = expression.type === AST_NODE_TYPES.ChainExpression ? expression.expression : expression;
  if (isContent(node)) return { undefined: true };
  switch (node.type) {
    case AST_NODE_TYPES.TSNonNullExpression:
    case AST_NODE_TYPES.TSAsExpression:
      return valueWhenUndefined(node.expression, isContent);
    case AST_NODE_TYPES.MemberExpression: {
      // `content?.confirm` short-circuits to undefined; `content.confirm` would throw, which no branch handles.
      const object = valueWhenUndefined(node.object, isContent);
      return object && "undefined" in object && (node.optional || isOptionalChainLink(node)) ? object : null;
    }
    case AST_NODE_TYPES.Identifier:
      return node.name === "undefined" ? { undefined: true } : null;
    case AST_NODE_TYPES.Literal:
      return { value: node.value };
    case AST_NODE_TYPES.UnaryExpression: {
      if (node.operator !== "!") return null;
      const inner = truthy(valueWhenUndefined(node.argument, isContent));
      return inner === undefined ? null : { value: !inner };
    }
    case AST_NODE_TYPES.BinaryExpression: {
      if (!["===", "!==", "==", "!="].includes(node.operator)) return null;
      const left = valueWhenUndefined(node.left, isContent);
      const right = valueWhenUndefined(node.right, isContent);
      if (!left || !right) return null;
      const leftValue = "undefined" in left ? undefined : left.value;
      const rightValue = "undefined" in right ? undefined : right.value;
      const loose = node.operator === "==" || node.operator === "!=";
      const equal = loose ? leftValue == rightValue : leftValue === rightValue;
      return { value: node.operator.startsWith("!") ? !equal : equal };
    }
    case AST_NODE_TYPES.LogicalExpression: {
      const left = valueWhenUndefined(node.left, isContent);
      const leftTruth = truthy(left);
      if (leftTruth === undefined) return null;
      if (node.operator === "&&") return leftTruth ? valueWhenUndefined(node.right, isContent) : left;
      if (node.operator === "||") return leftTruth ? left : valueWhenUndefined(node.right, isContent);
      return left && "undefined" in left ? valueWhenUndefined(node.right, isContent) : left;
    }
    default:
      return null;
  }
}

/** Inside `a?.b.c`, `.c` short-circuits with `?.b`. */
function isOptionalChainLink(node: TSESTree.MemberExpression): boolean {
  let current: TSESTree.Node = node;
  while (current.type === AST_NODE_TYPES.MemberExpression) {
    if (current.optional) return true;
    current = current.object;
  }
  return false;
}

function truthy(known: Known): boolean | undefined {
  if (!known) return undefined;
  return "undefined" in known ? false : Boolean(known.value);
}

/** Whether the function already reads the same answer with `inputResponse(…)` (decline and cancel peeled off there). */
function readsViewOf(
  fn: TSESTree.FunctionLike,
  reader: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  const key = reader.arguments[1];
  const keyText = key ? sourceCode.getText(key) : null;
  if (!fn.body || keyText === null) return false;
  return walkSubtree(fn.body, sourceCode.visitorKeys, (current) => {
    if (current.type !== AST_NODE_TYPES.CallExpression || answerReaderOf(current, sourceCode) !== "inputResponse")
      return false;
    const other = current.arguments[1];
    return other !== undefined && sourceCode.getText(other) === keyText;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The rewrite

const TOOL_REGISTRATIONS = new Set(["registerTool", "tool"]);

function reaskRewrite(
  node: TSESTree.IfStatement,
  reader: TSESTree.CallExpression,
  reaskStatements: readonly TSESTree.Node[],
  sourceCode: Readonly<TSESLint.SourceCode>,
): { fix: TSESLint.ReportFixFunction } | { reason: string } {
  const [responses, key] = reader.arguments;
  if (!responses || !key || getMemberPath(responses) === null) {
    return { reason: "the answers are not read from a plain variable or property, which the rewrite would read twice" };
  }
  if (getStringValue(key) === null && key.type !== AST_NODE_TYPES.Identifier) {
    return { reason: "the key is computed, and the rewrite would compute it twice" };
  }
  const fn = getEnclosingFunction(node);
  const registration = fn?.parent;
  if (
    !fn ||
    registration?.type !== AST_NODE_TYPES.CallExpression ||
    !TOOL_REGISTRATIONS.has(getCalleeName(registration) ?? "") ||
    !registration.arguments.includes(fn as TSESTree.CallExpressionArgument)
  ) {
    return {
      reason: "the handler is not a tool's, so what a declined or cancelled call should return is not known here",
    };
  }
  // The switch goes before the `if`, as statements of the same list: `if (a) if (!c) …` has no such list.
  if (node.parent.type !== AST_NODE_TYPES.BlockStatement && node.parent.type !== AST_NODE_TYPES.SwitchCase) {
    return { reason: "the `if` is not in a block, so there is no place before it for the switch" };
  }
  if (hasMultilineTemplate(reaskStatements, sourceCode.visitorKeys)) {
    return { reason: "the re-ask holds a multi-line template, which copying at another indent would change" };
  }
  const reader_ = inputResponseName(reader, sourceCode);
  if ("reason" in reader_) return reader_;

  const text = sourceCode.text;
  const indent = lineIndentAt(text, node.range[0]);
  const unit = indentUnitNear(sourceCode, node) ?? "  ";
  const semi = usesSemicolon(sourceCode, node) ? ";" : "";
  const quote = quoteOf(key);
  const q = (value: string) => `${quote}${value}${quote}`;
  const name = freshName(answerNameFor(getStringValue(key)), fn, sourceCode);

  const caseIndent = indent + unit;
  const bodyIndent = caseIndent + unit;
  const innerCase = bodyIndent + unit;
  const reask = renderStatements(sourceCode, reaskStatements, bodyIndent);
  const result = (message: string) => `return { content: [{ type: ${q("text")}, text: ${q(message)} }] }${semi}`;
  const lines = [
    `const ${name} = ${reader_.name}(${sourceCode.getText(responses)}, ${sourceCode.getText(key)})${semi}`,
    `${indent}switch (${name}.kind) {`,
    `${caseIndent}case ${q("missing")}: {`,
    `${bodyIndent}// not asked yet: ask`,
    reask,
    `${caseIndent}}`,
    `${caseIndent}case ${q("elicit")}:`,
    `${bodyIndent}switch (${name}.action) {`,
    `${innerCase}case ${q("accept")}:`,
    `${innerCase}${unit}// accept: ${ELICIT_ACTION_MEANING.accept}; the code below reads and validates it`,
    `${innerCase}${unit}break${semi}`,
    `${innerCase}case ${q("decline")}:`,
    `${innerCase}${unit}// decline: ${ELICIT_ACTION_MEANING.decline}; asking again would overrule them`,
    `${innerCase}${unit}${result("Not done: the user declined.")}`,
    `${innerCase}case ${q("cancel")}:`,
    `${innerCase}${unit}// cancel: ${ELICIT_ACTION_MEANING.cancel}`,
    `${innerCase}${unit}${result("Not done: the question was dismissed without an answer.")}`,
    `${bodyIndent}}`,
    `${bodyIndent}break${semi}`,
    `${indent}}`,
    indent,
  ];
  const inserted = lines.join(layoutOf(sourceCode).eol);
  return {
    fix(fixer) {
      const fixes = [fixer.insertTextBefore(node, inserted)];
      if (reader_.importAfter) fixes.push(fixer.insertTextAfter(reader_.importAfter, `, ${reader_.name}`));
      return fixes;
    },
  };
}

/** The local name of `inputResponse`, and the import specifier to add it after when the file does not import it. */
function inputResponseName(
  reader: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): { name: string; importAfter: TSESTree.Node | null } | { reason: string } {
  const program = sourceCode.ast;
  let readerSpecifier: TSESTree.ImportSpecifier | null = null;
  for (const statement of program.body) {
    if (statement.type !== AST_NODE_TYPES.ImportDeclaration || !MRTR_PACKAGES.includes(statement.source.value))
      continue;
    if (statement.importKind === "type") continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type !== AST_NODE_TYPES.ImportSpecifier || specifier.importKind === "type") continue;
      const imported =
        specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value;
      if (imported === "inputResponse") return { name: specifier.local.name, importAfter: null };
      if (specifier.local.name === (reader.callee.type === AST_NODE_TYPES.Identifier ? reader.callee.name : null))
        readerSpecifier = specifier;
    }
  }
  const callee = unwrapExpression(reader.callee);
  if (callee.type === AST_NODE_TYPES.MemberExpression && mrtrExportCalled(callee, sourceCode) === "acceptedContent") {
    return { name: `${sourceCode.getText(callee.object)}.inputResponse`, importAfter: null };
  }
  if (!readerSpecifier)
    return {
      reason:
        "`acceptedContent` is not imported from @modelcontextprotocol/server here, so neither would `inputResponse` be",
    };
  if (ASTUtils.findVariable(sourceCode.getScope(reader), "inputResponse")) {
    return { reason: "`inputResponse` already names something else in this file" };
  }
  return { name: "inputResponse", importAfter: readerSpecifier };
}

function answerNameFor(key: string | null): string {
  return key !== null && /^[A-Za-z_$][\w$]*$/.test(key) ? `${key}Answer` : "answer";
}

/** `base`, or `base2`, `base3`… when the function's text already uses the name. */
function freshName(base: string, fn: TSESTree.FunctionLike, sourceCode: Readonly<TSESLint.SourceCode>): string {
  const text = sourceCode.getText(fn);
  for (let suffix = 1; ; suffix++) {
    const name = suffix === 1 ? base : `${base}${suffix}`;
    if (!new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`).test(text)) return name;
  }
}

function quoteOf(key: TSESTree.Node): string {
  if (key.type === AST_NODE_TYPES.Literal && typeof key.value === "string") return key.raw.startsWith("'") ? "'" : '"';
  return '"';
}

function lineIndentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

/** One level of indentation as the file writes it around `node`. */
function indentUnitNear(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node): string | null {
  const outer = lineIndentAt(sourceCode.text, node.range[0]);
  for (const line of sourceCode.lines.slice(node.loc.start.line, node.loc.end.line)) {
    const indent = /^[ \t]*/.exec(line)![0];
    if (line.trim() !== "" && indent.length > outer.length && indent.startsWith(outer))
      return indent.slice(outer.length);
  }
  const fnIndent = lineIndentAt(sourceCode.text, getEnclosingFunction(node)?.range[0] ?? 0);
  return outer.length > fnIndent.length && outer.startsWith(fnIndent) ? outer.slice(fnIndent.length) : null;
}

function usesSemicolon(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node): boolean {
  const before = sourceCode.getTokenBefore(node);
  if (before?.value === ";") return true;
  const last = sourceCode.getLastToken(node.type === AST_NODE_TYPES.IfStatement ? node.consequent : node);
  return last?.value === ";" || (last?.value === "}" && sourceCode.getTokenBefore(last)?.value === ";");
}

/** The statements (with the comments among them) re-indented to `indent`. */
function renderStatements(
  sourceCode: Readonly<TSESLint.SourceCode>,
  statements: readonly TSESTree.Node[],
  indent: string,
): string {
  const text = sourceCode.text;
  let start = statements[0]!.range[0];
  const end = statements[statements.length - 1]!.range[1];
  for (const comment of sourceCode.getCommentsBefore(statements[0]!)) {
    if (lineIndentAt(text, comment.range[0]) === lineIndentAt(text, start)) start = Math.min(start, comment.range[0]);
  }
  const base = lineIndentAt(text, start);
  return text
    .slice(start, end)
    .split(/\r?\n/)
    .map((line, index) => {
      if (index === 0) return indent + line;
      if (line.trim() === "") return "";
      return indent + (line.startsWith(base) ? line.slice(base.length) : line.trimStart());
    })
    .join(layoutOf(sourceCode).eol);
}

function hasMultilineTemplate(nodes: readonly TSESTree.Node[], keys: VisitorKeys): boolean {
  return nodes.some((root) =>
    walkSubtree(
      root,
      keys,
      (current) => current.type === AST_NODE_TYPES.TemplateLiteral && current.loc.start.line !== current.loc.end.line,
    ),
  );
}
