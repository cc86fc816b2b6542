/**
 * What one file's text may hold, worked out once per file whichever rules ask. ESLint calls every rule's
 * `create()` on one file before it moves to the next, so remembering the last text tested serves all of them; each
 * fact is computed only when a rule first asks for it. Each rule's `mayReport(text, options)` is built from these
 * facts, and the codemod engine calls that same function, so a rule and its codemod never disagree on a file.
 */
import { textMayCompareAnswer } from "./branches.ts";
import { textMayContainHumanWait } from "./human-wait.ts";

export interface TextFacts {
  /** It names a human-wait API, an elicitation handler, an answer type or a question's parameters (core/human-wait.ts). */
  readonly mayWaitOnPerson: boolean;
  /** It holds an answer literal (`accept`, `decline`, `cancel`, `selected`, `cancelled`). */
  readonly mayCompareAnswer: boolean;
  /** It awaits anything. */
  readonly awaits: boolean;
}

let lastText: string | null = null;
let lastFacts: TextFacts | null = null;

export function textFacts(text: string): TextFacts {
  if (lastText !== text || !lastFacts) {
    lastText = text;
    lastFacts = lazyFacts(text);
  }
  return lastFacts;
}

function lazyFacts(text: string): TextFacts {
  let mayWaitOnPerson: boolean | undefined;
  let mayCompareAnswer: boolean | undefined;
  let awaits: boolean | undefined;
  return {
    get mayWaitOnPerson() {
      return (mayWaitOnPerson ??= textMayContainHumanWait(text));
    },
    get mayCompareAnswer() {
      return (mayCompareAnswer ??= textMayCompareAnswer(text));
    },
    get awaits() {
      return (awaits ??= text.includes("await"));
    },
  };
}
