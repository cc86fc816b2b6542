/**
 * Users' own functions that wait on a person, given in rule options in typescript-eslint's specifier shape
 * (`{ from: "file" | "package" | "lib", name, package?, path? }`) plus which table row they behave like.
 */
import type { JSONSchema4 } from "@typescript-eslint/utils/json-schema";
import nodePath from "node:path";
import { HUMAN_WAIT_APIS, type HumanWaitApi } from "../protocol/apis.ts";
import { ELICIT_ACTIONS, type ElicitAction } from "../protocol/answers.ts";
import { Fact, configurationFacts } from "./cached-facts.ts";

export interface WrapperOption {
  from: "file" | "package" | "lib";
  name: string | string[];
  package?: string;
  /**
   * The files the entry applies in, relative to the project (ESLint's cwd), `/`-separated: a file (`src/ask.ts`) or
   * a folder (`src/agents`, every file below it). Absent: every file.
   */
  path?: string;
  /** Id of the table row the wrapper forwards to (default: the MCP SDK's `elicitInput`). */
  behavesLike?: string;
  /** Index of the wrapper's own options argument, if it takes one; null when it takes none. */
  optionsArgIndex?: number | null;
  /** The options that set a deadline (`["ttl"]`); default: the row's. */
  deadlineOptions?: string[];
  /** The deadline when none is given, in ms; null when it waits until answered. Default: the row's. */
  defaultDeadlineMs?: number | null;
  /** The option that carries an AbortSignal, or null when it takes none. Default: the row's. */
  signalOption?: string | null;
  /**
   * Where a handler of the entry's framework holds the caller's signal, from its context parameter, as the README's
   * "Caller's signal" column writes it (`ctx.abort`: `abort` below a parameter named `ctx`, or below the receiver of
   * `ctx.ask(…)`), or "none" when its context carries none: then no advice names a signal. Default: neither.
   */
  callerSignal?: string;
  /**
   * The answer's field that holds accept, decline or cancel (`status`, not `action`); default: the row's
   * (`action`). exhaustive-action judges branches on this field of the entry's answers, and on no other.
   */
  answerField?: string;
  /**
   * The answer's own words for accept, decline and cancel (`{ accept: "approved", decline: "rejected", cancel:
   * "dismissed" }`), each defaulting to the protocol's word. exhaustive-action splits branches on these words, in the
   * entry's answers only. The words, with the defaults, must all differ.
   */
  answerValues?: { accept?: string; decline?: string; cancel?: string };
}

/** An entry's `callerSignal` other than "none": the context parameter's name and the path below it. */
interface EntryCallerSignal {
  readonly parameter: string;
  readonly path: readonly string[];
}

export interface WrapperSpecifier {
  readonly names: readonly string[];
  readonly api: HumanWaitApi;
  readonly option: WrapperOption;
  /** Where the entry says its framework's handlers hold the caller's signal; null for "none" or when it says nothing. */
  readonly callerSignal: EntryCallerSignal | null;
}

export const wrapperOptionSchema: JSONSchema4 = {
  type: "array",
  description: "Your own functions that wait on a person, in typescript-eslint's type-or-value specifier shape.",
  items: {
    type: "object",
    additionalProperties: false,
    required: ["from", "name"],
    properties: {
      from: { type: "string", enum: ["file", "package", "lib"] },
      name: {
        oneOf: [{ type: "string" }, { type: "array", items: { type: "string" }, minItems: 1, uniqueItems: true }],
      },
      package: { type: "string" },
      path: { type: "string" },
      behavesLike: { type: "string", enum: HUMAN_WAIT_APIS.map((api) => api.id) },
      optionsArgIndex: { oneOf: [{ type: "integer", minimum: 0 }, { type: "null" }] },
      deadlineOptions: { type: "array", items: { type: "string" } },
      defaultDeadlineMs: { oneOf: [{ type: "integer", minimum: 0 }, { type: "null" }] },
      signalOption: { oneOf: [{ type: "string" }, { type: "null" }] },
      answerField: { type: "string", minLength: 1 },
      answerValues: {
        type: "object",
        additionalProperties: false,
        minProperties: 1,
        properties: Object.fromEntries(
          ELICIT_ACTIONS.map((action) => [action, { type: "string", minLength: 1 }] as const),
        ),
      },
      callerSignal: { type: "string", pattern: "^(?:none|[A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)+)$" },
    },
  },
};

const DEFAULT_BEHAVIOUR = "mcp-elicit-input";

/** The linted file, for entries with a `path` (a rule's `context`). Without it, entries apply in every file. */
interface LintedFile {
  readonly filename: string;
  readonly cwd: string;
}

export function compileWrappers(
  options: readonly WrapperOption[] | undefined,
  file?: LintedFile,
): readonly WrapperSpecifier[] {
  if (!options || options.length === 0) return [];
  // createRule hands every file of a config the same options object, so they are compiled once.
  const compiled = configurationFacts(options).remember(COMPILED_WRAPPERS, null, () => buildWrappers(options));
  if (!file || compiled.every((wrapper) => wrapper.option.path === undefined)) return compiled;
  return compiled.filter((wrapper) => appliesInFile(wrapper.option.path, file));
}

/** `path: "src/agents"` covers `src/agents/deploy.ts` and `src/agents`, not `src/agents-old/x.ts` nor `lib/src/agents`. */
function appliesInFile(entryPath: string | undefined, file: LintedFile): boolean {
  if (entryPath === undefined) return true;
  const wanted = entryPath
    .replace(/\\/g, "/")
    .replace(/^(?:\.\/)+/, "")
    .replace(/\/+$/, "");
  const relative = nodePath.relative(file.cwd, file.filename).split(nodePath.sep).join("/");
  return relative === wanted || relative.startsWith(`${wanted}/`);
}

const COMPILED_WRAPPERS = new Fact<null, readonly WrapperSpecifier[]>("a `humanWaitFunctions` list compiled, per list");

function buildWrappers(options: readonly WrapperOption[]): WrapperSpecifier[] {
  return options.map((option) => {
    const base = HUMAN_WAIT_APIS.find((api) => api.id === (option.behavesLike ?? DEFAULT_BEHAVIOUR))!;
    const names = Array.isArray(option.name) ? option.name : [option.name];
    checkAnswerValues(option, names);
    const callerSignal = parseCallerSignal(option.callerSignal);
    const api: HumanWaitApi = {
      ...base,
      id: `wrapper:${names.join(",")}`,
      label: option.package ? `\`${names[0]}\` from \`${option.package}\`` : `\`${names[0]}\` (wraps ${base.label})`,
      method: names[0]!,
      optionsArgIndex: option.optionsArgIndex === undefined ? base.optionsArgIndex : option.optionsArgIndex,
      // A wrapper's receiver is the user's, not the framework's context: its signal is wherever the entry says.
      callerSignal: callerSignal ? [{ receiver: "", path: callerSignal.path }] : [],
      ...(option.deadlineOptions ? { deadlineFields: option.deadlineOptions } : {}),
      ...(option.signalOption !== undefined ? { signalField: option.signalOption, signalCompanionField: null } : {}),
      ...(option.defaultDeadlineMs !== undefined
        ? {
            defaultDeadline:
              option.defaultDeadlineMs === null
                ? { kind: "none" as const }
                : { kind: "documented" as const, ms: option.defaultDeadlineMs },
          }
        : {}),
      ...(option.from === "package" && option.package ? { packages: [option.package], requiresImport: true } : {}),
    };
    return { names, api, option, callerSignal };
  });
}

/**
 * An entry's answer words, each defaulting to the protocol's, must all differ: with one word for two answers, no
 * branch on it can tell them apart. JSON Schema cannot compare two properties' values, so the check is here.
 */
function checkAnswerValues(option: WrapperOption, names: readonly string[]): void {
  if (!option.answerValues) return;
  const holder = new Map<string, ElicitAction>();
  for (const action of ELICIT_ACTIONS) {
    const word = option.answerValues[action] ?? action;
    const first = holder.get(word);
    if (first !== undefined) {
      throw new Error(
        `humanWaitFunctions entry ${JSON.stringify(names.join(", "))}: answerValues gives "${word}" to both ${first} and ${action}; each answer needs its own word.`,
      );
    }
    holder.set(word, action);
  }
}

function parseCallerSignal(text: string | undefined): EntryCallerSignal | null {
  if (text === undefined || text === "none") return null;
  const [parameter, ...path] = text.split(".");
  return { parameter: parameter!, path };
}

/** Whether the entry says its framework's handlers carry no caller's signal (`callerSignal: "none"`). */
export function hasNoCallerSignal(wrapper: WrapperSpecifier | null): boolean {
  return wrapper?.option.callerSignal === "none";
}

/** Whether a file's text names one of the user's wrappers: such a file may wait on a person without our words. */
export function mentionsWrapper(text: string, wrappers: readonly WrapperSpecifier[]): boolean {
  return wrappers.some((wrapper) => wrapper.names.some((name) => text.includes(name)));
}

/** Whether a file's text holds one of the entries' own answer words (`answerValues`): it may compare their answers. */
export function mentionsAnswerWord(text: string, wrappers: readonly WrapperSpecifier[]): boolean {
  return wrappers.some((wrapper) =>
    Object.values(wrapper.option.answerValues ?? {}).some((word) => text.includes(word)),
  );
}
