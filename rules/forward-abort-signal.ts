/**
 * The ask ends when the operation that asked is abandoned. A question the caller no longer needs, and that
 * the client leaves open, never settles: the ACP seed's session kept "requires action" for the rest of its
 * life because an elicitation was not raced against its callback's signal.
 */
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import {
  findProperty,
  getEnclosingFunction,
  hasSpread,
  isFunctionNode,
  narrowCallLocation,
  unwrapExpression,
} from "../core/ast.ts";
import {
  matchElicitationHandler,
  matchToolHandler,
  type ElicitationHandler,
  type HumanWaitCall,
} from "../core/calls.ts";
import { findVariable } from "../core/flow.ts";
import {
  fileMayWaitOnPerson,
  matchWaitOnPerson,
  resolveLocalCallee,
  signatureAnswers,
  type Delegation,
  type PersonWaitCall,
} from "../core/local-waits.ts";
import { adaptToInstalled } from "../core/versions.ts";
import { createRule } from "../core/create-rule.ts";
import {
  findUserLandRaces,
  propertyValue,
  readOptions,
  setsTimer,
  signalDeadline,
  stopsWaiting,
} from "../core/deadline.ts";
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
  | "handlerTakesNoSignal"
  | "takeSignal"
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
      handlerTakesNoSignal:
        "This handler never takes `{{param}}`, so when its caller gives up, {{label}} keeps waiting for an answer nobody needs.",
      takeSignal: "Take `{{param}}` and pass `{{signal}}` to the call.",
      addSignal: "Pass `{{signal}}` to the call.",
      addStopWaiting: "Stop waiting when `{{signal}}` aborts (`{{companion}}: true`).",
      raceSignal: "Race the call against `{{signal}}`, so the wait ends (rejecting with its reason) when it aborts.",
    },
  },
  create(context, [options]) {
    const sourceCode = context.sourceCode;
    const wrappers = compileWrappers(options.humanWaitFunctions);
    // Typed, a file may also wait through the program's own functions that answer with a person's answer.
    if (!mayReport(sourceCode.text, options) && !fileMayWaitOnPerson(sourceCode, wrappers)) return {};

    function checkCall(matched: PersonWaitCall): void {
      const installed = adaptToInstalled(matched.api, context.filename);
      const call = installed === matched.api ? matched : { ...matched, api: installed };
      const signals = findCallerSignals(call.node, sourceCode, call);
      if (signals.length === 0) {
        checkHandlerWithoutSignal(call);
        return;
      }
      if (isRacedAgainst(call, signals)) return;
      if (call.delegation && !delegationDropsSignal(call, call.delegation, signals)) return;
      const api = call.api;
      const signal = signals[0]!;
      const at = narrowCallLocation(call.node);
      const data = { signal: signal.text, label: api.label, companion: api.signalCompanionField ?? "" };
      if (call.wrapper || call.delegation) {
        if (call.node.arguments.some((argument) => passesSignalOrItsOwner(argument, signals))) return;
      }
      if (api.signalField === null || api.optionsArgIndex === null) {
        context.report({
          node: at,
          messageId: "notRaced",
          data,
          suggest: [
            {
              messageId: "raceSignal",
              data,
              fix: (fixer) => fixer.replaceText(call.node, raceText(call.node, signal)),
            },
          ],
        });
        return;
      }
      const reading = readOptions(call, sourceCode);
      if (reading.kind === "opaque") {
        // `elicit: (p, options) => server.elicitInput(p, options)` inside a handler: the caller's signal is never merged.
        if (passesOptionsThrough(call, reading.node, signals)) {
          context.report({ node: at, messageId: "notForwarded", data });
        }
        return;
      }
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
          suggest: reading.atCall
            ? [{ messageId: "addSignal", data, fix: (fixer) => addSignal(fixer, call, object, signal) }]
            : [],
        });
        return;
      }
      if (referencesAnySignal(passed, signals, sourceCode)) {
        if (stopsWaiting(api, object)) return;
        context.report({
          node: at,
          messageId: "missingStopWaiting",
          data,
          suggest: reading.atCall
            ? [{ messageId: "addStopWaiting", data, fix: (fixer) => setStopWaiting(fixer, call, object) }]
            : [],
        });
        return;
      }
      // A signal of unknown origin may well be derived from the caller's; one the file ties to it is.
      if (
        !isOwnSignal(passed) ||
        signals.some((candidate) => isSignalLinked(scopeBlockOf(candidate), candidate, sourceCode))
      ) {
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
     * Whether a call that waits through the file's own code (or, typed, through a callee whose result is an answer)
     * leaves the caller's signal behind. Not when the callee is a closure that sees the signal itself (its own call is
     * judged where it is), nor when the wait inside is a hand-rolled promise (a client's queue; its handler is judged).
     */
    function delegationDropsSignal(
      call: PersonWaitCall,
      delegation: Delegation,
      signals: readonly CallerSignal[],
    ): boolean {
      if (delegation.via === "local" && delegation.facts.inner === null && delegation.fn !== null) return false;
      const fn = delegation.fn;
      if (fn?.body) {
        const enclosed = signals.some((signal) => contains(scopeBlockOf(signal), fn));
        if (enclosed || referencesAnySignal(fn.body, signals, sourceCode)) return false;
      }
      return !call.node.arguments.some((argument) => passesSignalOrItsOwner(argument, signals));
    }

    /**
     * `(p, options) => server.elicitInput(p, options)`: the options are the enclosing function's own parameter, passed
     * straight through, while a signal of an outer handler is in scope and never read in that function.
     */
    function passesOptionsThrough(
      call: PersonWaitCall,
      options: TSESTree.Node,
      signals: readonly CallerSignal[],
    ): boolean {
      if (call.delegation || call.wrapper) return false;
      const passed = unwrapExpression(options);
      if (passed.type !== AST_NODE_TYPES.Identifier) return false;
      const fn = getEnclosingFunction(call.node);
      if (
        !fn?.body ||
        !fn.params.some((parameter) => parameter.type === AST_NODE_TYPES.Identifier && parameter.name === passed.name)
      ) {
        return false;
      }
      const outer = signals.filter((signal) => scopeBlockOf(signal) !== fn && contains(scopeBlockOf(signal), fn));
      return outer.length > 0 && !outer.some((signal) => referencesSignal(fn.body!, signal, sourceCode));
    }

    /**
     * MCP `server.tool(…, async ({ table }) => { await server.server.elicitInput(…) })`: the handler waits on a person
     * but never takes the request's `extra`, so nothing can end the wait when the caller gives up.
     */
    function checkHandlerWithoutSignal(call: PersonWaitCall): void {
      if (call.delegation || call.wrapper) return;
      const api = call.api;
      if (api.signalField === null || api.optionsArgIndex === null) return;
      const handler = getEnclosingFunction(call.node);
      const tool = handler ? matchToolHandler(handler) : null;
      if (!handler || !tool || tool.signalParamIndex === null || handler.params.length > tool.signalParamIndex) return;
      if (handler.params.some((parameter) => parameter.type === AST_NODE_TYPES.RestElement)) return;
      const reading = readOptions(call, sourceCode);
      if (reading.kind === "opaque") return;
      if (reading.kind === "literal" && (propertyValue(reading.object, api.signalField) || hasSpread(reading.object)))
        return;
      const name = freeName(handler, tool.version === 2 ? "ctx" : "extra");
      const signalText = tool.version === 2 ? `${name}.mcpReq.signal` : `${name}.signal`;
      const signal = { kind: "variable", text: signalText } as unknown as CallerSignal;
      const data = { param: name, signal: signalText, label: api.label };
      const optionsFix = (fixer: TSESLint.RuleFixer): TSESLint.RuleFix | TSESLint.RuleFix[] | null => {
        if (reading.kind === "absent")
          return call.node.arguments.length === api.optionsArgIndex ? appendOptions(fixer, call, signal) : null;
        return reading.atCall ? addSignal(fixer, call, reading.object, signal) : null;
      };
      context.report({
        node: narrowCallLocation(call.node),
        messageId: "handlerTakesNoSignal",
        data,
        suggest: [
          {
            messageId: "takeSignal",
            data,
            fix: (fixer) => {
              const options = optionsFix(fixer);
              const parameter = addParameterFix(fixer, handler, tool.signalParamIndex!, name);
              if (!options || !parameter) return null;
              return [parameter, ...(Array.isArray(options) ? options : [options])];
            },
          },
        ],
      });
    }

    /** Adds `name` as the handler's parameter at `index` (`async () =>` → `async (extra) =>`, `({ t }) =>` → `({ t }, extra) =>`). */
    function addParameterFix(
      fixer: TSESLint.RuleFixer,
      handler: TSESTree.FunctionLike,
      index: number,
      name: string,
    ): TSESLint.RuleFix | null {
      const params = handler.params;
      const filler = Array.from({ length: index - params.length }, (_, position) =>
        params.length + position === 0 ? "_args" : `_arg${params.length + position}`,
      );
      const added = [...filler, name].join(", ");
      if (params.length === 0) {
        const open = sourceCode.getTokens(handler).find((token) => token.value === "(");
        return open ? fixer.insertTextAfter(open, added) : null;
      }
      const last = params.at(-1)!;
      const before = sourceCode.getTokenBefore(params[0]!);
      if (before?.value !== "(") return fixer.replaceText(last, `(${sourceCode.getText(last)}, ${added})`);
      return fixer.insertTextAfter(last, `, ${added}`);
    }

    /** `preferred`, unless the handler already sees something of that name. */
    function freeName(handler: TSESTree.FunctionLike, preferred: string): string {
      const body = handler.body;
      if (!body) return preferred;
      for (const candidate of [
        preferred,
        `${preferred}Request`,
        `request${preferred[0]!.toUpperCase()}${preferred.slice(1)}`,
      ]) {
        const taken =
          findVariable(sourceCode.getScope(body), candidate) !== null ||
          walkSubtree(
            body,
            sourceCode.visitorKeys,
            (node) => node.type === AST_NODE_TYPES.Identifier && node.name === candidate,
          );
        if (!taken) return candidate;
      }
      return `${preferred}_`;
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
    function appendOptions(
      fixer: TSESLint.RuleFixer,
      call: HumanWaitCall,
      signal: CallerSignal,
    ): TSESLint.RuleFix | null {
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
          walkSubtree(
            argument,
            sourceCode.visitorKeys,
            (node) => node.type === AST_NODE_TYPES.Identifier && node.name === signal.root.name,
          ),
      );
    }

    /** A signal made here, from `AbortSignal.timeout`/`any` or a local controller: certainly not the caller's. */
    function isOwnSignal(passed: TSESTree.Node): boolean {
      return signalDeadline(passed, sourceCode) !== "unknown";
    }

    /** The properties that pass `signal` (ACP 2.x: with `stopWaitingOnCancel: true` unless the object has that field). */
    function newSignalProperties(
      call: HumanWaitCall,
      signal: CallerSignal,
      object: TSESTree.ObjectExpression | null,
    ): string[] {
      const api = call.api;
      const spell = (key: string) => (object ? spellKey(object, key, sourceCode) : key);
      const properties = [propertyText(spell(api.signalField!), signal.text)];
      const companion = api.signalCompanionField;
      if (companion !== null && !(object && findProperty(object, companion)))
        properties.push(`${spell(companion)}: true`);
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
        fixes.push(
          last ? fixer.insertTextAfter(last, `, ${signal.text}`) : fixer.replaceText(list, `[${signal.text}]`),
        );
      } else if (property?.type === AST_NODE_TYPES.Property && property.shorthand) {
        fixes.push(
          fixer.replaceText(
            property,
            `${sourceCode.getText(property.key)}: AbortSignal.any([${sourceCode.getText(passed)}, ${signal.text}])`,
          ),
        );
      } else {
        fixes.push(fixer.replaceText(passed, `AbortSignal.any([${sourceCode.getText(passed)}, ${signal.text}])`));
      }
      if (!stopsWaiting(call.api, object)) fixes.push(setStopWaiting(fixer, call, object));
      return fixes;
    }

    function setStopWaiting(
      fixer: TSESLint.RuleFixer,
      call: HumanWaitCall,
      object: TSESTree.ObjectExpression,
    ): TSESLint.RuleFix {
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
        if (!setsTimer(handler, sourceCode))
          context.report({ node: at, messageId: "handlerHasNoSignal", data: { label: api.label } });
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
        const callee = resolveLocalCallee(call, sourceCode);
        if (callee === null || callee === handler) return false;
        // `this.ui.processRequest(…)` declared to answer with a person's answer (`Promise<ElicitResult>`).
        if (!isFunctionNode(callee)) return signatureAnswers(callee);
        return waitsForAnswer(callee, false);
      };
      if (body.type !== AST_NODE_TYPES.BlockStatement && returnsWaitingCall(body)) return true;
      return walkSubtree(body, sourceCode.visitorKeys, (node) => {
        if (node.type === AST_NODE_TYPES.AwaitExpression) return getEnclosingFunction(node) === handler;
        if (node.type === AST_NODE_TYPES.ReturnStatement)
          return getEnclosingFunction(node) === handler && returnsWaitingCall(node.argument);
        return (
          node.type === AST_NODE_TYPES.NewExpression &&
          node.callee.type === AST_NODE_TYPES.Identifier &&
          node.callee.name === "Promise"
        );
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
      return walkSubtree(
        body,
        sourceCode.visitorKeys,
        (node) =>
          node.type === AST_NODE_TYPES.CallExpression &&
          node.arguments.some((argument) => argument.type === AST_NODE_TYPES.Identifier && argument.name === name),
      );
    }

    return {
      CallExpression(node) {
        const call = matchWaitOnPerson(node, sourceCode, wrappers);
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

function contains(outer: TSESTree.Node, inner: TSESTree.Node): boolean {
  return outer.range[0] <= inner.range[0] && inner.range[1] <= outer.range[1];
}

/** The block a signal's name lives in: where something could tie it to another signal. */
function scopeBlockOf(signal: CallerSignal): TSESTree.Node {
  const variable = signal.kind === "variable" ? signal.variable : signal.root;
  return variable.scope.block;
}
