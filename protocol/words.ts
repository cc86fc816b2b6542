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
import { RESULT_TYPE_NAMES } from "./answers.ts";

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

/** A file that could compare anything with an answer literal holds one of these (`selected` covers ACP's outcome). */
export const ANSWER_LITERAL_HINT = /accept|decline|cancel|selected/;
