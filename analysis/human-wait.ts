/**
 * Which row of the API table (protocol/apis.ts) a call belongs to, read from the facts of the call alone; the
 * parser-facing side is analysis/calls.ts. Rules and codemods never test method names themselves.
 */
import { HUMAN_WAIT_APIS, WEB_PERMISSION_RECEIVERS, type CallOverload, type HumanWaitApi } from "../protocol/apis.ts";
import { ASK_SHAPE_WORDS, HUMAN_ANSWER_HINT, HUMAN_WAIT_WORDS } from "../protocol/words.ts";
import { isRequestBuilderName } from "./mrtr.ts";
import { bracketedText, callOf, codeOf, enclosingFunctionSpan, escapeWord, NAME_END, NAME_START } from "./brackets.ts";
import { SIGNAL_NAME_WORDS } from "./signal-names.ts";
import { Fact, configurationFacts } from "./cached-facts.ts";

/** Every method name that may start a human wait; used for cheap pre-filtering. */
export const HUMAN_WAIT_METHOD_NAMES: ReadonlySet<string> = new Set(HUMAN_WAIT_APIS.map((api) => api.method));

/**
 * A file that contains none of the words, in any case (`waitForElicitation` names a hand-rolled wait), cannot
 * contain a human wait: rules skip it before walking a single node.
 */
const HUMAN_WAIT_TEXT_HINT = new RegExp(
  HUMAN_WAIT_WORDS.map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|"),
  "i",
);

export function textMayContainHumanWait(text: string): boolean {
  return HUMAN_WAIT_TEXT_HINT.test(text);
}

// ---------------------------------------------------------------------------------------------------------------
// The text gate's second step: the words where a recogniser reads them. Each test may admit a file that asks nobody
// (a method's definition reads like its call), never the reverse: each is a condition the recognisers' matches need.

/** A JSON-RPC method as a string (the `elicitation/create` string), a name or dotted path as a whole name. */
function written(word: string): string {
  return word.includes("/") ? `["'\`]${escapeWord(word)}["'\`]` : `${NAME_START}${escapeWord(word)}${NAME_END}`;
}

/**
 * Where a call's first argument, or a `const` it follows, names a JSON-RPC method or a schema: right after the call's
 * parenthesis (through a member path: `types_js_1.ElicitRequestSchema`), in a `method:` field, or as an initialiser.
 * a method literal in a schema (`method: z.literal(…)`) or a comparison (`method === …`) is none of these.
 */
function inFirstArgument(callee: readonly string[], words: readonly string[]): RegExp {
  const word = `(?:${words.map(written).join("|")})`;
  return new RegExp(
    `${callOf(callee)}\\s*(?:[\\w$]+\\s*\\??\\.\\s*)*${word}|\\bmethod["'\`]?\\s*:\\s*${word}|(?<![=!<>])=\\s*${word}`,
  );
}

/**
 * The schema a handler is registered for, in its first argument, or (beside the registration) a schema the project
 * builds for the question's method: `method: z.literal(…)` naming it.
 */
function handlerSchema(method: string, schemas: readonly string[]): RegExp {
  const slashed = schemas.filter((schema) => schema.includes("/"));
  const built =
    slashed.length === 0
      ? []
      : [`\\bmethod["']?\\s*:\\s*(?:[\\w$]+\\s*\\.\\s*)*literal\\s*\\(\\s*(?:${slashed.map(written).join("|")})`];
  return new RegExp([inFirstArgument([method], schemas).source, ...built].join("|"));
}

/** What a shape answers of a text: whether it occurs. */
interface TextTest {
  test(text: string): boolean;
}

/**
 * A shape with one of `words` in it, as one expression per word, each tried only where the text holds its word. An
 * alternation of words is searched at every position of a text; a single word is found by a literal search, and most
 * words are in no file. Each word must appear as written in its expression.
 */
function eachWord(words: readonly string[], shape: (word: string) => RegExp): TextTest {
  const shapes = [...new Set(words)].map((word) => ({ word, pattern: shape(word) }));
  return { test: (text) => shapes.some(({ word, pattern }) => text.includes(word) && pattern.test(text)) };
}

interface AskShapes {
  readonly calls: TextTest;
  readonly requestCallers: RegExp;
  readonly requestMethods: TextTest;
  /** Each method once, with the schemas of every row that registers through it. */
  readonly handlers: readonly { readonly call: RegExp; readonly schemas: readonly (TextTest | null)[] }[];
  readonly clientHandlers: TextTest;
  readonly answerTypes: TextTest;
  readonly paramKeys: TextTest;
  readonly answerComparison: RegExp;
}

let askShapes: AskShapes | undefined;

/** Built on first use from protocol/words.ts, so a new row of the tables brings its shapes with it. */
function shapes(): AskShapes {
  if (askShapes) return askShapes;
  const words = ASK_SHAPE_WORDS;
  const literal = `["'\`](?:${words.answerLiterals.map(escapeWord).join("|")})["'\`]`;
  askShapes = {
    calls: eachWord(words.callNames, (name) => new RegExp(callOf([name]))),
    requestCallers: new RegExp(callOf(words.requestCallers)),
    requestMethods: eachWord(words.requestMethods, (method) =>
      method.includes("/") ? inFirstArgument(words.requestCallers, [method]) : new RegExp(written(method)),
    ),
    handlers: [...new Set(words.handlers.map((handler) => handler.method))].map((method) => ({
      call: new RegExp(callOf([method])),
      schemas: words.handlers
        .filter((handler) => handler.method === method)
        .map((handler) =>
          handler.schemas.length === 0 ? null : eachWord(handler.schemas, (schema) => handlerSchema(method, [schema])),
        ),
    })),
    clientHandlers: eachWord(words.clientHandlers, (name) => new RegExp(written(name))),
    // An annotation (`: ElicitResult`, `Promise<ElicitResult>`, `as`, `satisfies`, `typeof`, a union member).
    answerTypes: eachWord(
      words.answerTypes,
      (type) => new RegExp(`(?:[:<|&]|\\bas|\\bsatisfies|\\btypeof)\\s*(?:[\\w$]+\\.)*${escapeWord(type)}${NAME_END}`),
    ),
    // A key of an object literal: `{ message, requestedSchema }`, `requestedSchema: {…}`, `"requestedSchema": …`.
    // `key:` (not a member read: `params.requestedSchema : undefined` in a ternary), or a shorthand after `{` or `,`
    // (not a call's first argument: `apply(requestedSchema, data)`).
    paramKeys: eachWord(words.paramKeys, (key) => {
      const word = `${escapeWord(key)}(?![\\w$])`;
      return new RegExp(`(?<![\\w$.])["']?${word}["']?\\s*:|[{,]\\s*${word}\\s*[,}]`);
    }),
    // an answer literal after `===`, before `!=`, after `case` (through a parenthesis or an `as const`).
    answerComparison: new RegExp(
      `(?:[=!]=|\\bcase)\\s*\\(?\\s*${literal}|${literal}\\s*(?:as\\s+const\\s*)?\\)?\\s*[=!]=`,
    ),
  };
  return askShapes;
}

/** Whether the text registers a handler that answers a question (MCP's `setRequestHandler(ElicitRequestSchema, …)`,
 * an ACP client's `requestPermission`). */
export function textMayHandleQuestion(text: string): boolean {
  const { handlers, clientHandlers } = shapes();
  return (
    clientHandlers.test(text) ||
    handlers.some(
      (handler) => handler.call.test(text) && handler.schemas.some((schema) => schema === null || schema.test(text)),
    )
  );
}

/**
 * Whether a file whose text names a human wait (`textMayContainHumanWait`) may also ask in it: it calls a wait by
 * name, sends a request naming a question's method, registers a handler of one, or declares something to be an
 * answer. A schema of the protocol, a comment, or an import alone does none of these.
 */
export function textMayAskPerson(text: string): boolean {
  const found = shapes();
  return (
    found.calls.test(text) ||
    (found.requestCallers.test(text) && found.requestMethods.test(text)) ||
    textMayHandleQuestion(text) ||
    found.answerTypes.test(text)
  );
}

/** Whether the text puts a question's own parameter key in an object (`{ message, requestedSchema }`). */
export function textMaySendQuestionParams(text: string): boolean {
  return shapes().paramKeys.test(text);
}

const PROMISE_EXECUTOR = /\bnew\s+Promise\s*(?:<[^;{}()]{0,300}>\s*)?\(/g;
/** An executor's parameters: `(resolve, reject) =>`, `resolve =>`, `function (res) {`. */
const EXECUTOR_PARAMS = /^\s*(?:async\s*)?(?:function\b\s*[\w$]*\s*)?(?:\(([^()]*)\)|([\w$]+)\s*=>)/;
/** A keyed store's write, as analysis/deadline.ts `findStoredSettler` reads one: `.set(`, `.push(`, `[id] =`. */
const KEYED_WRITE = /\.\s*(?:set|push)\s*\(|\]\s*=(?!=)/;
/** A field's write, `this._resolve = resolve`: kept for a waiter object, if another method calls the field. */
const FIELD_WRITE = /\bthis\s*\.\s*([\w$#]+)\s*=(?!=)/g;
/** A name that holds an abort signal, in code: the wait's function listens to one (`touchesSignal`). */
const SIGNAL_WORD = new RegExp(`(?<![\\w$#])${SIGNAL_NAME_WORDS}(?![\\w$])`);

/**
 * Whether an executor's text may keep one of its settlers: a settler named other than as a call (`pending.set(id,
 * resolve)`, `{ resolve, reject }`; `resolve(value)` settles, it keeps nothing).
 */
function namesSettler(executor: string): boolean {
  const params = EXECUTOR_PARAMS.exec(executor);
  // Parameters the text does not show plainly (destructured, defaulted): count as kept.
  const names = params ? (params[1] ?? params[2] ?? "").split(",").map((name) => name.trim()) : [];
  if (!params || names.some((name) => !/^[\w$]*$/.test(name))) return true;
  const settlers = names.slice(0, 2).filter((name) => name !== "");
  const body = executor.slice(params[0].length);
  return settlers.some((name) =>
    new RegExp(`(?<![\\w$.])${name.replace(/\$/g, "\\$")}(?![\\w$]|\\s*(?:\\?\\.\\s*)?\\()`).test(body),
  );
}

/**
 * `this.<field>(`, `this.<field>?.(`, `(this.<field>)(`: the calls a waiter object's other method settles it with,
 * the fields' names. Read in one pass, rather than a search of the whole text per field an executor writes.
 */
const FIELD_CALL = /\bthis\s*(?:\.\s*([\w$]+)|\[\s*["'`]([\w$]+)["'`]\s*\])[\s!)]*(?:\?\.\s*)?\(/g;

function calledFields(text: string): Set<string> {
  const fields = new Set<string>();
  for (const match of text.matchAll(FIELD_CALL)) fields.add(match[1] ?? match[2]!);
  return fields;
}

/** How far an executor is read; a longer one counts as keeping its settler (the gate admits it). */
const MAX_EXECUTOR_CHARS = 20_000;

/**
 * Whether a `new Promise(…)` of the text may keep its `resolve` for someone else to call, where a hand-rolled wait's
 * recogniser (analysis/deadline.ts) can read it: in a keyed store, within a function that speaks of an answer and
 * touches no signal; or in a field that another method calls (a waiter object).
 */
export function textMayStoreSettler(text: string): boolean {
  let code: string | undefined;
  let called: Set<string> | undefined;
  for (const match of text.matchAll(PROMISE_EXECUTOR)) {
    const executor = bracketedText(text, match.index + match[0].length, MAX_EXECUTOR_CHARS);
    if (executor === null) return true;
    if (!namesSettler(executor)) continue;
    for (const [, field] of executor.matchAll(FIELD_WRITE))
      if ((called ??= calledFields(text)).has(field!)) return true;
    if (!KEYED_WRITE.test(executor)) continue;
    code ??= codeOf(text);
    // The executor lies within the wait's function, the span found around it holds that function: a signal named in
    // the one, and no answer word in the other, each rule the wait out.
    const executorStart = match.index + match[0].length;
    if (SIGNAL_WORD.test(code.slice(executorStart, executorStart + executor.length))) continue;
    const owner = enclosingFunctionSpan(code, match.index);
    if (owner === null || HUMAN_ANSWER_HINT.test(text.slice(owner[0], owner[1]))) return true;
  }
  return false;
}

/** Whether the text compares something with an answer's literal, as a branch on an answer does. */
export function textMayCompareAnswerLiteral(text: string): boolean {
  return shapes().answerComparison.test(text);
}

/** The facts a recogniser needs about a call, independent of any parser's node types. */
export interface CallFacts {
  /** Method name, or null for a call that is not `x.method(…)` / `method(…)`. */
  readonly method: string | null;
  /** Rightmost identifier of the receiver (`mcpServer.server` → `server`), when it has one. */
  readonly receiverName: string | null;
  readonly argumentCount: number;
  /** Kind of the first argument, as far as syntax says. */
  readonly firstArgument: "string" | "object" | "other" | "none";
  /** The JSON-RPC method the first argument names (`{ method: elicitation/create }`,
   * `methods.client.session.requestPermission`), when it names one. */
  readonly requestMethod: string | null;
  /** How the first argument names the JSON-RPC method: itself (a string or constant), or in its `method` field. */
  readonly requestMethodForm?: "first-argument" | "method-field" | null;
  /** The whole dotted path of a method constant in the first argument (`methods.client.elicitation.create`), if any. */
  readonly requestMethodPath?: string | null;
  /** Packages the file imports or requires. */
  readonly importedPackages: ReadonlySet<string>;
  /**
   * Per argument, whether its syntax shows an options object rather than a result schema (an object literal, a
   * `const` of one, `undefined`, a name like `options`): what tells a row's overloads apart.
   */
  readonly optionsLikeArguments?: readonly boolean[];
}

/** Finds the row of the table that a call belongs to, or null when it does not wait on a person. */
export function findHumanWaitApi(call: CallFacts): HumanWaitApi | null {
  if (call.method === null || !HUMAN_WAIT_METHOD_NAMES.has(call.method)) return null;
  // MRTR's `inputRequired.elicit(…)` builds a request the handler returns; nothing waits at the call.
  if (isRequestBuilderName(call.receiverName, call.method)) return null;
  const candidates = HUMAN_WAIT_APIS.filter(
    (api) =>
      api.method === call.method &&
      matchesShape(api, call) &&
      (api.receiverTail === undefined || api.receiverTail === call.receiverName) &&
      (!api.requiresImport || api.packages.some((pkg) => call.importedPackages.has(pkg))),
  );
  const imported = candidates.find((api) => api.packages.some((pkg) => call.importedPackages.has(pkg)));
  if (imported) return forOverload(imported, call);
  const first = candidates[0];
  if (!first) return null;
  // `elicit` is fastmcp's and mcp-use's, told apart only by the call's shape; with neither imported it is a wait on a
  // person (the SDK's own examples define one), but which package's default applies is unknown: messages must not name one.
  return forOverload(SHAPE_ONLY_MATCHES.has(first.match) ? asUnknownOrigin(first) : first, call);
}

/**
 * The overload of the row the call is written against: the first whose result-schema argument the call passes (an
 * argument follows it, or it is there and shows no options object), else the first that takes no schema. The row
 * returned carries that overload's options index.
 */
function overloadFor(
  api: HumanWaitApi,
  call: Pick<CallFacts, "argumentCount" | "optionsLikeArguments">,
): CallOverload | null {
  const overloads = api.overloads ?? [];
  const passesSchemaAt = (index: number) =>
    call.argumentCount > index + 1 || (call.argumentCount === index + 1 && !call.optionsLikeArguments?.[index]);
  return (
    overloads.find(
      (overload) => overload.resultSchemaArgIndex !== null && passesSchemaAt(overload.resultSchemaArgIndex),
    ) ??
    overloads.find((overload) => overload.resultSchemaArgIndex === null) ??
    null
  );
}

const OVERLOAD_ROW = new Fact<number, HumanWaitApi>("a row with the options index of one overload, per row and index");

function forOverload(api: HumanWaitApi, call: CallFacts): HumanWaitApi {
  const overload = overloadFor(api, call);
  if (!overload || overload.optionsArgIndex === api.optionsArgIndex) return api;
  const optionsArgIndex = overload.optionsArgIndex;
  return configurationFacts(api).remember(OVERLOAD_ROW, optionsArgIndex, () => ({ ...api, optionsArgIndex }));
}

const SHAPE_ONLY_MATCHES: ReadonlySet<HumanWaitApi["match"]> = new Set(["string-message", "params-object"]);

const UNKNOWN_ORIGIN_ROW = new Fact<null, HumanWaitApi>("a row as a look-alike of no known package, per row");

/**
 * Whether the row is a look-alike of a known API from no package the file imports (an `elicit` told apart only by its
 * shape): which options it takes, and what it answers, are unknown, so no edit may write any.
 */
export function isUnknownOrigin(api: HumanWaitApi): boolean {
  return api.defaultDeadline.kind === "unknown" && SHAPE_ONLY_MATCHES.has(api.match);
}

function asUnknownOrigin(api: HumanWaitApi): HumanWaitApi {
  return configurationFacts(api).remember(UNKNOWN_ORIGIN_ROW, null, () => ({
    ...api,
    label: `\`${api.method}\``,
    defaultDeadline: { kind: "unknown" },
  }));
}

function matchesShape(api: HumanWaitApi, call: CallFacts): boolean {
  switch (api.match) {
    case "name":
      return call.argumentCount >= 1;
    case "request-method":
      if (api.requestMethodForm && call.requestMethodForm && api.requestMethodForm !== call.requestMethodForm)
        return false;
      if (api.firstArgument !== undefined && call.firstArgument !== api.firstArgument) return false;
      return (
        (call.requestMethod !== null && (api.requestMethods ?? []).includes(call.requestMethod)) ||
        (api.requestMethodPaths ?? []).some((tail) => isPathTail(call.requestMethodPath ?? null, tail))
      );
    case "string-message":
      return call.firstArgument === "string" && call.argumentCount >= 2;
    case "params-object":
      return call.firstArgument !== "string" && call.firstArgument !== "none";
    case "acp-params":
      return (
        call.argumentCount >= 1 &&
        call.firstArgument !== "string" &&
        !(call.receiverName !== null && WEB_PERMISSION_RECEIVERS.has(call.receiverName))
      );
    default: {
      const unknownMatch: never = api.match;
      throw new Error(`unknown match kind ${String(unknownMatch)}`);
    }
  }
}

/** Whether `path` is `tail` or ends with `.tail`. */
function isPathTail(path: string | null, tail: string): boolean {
  return path !== null && (path === tail || path.endsWith(`.${tail}`));
}

const WITHOUT_COMPANION = new Fact<null, HumanWaitApi>("a row without its signal companion (ACP 1.x), per row");

/**
 * The row as the installed SDK has it, or null where the installed version has no such wait (the row's
 * `installedBelow`: @mastra/mcp 2.x's `elicitation.sendRequest` rejects). @agentclientprotocol/sdk before 2.0 has no
 * `stopWaitingOnCancel`, so advice and fixes must not name it. `installedMajor` reads the version the linted file
 * would load; a version it cannot read keeps the row as the table has it.
 */
export function apiForInstalledVersions(
  api: HumanWaitApi,
  filename: string,
  installedMajor: (pkg: string, filename: string) => number | null,
): HumanWaitApi | null {
  if (api.installedBelow) {
    const installed = installedMajor(api.installedBelow.package, filename);
    if (installed !== null && installed >= api.installedBelow.major) return null;
  }
  if (api.signalCompanionField === null || !api.packages.includes("@agentclientprotocol/sdk")) return api;
  const major = installedMajor("@agentclientprotocol/sdk", filename);
  if (major === null || major >= 2) return api;
  return configurationFacts(api).remember(WITHOUT_COMPANION, null, () => ({ ...api, signalCompanionField: null }));
}
