/**
 * Opportunistic type information: every function answers "unknown" (or null) when the file was parsed
 * without a program, so rules work the same untyped and only see more when types are there.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type * as ts from "typescript";

/** `ts.SymbolFlags.Optional`, spelled out so the rules never load the compiler themselves. */
const SYMBOL_FLAG_OPTIONAL = 1 << 24;
/** `ts.TypeFlags.Any | ts.TypeFlags.Unknown`. */
const TYPE_FLAGS_ANY_OR_UNKNOWN = 1 | 2;

/** The type checker and the node map, when the file was parsed with a program. */
export interface TypeAccess {
  readonly checker: ts.TypeChecker;
  readonly toTsNode: (node: TSESTree.Node) => ts.Node | undefined;
}

export function typeAccess(sourceCode: Readonly<TSESLint.SourceCode>): TypeAccess | null {
  const services = sourceCode.parserServices;
  if (!services?.program || !services.esTreeNodeToTSNodeMap) return null;
  const map = services.esTreeNodeToTSNodeMap;
  return { checker: services.program.getTypeChecker(), toTsNode: (node) => map.get(node as never) };
}

function typeOf(node: TSESTree.Node, access: TypeAccess): ts.Type | null {
  const tsNode = access.toTsNode(node);
  return tsNode ? access.checker.getTypeAtLocation(tsNode) : null;
}

function isAbortSignalType(type: ts.Type): boolean {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  return symbol?.getName() === "AbortSignal";
}

/** Whether the value at `node` is typed `AbortSignal`; false without types. */
export function hasAbortSignalType(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const access = typeAccess(sourceCode);
  if (!access) return false;
  const type = typeOf(node, access);
  return type !== null && isAbortSignalType(type);
}

export type FieldPresence = "present" | "absent" | "unknown";

/**
 * Whether the object at `node` certainly carries one of `fields` (a required property), certainly carries none
 * (an object type without any of them), or may or may not.
 */
export function fieldPresence(
  node: TSESTree.Node,
  fields: readonly string[],
  sourceCode: Readonly<TSESLint.SourceCode>,
): FieldPresence {
  const access = typeAccess(sourceCode);
  if (!access || fields.length === 0) return "unknown";
  const type = typeOf(node, access);
  if (!type || (type.flags & TYPE_FLAGS_ANY_OR_UNKNOWN) !== 0 || type.isUnion()) return "unknown";
  let anyOptional = false;
  for (const field of fields) {
    const property = type.getProperty(field);
    if (!property) continue;
    if ((property.flags & SYMBOL_FLAG_OPTIONAL) === 0) return "present";
    anyOptional = true;
  }
  if (anyOptional) return "unknown";
  return type.getProperties().length > 0 ? "absent" : "unknown";
}

/**
 * Member paths below a value that hold an `AbortSignal` (`["signal"]`, `["mcpReq", "signal"]`), read from its type.
 */
export function signalPathsOfType(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): string[][] {
  const access = typeAccess(sourceCode);
  if (!access) return [];
  const type = typeOf(node, access);
  const tsNode = access.toTsNode(node);
  if (!type || !tsNode || (type.flags & TYPE_FLAGS_ANY_OR_UNKNOWN) !== 0) return [];
  const paths: string[][] = [];
  const propertyType = (owner: ts.Type, name: string): ts.Type | null => {
    const property = owner.getProperty(name);
    return property ? access.checker.getTypeOfSymbolAtLocation(property, tsNode) : null;
  };
  const direct = propertyType(type, "signal");
  if (direct && isAbortSignalType(direct)) paths.push(["signal"]);
  const request = propertyType(type, "mcpReq");
  const nested = request ? propertyType(request, "signal") : null;
  if (nested && isAbortSignalType(nested)) paths.push(["mcpReq", "signal"]);
  return paths;
}
