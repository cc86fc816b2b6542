/**
 * `elicitation/exhaustive-action`: decline and cancel are distinct outcomes (docs/rules/exhaustive-action.md).
 *
 * A person asked a question answers `accept`, `decline` (they said no) or `cancel` (they dismissed the dialog and
 * decided nothing); ACP permission requests answer `selected` (with an allow or reject option) or `cancelled`.
 * This rule reports branches that send two of those facts down one path, and client handlers that answer
 * `decline` when nobody was asked. Its suggestion is the exhaustive `switch` the codemod applies in batch.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { completionVisitors, deferredUntilProgramExit } from "./completion.ts";
import { isFunctionNode } from "../../analysis/ast.ts";
import { askOf } from "../../analysis/asks.ts";
import { isAcpClientHandlerMethod } from "../../analysis/calls.ts";
import { createRule } from "../../analysis/create-rule.ts";
import { importsModuleThatMayAsk } from "../../analysis/modules.ts";
import { namedClientHandlers } from "./acp-clients.ts";
import { mayCompareMappedAnswer } from "./answer-mapping.ts";
import { textFacts, type TextSource } from "../../analysis/text-gate.ts";
import { compileWrappers, mentionsAnswerWord, mentionsWrapper } from "../../analysis/wrappers.ts";
import { analyseIf, analyseSwitch, analyseTernary, type OutcomeCheck } from "./analyse.ts";
import { acpHandlerSide, checkHandler, checkRelay } from "./handler.ts";
import { reportReask } from "./mrtr.ts";
import { withNoDecisionPaths } from "./cancelled-paths.ts";
import { codeStyle } from "./render.ts";
import { DEFAULT_OPTIONS, MESSAGES, SCHEMA, type MessageIds, type Options } from "./options.ts";

export type { MessageIds, Options } from "./options.ts";
/**
 * What types add to `mayReport`, asked by `check` through `RULE_MODULES` (rules/index.ts), which no import names.
 * @public
 */
export { mayReportWithTypes } from "./typed-gate.ts";

/** Messages that, when the report offers no suggestion, say why (`No rewrite is suggested: …`). */
export const EXPLAINS_MISSING_REWRITE: ReadonlySet<MessageIds> = new Set([
  "declineAndCancelMerged",
  "cancelledAndSelectedMerged",
  "unhandledOutcome",
]);

/** A `catch` in the text: a relay's, which answers when asking failed (handler.ts `checkRelay`). */
const CATCHES = /\bcatch\b/;

/**
 * Whether this rule can report anything in a file with this text. Untyped, only files that compare an answer literal
 * where they ask a person (or send a question's parameters), that register a question's handler, that ask a person and
 * catch its failure, or that read an answer under MRTR can hold an answer, and files that name one of the user's
 * wrappers; typed, any file comparing an answer literal can. The codemod uses this same test.
 */
export function mayReport(source: TextSource, options: Options[0] = {}, typed = false): boolean {
  return textReading(source, options, typed) !== null;
}

/**
 * What the text lets the rule read: every branch on an answer and every handler (`all`), or only a relay's `catch`
 * (`relays`: a file that asks a person and catches its failure, and shows nothing else the rule reads), or nothing.
 */
function textReading(source: TextSource, options: Options[0], typed: boolean): "all" | "relays" | null {
  const facts = textFacts(source);
  const wrappers = compileWrappers(options.humanWaitFunctions);
  // An entry's own answer words (`answerValues`) stand in for the protocol's.
  if (!facts.mayCompareAnswer && !mentionsAnswerWord(facts.text, wrappers)) return null;
  if (
    typed ||
    (facts.comparesAnswerLiteral && (facts.mayAskPerson || facts.maySendQuestionParams)) ||
    facts.mayHandleQuestion ||
    facts.mayReadMrtrAnswer ||
    mentionsWrapper(facts.text, wrappers)
  )
    return "all";
  return facts.mayAskPerson && CATCHES.test(facts.text) ? "relays" : null;
}

/** What the rule reads in a linted file: its text's reading, or all of it where an answer may come from elsewhere. */
function readingOf(sourceCode: Readonly<TSESLint.SourceCode>, options: Options[0]): "all" | "relays" | null {
  const reading = textReading(sourceCode, options, !!sourceCode.parserServices?.program);
  if (reading === "all") return reading;
  const asksInImports = () => importsModuleThatMayAsk(sourceCode);
  // An answer may also come from a wait in another module of the project (analysis/modules.ts), or a helper's words.
  const fromElsewhere =
    (textFacts(sourceCode).comparesAnswerLiteral && asksInImports()) ||
    mayCompareMappedAnswer(sourceCode, asksInImports);
  return fromElsewhere ? "all" : reading;
}

export default createRule<Options, MessageIds>({
  name: "exhaustive-action",
  meta: {
    type: "problem",
    docs: {
      description: "Require decline and cancel (and ACP's cancelled) to be handled as separate outcomes",
      recommended: true,
    },
    // eslint-disable-next-line eslint-plugin/require-meta-has-suggestions -- the suggestions are built in ./exhaustive-action/fix.ts and if-to-switch.ts
    hasSuggestions: true,
    schema: SCHEMA,
    defaultOptions: DEFAULT_OPTIONS,
    messages: MESSAGES,
  },
  create(context, [options]) {
    const sourceCode = context.sourceCode;
    const reading = readingOf(sourceCode, options);
    if (!reading) return {};

    const check: OutcomeCheck = {
      context,
      sourceCode,
      branchContext: { sourceCode, wrappers: compileWrappers(options.humanWaitFunctions, context) },
      reportIdentical: options.reportIdenticalBranches === true,
      narrowByType: true,
      style: codeStyle(sourceCode, context.filename),
    };
    // A `catch` is all such a file may hold for this rule: its branches and handlers ask nothing of it.
    if (reading === "relays") return { TryStatement: (node) => checkRelay(check, node) };
    const narrowing = narrowByTypeOnlyToReport(check);
    // Whether a branch runs on into the code after it is known once the whole file has been walked.
    const atEnd = deferredUntilProgramExit();

    return {
      ...completionVisitors(sourceCode.visitorKeys),
      IfStatement: atEnd.later(
        withNoDecisionPaths(
          check,
          (node: TSESTree.IfStatement) => reportReask(check, node) || narrowing(analyseIf)(node),
        ),
      ),
      ConditionalExpression: atEnd.later(withNoDecisionPaths(check, narrowing(analyseTernary))),
      SwitchStatement: atEnd.later(withNoDecisionPaths(check, narrowing(analyseSwitch))),
      "Program:exit": atEnd.run,
      CallExpression: (node) => checkRegistration(check, node),
      TryStatement: (node) => checkRelay(check, node),
      MethodDefinition(node) {
        if (isAcpClientHandlerMethod(node)) checkHandler(check, node.value, acpHandlerSide(node));
      },
      Property(node) {
        if (isFunctionNode(node.value) && isAcpClientHandlerMethod(node))
          checkHandler(check, node.value, acpHandlerSide(node));
      },
      NewExpression(node) {
        checkRegistration(check, node);
        for (const named of namedClientHandlers(node, sourceCode))
          checkHandler(check, named.handler, acpHandlerSide(named.property));
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
function narrowByTypeOnlyToReport(check: OutcomeCheck) {
  const typed = !!check.sourceCode.parserServices?.program && !check.reportIdentical;
  return <N>(analyse: (check: OutcomeCheck, node: N) => unknown) =>
    (node: N): void => {
      if (!typed) {
        analyse(check, node);
        return;
      }
      let wouldReport = false;
      const context = Object.create(check.context, {
        report: { value: () => (wouldReport = true) },
      }) as OutcomeCheck["context"];
      analyse({ ...check, context, narrowByType: false }, node);
      if (wouldReport) analyse(check, node);
    };
}

/** A client's registration (`setRequestHandler(…)`, `new MCPClient({ servers })`): its handler's answers. */
function checkRegistration(check: OutcomeCheck, node: TSESTree.CallExpression | TSESTree.NewExpression): void {
  // Handlers written at the registration; one passed by name is judged where the file declares it.
  const handler = askOf(node, check.sourceCode).handler;
  if (handler?.inline) checkHandler(check, handler.handler, "mcp");
}
