/**
 * Dialog elements of React libraries (protocol/dismissals.ts `jsx-prop` rows), as JSX or compiled (`jsx(Dialog,
 * props)`, as published packages ship them), and the state setter that shows or hides one.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { findProperty, getCalleeName, getMemberPath, unwrapExpression } from "../../analysis/ast.ts";
import { nodesOfType } from "../../analysis/node-index.ts";
import type { DismissalSite } from "../../protocol/dismissals.ts";

type Code = Readonly<TSESLint.SourceCode>;

/** How compiled JSX builds an element: `jsx(Dialog, props)`, `_jsxs(…)`, `React.createElement(Dialog, props)`. */
const ELEMENT_FACTORIES = new Set(["jsx", "jsxs", "jsxDEV", "_jsx", "_jsxs", "_jsxDEV", "createElement"]);

/**
 * The `prop` of the row's elements, written as JSX (`<Dialog onOpenChange={…}>`) or compiled (`jsx(Dialog, {
 * onOpenChange: … })`, as published packages ship it): its value, where to report, and the element.
 */
export function dialogProps(
  site: Extract<DismissalSite, { kind: "jsx-prop" }>,
  sourceCode: Code,
): { value: TSESTree.Node; reportAt: TSESTree.Node; dialog: TSESTree.Node }[] {
  const found: { value: TSESTree.Node; reportAt: TSESTree.Node; dialog: TSESTree.Node }[] = [];
  if (!sourceCode.text.includes(site.prop)) return found;
  for (const opening of nodesOfType(sourceCode, AST_NODE_TYPES.JSXOpeningElement)) {
    if (!isDialog(site, sourceCode.getText(opening.name))) continue;
    const attribute = opening.attributes.find(
      (candidate): candidate is TSESTree.JSXAttribute =>
        candidate.type === AST_NODE_TYPES.JSXAttribute && candidate.name.name === site.prop,
    );
    const value = attribute?.value?.type === AST_NODE_TYPES.JSXExpressionContainer ? attribute.value.expression : null;
    if (attribute && value && value.type !== AST_NODE_TYPES.JSXEmptyExpression) {
      found.push({ value, reportAt: attribute.name, dialog: opening.parent });
    }
  }
  for (const call of nodesOfType(sourceCode, AST_NODE_TYPES.CallExpression)) {
    if (!ELEMENT_FACTORIES.has(getCalleeName(call) ?? "") || call.arguments.length < 2) continue;
    const name = getMemberPath(call.arguments[0]!)?.join(".");
    const props = unwrapExpression(call.arguments[1]!);
    if (name === undefined || !isDialog(site, name) || props.type !== AST_NODE_TYPES.ObjectExpression) continue;
    const property = findProperty(props, site.prop);
    if (property) found.push({ value: property.value, reportAt: property.key, dialog: call });
  }
  return found;
}

/** Whether a tag (`Dialog`, `AlertDialog.Root`, `ui.Dialog`) is one of the row's: its last name, or its dotted tail. */
function isDialog(site: Extract<DismissalSite, { kind: "jsx-prop" }>, tag: string): boolean {
  return site.elements.some((element) => tag === element || tag.endsWith(`.${element}`));
}

/** `const [open, setOpen] = useState(…)`: the setter. */
export function isStateSetter(node: TSESTree.Node, sourceCode: Code): boolean {
  const target = unwrapExpression(node);
  if (target.type !== AST_NODE_TYPES.Identifier) return false;
  const definition = sourceCode.getScope(target).references.find((reference) => reference.identifier === target)
    ?.resolved?.defs[0];
  const declarator = definition?.type === "Variable" ? definition.node : null;
  const init = declarator?.init ? unwrapExpression(declarator.init) : null;
  return (
    declarator?.id.type === AST_NODE_TYPES.ArrayPattern &&
    declarator.id.elements[1] === definition!.name &&
    init?.type === AST_NODE_TYPES.CallExpression &&
    /^use(?:State|Reducer)$/.test(getCalleeName(init) ?? "")
  );
}
