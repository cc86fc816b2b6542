/**
 * What an expression answers a person's question with, read against the protocols' answer shapes
 * (protocol/answers.ts): ACP's nested `outcome` (selected with an option id, or cancelled) and MCP's `action` (accept,
 * decline or cancel). ACP's nested shape names itself; MCP's `action` is tied to a question
 * by the file (it names an elicitation, an answer type or a handler), by a `content` field, or (typed) by the type the
 * code expects there, so a cookie banner's `{ action: "accept" }` is nobody's answer.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../../analysis/node-types.ts";
import { findProperty, getMemberPath, getStringValue, unwrapExpression } from "../../analysis/ast.ts";
import { textFacts } from "../../analysis/text-gate.ts";
import { expectedAnswerShape } from "../../analysis/types.ts";
import { walkSubtree } from "../../analysis/walk.ts";
import {
  ACP_ALLOW_OPTION_KINDS,
  ACP_OUTCOME,
  ACP_REJECT_OPTION_KINDS,
  APPROVAL_WORDS,
  DISCRIMINANT_FIELD,
  ELICIT_ACTION,
  ELICIT_CONTENT_FIELD,
  NO_DECISION_ANSWER,
  OPTION_ID_FIELD,
  REJECTION_WORDS,
} from "../../protocol/answers.ts";
import type { Assumption } from "./assumption.ts";

/** What an answer means when nobody chose: no decision is right; the rest decide for the person. */
type Verdict = "no-decision" | "approves" | "picks" | "refuses" | "unknown";

export type AnswerShape = "acp-permission-outcome" | "acp-elicit-result" | "mcp-elicit-result";

export interface AnswerReading {
  /** The expression as written where the answer is given (an argument, a returned value). */
  readonly site: TSESTree.Node;
  readonly shape: AnswerShape;
  readonly verdict: Verdict;
  /** The answer in a message's words: option `allow`, `accept`. */
  readonly words: string;
}

/** The answer `site` gives on the dismissal path, or null when it is no answer of a person's. */
export function readAnswer(
  site: TSESTree.Node,
  assumption: Assumption,
  sourceCode: Readonly<TSESLint.SourceCode>,
): AnswerReading | null {
  const value = assumption.valueOf(site);
  if (value === "undefined" || value.type !== AST_NODE_TYPES.ObjectExpression) return null;
  const acp = acpOutcome(value, assumption);
  if (acp) {
    if (acp.outcome === ACP_OUTCOME.cancelled)
      return reading(site, "acp-permission-outcome", "no-decision", acp.outcome);
    if (acp.outcome !== ACP_OUTCOME.selected) return null;
    const option = readOption(acp.option, assumption, sourceCode);
    return { site, shape: "acp-permission-outcome", ...option };
  }
  const actionProperty = findProperty(value, DISCRIMINANT_FIELD["mcp-elicit-result"]);
  const action = actionProperty ? stringAt(actionProperty.value, assumption) : null;
  if (action === null || !Object.values(ELICIT_ACTION).includes(action as never)) return null;
  if (!isTiedToQuestion(value, site, sourceCode)) return null;
  const verdict =
    action === ELICIT_ACTION.cancel ? "no-decision" : action === ELICIT_ACTION.accept ? "approves" : "refuses";
  return reading(site, "mcp-elicit-result", verdict, action);
}

/** The no-decision answer's word for a shape: `cancelled`, `cancel`. */
export function noDecisionWord(shape: AnswerShape): string {
  const answer = NO_DECISION_ANSWER[shape];
  return `\`${"outcome" in answer ? answer.outcome.outcome : answer.action}\``;
}

/** Who waits on the answer, as messages name it. */
export function askerOf(shape: AnswerShape): string {
  return shape === "mcp-elicit-result" ? "server" : "agent";
}

function reading(site: TSESTree.Node, shape: AnswerShape, verdict: Verdict, word: string): AnswerReading {
  return { site, shape, verdict, words: `\`${word}\`` };
}

/** `{ outcome: { outcome, optionId } }`: the outcome's word and the option's expression. */
function acpOutcome(
  object: TSESTree.ObjectExpression,
  assumption: Assumption,
): { outcome: string | null; option: TSESTree.Node | null } | null {
  const outer = findProperty(object, DISCRIMINANT_FIELD["acp-permission-outcome"]);
  const inner = outer ? assumption.valueOf(outer.value) : null;
  if (!inner || inner === "undefined" || inner.type !== AST_NODE_TYPES.ObjectExpression) return null;
  const word = findProperty(inner, DISCRIMINANT_FIELD["acp-permission-outcome"]);
  if (!word) return null;
  return { outcome: stringAt(word.value, assumption), option: findProperty(inner, OPTION_ID_FIELD)?.value ?? null };
}

function stringAt(node: TSESTree.Node, assumption: Assumption): string | null {
  const value = assumption.valueOf(node);
  return value === "undefined" ? null : getStringValue(value);
}

/** The longest option expression a message quotes. */
const QUOTED_OPTION_LENGTH = 20;

/**
 * What selecting this option means: a literal's words (`"allow"`, `"reject-once"`), the option kinds a lookup names
 * (`options.find((o) => o.kind === "allow_once")`), the words of the path it is read from (`allowOption.optionId`),
 * or, for a fixed index (`options[0]`), a choice of the code's. A variable the person's click set is unknown.
 */
function readOption(
  node: TSESTree.Node | null,
  assumption: Assumption,
  sourceCode: Readonly<TSESLint.SourceCode>,
): { verdict: Verdict; words: string } {
  const value = node ? assumption.valueOf(node) : "undefined";
  if (value === "undefined") return { verdict: "unknown", words: "" };
  const text = getStringValue(value) ?? sourceCode.getText(value);
  const shown = text.length > QUOTED_OPTION_LENGTH ? `${text.slice(0, QUOTED_OPTION_LENGTH - 1)}…` : text;
  const words = `option \`${shown}\``;
  const literal = getStringValue(value);
  if (literal !== null) {
    return {
      verdict: REJECTION_WORDS.test(literal) ? "refuses" : APPROVAL_WORDS.test(literal) ? "approves" : "picks",
      words,
    };
  }
  const kinds = literalsIn(value, sourceCode);
  if (kinds.some((kind) => ACP_REJECT_OPTION_KINDS.has(kind))) return { verdict: "refuses", words };
  if (kinds.some((kind) => ACP_ALLOW_OPTION_KINDS.has(kind))) return { verdict: "approves", words };
  const path = getMemberPath(value)?.join(".");
  if (path !== undefined) {
    if (REJECTION_WORDS.test(path)) return { verdict: "refuses", words };
    if (APPROVAL_WORDS.test(path)) return { verdict: "approves", words };
  }
  return { verdict: readsFixedIndex(value) ? "picks" : "unknown", words };
}

function literalsIn(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): string[] {
  const found: string[] = [];
  walkSubtree(node, sourceCode.visitorKeys, (inner) => {
    const text = getStringValue(inner);
    if (text !== null) found.push(text);
  });
  return found;
}

/** `options[0].optionId`, `params.options.at(0)?.optionId`: an option the code picked by its place in the list. */
function readsFixedIndex(node: TSESTree.Node): boolean {
  for (let current = unwrapExpression(node); ;) {
    if (current.type === AST_NODE_TYPES.MemberExpression) {
      if (current.computed && current.property.type === AST_NODE_TYPES.Literal) return true;
      current = unwrapExpression(current.object);
    } else if (current.type === AST_NODE_TYPES.CallExpression) {
      const callee = unwrapExpression(current.callee);
      const first = current.arguments[0];
      if (callee.type === AST_NODE_TYPES.MemberExpression && first?.type === AST_NODE_TYPES.Literal) return true;
      return false;
    } else return false;
  }
}

/** MCP's `{ action }` is a person's answer in a file about questions, with `content`, or where its type says so. */
function isTiedToQuestion(
  object: TSESTree.ObjectExpression,
  site: TSESTree.Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
): boolean {
  if (findProperty(object, ELICIT_CONTENT_FIELD)) return true;
  if (textFacts(sourceCode).mayWaitOnPerson) return true;
  return expectedAnswerShape(site, sourceCode) !== null;
}
