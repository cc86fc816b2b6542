/**
 * ACP permission options declared in another module of the project (issue 34, kind 4: custom reject option ids): an
 * agent and its client, or a client and its option table, share `{ optionId: "skip", kind: "reject_once" }` from a
 * module both import. An answer that selects `"skip"` refuses, whatever the id's words. Read from the imported
 * modules' text (analysis/project-files.ts), not parsed: an object literal that names a reject kind and a string id.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { constInitializer, getStringValue, unwrapExpression } from "../../analysis/ast.ts";
import { Fact, fileFacts } from "../../analysis/cached-facts.ts";
import { importedFileOf, projectText } from "../../analysis/project-files.ts";
import { ACP_REJECT_OPTION_KINDS, OPTION_ID_FIELD } from "../../protocol/answers.ts";

/** A quoted string whose quote is the regular expression's group `group`, and its text the next one. */
const quoted = (group: number) => `(["'\x60])([^"'\x60]+)\\${group}`;
/** An object literal without nested braces: one permission option as code writes it. */
const OBJECT_LITERAL = /\{[^{}]*\}/g;
const OPTION_ID = new RegExp(String.raw`\b${OPTION_ID_FIELD}\s*:\s*(?:${quoted(1)}|([A-Za-z_$][\w$]*))`);
const REJECT_KIND = new RegExp(String.raw`\bkind\s*:\s*["'\x60](?:${[...ACP_REJECT_OPTION_KINDS].join("|")})["'\x60]`);
const STRING_CONSTANT = new RegExp(String.raw`\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*${quoted(2)}`, "g");

const IMPORTED_REJECT_IDS = new Fact<null, ReadonlySet<string>>(
  "the ACP reject option ids the project modules a file imports build, per file",
);

/** The reject option ids built by the project modules this file imports values from. */
export function importedRejectOptionIds(sourceCode: Readonly<TSESLint.SourceCode>): ReadonlySet<string> {
  return fileFacts(sourceCode).remember(IMPORTED_REJECT_IDS, null, () => {
    const found = new Set<string>();
    for (const text of importedTexts(sourceCode)) {
      if (!REJECT_KIND.test(text)) continue;
      const constants = stringConstantsIn(text);
      for (const [object] of text.matchAll(OBJECT_LITERAL)) {
        const id = OPTION_ID.exec(object);
        if (!id || !REJECT_KIND.test(object)) continue;
        const value = id[2] ?? constants.get(id[3]!);
        if (value !== undefined) found.add(value);
      }
    }
    return found;
  });
}

/**
 * The string an option id is written as: a literal, a `const` of this file, or a `const` a project module exports
 * under the imported name (`optionId: SKIP` with `export const SKIP = "skip"`).
 */
export function optionIdValue(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): string | null {
  const target = unwrapExpression(node);
  const literal = getStringValue(target);
  if (literal !== null || target.type !== AST_NODE_TYPES.Identifier) return literal;
  const local = constInitializer(target, sourceCode);
  if (local) return getStringValue(unwrapExpression(local));
  const imported = importedName(target, sourceCode);
  if (!imported) return null;
  const file = importedFileOf(imported.specifier, sourceCode);
  const text = file && projectText(file);
  return text ? (stringConstantsIn(text).get(imported.name) ?? null) : null;
}

function importedName(
  identifier: TSESTree.Identifier,
  sourceCode: Readonly<TSESLint.SourceCode>,
): { specifier: string; name: string } | null {
  for (const statement of sourceCode.ast.body) {
    if (statement.type !== AST_NODE_TYPES.ImportDeclaration) continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type !== AST_NODE_TYPES.ImportSpecifier || specifier.local.name !== identifier.name) continue;
      const name =
        specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value;
      return { specifier: statement.source.value, name };
    }
  }
  return null;
}

function importedTexts(sourceCode: Readonly<TSESLint.SourceCode>): string[] {
  const texts: string[] = [];
  for (const statement of sourceCode.ast.body) {
    if (statement.type !== AST_NODE_TYPES.ImportDeclaration || statement.importKind === "type") continue;
    const file = importedFileOf(statement.source.value, sourceCode);
    const text = file && projectText(file);
    if (text) texts.push(text);
  }
  return texts;
}

function stringConstantsIn(text: string): ReadonlyMap<string, string> {
  return new Map([...text.matchAll(STRING_CONSTANT)].map((match) => [match[1]!, match[3]!] as const));
}
