/**
 * The caller's signal kept in the application's own context (docs/architecture.md, "The project model"): a field of a
 * context object (`ctx.signal`, `context.abortSignal`), `this.signal` (or `this.turn.abortSignal`) on a turn or
 * session object, an `AsyncLocalStorage` store's (`als.getStore()?.signal`), a helper's (`currentSignal()`). Such a
 * signal is the caller's when the code hands it to its other waits: as a call's `signal` option
 * (`fetch(url, { signal: ctx.signal })`), inside `AbortSignal.any([…])`, or by listening to it (`.throwIfAborted()`,
 * `.addEventListener("abort", …)`). A wait on a person where that same signal is in reach, and that does not get it,
 * outlives the operation the rest of the code ends with it. A class that stores its caller's signal in a field
 * (`this._abortSignal = extra.signal`, a setter's or constructor's signal parameter) keeps it for its methods as well,
 * whether or not another wait of the file gets it: a question one of them asks without it outlives the call.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "./node-types.ts";
import {
  containsNode,
  getCalleeName,
  getEnclosingFunction,
  getStaticPropertyName,
  isFunctionNode,
  unwrapExpression,
} from "./ast.ts";
import { Fact, fileFacts } from "./cached-facts.ts";
import { bySourceOrder, nodesOfType, nodesOfTypes } from "./node-index.ts";
import { SIGNAL_NAME } from "./signal-names.ts";
import {
  isAbortSignalStaticCall,
  parameterDefinitionOf,
  readsThroughConstants,
  resolveIdentifier,
  singleInitializer,
} from "./walk.ts";
import { ACP_SIGNAL_OPTION, SIGNAL_FIELD } from "../protocol/apis.ts";

export interface KeptSignal {
  /** The expression as the code writes it where it hands the signal on (`ctx.abortSignal`, `this.signal`). */
  readonly text: string;
  /** The same expression without optional chains, spacing or casts: how two spellings are known to be one. */
  readonly key: string;
  /** What the expression starts from: `this` (of a class), a variable, or a module-level call (`als.getStore()`). */
  readonly root: TSESTree.ClassBody | TSESLint.Scope.Variable | "module";
  /** Where the code hands it to a wait (or listens to it), or stores it. */
  readonly uses: readonly TSESTree.Node[];
  /** A class stores it from what its caller hands it (`this._abortSignal = extra.signal`): the caller's for certain. */
  readonly stored: boolean;
}

/** The options that carry a signal to a wait: the Web and MCP `signal`, ACP 2.x `cancellationSignal`. */
const SIGNAL_OPTION_NAMES = [SIGNAL_FIELD, ACP_SIGNAL_OPTION];
const SIGNAL_OPTIONS: ReadonlySet<string> = new Set(SIGNAL_OPTION_NAMES);

/** A helper that hands out the current operation's signal: `currentSignal()`, `getAbortSignal()`. */
const SIGNAL_GETTER = /^(?:get|current|read)?(?:Abort|Cancel(?:lation)?|Request|Turn|Current)?Signal$/i;

const KEPT_SIGNALS = new Fact<null, readonly KeptSignal[]>(
  "the signals a file keeps in its own context and hands to its other waits, per file",
);

/** Every kept signal the file hands to some wait, once per file. */
export function keptSignalsOf(sourceCode: Readonly<TSESLint.SourceCode>): readonly KeptSignal[] {
  return fileFacts(sourceCode).remember(KEPT_SIGNALS, null, () => {
    const found = new Map<string, KeptSignal>();
    const record = (kept: KeptSignal | null) => {
      if (!kept) return;
      const known = found.get(identityOf(kept));
      if (!known) found.set(identityOf(kept), kept);
      else
        found.set(identityOf(kept), {
          ...known,
          uses: [...known.uses, ...kept.uses],
          stored: known.stored || kept.stored,
        });
    };
    // Where the file hands a signal on, by the node that does it, in source order (the first found names it).
    const handed: { readonly at: TSESTree.Node; readonly expression: TSESTree.Node }[] = [];
    const text = sourceCode.text;
    // `{ signal: ctx.signal }` handed to a call: only where the text spells one of those options' names.
    if (SIGNAL_OPTION_NAMES.some((name) => text.includes(name))) {
      for (const node of nodesOfType(sourceCode, AST_NODE_TYPES.Property)) {
        const name = getStaticPropertyName(node);
        if (name !== null && SIGNAL_OPTIONS.has(name) && isCallArgument(node.parent))
          handed.push({ at: node, expression: node.value });
      }
    }
    // `AbortSignal.any([…])`, `.throwIfAborted()`, `.addEventListener(…)`: method calls whose names the text spells.
    if (HANDS_ON_BY_CALL.test(text)) {
      for (const node of nodesOfType(sourceCode, AST_NODE_TYPES.CallExpression)) {
        const callee = unwrapExpression(node.callee);
        if (callee.type !== AST_NODE_TYPES.MemberExpression) continue;
        const method = getStaticPropertyName(callee);
        if (method === "any" && isAbortSignalStaticCall(node, "any")) {
          const list = node.arguments[0] && unwrapExpression(node.arguments[0]);
          if (list?.type === AST_NODE_TYPES.ArrayExpression)
            for (const element of list.elements) if (element) handed.push({ at: node, expression: element });
        } else if (method === "throwIfAborted" || method === "addEventListener") {
          handed.push({ at: node, expression: callee.object });
        }
      }
    }
    // Stable: the elements of one `AbortSignal.any` keep their order.
    handed.sort((a, b) => bySourceOrder(a.at, b.at));
    for (const { expression } of handed) record(keptSignalAt(expression, sourceCode));
    if (STORES_SIGNAL.test(sourceCode.text)) for (const stored of storedSignalsOf(sourceCode)) record(stored);
    return [...found.values()];
  });
}

/** The text of a file that may hand a signal on through a method call (keptSignalsOf's second kind). */
const HANDS_ON_BY_CALL = /AbortSignal|throwIfAborted|addEventListener/;

/** The text of a file that may store a signal in a field: `this.signal = …`, `private readonly abortSignal`. */
const STORES_SIGNAL = /\bthis\.#?\w*[sS]ignal\s*=[^=]|\b(?:readonly|private|public|protected)\s+\w*[sS]ignal\b/;

const STORING_NODES = [AST_NODE_TYPES.AssignmentExpression, AST_NODE_TYPES.TSParameterProperty] as const;

/**
 * The fields a class stores its caller's signal in: assigned a signal its method is handed (`this._abortSignal =
 * extra?.signal`, `setAbortSignal(signal) { this._abortSignal = signal }`), or declared as a constructor's signal
 * parameter (`constructor(readonly signal: AbortSignal)`). A signal the class makes itself (`this.signal =
 * this.controller.signal`), or a field typed or initialised as something else (a process signal's name), is none.
 */
function storedSignalsOf(sourceCode: Readonly<TSESLint.SourceCode>): KeptSignal[] {
  const stored: KeptSignal[] = [];
  for (const node of nodesOfTypes(sourceCode, STORING_NODES)) {
    if (node.type === AST_NODE_TYPES.TSParameterProperty) {
      const parameter = node.parameter.type === AST_NODE_TYPES.AssignmentPattern ? node.parameter.left : node.parameter;
      const owner = classOfThis(node);
      if (owner && parameter.type === AST_NODE_TYPES.Identifier && isSignalParameter(parameter, sourceCode)) {
        const text = `this.${parameter.name}`;
        stored.push({ text, key: text, root: owner, uses: [node], stored: true });
      }
      continue;
    }
    const field = node.left;
    if (node.operator !== "=" || field.type !== AST_NODE_TYPES.MemberExpression) continue;
    const name = getStaticPropertyName(field);
    if (field.object.type !== AST_NODE_TYPES.ThisExpression || !isSignalName(name)) continue;
    const owner = classOfThis(field);
    if (owner && declaredAsSignal(owner, name!, sourceCode) && isHandedSignal(node.right, sourceCode))
      stored.push({ ...kept(field, owner, sourceCode), stored: true });
  }
  return stored;
}

/** A signal-named field or variable: `signal`, `abortSignal`, `_abortSignal`, `#signal`. */
function isSignalName(name: string | null): boolean {
  return name !== null && SIGNAL_NAME.test(name.replace(/^[#_]+/, ""));
}

/** Nothing but an abort signal is meant: no type written, or one that names `AbortSignal`. */
function typedAsSignal(annotation: TSESTree.TSTypeAnnotation | undefined, sourceCode: Readonly<TSESLint.SourceCode>) {
  return !annotation || sourceCode.getText(annotation).includes("AbortSignal");
}

function isSignalParameter(parameter: TSESTree.Identifier, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return isSignalName(parameter.name) && typedAsSignal(parameter.typeAnnotation, sourceCode);
}

/** The class declares the field, if at all, as an abort signal: typed as one, and with no value of its own. */
function declaredAsSignal(owner: TSESTree.ClassBody, name: string, sourceCode: Readonly<TSESLint.SourceCode>) {
  return owner.body.every(
    (member) =>
      member.type !== AST_NODE_TYPES.PropertyDefinition ||
      member.static ||
      getStaticPropertyName(member) !== name ||
      (typedAsSignal(member.typeAnnotation, sourceCode) && isNothing(member.value)),
  );
}

function isNothing(value: TSESTree.Node | null): boolean {
  return value === null || (value.type === AST_NODE_TYPES.Identifier && value.name === "undefined");
}

/**
 * A signal the code around the assignment is handed: a signal parameter (`signal`), or a signal field below a
 * parameter (`extra.signal`, `ctx.mcpReq.signal`).
 */
function isHandedSignal(value: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const node = unwrapExpression(value);
  if (node.type === AST_NODE_TYPES.Identifier) {
    const parameter = parameterNamed(node, sourceCode);
    return parameter !== null && isSignalParameter(parameter, sourceCode);
  }
  if (node.type !== AST_NODE_TYPES.MemberExpression || !isSignalName(getStaticPropertyName(node))) return false;
  let root = unwrapExpression(node.object);
  while (root.type === AST_NODE_TYPES.MemberExpression) root = unwrapExpression(root.object);
  return root.type === AST_NODE_TYPES.Identifier && parameterNamed(root, sourceCode) !== null;
}

/** The parameter `identifier` names (a plain one, possibly with a default), or null. */
function parameterNamed(
  identifier: TSESTree.Identifier,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.Identifier | null {
  const name = parameterDefinitionOf(identifier, sourceCode)?.name;
  return name?.type === AST_NODE_TYPES.Identifier ? name : null;
}

/** Two spellings of one signal: the same key from the same root (`ctx` of one function is not `ctx` of another). */
function identityOf(kept: KeptSignal): string {
  if (kept.root === "module") return kept.key;
  const block = "type" in kept.root ? kept.root : kept.root.scope.block;
  return `${kept.key}@${block.range[0]}`;
}

function isCallArgument(node: TSESTree.Node | undefined): boolean {
  let current = node;
  while (current?.parent?.type === AST_NODE_TYPES.TSAsExpression) current = current.parent;
  const parent = current?.parent;
  return (
    (parent?.type === AST_NODE_TYPES.CallExpression || parent?.type === AST_NODE_TYPES.NewExpression) &&
    parent.arguments.includes(current as TSESTree.CallExpressionArgument)
  );
}

/**
 * The kept signal `expression` is, when it is one: a signal-named field below `this`, a variable or a module-level
 * call, or a call of a signal getter. A signal the function builds itself (a local `new AbortController()`'s) is not
 * the caller's; a parameter's is found as the caller's already (analysis/signals.ts).
 */
function keptSignalAt(expression: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): KeptSignal | null {
  const node = unwrapExpression(expression);
  if (node.type === AST_NODE_TYPES.CallExpression) {
    const name = getCalleeName(node);
    if (name === null || !SIGNAL_GETTER.test(name) || node.arguments.length > 0) return null;
    return rootOf(node.callee, sourceCode) === "module" ? kept(node, "module", sourceCode) : null;
  }
  if (node.type !== AST_NODE_TYPES.MemberExpression) return null;
  const field = getStaticPropertyName(node);
  if (!isSignalName(field)) return null;
  const root = rootOf(node.object, sourceCode);
  return root === null ? null : kept(node, root, sourceCode);
}

function kept(node: TSESTree.Node, root: KeptSignal["root"], sourceCode: Readonly<TSESLint.SourceCode>): KeptSignal {
  const text = sourceCode.getText(node);
  return { text, key: keyOf(text), root, uses: [node], stored: false };
}

function keyOf(text: string): string {
  return text.replace(/\s+/g, "").replace(/\?\./g, ".").replace(/!/g, "");
}

/** Where a kept signal's expression starts: `this` of a class, a variable that is no fresh controller, a module name. */
function rootOf(
  object: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.ClassBody | TSESLint.Scope.Variable | "module" | null {
  let current = unwrapExpression(object);
  while (current.type === AST_NODE_TYPES.MemberExpression || current.type === AST_NODE_TYPES.CallExpression) {
    current = unwrapExpression(current.type === AST_NODE_TYPES.MemberExpression ? current.object : current.callee);
  }
  if (current.type === AST_NODE_TYPES.ThisExpression) return classOfThis(current);
  if (current.type !== AST_NODE_TYPES.Identifier) return null;
  const variable = resolveIdentifier(current, sourceCode);
  if (!variable) return null;
  if (variable.scope.type === "module" || variable.scope.type === "global") return "module";
  const init = singleInitializer(variable);
  const built = init && unwrapExpression(init);
  if (built?.type === AST_NODE_TYPES.NewExpression) return null;
  return variable;
}

/** The class whose instance `this` is at `node` (an arrow keeps its method's `this`; a `function` has its own). */
function classOfThis(node: TSESTree.Node): TSESTree.ClassBody | null {
  for (let current = node.parent; current; current = current.parent) {
    if (isFunctionNode(current) && current.type !== AST_NODE_TYPES.ArrowFunctionExpression) {
      const holder = current.parent;
      const inClass =
        (holder?.type === AST_NODE_TYPES.MethodDefinition || holder?.type === AST_NODE_TYPES.PropertyDefinition) &&
        holder.parent.type === AST_NODE_TYPES.ClassBody &&
        !holder.static;
      return inClass ? (holder.parent as TSESTree.ClassBody) : null;
    }
    if (current.type === AST_NODE_TYPES.PropertyDefinition && current.parent.type === AST_NODE_TYPES.ClassBody)
      return current.static ? null : current.parent;
  }
  return null;
}

/**
 * The signals the code keeps in its own context and hands to its other waits, in reach of `node`: the same `this`
 * (of a turn or session object: its methods are that code), a variable visible there, or a module-level store or
 * helper the same top-level function hands to another wait. Those the nearest function uses come first.
 */
export function keptSignalsInReach(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): KeptSignal[] {
  const all = keptSignalsOf(sourceCode);
  if (all.length === 0) return [];
  const ownClass = classOfThis(node);
  const outermost = outermostFunction(node);
  const inReach = all.filter((signal) => {
    if (signal.root === "module") return outermost !== null && signal.uses.some((use) => containsNode(outermost, use));
    if ("type" in signal.root) return signal.root === ownClass;
    return containsNode(signal.root.scope.block, node);
  });
  const nearest = getEnclosingFunction(node);
  const usedNearby = (signal: KeptSignal) => nearest !== null && signal.uses.some((use) => containsNode(nearest, use));
  return [...inReach.filter(usedNearby), ...inReach.filter((signal) => !usedNearby(signal))];
}

/** The function at the top of the module (or of a class member) that `node` is in. */
function outermostFunction(node: TSESTree.Node): TSESTree.FunctionLike | null {
  let found: TSESTree.FunctionLike | null = null;
  for (let current = node.parent; current; current = current.parent) if (isFunctionNode(current)) found = current;
  return found;
}

/** Whether `expression` carries the kept signal: writes it, or a `const` it reads was given it. */
export function carriesKeptSignal(
  expression: TSESTree.Node,
  signal: KeptSignal,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  return readsThroughConstants(expression, sourceCode, (node) => {
    if (node.type === AST_NODE_TYPES.MemberExpression || node.type === AST_NODE_TYPES.CallExpression)
      return keyOf(sourceCode.getText(node)) === signal.key;
    return node.type === AST_NODE_TYPES.Identifier ? undefined : false;
  });
}
