/**
 * Which row of the API table (protocol/apis.ts) a call belongs to, read from the facts of the call alone; the
 * parser-facing side is analysis/calls.ts. Rules and codemods never test method names themselves.
 */
import { HUMAN_WAIT_APIS, WEB_PERMISSION_RECEIVERS, type CallOverload, type HumanWaitApi } from "../protocol/apis.ts";
import { HUMAN_WAIT_WORDS } from "../protocol/words.ts";
import { isRequestBuilderName } from "./mrtr.ts";

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

const overloadRows = new Map<HumanWaitApi, Map<number, HumanWaitApi>>();

function forOverload(api: HumanWaitApi, call: CallFacts): HumanWaitApi {
  const overload = overloadFor(api, call);
  if (!overload || overload.optionsArgIndex === api.optionsArgIndex) return api;
  let rows = overloadRows.get(api);
  if (!rows) overloadRows.set(api, (rows = new Map()));
  let row = rows.get(overload.optionsArgIndex);
  if (!row) rows.set(overload.optionsArgIndex, (row = { ...api, optionsArgIndex: overload.optionsArgIndex }));
  return row;
}

const SHAPE_ONLY_MATCHES: ReadonlySet<HumanWaitApi["match"]> = new Set(["string-message", "params-object"]);

const unknownOriginRows = new Map<HumanWaitApi, HumanWaitApi>();

/**
 * Whether the row is a look-alike of a known API from no package the file imports (an `elicit` told apart only by its
 * shape): which options it takes, and what it answers, are unknown, so no edit may write any.
 */
export function isUnknownOrigin(api: HumanWaitApi): boolean {
  return api.defaultDeadline.kind === "unknown" && SHAPE_ONLY_MATCHES.has(api.match);
}

function asUnknownOrigin(api: HumanWaitApi): HumanWaitApi {
  let row = unknownOriginRows.get(api);
  if (!row) {
    row = { ...api, label: `\`${api.method}\``, defaultDeadline: { kind: "unknown" } };
    unknownOriginRows.set(api, row);
  }
  return row;
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

const withoutCompanion = new Map<HumanWaitApi, HumanWaitApi>();

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
  let row = withoutCompanion.get(api);
  if (!row) {
    row = { ...api, signalCompanionField: null };
    withoutCompanion.set(api, row);
  }
  return row;
}
