/**
 * A real `SourceCode` for the recognisers' unit tests: typescript-eslint's parser with its scope manager, ESLint's
 * `SourceCode` over it, and parents set as ESLint's traversal sets them — what a rule's `context.sourceCode` is.
 */
import { parseForESLint } from "@typescript-eslint/parser";
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { SourceCode } from "eslint";

export function sourceCodeOf(code: string): Readonly<TSESLint.SourceCode> {
  const parsed = parseForESLint(code, { range: true, loc: true, tokens: true, comment: true, sourceType: "module" });
  const visit = (node: TSESTree.Node, parent: TSESTree.Node | undefined) => {
    (node as { parent?: TSESTree.Node }).parent = parent;
    for (const key of parsed.visitorKeys[node.type] ?? []) {
      const value = (node as unknown as Record<string, unknown>)[key];
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === "object" && typeof (child as TSESTree.Node).type === "string")
          visit(child as TSESTree.Node, node);
      }
    }
  };
  visit(parsed.ast as TSESTree.Node, undefined);
  return new SourceCode({
    text: code,
    ast: parsed.ast as never,
    parserServices: parsed.services,
    scopeManager: parsed.scopeManager as never,
    visitorKeys: parsed.visitorKeys as never,
  }) as unknown as TSESLint.SourceCode;
}

/** Every node of a type in `sourceCode`, in source order (outermost first). */
export function nodesOf<T extends AST_NODE_TYPES>(
  sourceCode: Readonly<TSESLint.SourceCode>,
  type: T,
): Extract<TSESTree.Node, { type: T }>[] {
  const found: TSESTree.Node[] = [];
  const visit = (node: TSESTree.Node) => {
    if (node.type === type) found.push(node);
    for (const key of sourceCode.visitorKeys[node.type] ?? []) {
      const value = (node as unknown as Record<string, unknown>)[key];
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === "object" && typeof (child as TSESTree.Node).type === "string")
          visit(child as TSESTree.Node);
      }
    }
  };
  visit(sourceCode.ast);
  return found as Extract<TSESTree.Node, { type: T }>[];
}
