/**
 * What one file's text may hold, worked out once per file whichever rules ask. Each rule's `mayReport(source,
 * options)` is built from these facts: a rule's `create()` passes its `SourceCode`, whose facts every rule shares
 * (kept beside it, so they go when it goes); the codemod engine and `check`, which gate a file before anything is
 * parsed, pass the text, and a `SourceCode` built from that same text next takes those facts over. Each fact is
 * computed only when a rule first asks for it.
 */
import { ANSWER_LITERAL_HINT } from "../protocol/words.ts";
import { textMayContainHumanWait } from "./human-wait.ts";
import { textMayUseMrtr } from "./mrtr.ts";

/** A file's text, or its `SourceCode` (ESLint's or typescript-eslint's: only its `text` is read). */
export type TextSource = string | { readonly text: string };

export interface TextFacts {
  readonly text: string;
  /** It names a human-wait API, an elicitation handler, an answer type or a question's parameters (protocol/apis.ts). */
  readonly mayWaitOnPerson: boolean;
  /** It holds an answer literal (`accept`, `decline`, `cancel`, `selected`, `cancelled`). */
  readonly mayCompareAnswer: boolean;
  /** It names an MRTR builder or reader (protocol/mrtr.ts). */
  readonly mayUseMrtr: boolean;
  /** It awaits anything. */
  readonly awaits: boolean;
}

const bySourceCode = new WeakMap<object, TextFacts>();
/** The last text gated without a SourceCode (the codemod engine and `check` test one file at a time). */
let lastByText: TextFacts | null = null;

export function textFacts(source: TextSource): TextFacts {
  if (typeof source === "string") {
    if (lastByText?.text !== source) lastByText = lazyFacts(source);
    return lastByText;
  }
  let facts = bySourceCode.get(source);
  if (!facts) {
    facts = lastByText?.text === source.text ? lastByText : lazyFacts(source.text);
    bySourceCode.set(source, facts);
  }
  return facts;
}

/**
 * The facts of one text, each worked out on first read. A class rather than a record of getters: one is built for
 * every file ESLint lints, and on a repository where few files ask a person this is most of what the rules do there.
 */
class LazyFacts implements TextFacts {
  #mayWaitOnPerson: boolean | undefined;
  #mayCompareAnswer: boolean | undefined;
  #mayUseMrtr: boolean | undefined;
  #awaits: boolean | undefined;
  constructor(readonly text: string) {}
  get mayWaitOnPerson(): boolean {
    return (this.#mayWaitOnPerson ??= textMayContainHumanWait(this.text));
  }
  get mayCompareAnswer(): boolean {
    return (this.#mayCompareAnswer ??= ANSWER_LITERAL_HINT.test(this.text));
  }
  get mayUseMrtr(): boolean {
    return (this.#mayUseMrtr ??= textMayUseMrtr(this.text));
  }
  get awaits(): boolean {
    return (this.#awaits ??= this.text.includes("await"));
  }
}

function lazyFacts(text: string): TextFacts {
  return new LazyFacts(text);
}
