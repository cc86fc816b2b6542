/**
 * What types add to this rule's text gate, asked of the TypeScript program before ESLint parses a file (`check`'s
 * typed run). Typed, `mayReport` admits every file that names an answer word (`cancel`, `accept`): in an agent
 * framework that is nearly every file. Types only add discriminants (./discriminant.ts): a comparison of an answer
 * literal (an `===` or a `case` on one) with a name or member chain whose declared type is exactly an
 * answer union, or whose value traces back to a call typed as an answer. A file with neither can report nothing
 * that its untyped gate would not have admitted it for.
 */
import ts from "typescript";
import { ANSWER_ARGUMENT_HINT, findAnswerFunctions } from "../../analysis/types.ts";
import { ACP_OUTCOMES, ELICIT_ACTIONS } from "../../protocol/answers.ts";
import { answerUnionKindOfName } from "./discriminant.ts";

const ANSWER_LITERALS: ReadonlySet<string> = new Set([...ELICIT_ACTIONS, ...ACP_OUTCOMES]);
const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/**
 * Whether, with types, the rule could report in `sourceFile` (a file of `program`) beyond what its untyped gate
 * says: false is a promise that the typed analysis finds no discriminant there. A file that does not parse is
 * admitted, so its parse error is reported as before.
 */
export function mayReportWithTypes(sourceFile: ts.SourceFile, program: ts.Program): boolean {
  const compared = comparedWithAnswerLiterals(sourceFile);
  if (compared.length === 0) return hasSyntaxErrors(sourceFile, program);
  // A call the rule may type as a wait on a person (analysis/types.ts `answerShapeOfCall`): one of the program's own
  // answering functions, or a call whose text names an answer.
  if (callsAnswerFunction(sourceFile.text, program) || hasCallNamingAnswer(sourceFile)) return true;
  const checker = program.getTypeChecker();
  return compared.some((name) => answerUnionKindOfName(name, checker) !== null) || hasSyntaxErrors(sourceFile, program);
}

function hasSyntaxErrors(sourceFile: ts.SourceFile, program: ts.Program): boolean {
  return program.getSyntacticDiagnostics(sourceFile).length > 0;
}

/** The text spells the name of one of the program's functions that answer with a person's answer. */
function callsAnswerFunction(text: string, program: ts.Program): boolean {
  return findAnswerFunctions(program, "named").some((entry) => text.includes(entry.name));
}

function hasCallNamingAnswer(sourceFile: ts.SourceFile): boolean {
  if (!ANSWER_ARGUMENT_HINT.test(sourceFile.text)) return false;
  const visit = (node: ts.Node): boolean =>
    (ts.isCallExpression(node) && ANSWER_ARGUMENT_HINT.test(node.getText(sourceFile))) ||
    (ts.forEachChild(node, visit) ?? false);
  return visit(sourceFile);
}

/**
 * The names (an identifier, or a member chain's last name) that the file compares with an answer literal, as the
 * rule reads a comparison (./conditions.ts): `===`, `==`, `!==`, `!=`, or a `switch` with such a `case`. Only a name
 * or a chain of names can be a discriminant (`discriminantKey`); a call's result compared is none.
 */
function comparedWithAnswerLiterals(sourceFile: ts.SourceFile): ts.Node[] {
  const names: ts.Node[] = [];
  const take = (operand: ts.Expression) => {
    const name = discriminantName(operand);
    if (name) names.push(name);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      if (isAnswerLiteral(node.right)) take(node.left);
      if (isAnswerLiteral(node.left)) take(node.right);
    } else if (ts.isSwitchStatement(node)) {
      const clauses = node.caseBlock.clauses;
      if (clauses.some((clause) => ts.isCaseClause(clause) && isAnswerLiteral(clause.expression)))
        take(node.expression);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return names;
}

function isAnswerLiteral(expression: ts.Expression): boolean {
  const inner = unwrap(expression);
  return ts.isStringLiteralLike(inner) && ANSWER_LITERALS.has(inner.text);
}

/** The node the rule asks the checker about: an identifier, or the last name of a chain of names. */
function discriminantName(expression: ts.Expression): ts.Node | null {
  const inner = unwrap(expression);
  if (ts.isIdentifier(inner)) return inner;
  if (!isChainOfNames(inner)) return null;
  if (ts.isPropertyAccessExpression(inner)) return inner.name;
  return ts.isElementAccessExpression(inner) ? inner.argumentExpression : null;
}

function isChainOfNames(node: ts.Expression): boolean {
  const inner = unwrap(node);
  if (ts.isIdentifier(inner) || inner.kind === ts.SyntaxKind.ThisKeyword) return true;
  if (ts.isPropertyAccessExpression(inner)) return ts.isIdentifier(inner.name) && isChainOfNames(inner.expression);
  if (ts.isElementAccessExpression(inner))
    return ts.isStringLiteralLike(inner.argumentExpression) && isChainOfNames(inner.expression);
  return false;
}

/** What the rule looks through (analysis/ast.ts `unwrapExpression`), and parentheses. */
function unwrap(expression: ts.Expression): ts.Expression {
  let current = expression;
  for (;;) {
    if (
      ts.isParenthesizedExpression(current) ||
      ts.isAwaitExpression(current) ||
      ts.isNonNullExpression(current) ||
      ts.isAsExpression(current) ||
      ts.isSatisfiesExpression(current) ||
      ts.isTypeAssertionExpression(current)
    ) {
      current = current.expression;
    } else {
      return current;
    }
  }
}
