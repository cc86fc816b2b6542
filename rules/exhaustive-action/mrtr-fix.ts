/**
 * The `exhaustive-action` rewrite of an MCP multi-round-trip re-ask: before the `if`, read the answer with
 * `inputResponse(…)` and switch on it, ending the call on decline and on cancel, each with its own result; a missing
 * answer runs the re-ask, an accepted one the code as before.
 */
import { ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import {
  getCalleeName,
  getEnclosingFunction,
  getMemberPath,
  getStringValue,
  unwrapExpression,
  walkSubtree,
  type VisitorKeys,
} from "../../analysis/ast.ts";
import { layoutOf } from "../../edits/layout.ts";
import { mrtrExportCalled } from "../../analysis/mrtr.ts";
import { MRTR_PACKAGES } from "../../protocol/mrtr.ts";
import { packageReexportOf } from "../../analysis/package-reexports.ts";
import { ELICIT_ACTION_MEANING, ELICIT_ACTION } from "../../protocol/answers.ts";

const TOOL_REGISTRATIONS = new Set(["registerTool", "tool"]);

export function reaskRewrite(
  node: TSESTree.IfStatement,
  reader: TSESTree.CallExpression,
  reaskStatements: readonly TSESTree.Node[],
  sourceCode: Readonly<TSESLint.SourceCode>,
): { fix: TSESLint.ReportFixFunction } | { reason: string } {
  const [responses, key] = reader.arguments;
  if (!responses || !key || getMemberPath(responses) === null) {
    return { reason: "the answers are not a variable" };
  }
  if (getStringValue(key) === null && key.type !== AST_NODE_TYPES.Identifier) {
    return { reason: "the key is computed" };
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
      reason: "the handler is not a tool's",
    };
  }
  // The switch goes before the `if`, as statements of the same list: `if (a) if (!c) …` has no such list.
  if (node.parent.type !== AST_NODE_TYPES.BlockStatement && node.parent.type !== AST_NODE_TYPES.SwitchCase) {
    return { reason: "the `if` is not in a block" };
  }
  if (hasMultilineTemplate(reaskStatements, sourceCode.visitorKeys)) {
    return { reason: "it holds a multi-line template" };
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
    `${innerCase}case ${q(ELICIT_ACTION.accept)}:`,
    `${innerCase}${unit}// accept: ${ELICIT_ACTION_MEANING.accept}; the code below reads and validates it`,
    `${innerCase}${unit}break${semi}`,
    `${innerCase}case ${q(ELICIT_ACTION.decline)}:`,
    `${innerCase}${unit}// decline: ${ELICIT_ACTION_MEANING.decline}; asking again would overrule them`,
    `${innerCase}${unit}${result("Not done: the user declined.")}`,
    `${innerCase}case ${q(ELICIT_ACTION.cancel)}:`,
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
    return projectLayerReader(reader, sourceCode) ?? { reason: "`acceptedContent` is not the SDK's" };
  if (ASTUtils.findVariable(sourceCode.getScope(reader), "inputResponse")) {
    return { reason: "`inputResponse` is already taken" };
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

/**
 * `acceptedContent` imported from a module of the project that hands on the SDK's (analysis/package-reexports.ts):
 * `inputResponse` is imported beside it where that module hands it on too, else the reason names the module.
 */
function projectLayerReader(
  reader: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): { name: string; importAfter: TSESTree.Node } | { reason: string } | null {
  const callee = unwrapExpression(reader.callee);
  if (callee.type !== AST_NODE_TYPES.Identifier) return null;
  const definition = ASTUtils.findVariable(sourceCode.getScope(reader), callee.name)?.defs[0];
  if (definition?.type !== "ImportBinding" || definition.node.type !== AST_NODE_TYPES.ImportSpecifier) return null;
  const from = (definition.parent as TSESTree.ImportDeclaration).source.value;
  if (!from.startsWith(".")) return null;
  const handedOn = packageReexportOf(from, "inputResponse", sourceCode);
  if (!handedOn || !MRTR_PACKAGES.includes(handedOn.package)) return { reason: `\`${from}\` has no \`inputResponse\`` };
  if (ASTUtils.findVariable(sourceCode.getScope(reader), "inputResponse"))
    return { reason: "`inputResponse` is already taken" };
  return { name: "inputResponse", importAfter: definition.node };
}
