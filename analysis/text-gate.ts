/**
 * What one file's text may hold, worked out once per file whichever rules ask. Each rule's `mayReport(source,
 * options)` is built from these facts: a rule's `create()` passes its `SourceCode`, whose facts every rule shares
 * (kept beside it, so they go when it goes); the codemod engine and `check`, which gate a file before anything is
 * parsed, pass the text, and a `SourceCode` built from that same text next takes those facts over. Each fact is
 * computed only when a rule first asks for it.
 */
import { ANSWER_LITERAL_HINT } from "../protocol/words.ts";
import {
  textMayAskPerson,
  textMayCompareAnswerLiteral,
  textMayContainHumanWait,
  textMayHandleQuestion,
  textMaySendQuestionParams,
  textMayStoreSettler,
} from "./human-wait.ts";
import { textMayBuildMrtrServer, textMayReadMrtrAnswer, textMayUseMrtr } from "./mrtr.ts";
import type { TSESLint } from "@typescript-eslint/utils";
import { Fact, fileFacts } from "./cached-facts.ts";

/** A file's text, or its `SourceCode` (ESLint's or typescript-eslint's: only its `text` is read). */
export type TextSource = string | { readonly text: string };

export interface TextFacts {
  readonly text: string;
  /** It names a human-wait API, an elicitation handler, an answer type or a question's parameters (protocol/apis.ts). */
  readonly mayWaitOnPerson: boolean;
  /**
   * It names a human wait where a recogniser reads one (analysis/human-wait.ts `textMayAskPerson`): a call of a wait,
   * a request naming a question's method, a question's handler, an answer type in an annotation. The second step of
   * the gate: a protocol's own schemas, comments and imports name the words and ask nobody.
   */
  readonly mayAskPerson: boolean;
  /**
   * It names a human wait and builds a `new Promise` whose executor keeps its settler for later (`.set(`, `.push(`,
   * `[id] =`, `this.x =`): a wait of its own on an answer may be hand-rolled there.
   */
  readonly mayHandRollWait: boolean;
  /** It names a human wait and registers a question's handler (or an ACP client's handler method). */
  readonly mayHandleQuestion: boolean;
  /** It names a human wait and puts a question's parameter key in an object literal (`{ requestedSchema }`). */
  readonly maySendQuestionParams: boolean;
  /** It holds an answer literal (`accept`, `decline`, `cancel`, `selected`, `cancelled`). */
  readonly mayCompareAnswer: boolean;
  /** It compares something with an answer literal (`=== <answer>`, `case <answer>:`). */
  readonly comparesAnswerLiteral: boolean;
  /** It names an MRTR builder or reader (protocol/mrtr.ts). */
  readonly mayUseMrtr: boolean;
  /** It names MRTR and calls an answer reader, or reads the raw answers (analysis/mrtr.ts `textMayReadMrtrAnswer`). */
  readonly mayReadMrtrAnswer: boolean;
  /** It names MRTR and builds a server whose options take the `requestState` hook. */
  readonly mayBuildMrtrServer: boolean;
  /** It awaits anything. */
  readonly awaits: boolean;
}

const TEXT_FACTS = new Fact<null, TextFacts>("what a file's text may hold, per file");
/** The last text gated without a SourceCode (the codemod engine and `check` test one file at a time). */
let lastByText: TextFacts | null = null;

export function textFacts(source: TextSource): TextFacts {
  if (typeof source === "string" || !("ast" in source)) {
    const text = typeof source === "string" ? source : source.text;
    if (lastByText?.text !== text) lastByText = lazyFacts(text);
    return lastByText;
  }
  const sourceCode = source as Readonly<TSESLint.SourceCode>;
  return fileFacts(sourceCode).remember(TEXT_FACTS, null, () =>
    lastByText?.text === sourceCode.text ? lastByText : lazyFacts(sourceCode.text),
  );
}

/**
 * The facts of one text, each worked out on first read. A class rather than a record of getters: one is built for
 * every file ESLint lints, and on a repository where few files ask a person this is most of what the rules do there.
 */
class LazyFacts implements TextFacts {
  #mayWaitOnPerson: boolean | undefined;
  #mayAskPerson: boolean | undefined;
  #mayHandRollWait: boolean | undefined;
  #mayHandleQuestion: boolean | undefined;
  #maySendQuestionParams: boolean | undefined;
  #mayCompareAnswer: boolean | undefined;
  #comparesAnswerLiteral: boolean | undefined;
  #mayUseMrtr: boolean | undefined;
  #mayReadMrtrAnswer: boolean | undefined;
  #mayBuildMrtrServer: boolean | undefined;
  #awaits: boolean | undefined;
  constructor(readonly text: string) {}
  get mayWaitOnPerson(): boolean {
    return (this.#mayWaitOnPerson ??= textMayContainHumanWait(this.text));
  }
  get mayAskPerson(): boolean {
    return (this.#mayAskPerson ??= this.mayWaitOnPerson && textMayAskPerson(this.text));
  }
  get mayHandRollWait(): boolean {
    return (this.#mayHandRollWait ??= this.mayWaitOnPerson && textMayStoreSettler(this.text));
  }
  get mayHandleQuestion(): boolean {
    return (this.#mayHandleQuestion ??= this.mayWaitOnPerson && textMayHandleQuestion(this.text));
  }
  get maySendQuestionParams(): boolean {
    return (this.#maySendQuestionParams ??= this.mayWaitOnPerson && textMaySendQuestionParams(this.text));
  }
  get mayCompareAnswer(): boolean {
    return (this.#mayCompareAnswer ??= ANSWER_LITERAL_HINT.test(this.text));
  }
  get comparesAnswerLiteral(): boolean {
    return (this.#comparesAnswerLiteral ??= this.mayCompareAnswer && textMayCompareAnswerLiteral(this.text));
  }
  get mayUseMrtr(): boolean {
    return (this.#mayUseMrtr ??= textMayUseMrtr(this.text));
  }
  get mayReadMrtrAnswer(): boolean {
    return (this.#mayReadMrtrAnswer ??= this.mayUseMrtr && textMayReadMrtrAnswer(this.text));
  }
  get mayBuildMrtrServer(): boolean {
    return (this.#mayBuildMrtrServer ??= this.mayUseMrtr && textMayBuildMrtrServer(this.text));
  }
  get awaits(): boolean {
    return (this.#awaits ??= this.text.includes("await"));
  }
}

function lazyFacts(text: string): TextFacts {
  return new LazyFacts(text);
}
