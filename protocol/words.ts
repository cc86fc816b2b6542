/**
 * The words the text gates look for: a file with none of them cannot hold what a rule reports, and is skipped
 * before it is parsed. Derived from the tables, so a new row brings its words with it.
 */
import {
  ELICITATION_HANDLER_APIS,
  ELICITATION_PARAM_KEYS,
  HUMAN_WAIT_APIS,
  type HandlerRegistrationApi,
} from "./apis.ts";
import { ACP_OUTCOMES, ELICIT_ACTIONS, RESULT_TYPE_NAMES } from "./answers.ts";
import { ACP_CLIENT_HANDLER_METHODS } from "./methods.ts";

/**
 * Words at least one of which a file must contain to hold a wait on a person, an elicitation handler or an answer:
 * a row's method name where that name alone is specific, else the JSON-RPC methods and method constants it
 * recognises in its first argument; a handler registration's schema names, else the key its handler sits at (a
 * construction's method, `MCPClient`, is in many files that register no handler), else its method; the answer types'
 * names; the request parameters' keys.
 */
export const HUMAN_WAIT_WORDS: readonly string[] = [
  ...new Set([
    ...HUMAN_WAIT_APIS.flatMap((api) =>
      api.match === "request-method"
        ? [...(api.requestMethods ?? []), ...(api.requestMethodPaths ?? [])]
        : [api.method],
    ),
    ...ELICITATION_HANDLER_APIS.flatMap(handlerWords),
    ...RESULT_TYPE_NAMES,
    ...ELICITATION_PARAM_KEYS,
  ]),
];

/**
 * The words a handler registration cannot match without: its schema names, else the last key of its handler path
 * (`inputRequests` in `new MCPClient({ servers: { x: { inputRequests } } })`: the object literal must spell it), else
 * its method.
 */
function handlerWords(api: HandlerRegistrationApi): readonly string[] {
  if (api.schemaNames.length > 0) return api.schemaNames;
  const handlerKey = api.handlerPath?.filter((key) => key !== "*").at(-1);
  return [handlerKey ?? api.method];
}

/** Words that tie a hand-rolled pending promise (analysis/deadline.ts) to a person being asked, in its function. */
export const HUMAN_ANSWER_HINT =
  /elicit|permission|approv|consent|question|answer|user_?input|ask_?user|confirm|session\/request_permission|elicitation\/create/i;

/**
 * Typed: a source file of the program that may declare a function answering with a person's answer (analysis/types.ts
 * reads types only where this matches): an ask's name, an answer type's, or the accept literal quoted.
 */
export const ANSWER_FUNCTION_TEXT_HINT = /elicit|requestPermission|RequestPermission|ElicitResult|"accept"|'accept'/;

/** A file that could compare anything with an answer literal holds one of these (`selected` covers ACP's outcome). */
export const ANSWER_LITERAL_HINT = /accept|decline|cancel|selected/;

/**
 * The shapes a file that asks a person writes, as words in the positions the recognisers read them (the second,
 * structural step of the text gate: a file may name these words only in a schema, a comment or a definition and ask
 * nobody). Derived from the same tables as `HUMAN_WAIT_WORDS`.
 */
export interface AskShapeWords {
  /** Methods recognised by their own name (every row but the request-method ones): a call `name(…)` asks. */
  readonly callNames: readonly string[];
  /** Methods that ask only with a JSON-RPC method in their first argument (`request`, `send`, `sendRequest`). */
  readonly requestCallers: readonly string[];
  /** The JSON-RPC methods and method constants those calls recognise in their first argument. */
  readonly requestMethods: readonly string[];
  /** Handler registrations: the registering method, and the schema names or paths it must be given (none: any). */
  readonly handlers: readonly { readonly method: string; readonly schemas: readonly string[] }[];
  /** An ACP client's handler methods, which a client class or object defines (or names) by these names. */
  readonly clientHandlers: readonly string[];
  /** The answer types' names, which an annotation or a result schema argument writes. */
  readonly answerTypes: readonly string[];
  /** The keys only a question's parameters have (`{ requestedSchema }` sent to a function of the project's own). */
  readonly paramKeys: readonly string[];
  /** The answers' literals, which a branch on an answer compares with (`=== "accept"`, `case "cancelled":`). */
  readonly answerLiterals: readonly string[];
}

export const ASK_SHAPE_WORDS: AskShapeWords = {
  callNames: [...new Set(HUMAN_WAIT_APIS.filter((api) => api.match !== "request-method").map((api) => api.method))],
  requestCallers: [
    ...new Set(HUMAN_WAIT_APIS.filter((api) => api.match === "request-method").map((api) => api.method)),
  ],
  requestMethods: [
    ...new Set(
      HUMAN_WAIT_APIS.flatMap((api) =>
        api.match === "request-method" ? [...(api.requestMethods ?? []), ...(api.requestMethodPaths ?? [])] : [],
      ),
    ),
  ],
  handlers: ELICITATION_HANDLER_APIS.map((api) => ({
    method: api.method,
    schemas: [...api.schemaNames, ...(api.schemaPaths ?? [])],
  })),
  clientHandlers: [...ACP_CLIENT_HANDLER_METHODS],
  answerTypes: [...RESULT_TYPE_NAMES],
  paramKeys: ELICITATION_PARAM_KEYS,
  answerLiterals: [...ELICIT_ACTIONS, ...ACP_OUTCOMES],
};
