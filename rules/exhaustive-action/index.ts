/**
 * `elicitation/exhaustive-action`: decline and cancel are distinct outcomes (DESIGN §2.1).
 *
 * A person asked a question answers `accept`, `decline` (they said no) or `cancel` (they dismissed the dialog and
 * decided nothing); ACP permission requests answer `selected` (with an allow or reject option) or `cancelled`.
 * This rule reports branches that send two of those facts down one path, and client handlers that answer
 * `decline` when nobody was asked. Its suggestion is the exhaustive `switch` the codemod applies in batch.
 */
import { isFunctionNode } from "../../analysis/ast.ts";
import { isAcpClientHandlerMethod, matchElicitationHandler } from "../../analysis/calls.ts";
import { createRule } from "../../analysis/create-rule.ts";
import { textFacts, type TextSource } from "../../analysis/text-gate.ts";
import { compileWrappers, mentionsWrapper, wrapperOptionSchema, type WrapperOption } from "../../analysis/wrappers.ts";
import { analyseIf, analyseSwitch, analyseTernary, type Check } from "./analyse.ts";
import { acpHandlerSide, checkHandler } from "./handler.ts";
import { reportReask } from "./mrtr.ts";
import { codeStyle } from "./render.ts";

export type Options = [{ reportIdenticalBranches?: boolean; humanWaitFunctions?: WrapperOption[] }];
export type MessageIds =
  | "declineAndCancelMerged"
  | "cancelledAndSelectedMerged"
  | "unhandledOutcome"
  | "declineWithoutPerson"
  | "identicalBranches"
  | "reaskMerged"
  | "suggestExhaustiveSwitch"
  | "suggestInputResponseSwitch";

/** Messages that, when the report offers no suggestion, say why (`No rewrite is suggested: …`). */
export const EXPLAINS_MISSING_REWRITE: ReadonlySet<MessageIds> = new Set([
  "declineAndCancelMerged",
  "cancelledAndSelectedMerged",
  "unhandledOutcome",
]);

/**
 * Whether this rule can report anything in a file with this text. Untyped, only files that name a human wait (or one of
 * the user's wrappers) can hold an answer; typed, any file comparing an answer literal can. The codemod uses this same test.
 */
export function mayReport(source: TextSource, options: Options[0] = {}, typed = false): boolean {
  const facts = textFacts(source);
  if (!facts.mayCompareAnswer) return false;
  return (
    typed ||
    facts.mayWaitOnPerson ||
    facts.mayUseMrtr ||
    mentionsWrapper(facts.text, compileWrappers(options.humanWaitFunctions))
  );
}

export default createRule<Options, MessageIds>({
  name: "exhaustive-action",
  meta: {
    type: "problem",
    docs: {
      description: "Require decline and cancel (and ACP's cancelled) to be handled as separate outcomes",
      recommended: true,
    },
    // eslint-disable-next-line eslint-plugin/require-meta-has-suggestions -- the suggestions are built in ./exhaustive-action/fix.ts
    hasSuggestions: true,
    schema: [
      {
        type: "object",
        additionalProperties: false,
        properties: {
          reportIdenticalBranches: {
            type: "boolean",
            description:
              "Also report decline and cancel branches that are token-identical, or grouped in one test or case (the strict config turns this on).",
          },
          humanWaitFunctions: wrapperOptionSchema,
        },
      },
    ],
    defaultOptions: [{ reportIdenticalBranches: false, humanWaitFunctions: [] }],
    messages: {
      declineAndCancelMerged:
        "Decline and cancel both take {{path}}: a dismissed dialog will be handled as a refusal, or a refusal as a dismissal. Give each its own branch.{{rewrite}}",
      cancelledAndSelectedMerged:
        "A cancelled permission request takes {{path}} with a selected option: a dismissed prompt will be handled as that choice. Handle `cancelled` on its own.{{rewrite}}",
      unhandledOutcome:
        "{{missing}} has no branch of its own here and carries on with the code after, like {{others}}: {{consequence}}. Give it its own branch.{{rewrite}}",
      declineWithoutPerson:
        "This handler answers {{answer}} when {{cause}}: the {{asker}} will be told a person refused when nobody decided. Answer {{instead}} (no decision) instead.",
      identicalBranches:
        "Decline and cancel {{what}}: whoever reads the result still cannot tell a refusal from a dismissed dialog.",
      reaskMerged:
        "A person who declined, or dismissed the question, is asked it again until the client gives up. `acceptedContent(…)` is undefined for a decline, a cancel and a missing answer alike: read the answer with `inputResponse(…)` and end the call on decline and on cancel.{{rewrite}}",
      suggestExhaustiveSwitch: "Handle accept, decline and cancel in a switch",
      suggestInputResponseSwitch: "Read the answer with inputResponse and end the call on decline and on cancel",
    },
  },
  create(context, [options]) {
    const sourceCode = context.sourceCode;
    if (!mayReport(sourceCode, options, !!sourceCode.parserServices?.program)) return {};

    const check: Check = {
      context,
      sourceCode,
      branchContext: { sourceCode, wrappers: compileWrappers(options.humanWaitFunctions) },
      reportIdentical: options.reportIdenticalBranches === true,
      narrowByType: true,
      style: codeStyle(sourceCode, context.filename),
    };
    const narrowing = narrowByTypeOnlyToReport(check);

    return {
      IfStatement: (node) => reportReask(check, node) || narrowing(analyseIf)(node),
      ConditionalExpression: narrowing(analyseTernary),
      SwitchStatement: narrowing(analyseSwitch),
      CallExpression(node) {
        const handler = matchElicitationHandler(node);
        if (handler) checkHandler(check, handler.handler, "mcp");
      },
      MethodDefinition(node) {
        if (isAcpClientHandlerMethod(node)) checkHandler(check, node.value, acpHandlerSide(node));
      },
      Property(node) {
        if (isFunctionNode(node.value) && isAcpClientHandlerMethod(node))
          checkHandler(check, node.value, acpHandlerSide(node));
      },
    };
  },
});

/**
 * Typed, runs an analysis first without the checker's narrowing and again with it only where it would report. The
 * narrowing only removes values, so it can only take a finding away, and asking about the type of an answer is the
 * dearest question this rule asks (the SDK's `ElicitResult` is inferred from a zod schema). Reporting identical
 * branches is not monotone in the values, so with that option every analysis is typed.
 */
function narrowByTypeOnlyToReport(check: Check) {
  const typed = !!check.sourceCode.parserServices?.program && !check.reportIdentical;
  return <N>(analyse: (check: Check, node: N) => unknown) =>
    (node: N): void => {
      if (!typed) {
        analyse(check, node);
        return;
      }
      let wouldReport = false;
      const context = Object.create(check.context, {
        report: { value: () => (wouldReport = true) },
      }) as Check["context"];
      analyse({ ...check, context, narrowByType: false }, node);
      if (wouldReport) analyse(check, node);
    };
}
