/**
 * Whether the receiver of `x.method(…)` is an instance of the project's own class or type: a class or type this file
 * declares, or one it imports from a relative path. Read from where the receiver comes from (`this.gate = new
 * PermissionGate()`, `private gate = new Gate()`, `constructor(private readonly gate: Gate)`, `gate: Gate`,
 * `const gate = new Gate()`), never from its name. Nothing here knows MCP or ACP.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "./node-types.ts";
import { getStaticPropertyName, unwrapExpression } from "./ast.ts";
import { resolveIdentifier } from "./walk.ts";

/** Whether the receiver of `call` (`this.gate`, `gate`) is known to be an instance of a class or type of the project. */
export function receiverIsProjectOwn(
  call: TSESTree.CallExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  const callee = unwrapExpression(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return false;
  const origins = receiverOrigins(unwrapExpression(callee.object), sourceCode);
  return origins.length > 0 && origins.every((origin) => namesProjectOwn(origin, sourceCode));
}

/** The class or type names a receiver is built from or declared as, as identifiers in the file. */
function receiverOrigins(receiver: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.Identifier[] {
  if (receiver.type === AST_NODE_TYPES.Identifier) {
    const variable = resolveIdentifier(receiver, sourceCode);
    if (!variable || variable.defs.length !== 1) return [];
    const definition = variable.defs[0]!;
    if (definition.type === "Parameter") return originOfBinding(definition.name as TSESTree.Node, null);
    if (definition.type === "Variable" && definition.node.id.type === AST_NODE_TYPES.Identifier) {
      return originOfBinding(definition.node.id, definition.node.init);
    }
    return [];
  }
  if (
    receiver.type === AST_NODE_TYPES.MemberExpression &&
    receiver.object.type === AST_NODE_TYPES.ThisExpression &&
    !receiver.computed &&
    receiver.property.type === AST_NODE_TYPES.Identifier
  ) {
    const owner = enclosingClass(receiver);
    return owner ? fieldOrigins(owner, receiver.property.name) : [];
  }
  return [];
}

/** `gate: Gate` (its annotation) or `= new Gate()` (its value). */
function originOfBinding(binding: TSESTree.Node, value: TSESTree.Node | null | undefined): TSESTree.Identifier[] {
  const origins: TSESTree.Identifier[] = [];
  const annotation = "typeAnnotation" in binding ? binding.typeAnnotation : undefined;
  const typeName = annotation && "typeAnnotation" in annotation ? typeReferenceName(annotation.typeAnnotation) : null;
  if (typeName) origins.push(typeName);
  const constructed = value ? constructedClass(value) : null;
  if (constructed) origins.push(constructed);
  return origins;
}

function typeReferenceName(type: TSESTree.Node | null | undefined): TSESTree.Identifier | null {
  return type?.type === AST_NODE_TYPES.TSTypeReference && type.typeName.type === AST_NODE_TYPES.Identifier
    ? type.typeName
    : null;
}

function constructedClass(value: TSESTree.Node): TSESTree.Identifier | null {
  const expression = unwrapExpression(value);
  return expression.type === AST_NODE_TYPES.NewExpression && expression.callee.type === AST_NODE_TYPES.Identifier
    ? expression.callee
    : null;
}

function enclosingClass(node: TSESTree.Node): TSESTree.ClassBody | null {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type === AST_NODE_TYPES.ClassBody) return current;
  }
  return null;
}

/** Where a class's field `name` comes from: its declaration, a constructor parameter property, `this.name = …`. */
function fieldOrigins(body: TSESTree.ClassBody, name: string): TSESTree.Identifier[] {
  const origins: TSESTree.Identifier[] = [];
  let writes = 0;
  for (const member of body.body) {
    if (member.type === AST_NODE_TYPES.PropertyDefinition && getStaticPropertyName(member) === name) {
      origins.push(...originOfBinding(member, member.value));
      if (member.value) writes++;
    }
    if (member.type !== AST_NODE_TYPES.MethodDefinition || !member.value.body) continue;
    for (const parameter of member.value.params) {
      if (parameter.type !== AST_NODE_TYPES.TSParameterProperty) continue;
      const binding = parameter.parameter;
      if (binding.type === AST_NODE_TYPES.Identifier && binding.name === name) {
        origins.push(...originOfBinding(binding, null));
        writes++;
      }
    }
    for (const statement of member.value.body.body) {
      const assigned = assignmentToField(statement, name);
      if (!assigned) continue;
      writes++;
      const constructed = constructedClass(assigned);
      // A field written with anything but `new X()` is of unknown origin.
      if (!constructed) return [];
      origins.push(constructed);
    }
  }
  return writes > 0 ? origins : [];
}

/** The value of a top-level `this.name = value;` statement of a method. */
function assignmentToField(statement: TSESTree.Statement, name: string): TSESTree.Expression | null {
  if (statement.type !== AST_NODE_TYPES.ExpressionStatement) return null;
  const expression = statement.expression;
  if (expression.type !== AST_NODE_TYPES.AssignmentExpression || expression.operator !== "=") return null;
  const target = expression.left;
  return target.type === AST_NODE_TYPES.MemberExpression &&
    target.object.type === AST_NODE_TYPES.ThisExpression &&
    !target.computed &&
    target.property.type === AST_NODE_TYPES.Identifier &&
    target.property.name === name
    ? expression.right
    : null;
}

/** A name this file declares as a class, interface or type, or imports from a relative path. */
function namesProjectOwn(name: TSESTree.Identifier, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const variable = resolveIdentifier(name, sourceCode);
  if (!variable || variable.defs.length === 0) return false;
  return variable.defs.every((definition) => {
    if (definition.type === "ClassName" || definition.type === "Type") return true;
    if (definition.type !== "ImportBinding") return false;
    const declaration = definition.parent;
    return declaration.type === AST_NODE_TYPES.ImportDeclaration && declaration.source.value.startsWith(".");
  });
}
