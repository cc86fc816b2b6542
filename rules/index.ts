/**
 * The plugin's rules by name, each module with its text gate: `export default` the rule, `export function mayReport`
 * whether it could report on a file with this text and these options (false is a promise that it does not). index.ts
 * publishes the rules from here and `check` skips a file no gate of the config admits, so a rule registered here
 * without a `mayReport` export fails to compile; a rule that must read every file exports `mayReport = null`.
 */
import type { TSESLint } from "@typescript-eslint/utils";
import type ts from "typescript";
import type { ElicitationRuleDocs } from "../analysis/create-rule.ts";
import * as answerPendingOnCancel from "./answer-pending-on-cancel/index.ts";
import * as cancelOnDismiss from "./cancel-on-dismiss/index.ts";
import { STRICT_OPTIONS as cancelOnDismissStrict } from "./cancel-on-dismiss/options.ts";
import * as exhaustiveAction from "./exhaustive-action/index.ts";
import { STRICT_OPTIONS as exhaustiveActionStrict } from "./exhaustive-action/options.ts";
import * as forwardAbortSignal from "./forward-abort-signal/index.ts";
import * as noSessionKeyedPending from "./no-session-keyed-pending/index.ts";
import * as releaseInFinally from "./release-in-finally/index.ts";
import { STRICT_OPTIONS as releaseInFinallyStrict } from "./release-in-finally/options.ts";
import { STRICT_OPTIONS as noSessionKeyedPendingStrict } from "./no-session-keyed-pending/options.ts";
import * as requireDeadline from "./require-deadline/index.ts";
import { STRICT_OPTIONS as requireDeadlineStrict } from "./require-deadline/options.ts";
import * as verifyRequestState from "./verify-request-state/index.ts";

export type RuleName =
  | "exhaustive-action"
  | "no-session-keyed-pending"
  | "require-deadline"
  | "forward-abort-signal"
  | "release-in-finally"
  | "verify-request-state"
  | "answer-pending-on-cancel"
  | "cancel-on-dismiss";

/** Whether a rule run untyped with `options` could report on a file with this text. */
type Gate = (text: string, options: Record<string, unknown>) => boolean;

interface GatedRuleModule {
  // Typed loosely on purpose: the published .d.ts must not reach into each rule's private Options type.
  readonly default: TSESLint.RuleModule<string, readonly unknown[], ElicitationRuleDocs>;
  readonly mayReport: Gate | null;
  /**
   * For a rule whose gate admits more files typed than untyped: whether, with the program's types, it could report
   * on a file its untyped gate turns away (false is a promise, as `mayReport`'s). `check` asks it before parsing
   * such a file with type information; a rule without it has every file its typed gate admits parsed.
   */
  readonly mayReportWithTypes?: (sourceFile: ts.SourceFile, program: ts.Program) => boolean;
}

/** In the order the configs list them. */
export const RULE_MODULES: Readonly<Record<RuleName, GatedRuleModule>> = {
  "exhaustive-action": exhaustiveAction,
  "no-session-keyed-pending": noSessionKeyedPending,
  "require-deadline": requireDeadline,
  "forward-abort-signal": forwardAbortSignal,
  "release-in-finally": releaseInFinally,
  "verify-request-state": verifyRequestState,
  "answer-pending-on-cancel": answerPendingOnCancel,
  "cancel-on-dismiss": cancelOnDismiss,
};

/** Options that make a rule report more (the `strict` and `all` configs), from each rule's options.ts. */
export const STRICT_OPTIONS: Readonly<Partial<Record<RuleName, readonly unknown[]>>> = {
  "exhaustive-action": exhaustiveActionStrict,
  "require-deadline": requireDeadlineStrict,
  "release-in-finally": releaseInFinallyStrict,
  "no-session-keyed-pending": noSessionKeyedPendingStrict,
  "cancel-on-dismiss": cancelOnDismissStrict,
};
