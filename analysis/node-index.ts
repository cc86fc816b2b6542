/**
 * A file's nodes by type, in source order, read once per file off the traversal ESLint has already made
 * (`SourceCode#traverse()`: its steps are computed before any rule runs and kept for the file), so a question such
 * as "which calls are in this function" is a slice of a list rather than another walk of the tree. Where the source
 * code has no `traverse()` (an older ESLint, a hand-built SourceCode), one walk of our own builds the same lists.
 * Nothing here knows MCP or ACP.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { walkSubtree } from "./ast.ts";
import { Fact, fileFacts } from "./cached-facts.ts";

type NodeType = TSESTree.Node["type"];
type NodeOf<T extends NodeType> = Extract<TSESTree.Node, { type: T }>;
interface FileIndex {
  /** Each type's nodes, in source order. */
  readonly byType: Map<string, TSESTree.Node[]>;
  /** The types whose list is known to be in source order: checked when first asked for, not while indexing. */
  readonly sorted: Set<string>;
  /** The lists of several types merged in source order, by the (constant) list of types asked for. */
  readonly merged: Map<readonly NodeType[], readonly TSESTree.Node[]>;
}

const NONE: readonly never[] = [];
const FILE_INDEX = new Fact<null, FileIndex>("a file's nodes by type, once per file");

interface TraversalStep {
  readonly kind: number;
  readonly phase?: number;
  readonly target: unknown;
}

/** Source order; of two nodes that start together, the larger (the ancestor) first, as a pre-order walk has them. */
export function bySourceOrder(a: TSESTree.Node, b: TSESTree.Node): number {
  return a.range[0] - b.range[0] || b.range[1] - a.range[1];
}

function buildIndex(sourceCode: Readonly<TSESLint.SourceCode>): FileIndex {
  const lists = new Map<string, TSESTree.Node[]>();
  const add = (node: TSESTree.Node) => {
    const list = lists.get(node.type);
    if (!list) lists.set(node.type, [node]);
    else list.push(node);
  };
  const traverse = (sourceCode as { traverse?: () => Iterable<TraversalStep> }).traverse;
  if (typeof traverse === "function") {
    const steps = traverse.call(sourceCode);
    // Kind 1 is a node visit, phase 1 its entry (@eslint/plugin-kit's VisitNodeStep). ESLint keeps the steps in an
    // array: read by index, not through an iterator that makes a result object for each of the file's steps.
    const list = Array.isArray(steps) ? (steps as readonly TraversalStep[]) : [...steps];
    for (let index = 0; index < list.length; index++) {
      const step = list[index]!;
      if (step.kind === 1 && step.phase === 1) add(step.target as TSESTree.Node);
    }
  } else {
    walkSubtree(sourceCode.ast, sourceCode.visitorKeys, (node) => void add(node));
  }
  return { byType: lists, sorted: new Set(), merged: new Map() };
}

function indexOf(sourceCode: Readonly<TSESLint.SourceCode>): FileIndex {
  return fileFacts(sourceCode).remember(FILE_INDEX, null, () => buildIndex(sourceCode));
}

/** Every node of the file of type `type`, in source order. */
export function nodesOfType<T extends NodeType>(
  sourceCode: Readonly<TSESLint.SourceCode>,
  type: T,
): readonly NodeOf<T>[] {
  const { byType, sorted } = indexOf(sourceCode);
  const list = byType.get(type);
  if (list && !sorted.has(type)) {
    // Visitor keys are nearly in source order (a template's quasis come before its expressions): sorted if not.
    if (!isInSourceOrder(list)) list.sort(bySourceOrder);
    sorted.add(type);
  }
  return (list ?? NONE) as readonly NodeOf<T>[];
}

function isInSourceOrder(list: readonly TSESTree.Node[]): boolean {
  for (let index = 1; index < list.length; index++) if (bySourceOrder(list[index - 1]!, list[index]!) > 0) return false;
  return true;
}

/** Every node of the file of one of `types`, in source order (pass a list held in a constant; see `nodesWithin`). */
export function nodesOfTypes<T extends NodeType>(
  sourceCode: Readonly<TSESLint.SourceCode>,
  types: readonly T[],
): readonly NodeOf<T>[] {
  return (
    types.length === 1 ? nodesOfType(sourceCode, types[0]!) : mergedList(sourceCode, types)
  ) as readonly NodeOf<T>[];
}

/** Whether `node` is `root` or below it (a node with the same range as `root` may be its parent). */
function isWithin(node: TSESTree.Node, root: TSESTree.Node): boolean {
  if (node.range[0] < root.range[0] || node.range[1] > root.range[1]) return false;
  if (node.range[0] !== root.range[0] || node.range[1] !== root.range[1]) return true;
  for (let current: TSESTree.Node | undefined = node; current; current = current.parent)
    if (current === root) return true;
  return false;
}

/** The first index of `list` (source order) whose node starts at or after `start`. */
function firstFrom(list: readonly { readonly range: readonly [number, number] }[], start: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle]!.range[0] < start) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The nodes of one type, or of several, in `root`'s subtree (`root` included), in source order, nested functions
 * included. Several types are merged once per file and list: pass a list held in a constant, not a new array each time.
 */
export function nodesWithin<T extends NodeType>(
  sourceCode: Readonly<TSESLint.SourceCode>,
  root: TSESTree.Node,
  types: T | readonly T[],
): NodeOf<T>[] {
  const found: TSESTree.Node[] = [];
  const list = typeof types === "string" ? nodesOfType(sourceCode, types) : nodesOfTypes(sourceCode, types);
  for (let index = firstFrom(list, root.range[0]); index < list.length; index++) {
    const node = list[index]!;
    if (node.range[0] > root.range[1]) break;
    if (isWithin(node, root)) found.push(node);
  }
  return found as NodeOf<T>[];
}

/** The nodes of `list` (source order) that start at or after `from` and before `to`: a slice, found by bisection. */
export function startingIn<T extends { readonly range: readonly [number, number] }>(
  list: readonly T[],
  from: number,
  to: number,
): readonly T[] {
  const first = firstFrom(list, from);
  return to === Infinity ? list.slice(first) : list.slice(first, Math.max(first, firstFrom(list, to)));
}

/**
 * The lists of several types merged in source order, once per file and list of types (callers pass a constant
 * list), so that slicing one function's calls and awaits does not sort them again for every function.
 */
function mergedList(sourceCode: Readonly<TSESLint.SourceCode>, types: readonly NodeType[]): readonly TSESTree.Node[] {
  const { merged } = indexOf(sourceCode);
  let list = merged.get(types);
  if (!list) {
    // Each type's list is in source order already: merged pairwise, not sorted again.
    list = types.reduce<readonly TSESTree.Node[]>(
      (earlier, type) => mergeSorted(earlier, nodesOfType(sourceCode, type)),
      NONE,
    );
    merged.set(types, list);
  }
  return list;
}

/** Two lists in source order as one. */
function mergeSorted(a: readonly TSESTree.Node[], b: readonly TSESTree.Node[]): readonly TSESTree.Node[] {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const merged: TSESTree.Node[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) merged.push(bySourceOrder(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) merged.push(a[i++]!);
  while (j < b.length) merged.push(b[j++]!);
  return merged;
}
