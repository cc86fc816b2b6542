/**
 * The release-in-finally suggestions: wrap what follows the acquisition in `try { … } finally { release }` (or
 * commit in the `try` and roll back in `catch`), move statements into the `try`, take the resource before the `try`,
 * or hold it with `using` / `await using` when type information shows it is disposable.
 */
import { AST_TOKEN_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { getStaticPropertyName, unwrapExpression } from "../../analysis/ast.ts";
import type { MessageIds } from "./options.ts";
import { indentDeeper, indentShallower, layoutAround, semicolon, type StatementLayout } from "../../edits/layout.ts";
import { containsJump, isReleaseStatement, isStatementListOwner, type AcquisitionSite } from "./sites.ts";

export type Suggestions = { messageId: MessageIds; data?: Record<string, string>; fix: TSESLint.ReportFixFunction }[];

export function suggestWrap(
  sourceCode: Readonly<TSESLint.SourceCode>,
  site: AcquisitionSite,
  releases: readonly TSESTree.Node[],
): Suggestions {
  const { statement, list } = site;
  if (releases.length !== 1) return [];
  const index = list.indexOf(statement);
  const releaseIndex = list.findIndex((node) => isReleaseStatement(node, releases));
  if (releaseIndex <= index + 1) return [];
  const moved = list.slice(index + 1, releaseIndex);
  const release = list[releaseIndex]!;
  const releaseEnd = endWithTrailingComment(sourceCode, release);
  const layout = layoutAround(sourceCode, statement);
  const body = buildMovedBody(sourceCode, moved, moved[moved.length - 1]!.range[1], release.range[0], layout);
  const suggestions: Suggestions = [];
  const rollback = rollbackCall(sourceCode, site, releases[0]!);
  if (body && rollback) {
    // Committing in a `finally` would keep half-done work on a timeout: commit at the end, roll back in `catch`.
    if (moved.some((node) => containsJump(node, sourceCode.visitorKeys))) return [];
    const { indent, unit, eol } = layout;
    const end = semicolon(sourceCode);
    const replacement =
      body.hoisted.map((line) => `${line}${eol}${indent}`).join("") +
      `try {${eol}${indent}${unit}${body.text}${eol}${indent}${unit}${indentDeeper(sourceCode, release.range[0], releaseEnd, unit)}` +
      `${eol}${indent}} catch (error) {${eol}${indent}${unit}${rollback}${end}${eol}${indent}${unit}throw error${end}${eol}${indent}}`;
    suggestions.push({
      messageId: "rollBackInCatch",
      data: { rollback },
      fix: (fixer) => fixer.replaceTextRange([moved[0]!.range[0], releaseEnd], replacement),
    });
  } else if (body && !readsBindingOf(sourceCode, release, moved)) {
    const { indent, unit, eol } = layout;
    const replacement =
      body.hoisted.map((line) => `${line}${eol}${indent}`).join("") +
      `try {${eol}${indent}${unit}${body.text}${eol}${indent}} finally {${eol}` +
      `${indent}${unit}${indentDeeper(sourceCode, release.range[0], releaseEnd, unit)}${eol}${indent}}`;
    suggestions.push({
      messageId: "wrapInTryFinally",
      fix: (fixer) => fixer.replaceTextRange([moved[0]!.range[0], releaseEnd], replacement),
    });
  }
  const usingKeyword = releaseIndex === list.length - 1 ? disposableKeyword(sourceCode, site) : null;
  if (usingKeyword && site.declaration) {
    const declaration = site.declaration;
    const kindToken = sourceCode.getFirstToken(declaration)!;
    const before = sourceCode.getTokenBefore(release, { includeComments: true })!;
    suggestions.push({
      messageId: "holdWithUsing",
      data: { keyword: usingKeyword },
      fix: (fixer) => [
        fixer.replaceText(kindToken, usingKeyword),
        fixer.removeRange([before.range[1], release.range[1]]),
      ],
    });
  }
  return suggestions;
}

/** The end of `statement`, or of the comment after it on its last line: the comment moves with it. */
function endWithTrailingComment(sourceCode: Readonly<TSESLint.SourceCode>, statement: TSESTree.Node): number {
  const next = sourceCode.getTokenAfter(statement, { includeComments: true });
  const isComment = next?.type === AST_TOKEN_TYPES.Line || next?.type === AST_TOKEN_TYPES.Block;
  return isComment && next.loc.start.line === statement.loc.end.line && next.loc.end.line === next.loc.start.line
    ? next.range[1]
    : statement.range[1];
}

/**
 * Whether `node` reads a binding declared by one of `statements`. A release that does (`status = answer.action …`)
 * cannot move into a `finally`: on a throwing path that binding was never set, and the `finally` would throw over
 * the original error.
 */
function readsBindingOf(
  sourceCode: Readonly<TSESLint.SourceCode>,
  node: TSESTree.Node,
  statements: readonly TSESTree.Node[],
): boolean {
  const declared = (name: TSESTree.Node) =>
    statements.some((s) => s.range[0] <= name.range[0] && name.range[1] <= s.range[1]);
  const inNode = (identifier: TSESTree.Node) =>
    node.range[0] <= identifier.range[0] && identifier.range[1] <= node.range[1];
  return sourceCode
    .getScope(node)
    .references.some(
      (reference) => inNode(reference.identifier) && !!reference.resolved?.defs.some((def) => declared(def.name)),
    );
}

export function suggestMoveIntoTry(
  sourceCode: Readonly<TSESLint.SourceCode>,
  list: readonly TSESTree.Node[],
  index: number,
  tryStatement: TSESTree.TryStatement,
): Suggestions {
  const moved = list.slice(index + 1, list.indexOf(tryStatement));
  const layout = layoutAround(sourceCode, list[index]!);
  const body = buildMovedBody(sourceCode, moved, tryStatement.block.range[1], tryStatement.range[0], layout);
  if (!body) return [];
  const { indent, unit, eol } = layout;
  const openBrace = sourceCode.getFirstToken(tryStatement.block)!;
  const emptyBlock =
    tryStatement.block.body.length === 0 &&
    !sourceCode.commentsExistBetween(openBrace, sourceCode.getLastToken(tryStatement.block)!);
  const replacement =
    body.hoisted.map((line) => `${line}${eol}${indent}`).join("") +
    `try {${eol}${indent}${unit}${body.text}${emptyBlock ? `${eol}${indent}` : ""}`;
  return [
    {
      messageId: "moveIntoTry",
      fix: (fixer) => fixer.replaceTextRange([moved[0]!.range[0], openBrace.range[1]], replacement),
    },
  ];
}

export function suggestAcquireBeforeTry(
  sourceCode: Readonly<TSESLint.SourceCode>,
  statement: TSESTree.Node,
  tryStatement: TSESTree.TryStatement,
): Suggestions {
  const block = tryStatement.block.body;
  const following = block[1];
  if (block[0] !== statement || !following || !isStatementListOwner(tryStatement.parent)) return [];
  const openBrace = sourceCode.getFirstToken(tryStatement.block)!;
  if (sourceCode.commentsExistBetween(openBrace, statement) || sourceCode.commentsExistBetween(statement, following)) {
    return [];
  }
  const { indent, unit, eol } = layoutAround(sourceCode, tryStatement);
  const taken = indentShallower(sourceCode, statement.range[0], statement.range[1], unit);
  return [
    {
      messageId: "acquireBeforeTry",
      fix: (fixer) =>
        fixer.replaceTextRange(
          [tryStatement.range[0], following.range[0]],
          `${taken}${eol}${indent}try {${eol}${indent}${unit}`,
        ),
    },
  ];
}

/**
 * The text of `moved` statements placed one level deeper, and the `let` declarations to hoist in front
 * of the new block for variables still read after it (`const x = …` becomes `let x;` … `x = …;`).
 * Null when a declaration cannot be split that way (patterns, functions, classes, `using`).
 */
function buildMovedBody(
  sourceCode: Readonly<TSESLint.SourceCode>,
  moved: readonly TSESTree.Node[],
  blockEnd: number,
  trailingEnd: number,
  layout: StatementLayout,
): { hoisted: string[]; text: string } | null {
  const regionStart = moved[0]!.range[0];
  const hoisted: string[] = [];
  let text = "";
  let cursor = regionStart;
  for (const node of moved) {
    const gap = indentDeeper(sourceCode, cursor, node.range[0], layout.unit);
    // `var` stays function-scoped inside the new block; only block-scoped declarations need hoisting.
    const blockScoped = !(node.type === AST_NODE_TYPES.VariableDeclaration && node.kind === "var");
    const escaping =
      blockScoped &&
      sourceCode
        .getDeclaredVariables(node)
        .some((variable) =>
          variable.references.some(
            (reference) => reference.identifier.range[0] < regionStart || reference.identifier.range[0] > blockEnd,
          ),
        );
    cursor = node.range[1];
    if (!escaping) {
      text += gap + indentDeeper(sourceCode, node.range[0], node.range[1], layout.unit);
      continue;
    }
    const split = splitDeclaration(sourceCode, node, layout);
    if (!split) return null;
    hoisted.push(split.declaration);
    if (split.assignments) text += gap + split.assignments;
    else if (/\S/.test(gap)) text += gap.trimEnd();
  }
  text += indentDeeper(sourceCode, cursor, trailingEnd, layout.unit).trimEnd();
  return { hoisted, text: text.replace(/^\s+/, "") };
}

function splitDeclaration(
  sourceCode: Readonly<TSESLint.SourceCode>,
  node: TSESTree.Node,
  layout: StatementLayout,
): { declaration: string; assignments: string } | null {
  if (node.type !== AST_NODE_TYPES.VariableDeclaration || (node.kind !== "const" && node.kind !== "let")) return null;
  if (node.declarations.some((declarator) => declarator.id.type !== AST_NODE_TYPES.Identifier)) return null;
  const names = node.declarations.map((declarator) => {
    const id = declarator.id as TSESTree.Identifier;
    return id.typeAnnotation ? sourceCode.getText(id) : id.name;
  });
  // The assignments end as the declaration did; the new `let` as the file ends its statements.
  const ended = sourceCode.getLastToken(node)?.value === ";" ? ";" : "";
  const assignments = node.declarations
    .filter((declarator) => declarator.init)
    .map((declarator) => {
      const init = declarator.init!;
      return `${(declarator.id as TSESTree.Identifier).name} = ${indentDeeper(sourceCode, init.range[0], init.range[1], layout.unit)}${ended}`;
    })
    .join(`${layout.eol}${layout.indent}${layout.unit}`);
  return { declaration: `let ${names.join(", ")}${semicolon(sourceCode)}`, assignments };
}

/** `await tx.rollback()` for a transaction kept by `commit`; null when the pair has no separate rollback. */
function rollbackCall(
  sourceCode: Readonly<TSESLint.SourceCode>,
  site: AcquisitionSite,
  release: TSESTree.Node,
): string | null {
  const pair = site.acquisition.pair;
  if (pair.kind !== "method" || pair.rollback === null || release.type !== AST_NODE_TYPES.CallExpression) return null;
  const callee = unwrapExpression(release.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || getStaticPropertyName(callee) === pair.rollback) return null;
  const awaited = release.parent.type === AST_NODE_TYPES.AwaitExpression ? "await " : "";
  return `${awaited}${sourceCode.getText(callee.object)}.${pair.rollback}()`;
}

/** With type information: `await using` / `using` when the handle is AsyncDisposable / Disposable. */
function disposableKeyword(sourceCode: Readonly<TSESLint.SourceCode>, site: AcquisitionSite): string | null {
  const declaration = site.declaration;
  const services = sourceCode.parserServices;
  if (!declaration || !services?.program || !services.esTreeNodeToTSNodeMap) return null;
  if (declaration.declarations.length !== 1 || declaration.declarations[0]!.id.type !== AST_NODE_TYPES.Identifier) {
    return null;
  }
  if (declaration.kind !== "const" && declaration.kind !== "let") return null;
  if (declaration.parent.type !== AST_NODE_TYPES.BlockStatement && declaration.parent.type !== AST_NODE_TYPES.Program) {
    return null;
  }
  const checker = services.program.getTypeChecker();
  const type = checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(declaration.declarations[0]!.id));
  const names = checker
    .getApparentType(type)
    .getProperties()
    .map((property) => String(property.escapedName));
  if (names.some((name) => name.startsWith("__@asyncDispose@"))) return "await using";
  if (names.some((name) => name.startsWith("__@dispose@"))) return "using";
  return null;
}
