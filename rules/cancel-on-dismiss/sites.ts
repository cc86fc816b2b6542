/**
 * Where a file's dialogs close without a choice, one row of protocol/dismissals.ts at a time: the code that runs then
 * (a handler, or the statements after a result that is `undefined`), what is pinned on that path, and the dialog's
 * other paths, where its choices are answered.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import {
  findProperty,
  getCalleeName,
  getMemberPath,
  getReceiverName,
  getStaticPropertyName,
  getStringValue,
  importedPackagesOf,
  isFunctionNode,
  narrowCallLocation,
  unwrapExpression,
} from "../../analysis/ast.ts";
import { nodesOfType, nodesOfTypes } from "../../analysis/node-index.ts";
import { followConstant, localFunctionOf } from "../../analysis/walk.ts";
import type { DismissalEvent, DismissalSite } from "../../protocol/dismissals.ts";
import { assume, type Assumption } from "./assumption.ts";
import { dialogProps, isStateSetter } from "./elements.ts";

export interface DismissalPath {
  readonly event: DismissalEvent;
  /** Where the dismissal is reported when it answers nothing: the handler's name, the prop, the event, the dialog. */
  readonly reportAt: TSESTree.Node;
  /** What runs on a dismissal; null when the dialog has no handler of ours (Obsidian's modal without `onClose`). */
  readonly body: TSESTree.Node | readonly TSESTree.Statement[] | null;
  readonly handler: TSESTree.FunctionLike | null;
  readonly assumption: Assumption;
  /** Whether the code runs on a dismissal only (whatever it answers is the dismissal's answer). */
  readonly exclusive: boolean;
  /** Whether `return`s there answer the question (the statements after a result, in the handler that asked). */
  readonly countReturns: boolean;
  /** Where the dialog's other paths are (the class, the element, the function that shows it), or null. */
  readonly dialog: TSESTree.Node | null;
}

type Code = Readonly<TSESLint.SourceCode>;

/** Every dismissal path of the file, for the rows that apply to it. */
export function findDismissals(events: readonly DismissalEvent[], sourceCode: Code): DismissalPath[] {
  const imported = importedPackagesOf(sourceCode.ast);
  const found: DismissalPath[] = [];
  for (const event of events) {
    if (event.requiresImport && !event.packages.some((name) => imported.has(name))) continue;
    found.push(...FINDERS[event.site.kind](event, event.site as never, sourceCode));
  }
  return found;
}

type Finder<Kind extends DismissalSite["kind"]> = (
  event: DismissalEvent,
  site: Extract<DismissalSite, { kind: Kind }>,
  sourceCode: Code,
) => DismissalPath[];

const CLASSES = [AST_NODE_TYPES.ClassDeclaration, AST_NODE_TYPES.ClassExpression] as const;
const LISTEN_METHODS = new Set(["on", "once", "addListener", "prependListener", "prependOnceListener"]);

const FINDERS: { readonly [Kind in DismissalSite["kind"]]: Finder<Kind> } = {
  override(event, site, sourceCode) {
    const found: DismissalPath[] = [];
    for (const owner of nodesOfTypes(sourceCode, CLASSES)) {
      const base = owner.superClass ? getMemberPath(owner.superClass)?.at(-1) : undefined;
      if (base === undefined || !site.baseClasses.includes(base)) continue;
      const member = owner.body.body.find(
        (candidate): candidate is TSESTree.MethodDefinition | TSESTree.PropertyDefinition =>
          (candidate.type === AST_NODE_TYPES.MethodDefinition ||
            candidate.type === AST_NODE_TYPES.PropertyDefinition) &&
          getStaticPropertyName(candidate) === site.method,
      );
      const handler = member && isFunctionNode(member.value) ? member.value : null;
      const reportAt = member ? member.key : (owner.id ?? owner);
      found.push(handlerPath(event, handler, reportAt, owner.body, sourceCode, !member));
    }
    for (const assignment of nodesOfType(sourceCode, AST_NODE_TYPES.AssignmentExpression)) {
      const target = assignment.left;
      if (target.type !== AST_NODE_TYPES.MemberExpression || getStaticPropertyName(target) !== site.method) continue;
      const handler = functionOf(assignment.right, sourceCode);
      if (handler) found.push(handlerPath(event, handler, target.property, enclosingScope(assignment), sourceCode));
    }
    return found;
  },
  callback(event, site, sourceCode) {
    const registered = callsNamed(sourceCode, site.method).flatMap((call) => {
      const argument = call.arguments[site.argIndex];
      const handler = argument ? functionOf(argument, sourceCode) : null;
      if (!handler) return [];
      // Ink's handler answers the other keys itself: its own other branches are the dialog's other paths.
      const dialog = event.when.kind === "parameter-field" ? handler : enclosingScope(call);
      return [handlerPath(event, handler, narrowCallLocation(call), dialog, sourceCode)];
    });
    const given = (use: TSESTree.Node) =>
      use.parent?.type === AST_NODE_TYPES.MemberExpression && getStaticPropertyName(use.parent) === site.method;
    return [...registered, ...unhandledDialogs(event, site.factories ?? [], given, sourceCode)];
  },
  event(event, site, sourceCode) {
    const listens = (call: TSESTree.Node | undefined): call is TSESTree.CallExpression =>
      call?.type === AST_NODE_TYPES.CallExpression &&
      LISTEN_METHODS.has(getCalleeName(call) ?? "") &&
      getStringValue(call.arguments[0]) === site.event;
    const registered = nodesOfType(sourceCode, AST_NODE_TYPES.CallExpression).flatMap((call) => {
      const callee = unwrapExpression(call.callee);
      if (!listens(call) || callee.type !== AST_NODE_TYPES.MemberExpression) return [];
      if (!madeBy(callee.object, site.factories, sourceCode)) return [];
      const handler = call.arguments[1] ? functionOf(call.arguments[1], sourceCode) : null;
      return handler ? [handlerPath(event, handler, call.arguments[0]!, enclosingScope(call), sourceCode)] : [];
    });
    const given = (use: TSESTree.Node) =>
      use.parent?.type === AST_NODE_TYPES.MemberExpression && listens(use.parent.parent);
    return [...registered, ...unhandledDialogs(event, site.factories, given, sourceCode)];
  },
  "jsx-prop"(event, site, sourceCode) {
    return dialogProps(site, sourceCode).flatMap(({ value, reportAt, dialog }) => {
      const handler = functionOf(value, sourceCode);
      // A state setter only hides the dialog; any other function we cannot see may answer.
      if (!handler && !isStateSetter(value, sourceCode)) return [];
      return [handlerPath(event, handler, reportAt, dialog, sourceCode, true)];
    });
  },
  result(event, site, sourceCode) {
    return callsNamed(sourceCode, site.method).flatMap((call) => {
      const receiver = getReceiverName(call);
      if (receiver !== null && receiver !== site.receiverTail) return [];
      if (questionArguments(call) < site.minArguments) return [];
      return resultPaths(event, call, sourceCode);
    });
  },
  route(event, site, sourceCode) {
    return callsNamed(sourceCode, site.method).flatMap((call) => {
      const constraints = call.arguments[0] && unwrapExpression(call.arguments[0]);
      if (constraints?.type !== AST_NODE_TYPES.ObjectExpression) return [];
      const field = findProperty(constraints, site.field);
      if (!field || getStringValue(field.value) !== site.value) return [];
      const handler = functionOf(call.arguments.at(-1)!, sourceCode);
      return handler ? [handlerPath(event, handler, field.value, null, sourceCode)] : [];
    });
  },
};

/**
 * A handler's path: its body, with the row's parameter pinned. `runsNothing`: closing the dialog runs none of the
 * file's code (a modal without `onClose`, a state setter), so the path answers nothing.
 */
function handlerPath(
  event: DismissalEvent,
  handler: TSESTree.FunctionLike | null,
  reportAt: TSESTree.Node,
  dialog: TSESTree.Node | null,
  sourceCode: Code,
  runsNothing = false,
): DismissalPath {
  const when = event.when;
  const parameter = handler && "index" in when ? handler.params[when.index] : undefined;
  const subject =
    parameter?.type === AST_NODE_TYPES.Identifier
      ? (sourceCode.getDeclaredVariables(handler!).find((variable) => variable.name === parameter.name) ?? null)
      : null;
  return {
    event,
    reportAt,
    body: handler?.body ?? (runsNothing ? [] : null),
    handler,
    assumption: assume(when, subject, sourceCode),
    exclusive: when.kind === "always" || when.kind === "parameter-empty",
    countReturns: false,
    dialog,
  };
}

/** `const pick = await window.showQuickPick(…)` and the code after it, or `showQuickPick(…).then((pick) => …)`. */
function resultPaths(event: DismissalEvent, call: TSESTree.CallExpression, sourceCode: Code): DismissalPath[] {
  let used: TSESTree.Node = call;
  while (used.parent?.type === AST_NODE_TYPES.AwaitExpression || used.parent?.type === AST_NODE_TYPES.TSAsExpression)
    used = used.parent;
  const parent = used.parent;
  if (parent?.type === AST_NODE_TYPES.MemberExpression && getStaticPropertyName(parent) === "then") {
    const then = parent.parent;
    const callback = then?.type === AST_NODE_TYPES.CallExpression ? then.arguments[0] : undefined;
    const handler = callback ? functionOf(callback, sourceCode) : null;
    const path = handler && handlerPath(event, handler, narrowCallLocation(call), enclosingScope(call), sourceCode);
    return path ? [{ ...path, exclusive: false, countReturns: true }] : [];
  }
  if (parent?.type !== AST_NODE_TYPES.VariableDeclarator || parent.id.type !== AST_NODE_TYPES.Identifier) return [];
  const declaration = parent.parent;
  const subject = sourceCode.getDeclaredVariables(declaration).find((variable) => variable.defs[0]?.node === parent);
  return [
    {
      event,
      reportAt: narrowCallLocation(call),
      body: followingStatements(declaration),
      handler: null,
      assumption: assume(event.when, subject ?? null, sourceCode),
      exclusive: false,
      countReturns: true,
      dialog: enclosingScope(call),
    },
  ];
}

/**
 * Dialogs made by one of `factories` into a `const` that is never `given` the row's callback or listener (`const
 * quickPick = window.createQuickPick()` with no `quickPick.onDidHide(…)`, a readline interface with no `close`
 * listener): closing one runs none of the file's code. Judged once for each function that uses it, where the
 * dialog's other paths would answer (a question's handler that asks through a module-level interface).
 */
function unhandledDialogs(
  event: DismissalEvent,
  factories: readonly string[],
  given: (use: TSESTree.Node) => boolean,
  sourceCode: Code,
): DismissalPath[] {
  return factories.flatMap((factory) =>
    callsNamed(sourceCode, factory).flatMap((call) => {
      const declarator = call.parent;
      if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== call) return [];
      const [variable] = sourceCode.getDeclaredVariables(declarator);
      if (!variable || variable.references.some((reference) => given(reference.identifier))) return [];
      const uses = [call, ...variable.references.map((reference) => reference.identifier)];
      return [...new Set(uses.map(enclosingScope))].map((dialog) =>
        handlerPath(event, null, callLocation(call), dialog, sourceCode, true),
      );
    }),
  );
}

/** The statements that run after `statement`, up to the end of the function around it. */
function followingStatements(statement: TSESTree.Node): TSESTree.Statement[] {
  const following: TSESTree.Statement[] = [];
  for (let current = statement; current.parent && !isFunctionNode(current.parent); current = current.parent) {
    const list =
      current.parent.type === AST_NODE_TYPES.BlockStatement || current.parent.type === AST_NODE_TYPES.Program
        ? current.parent.body
        : null;
    if (list) following.push(...(list.slice(list.indexOf(current as never) + 1) as TSESTree.Statement[]));
  }
  return following;
}

function callsNamed(sourceCode: Code, name: string): TSESTree.CallExpression[] {
  if (!sourceCode.text.includes(name)) return [];
  return nodesOfType(sourceCode, AST_NODE_TYPES.CallExpression).filter((call) => calledName(call) === name);
}

/** Where a call is reported: its method's name, also in `(0, node_readline_1.createInterface)(…)`. */
function callLocation(call: TSESTree.CallExpression): TSESTree.Node {
  const callee = call.callee;
  const last = callee.type === AST_NODE_TYPES.SequenceExpression ? callee.expressions.at(-1)! : null;
  return last?.type === AST_NODE_TYPES.MemberExpression ? last.property : narrowCallLocation(call);
}

/** The name a call calls, also through TypeScript's CommonJS output: `(0, node_readline_1.createInterface)(…)`. */
function calledName(call: TSESTree.CallExpression | TSESTree.NewExpression): string | null {
  const callee = call.callee;
  if (callee.type !== AST_NODE_TYPES.SequenceExpression) return getCalleeName(call);
  return getMemberPath(callee.expressions.at(-1)!)?.at(-1) ?? null;
}

/** A function written in place, or one of the file's functions named there. */
function functionOf(node: TSESTree.Node, sourceCode: Code): TSESTree.FunctionLike | null {
  const target = unwrapExpression(node);
  return isFunctionNode(target) ? target : localFunctionOf(target, sourceCode);
}

/** The function around `node` (the one that shows the dialog), or the program. */
function enclosingScope(node: TSESTree.Node): TSESTree.Node {
  let current = node.parent;
  while (current && !isFunctionNode(current) && current.type !== AST_NODE_TYPES.Program) current = current.parent;
  return current ?? node;
}

/** An emitter made by one of `factories`: in place, in a `const`, or in a field of the class (`this.rl = …`). */
function madeBy(receiver: TSESTree.Node, factories: readonly string[], sourceCode: Code): boolean {
  const made = (node: TSESTree.Node) =>
    (node.type === AST_NODE_TYPES.CallExpression || node.type === AST_NODE_TYPES.NewExpression) &&
    factories.includes(calledName(node) ?? "");
  if (made(followConstant(receiver, sourceCode))) return true;
  const path = getMemberPath(receiver);
  if (path?.length !== 2 || path[0] !== "this") return false;
  return nodesOfType(sourceCode, AST_NODE_TYPES.AssignmentExpression).some(
    (assignment) =>
      getMemberPath(assignment.left)?.join(".") === path.join(".") && made(unwrapExpression(assignment.right)),
  );
}

/**
 * How many of a call's arguments are a question's (the message and its items): an options object with `modal` or
 * `detail` is not an item. A message with no items is a notification that asks nothing.
 */
function questionArguments(call: TSESTree.CallExpression): number {
  return call.arguments.filter((argument, index) => {
    const node = unwrapExpression(argument);
    const options =
      index === 1 &&
      node.type === AST_NODE_TYPES.ObjectExpression &&
      (findProperty(node, "modal") !== null || findProperty(node, "detail") !== null);
    return !options;
  }).length;
}
