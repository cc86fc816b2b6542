/**
 * Whether the `switch` an `if` on the action becomes (./if-to-switch.ts) may read the answer in place of the flag its
 * test reads (`const ok = r.action === "accept"; if (ok) …`), dropping the flag's declaration; else the reason not.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { constInitializer, findVariable } from "../../analysis/ast.ts";
import type { Discriminant } from "./discriminant.ts";
import { mentionsDiscriminant } from "./conditions.ts";

/** A `const` flag the test reads, declared by the statement just before, and read nowhere else: inlined. */
export interface InlinedFlag {
  readonly identifier: TSESTree.Identifier;
  readonly init: TSESTree.Expression;
  readonly declaration: TSESTree.VariableDeclaration;
}

/**
 * The flag a test reads (`const ok = r.action === "accept"; if (ok) …`), when the rewrite may read the answer in its
 * place: declared alone by the statement just before, as a `const`, and read only here. Otherwise the reason.
 */
export function inlinableFlag(
  sourceCode: Readonly<TSESLint.SourceCode>,
  statement: TSESTree.Statement,
  test: TSESTree.Node,
  discriminant: Discriminant,
): InlinedFlag | { reason: string } {
  const flags = flagReads(test).filter((identifier) => {
    const init = constInitializer(identifier, sourceCode);
    return !!init && mentionsDiscriminant(init, discriminant, sourceCode);
  });
  if (flags.length !== 1) return { reason: "it is stored in a flag first" };
  const identifier = flags[0]!;
  const variable = findVariable(sourceCode.getScope(identifier), identifier.name)!;
  const declarator = variable.defs[0]!.node as TSESTree.VariableDeclarator;
  const declaration = declarator.parent as TSESTree.VariableDeclaration;
  const reads = variable.references.filter((reference) => !reference.init);
  if (reads.length !== 1 || reads[0]!.identifier !== identifier) return { reason: "its flag is read elsewhere too" };
  const siblings = statementList(statement);
  if (
    declaration.declarations.length !== 1 ||
    !siblings ||
    siblings.indexOf(declaration) === -1 ||
    siblings.indexOf(declaration) + 1 !== siblings.indexOf(statement)
  ) {
    return { reason: "code runs between flag and test" };
  }
  return { identifier, init: declarator.init!, declaration };
}

/** The identifiers a test reads through `!`, `&&`, `||` and parentheses. */
function flagReads(test: TSESTree.Node): TSESTree.Identifier[] {
  if (test.type === AST_NODE_TYPES.Identifier) return [test];
  if (test.type === AST_NODE_TYPES.UnaryExpression && test.operator === "!") return flagReads(test.argument);
  if (test.type === AST_NODE_TYPES.LogicalExpression && test.operator !== "??")
    return [...flagReads(test.left), ...flagReads(test.right)];
  return [];
}

function statementList(statement: TSESTree.Node): readonly TSESTree.Node[] | null {
  const parent = statement.parent;
  if (!parent) return null;
  if (parent.type === AST_NODE_TYPES.BlockStatement || parent.type === AST_NODE_TYPES.Program) return parent.body;
  if (parent.type === AST_NODE_TYPES.SwitchCase) return parent.consequent;
  return null;
}
