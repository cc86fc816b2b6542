/**
 * The ask ends when the operation that asked is abandoned. A question the caller no longer needs, and that
 * the client leaves open, never settles: the ACP seed's session kept "requires action" for the rest of its
 * life because an elicitation was not raced against its callback's signal.
 */
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { findProperty, getEnclosingFunction, narrowCallLocation, unwrapExpression } from "../core/ast.ts";
import { matchElicitationHandler, matchHumanWaitCall, type ElicitationHandler, type HumanWaitCall } from "../core/calls.ts";
import { createRule } from "../core/create-rule.ts";
import { findUserLandRaces, propertyValue, readOptions, setsTimer, signalDeadline, stopsWaiting } from "../core/deadline.ts";
import { textFacts } from "../core/text-gate.ts";
import { indentAt, indentDeeper, layoutOf } from "../core/layout.ts";
import { insertProperties, newObjectArgumentEdit, propertyText, spellKey } from "../core/object-edit.ts";
import {
  findCallerSignals,
  isSignalLinked,
  referencesAnySignal,
  referencesSignal,
  type CallerSignal,
} from "../core/signals.ts";
import { isAbortSignalStaticCall, localFunctionOf, walkSubtree } from "../core/walk.ts";
import { compileWrappers, mentionsWrapper, wrapperOptionSchema, type WrapperOption } from "../core/wrappers.ts";

export type MessageIds =
  | "notForwarded"
  | "notRaced"
  | "missingStopWaiting"
  | "handlerIgnoresSignal"
  | "handlerHasNoSignal"
  | "addSignal"
  | "addStopWaiting"
  | "raceSignal";

interface Options {
  humanWaitFunctions?: WrapperOption[];
}

/** Whether this rule can report anything in a file with this text (it names a wait on a person). The codemod uses this same test. */
export function mayReport(text: string, options: Options = {}): boolean {
  return textFacts(text).mayWaitOnPerson || mentionsWrapper(text, compileWrappers(options.humanWaitFunctions));
}

export default createRule<[Options], MessageIds>({
  name: "forward-abort-signal",
  meta: {
    type: "problem",
    hasSuggestions: true,
    docs: {
      description: "Require a wait on a person to end when the operation that asked is abandoned",
      recommended: true,
    },
    schema: [
      {
        type: "object",
        additionalProperties: false,
        properties: { humanWaitFunctions: wrapperOptionSchema },
      },
    ],
    defaultOptions: [{ humanWaitFunctions: [] }],
    messages: {
      notForwarded:
        "When the caller gives up, {{label}} keeps waiting and the client's dialog stays up: `{{signal}}` is not passed on.",
      notRaced:
        "{{label}} takes no signal: when `{{signal}}` aborts, it keeps waiting for a client that may never answer. Race it against `{{signal}}`.",
      missingStopWaiting:
        "Aborting `{{signal}}` only sends `$/cancel_request`: without `{{companion}}: true` the wait lasts until the client answers.",
      handlerIgnoresSignal:
        "This handler ignores `{{signal}}`: when the server withdraws the question, the dialog stays up and its answer goes nowhere.",
      handlerHasNoSignal:
        "{{label}} gives this handler no cancellation signal: when the server stops waiting, the dialog stays up. Bound the wait for the person with a timer of your own.",
      addSignal: "Pass `{{signal}}` to the call.",
      addStopWaiting: "Stop waiting when `{{signal}}` aborts (`{{companion}}: true`).",
      raceSignal: "Race the call against `{{signal}}`, so the wait ends (rejecting with its reason) when it aborts.",
    },
  },
  create(context, [options]) {
    const sourceCode = context.sourceCode;
    if (!mayReport(sourceCode.text, options)) return {};
    const wrappers = compileWrappers(options.humanWaitFunctions);

    function checkCall(call: HumanWaitCall): void {
      const signals = findCallerSignals(call.node, sourceCode, call);
      if (signals.length === 0) return;
      if (isRacedAgainst(call, signals)) return;
      const api = call.api;
      const signal = signals[0]!;
      const at = narrowCallLocation(call.node);
      const data = { signal: signal.text, label: api.label, companion: api.signalCompanionField ?? "" };
      if (call.wrapper) {
        if (call.node.arguments.some((argument) => passesSignalOrItsOwner(argument, signals))) return;
      }
      if (api.signalField === null || api.optionsArgIndex === null) {
        context.report({
          node: at,
          messageId: "notRaced",
          data,
          suggest: [{ messageId: "raceSignal", data, fix: (fixer) => fixer.replaceText(call.node, raceText(call.node, signal)) }],
        });
        return;
      }
      const reading = readOptions(call, sourceCode);
      if (reading.kind === "opaque") return;
      if (reading.kind === "absent") {
        const index = api.optionsArgIndex;
        const canAppend = call.node.arguments.length === index;
        context.report({
          node: at,
          messageId: "notForwarded",
          data,
          suggest: canAppend
            ? [{ messageId: "addSignal", data, fix: (fixer) => appendOptions(fixer, call, signal) }]
            : [],
        });
        return;
      }
      const object = reading.object;
      const passed = propertyValue(object, api.signalField);
      if (!passed) {
        if (object.properties.some((property) => property.type === AST_NODE_TYPES.SpreadElement)) return;
        context.report({
          node: at,
          messageId: "notForwarded",
          data,
          suggest: reading.atCall ? [{ messageId: "addSignal", data, fix: (fixer) => addSignal(fixer, call, object, signal) }] : [],
        });
        return;
      }
      if (referencesAnySignal(passed, signals, sourceCode)) {
        if (stopsWaiting(api, object)) return;
        context.report({
          node: at,
          messageId: "missingStopWaiting",
          data,
          suggest: reading.atCall ? [{ messageId: "addStopWaiting", data, fix: (fixer) => setStopWaiting(fixer, call, object) }] : [],
        });
        return;
      }
      // A signal of unknown origin may well be derived from the caller's; one the file ties to it is.
      if (!isOwnSignal(passed) || signals.some((candidate) => isSignalLinked(scopeBlockOf(candidate), candidate, sourceCode))) {
        return;
      }
      context.report({
        node: at,
        messageId: "notForwarded",
        data,
        suggest: reading.atCall
          ? [{ messageId: "addSignal", data, fix: (fixer) => mergeSignal(fixer, call, object, passed, signal) }]
          : [],
      });
    }

    /**
     * `Promise.race([ask, aborted])`, where `aborted` rejects with the signal's reason when it aborts (at once if it
     * already has). In TypeScript the contender is `Promise<never>`, so the race keeps the ask's type.
     */
    function raceText(ask: TSESTree.CallExpression, signal: CallerSignal): string {
      const s = signal.text;
      const never = /\.[cm]?tsx?$/.test(context.filename) ? "<never>" : "";
      const ifAborted = `if (${s}.aborted) reject(${s}.reason);`;
      const onAbort = `else ${s}.addEventListener("abort", () => reject(${s}.reason), { once: true });`;
      if (ask.loc.start.line === ask.loc.end.line) {
        return `Promise.race([${sourceCode.getText(ask)}, new Promise${never}((_, reject) => { ${ifAborted} ${onAbort} })])`;
      }
      // A call spread over lines gets a race spread over lines, one contender per line, in the file's indentation.
      const { eol, indentUnit: unit, trailingCommas } = layoutOf(sourceCode);
      const base = indentAt(sourceCode.text, ask.range[0]);
      const inner = base + unit;
      const comma = trailingCommas ? "," : "";
      return [
        "Promise.race([",
        `${inner}${indentDeeper(sourceCode, ask.range[0], ask.range[1], unit)},`,
        `${inner}new Promise${never}((_, reject) => {`,
        `${inner}${unit}${ifAborted}`,
        `${inner}${unit}${onAbort}`,
        `${inner}})${comma}`,
        `${base}])`,
      ].join(eol);
    }

    /** A new options argument holding the signal, laid out like the call. */
    function appendOptions(fixer: TSESLint.RuleFixer, call: HumanWaitCall, signal: CallerSignal): TSESLint.RuleFix | null {
      const edit = newObjectArgumentEdit(sourceCode, call.node, newSignalProperties(call, signal, null));
      return edit ? fixer.replaceTextRange(edit.range, edit.text) : null;
    }

    /** Whether a user-land race (or timeout helper) of the ask has a contender built from the caller's signal. */
    function isRacedAgainst(call: HumanWaitCall, signals: readonly CallerSignal[]): boolean {
      return findUserLandRaces(call.node, sourceCode).some((race) =>
        race.others.some((other) => referencesAnySignal(other, signals, sourceCode)),
      );
    }

    /** A wrapper forwards when it is handed the signal, or the handler context that carries it (`askUser(extra, …)`). */
    function passesSignalOrItsOwner(argument: TSESTree.Node, signals: readonly CallerSignal[]): boolean {
      if (referencesAnySignal(argument, signals, sourceCode)) return true;
      return signals.some(
        (signal) =>
          signal.kind === "path" &&
          walkSubtree(argument, sourceCode.visitorKeys, (node) => node.type === AST_NODE_TYPES.Identifier && node.name === signal.root.name),
      );
    }

    /** A signal made here, from `AbortSignal.timeout`/`any` or a local controller: certainly not the caller's. */
    function isOwnSignal(passed: TSESTree.Node): boolean {
      return signalDeadline(passed, sourceCode) !== "unknown";
    }

    /** The properties that pass `signal` (ACP 2.x: with `stopWaitingOnCancel: true` unless the object has that field). */
    function newSignalProperties(call: HumanWaitCall, signal: CallerSignal, object: TSESTree.ObjectExpression | null): string[] {
      const api = call.api;
      const spell = (key: string) => (object ? spellKey(object, key, sourceCode) : key);
      const properties = [propertyText(spell(api.signalField!), signal.text)];
      const companion = api.signalCompanionField;
      if (companion !== null && !(object && findProperty(object, companion))) properties.push(`${spell(companion)}: true`);
      return properties;
    }

    /** Adds the signal to an options object, and turns an existing `stopWaitingOnCancel: false` into `true`. */
    function addSignal(
      fixer: TSESLint.RuleFixer,
      call: HumanWaitCall,
      object: TSESTree.ObjectExpression,
      signal: CallerSignal,
    ): TSESLint.RuleFix[] {
      const fixes = [insertProperties(fixer, sourceCode, object, newSignalProperties(call, signal, object))];
      const companion = call.api.signalCompanionField;
      if (companion !== null && findProperty(object, companion) && !stopsWaiting(call.api, object)) {
        fixes.push(setStopWaiting(fixer, call, object));
      }
      return fixes;
    }

    function mergeSignal(
      fixer: TSESLint.RuleFixer,
      call: HumanWaitCall,
      object: TSESTree.ObjectExpression,
      passed: TSESTree.Node,
      signal: CallerSignal,
    ): TSESLint.RuleFix[] {
      const fixes: TSESLint.RuleFix[] = [];
      const property = passed.parent;
      const list = passed.type === AST_NODE_TYPES.CallExpression ? passed.arguments[0] : undefined;
      if (list?.type === AST_NODE_TYPES.ArrayExpression && isAbortSignalStaticCall(passed, "any")) {
        const last = list.elements.at(-1);
        fixes.push(last ? fixer.insertTextAfter(last, `, ${signal.text}`) : fixer.replaceText(list, `[${signal.text}]`));
      } else if (property?.type === AST_NODE_TYPES.Property && property.shorthand) {
        fixes.push(fixer.replaceText(property, `${sourceCode.getText(property.key)}: AbortSignal.any([${sourceCode.getText(passed)}, ${signal.text}])`));
      } else {
        fixes.push(fixer.replaceText(passed, `AbortSignal.any([${sourceCode.getText(passed)}, ${signal.text}])`));
      }
      if (!stopsWaiting(call.api, object)) fixes.push(setStopWaiting(fixer, call, object));
      return fixes;
    }

    function setStopWaiting(fixer: TSESLint.RuleFixer, call: HumanWaitCall, object: TSESTree.ObjectExpression): TSESLint.RuleFix {
      const companion = call.api.signalCompanionField!;
      const existing = propertyValue(object, companion);
      if (existing) return fixer.replaceText(existing, "true");
      return insertProperties(fixer, sourceCode, object, [`${spellKey(object, companion, sourceCode)}: true`]);
    }

    function checkHandler(registration: ElicitationHandler): void {
      const { api, handler } = registration;
      if (!waitsForAnswer(handler)) return;
      const at = narrowCallLocation(registration.registration);
      if (api.signalParam === null) {
        if (!setsTimer(handler, sourceCode)) context.report({ node: at, messageId: "handlerHasNoSignal", data: { label: api.label } });
        return;
      }
      const parameter = handler.params[api.signalParam.index];
      const signalText = describeHandlerSignal(parameter, api.signalParam.path);
      if (parameter && honoursSignal(handler, parameter)) return;
      context.report({ node: at, messageId: "handlerIgnoresSignal", data: { signal: signalText } });
    }

    /**
     * Whether the handler waits on something (an `await`, a promise it builds, or a local function it returns
     * that does either) rather than answering at once.
     */
    function waitsForAnswer(handler: TSESTree.FunctionLike, followReturns = true): boolean {
      const body = handler.body;
      if (!body) return false;
      const returnsWaitingCall = (value: TSESTree.Node | null | undefined): boolean => {
        const call = value && unwrapExpression(value);
        if (!followReturns || call?.type !== AST_NODE_TYPES.CallExpression) return false;
        const callee = localFunctionOf(call.callee, sourceCode);
        return callee !== null && callee !== handler && waitsForAnswer(callee, false);
      };
      if (body.type !== AST_NODE_TYPES.BlockStatement && returnsWaitingCall(body)) return true;
      return walkSubtree(body, sourceCode.visitorKeys, (node) => {
        if (node.type === AST_NODE_TYPES.AwaitExpression) return getEnclosingFunction(node) === handler;
        if (node.type === AST_NODE_TYPES.ReturnStatement) return getEnclosingFunction(node) === handler && returnsWaitingCall(node.argument);
        return node.type === AST_NODE_TYPES.NewExpression && node.callee.type === AST_NODE_TYPES.Identifier && node.callee.name === "Promise";
      });
    }

    /**
     * The handler honours the request's signal when it reads it (`extra.signal`, a destructured `signal`,
     * `ctx.mcpReq.signal`) or hands the whole `extra` on to code that can.
     */
    function honoursSignal(handler: TSESTree.FunctionLike, parameter: TSESTree.Parameter): boolean {
      const body = handler.body;
      if (!body) return false;
      const own = findCallerSignals(body, sourceCode).filter((signal) => {
        const variable = signal.kind === "variable" ? signal.variable : signal.root;
        return variable.defs.some((definition) => definition.type === "Parameter" && definition.node === handler);
      });
      if (own.some((signal) => referencesSignal(body, signal, sourceCode))) return true;
      if (parameter.type !== AST_NODE_TYPES.Identifier) return false;
      const name = parameter.name;
      return walkSubtree(body, sourceCode.visitorKeys, (node) =>
        node.type === AST_NODE_TYPES.CallExpression &&
        node.arguments.some((argument) => argument.type === AST_NODE_TYPES.Identifier && argument.name === name),
      );
    }

    return {
      CallExpression(node) {
        const call = matchHumanWaitCall(node, wrappers);
        if (call && call.api.side === "server") {
          checkCall(call);
          return;
        }
        const handler = matchElicitationHandler(node, (argument) => localFunctionOf(argument, sourceCode));
        if (handler) checkHandler(handler);
      },
    };
  },
});

function describeHandlerSignal(parameter: TSESTree.Parameter | undefined, path: readonly string[]): string {
  const name = parameter?.type === AST_NODE_TYPES.Identifier ? parameter.name : "extra";
  return [name, ...path].join(".");
}

/** The block a signal's name lives in: where something could tie it to another signal. */
function scopeBlockOf(signal: CallerSignal): TSESTree.Node {
  const variable = signal.kind === "variable" ? signal.variable : signal.root;
  return variable.scope.block;
}
