/**
 * The options, message ids and messages of `release-in-finally`, and what the `strict` config sets, apart from the
 * rule so that the modules beside it can name its types without importing the rule back.
 */
import type { JSONSchema4 } from "@typescript-eslint/utils/json-schema";
import { lockPairOptionSchema, type LockPairOption } from "./lock-pairs.ts";
import { wrapperOptionSchema, type WrapperOption } from "../../analysis/wrappers.ts";

export type Options = [
  {
    pairs?: LockPairOption[];
    callbackScopes?: string[];
    reportEscapingHandles?: boolean;
    anyAwait?: boolean;
    humanWaitFunctions?: WrapperOption[];
  },
];

export type MessageIds =
  | "releaseNotInFinally"
  | "statementsBeforeTry"
  | "acquireInsideTry"
  | "handleEscapes"
  | "timerNotCleared"
  | "wrapInTryFinally"
  | "clearInFinally"
  | "moveIntoTry"
  | "acquireBeforeTry"
  | "rollBackInCatch"
  | "holdWithUsing";

export const SCHEMA: JSONSchema4[] = [
  {
    type: "object",
    additionalProperties: false,
    properties: {
      pairs: lockPairOptionSchema,
      callbackScopes: {
        type: "array",
        items: { type: "string" },
        uniqueItems: true,
        description:
          "Methods that hold a resource only while the callback they are given runs, added to the built-in " +
          "`runExclusive`, `withLock`, `acquire`, `lock`, `begin`, `connect`, `getConnection`, `transaction`, " +
          "`$transaction`, `withTransaction`. Called with a callback, they are not an acquisition.",
      },
      reportEscapingHandles: {
        type: "boolean",
        description:
          "Also report a release handle that is stored or passed on, where this function alone cannot show " +
          "it is released on every path (on in the `strict` config).",
      },
      anyAwait: {
        type: "boolean",
        description:
          "Report a resource held across any `await`, not only across a wait on a person (a recognised " +
          "human-wait call, or a call of a function in the same file that makes one).",
      },
      humanWaitFunctions: wrapperOptionSchema,
    },
  },
];

export const DEFAULT_OPTIONS: Options = [
  { pairs: [], callbackScopes: [], reportEscapingHandles: false, anyAwait: false, humanWaitFunctions: [] },
];

export const MESSAGES: Record<MessageIds, string> = {
  releaseNotInFinally: "Holds {{what}} but gives it back outside a `finally`: a timeout or cancel leaks it.",
  statementsBeforeTry: "If code before the `try` throws, {{what}} is never given back: move it in.",
  acquireInsideTry: "Take {{what}} before the `try`: if taking it fails, the `finally` releases it anyway.",
  handleEscapes: "The release handle `{{name}}` is passed on, so it may never be released: release it in a `finally`.",
  timerNotCleared: "If the question goes unanswered, {{what}} {{fate}}: clear it in a `finally`.",
  wrapInTryFinally: "Give back {{what}} in a `finally`, so every path that ends the wait releases it.",
  clearInFinally: "Clear {{what}} in a `finally`, so it stops on every path that ends the wait.",
  rollBackInCatch: "Commit at the end of a `try` and `{{rollback}}` in its `catch`, so no path leaves it open.",
  moveIntoTry: "Move the statements before the `try` into it.",
  acquireBeforeTry: "Take {{what}} just before the `try`.",
  holdWithUsing: "Hold it with `{{keyword}}`, so it is disposed on every path.",
};

/** What the `strict` and `all` configs set: a release handle that escapes the function is reported too. */
export const STRICT_OPTIONS: Options = [{ reportEscapingHandles: true }];
