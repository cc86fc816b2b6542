/**
 * An ACP client's cancel path and the permission prompts it leaves open: where the file sends `session/cancel`
 * (`conn.cancel({ sessionId })`, `notify(methods.agent.session.cancel, …)`), which stores the `requestPermission`
 * handlers it answers for (its own, and those of the modules it imports) park resolvers in, directly or through the
 * helpers, gates and stores they hand the question to (places.ts, parked.ts), and whether the code the cancel path
 * runs settles a store's prompts with the `cancelled` outcome (protocol/methods.ts). A dialog shown with no way to
 * close it is left open whatever the cancel path does.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { importedModulesOf, type ModuleGate } from "../../analysis/modules.ts";
import { nodesOfType } from "../../analysis/node-index.ts";
import { ACP_OUTCOME } from "../../protocol/answers.ts";
import {
  ACP_CANCEL_METHOD,
  ACP_CANCEL_METHOD_PATH,
  ACP_CANCEL_NOTIFICATION,
  ACP_CANCEL_SESSION_FIELD,
  ACP_NOTIFY_METHOD,
  ACP_PERMISSION_HANDLER_METHOD,
  ACP_PROMPT_METHOD,
} from "../../protocol/methods.ts";
import {
  findProperty,
  getCalleeName,
  getEnclosingFunction,
  getMemberPath,
  getStaticPropertyName,
  getStringValue,
} from "../../analysis/ast.ts";
import { followConstant, walkSubtree } from "../../analysis/walk.ts";
import { openDialogsIn, parkedStoresIn, type OpenDialog, type ParkedPromptStore } from "./parked.ts";
import { functionsNamed, reachablePlaces, type Place } from "./places.ts";

/** `from "./x"`: the file imports a module of its own project, where a permission handler may be. */
const RELATIVE_IMPORT = /\bfrom\s*["']\.\.?\//;

/**
 * Whether a file's text could send `session/cancel`: the notification's name or its 2.x constant, a `cancel(…)` with
 * a `sessionId`, or a `cancel(…)` beside a `prompt(…)` (an agent wrapper that hands the cancel on). "cancel" alone is
 * too common a word (streams, tokens, timers) to send a file's imports to be read.
 */
function textMaySendCancel(text: string): boolean {
  if (text.includes(ACP_CANCEL_NOTIFICATION) || text.includes(ACP_CANCEL_METHOD_PATH)) return true;
  if (!text.includes(`${ACP_CANCEL_METHOD}(`)) return false;
  return text.includes(ACP_CANCEL_SESSION_FIELD) || text.includes(`${ACP_PROMPT_METHOD}(`);
}

/** `conn.cancel({ sessionId })`: the cancel names its session in the call. */
const CANCEL_NAMING_SESSION = new RegExp(`\\b${ACP_CANCEL_METHOD}\\(\\s*\\{[^}]*\\b${ACP_CANCEL_SESSION_FIELD}\\b`);

/** `notify(…)`, `sendNotification(…)`: a notification is sent, not only named (a generated schema names them all). */
const SENDS_NOTIFICATION = /\b(?:notify|sendNotification|notification)\s*\(/;

/**
 * The same, read strictly, for a file that names no permission handler and would send its imports to be read: the
 * SDKs' own schemas and transports spell `session/cancel`, `cancel(` and `sessionId` without sending a turn's cancel.
 */
function textSendsCancel(text: string): boolean {
  if (text.includes(ACP_CANCEL_METHOD_PATH)) return true;
  if (text.includes(ACP_CANCEL_NOTIFICATION)) return SENDS_NOTIFICATION.test(text);
  if (!text.includes(`${ACP_CANCEL_METHOD}(`)) return false;
  return CANCEL_NAMING_SESSION.test(text) || text.includes(`${ACP_PROMPT_METHOD}(`);
}

/**
 * Whether a file's text could hold a cancel path that leaves prompts open: it sends a cancel, and it names the
 * permission handler or imports a module of its own project that may.
 */
export function textMayParkPromptsAcrossCancel(text: string): boolean {
  if (text.includes(ACP_PERMISSION_HANDLER_METHOD)) return textMaySendCancel(text);
  return RELATIVE_IMPORT.test(text) && textSendsCancel(text);
}

export type { ParkedPromptStore } from "./parked.ts";

export interface CancelPathFinding {
  readonly cancel: TSESTree.CallExpression;
  /** What the cancel path leaves open: a store of parked prompts, or a dialog nothing but a click closes. */
  readonly left: { readonly store: ParkedPromptStore } | { readonly dialog: OpenDialog };
  /** Whether the cancel path can reach the store as written (`this.x` in the same class, a module-level name). */
  readonly reachable: boolean;
  /** The expression naming the cancelled session, when the cancel passes `{ sessionId: … }`. */
  readonly session: TSESTree.Node | null;
}

/** Every cancel of the file whose path leaves a parked prompt store unsettled, or a dialog open. */
export function findUnsettledCancels(sourceCode: Readonly<TSESLint.SourceCode>): CancelPathFinding[] {
  const cancels = nodesOfType(sourceCode, AST_NODE_TYPES.CallExpression).filter((call) =>
    isCancelCall(call, sourceCode),
  );
  if (cancels.length === 0) return [];
  const stores: ParkedPromptStore[] = [];
  const dialogs: OpenDialog[] = [];
  for (const handler of permissionHandlers(sourceCode)) {
    for (const place of reachablePlaces(handler, 2, answersTheHandler)) {
      for (const store of parkedStoresIn(place)) {
        const known = stores.some((other) => other.name === store.name && sameModule(other.parkedIn, place));
        if (!known) stores.push(store);
      }
      for (const dialog of openDialogsIn(place))
        if (!dialogs.some((other) => other.call === dialog.call)) dialogs.push(dialog);
    }
  }
  if (stores.length === 0 && dialogs.length === 0) return [];
  const findings: CancelPathFinding[] = [];
  for (const cancel of cancels) {
    const path = getEnclosingFunction(cancel);
    if (!path?.body) continue;
    const reached = reachablePlaces({ fn: path, sourceCode }, 3);
    const session = sessionOf(cancel, sourceCode);
    for (const store of stores) {
      if (reached.some((place) => settlesStore(place, store))) continue;
      const here = store.parkedIn.sourceCode === sourceCode;
      const ownClass = enclosingClassBody(store.parkedIn.fn);
      const reachable =
        here &&
        (store.path.length === 1 ||
          (store.path[0] === "this" && ownClass !== null && ownClass === enclosingClassBody(path)));
      findings.push({ cancel, left: { store }, reachable, session });
    }
    for (const dialog of dialogs) findings.push({ cancel, left: { dialog }, reachable: false, session });
  }
  return findings;
}

/** The permission handlers a cancel of this file answers for: this file's own, and those of modules it imports. */
function permissionHandlers(sourceCode: Readonly<TSESLint.SourceCode>): Place[] {
  const imported = importedModulesOf(sourceCode, HANDLER_GATE).flatMap((module) =>
    functionsNamed(module.sourceCode, ACP_PERMISSION_HANDLER_METHOD),
  );
  return [...functionsNamed(sourceCode, ACP_PERMISSION_HANDLER_METHOD), ...imported];
}

const HANDLER_GATE: ModuleGate = (text) => text.includes(ACP_PERMISSION_HANDLER_METHOD);

/** A call whose answer the handler hands back or waits for (`return gate.ask(params)`, `await this.show(…)`). */
function answersTheHandler(call: TSESTree.CallExpression): boolean {
  let current: TSESTree.Node = call;
  for (let parent = current.parent; parent; current = parent, parent = parent.parent) {
    if (parent.type === AST_NODE_TYPES.AwaitExpression || parent.type === AST_NODE_TYPES.ReturnStatement) return true;
    if (parent.type === AST_NODE_TYPES.ArrowFunctionExpression) return parent.body === current;
    if (
      parent.type !== AST_NODE_TYPES.TSAsExpression &&
      parent.type !== AST_NODE_TYPES.TSNonNullExpression &&
      parent.type !== AST_NODE_TYPES.ChainExpression
    )
      return false;
  }
  return false;
}

function sameModule(place: Place, other: Place): boolean {
  return place.sourceCode === other.sourceCode;
}

/** `conn.cancel({ sessionId })`, `conn.notify(methods.agent.session.cancel, …)`, `notify("session/cancel", …)`. */
function isCancelCall(call: TSESTree.CallExpression, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const method = getCalleeName(call);
  const first = call.arguments[0];
  if (!first) return false;
  if (method === ACP_CANCEL_METHOD) {
    const params = followConstant(first, sourceCode);
    if (params.type === AST_NODE_TYPES.ObjectExpression) return findProperty(params, ACP_CANCEL_SESSION_FIELD) !== null;
    return forwardsCancelParams(call, params);
  }
  if (method !== ACP_NOTIFY_METHOD && method !== "sendNotification") return false;
  const named = followConstant(first, sourceCode);
  if (getStringValue(named) === ACP_CANCEL_NOTIFICATION) return true;
  const path = getMemberPath(named)?.join(".");
  return path !== undefined && (path === ACP_CANCEL_METHOD_PATH || path.endsWith(`.${ACP_CANCEL_METHOD_PATH}`));
}

/**
 * `async cancel(params) { await this.agent.cancel(params); }`: the `cancel` method of an object that stands for the
 * agent (it offers `prompt` too) and hands its `CancelNotification` on to the connection's: a wrapper a UI's stop
 * button calls. A stream's `cancel(reason)` has no `prompt` beside it.
 */
function forwardsCancelParams(call: TSESTree.CallExpression, argument: TSESTree.Node): boolean {
  const fn = getEnclosingFunction(call);
  const parameter = fn?.params[0];
  if (argument.type !== AST_NODE_TYPES.Identifier || parameter?.type !== AST_NODE_TYPES.Identifier) return false;
  const owner = fn!.parent;
  if (parameter.name !== argument.name) return false;
  if (owner?.type !== AST_NODE_TYPES.MethodDefinition && owner?.type !== AST_NODE_TYPES.Property) return false;
  if (getStaticPropertyName(owner) !== ACP_CANCEL_METHOD) return false;
  const siblings: readonly TSESTree.Node[] =
    owner.parent.type === AST_NODE_TYPES.ClassBody
      ? owner.parent.body
      : owner.parent.type === AST_NODE_TYPES.ObjectExpression
        ? owner.parent.properties
        : [];
  return siblings.some(
    (member) =>
      (member.type === AST_NODE_TYPES.MethodDefinition || member.type === AST_NODE_TYPES.Property) &&
      getStaticPropertyName(member) === ACP_PROMPT_METHOD,
  );
}

function sessionOf(cancel: TSESTree.CallExpression, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.Node | null {
  const params = cancel.arguments.at(getCalleeName(cancel) === ACP_CANCEL_METHOD ? 0 : 1);
  const object = params ? followConstant(params, sourceCode) : null;
  if (object?.type !== AST_NODE_TYPES.ObjectExpression) return null;
  return findProperty(object, ACP_CANCEL_SESSION_FIELD)?.value ?? null;
}

/** Whether `place` reads the store and answers a call with `{ outcome: { outcome: cancelled } }`. */
function settlesStore(place: Place, store: ParkedPromptStore): boolean {
  const { fn, sourceCode } = place;
  if (!fn.body) return false;
  let readsStore = false;
  let answersCancelled = false;
  walkSubtree(fn.body, sourceCode.visitorKeys, (node) => {
    if (node.type === AST_NODE_TYPES.MemberExpression && getMemberPath(node)?.at(-1) === store.name) readsStore = true;
    // A module-level store read by its own name (`for (const p of pending.values())`).
    if (node.type === AST_NODE_TYPES.Identifier && store.path.length === 1 && node.name === store.name)
      readsStore = true;
    if (getStringValue(node) === ACP_OUTCOME.cancelled && node.parent?.type === AST_NODE_TYPES.Property) {
      answersCancelled = true;
    }
    return false;
  });
  return readsStore && answersCancelled;
}

function enclosingClassBody(node: TSESTree.Node): TSESTree.ClassBody | null {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type === AST_NODE_TYPES.ClassBody) return current;
  }
  return null;
}
