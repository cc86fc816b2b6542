/**
 * The one way in (docs/architecture.md, "One way in"): what a call or a `new` does about a person's answer. It waits on
 * one (`wait`: the row, where its options and signal go, what it answers with and in which field), as the table alone
 * knows it (`tabled`: the row whose options an edit writes), or it registers a handler that answers a server's question
 * for a person (`handler`). Every rule and codemod asks here; each view is worked out when first read, from the
 * recognisers behind it (calls.ts: the table and listed wrappers; local-waits.ts: the program's own code and types),
 * which cache their answers per file.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "./node-types.ts";
import {
  matchElicitationHandler,
  matchHumanWaitCall,
  mayRegisterQuestionHandler,
  type ElicitationHandler,
  type HumanWaitCall,
} from "./calls.ts";
import { Fact, fileFacts } from "./cached-facts.ts";
import { localWaitFacts, matchWaitOnPerson, type LocalWaitFacts, type PersonWaitCall } from "./local-waits.ts";
import { localFunctionOf } from "./walk.ts";
import type { WrapperSpecifier } from "./wrappers.ts";

export type { ElicitationHandler, HumanWaitCall } from "./calls.ts";
export type { Delegation, LocalWaitFacts, PersonWaitCall } from "./local-waits.ts";

export interface Ask {
  readonly node: TSESTree.CallExpression | TSESTree.NewExpression;
  /**
   * The call waits on a person: through a row of the table, a wrapper the user listed, the program's own code, or
   * (typed) a callee whose result is a person's answer. Null for a `new`.
   */
  readonly wait: PersonWaitCall | null;
  /** The same call as the table (or a listed wrapper) alone knows it, whatever the program's code says around it. */
  readonly tabled: HumanWaitCall | null;
  /** A client-side registration whose handler (written there, or a function of this file) answers for a person. */
  readonly handler: ElicitationHandler | null;
}

const NO_WRAPPERS: readonly WrapperSpecifier[] = [];

const HANDLER_ANSWERS = new Fact<TSESTree.CallExpression | TSESTree.NewExpression, ElicitationHandler | null>(
  "the handler a call or `new` registers to answer a server's question, per call",
);

/** What `node` does about a person's answer, given the user's wrappers (a rule's `humanWaitFunctions`). */
export function askOf(
  node: TSESTree.CallExpression | TSESTree.NewExpression,
  sourceCode: Readonly<TSESLint.SourceCode>,
  wrappers: readonly WrapperSpecifier[] = NO_WRAPPERS,
): Ask {
  return new LazyAsk(node, sourceCode, wrappers);
}

/**
 * What a function does about a person's answer for whoever calls it (a handler a registration hands a request to, a
 * wrapper): whether it waits on one, through which call of the table; null where it asks nobody. `sourceCode` is the
 * function's own module's (the linted file's, or one the project model read).
 */
export function askOfFunction(
  fn: TSESTree.FunctionLike,
  sourceCode: Readonly<TSESLint.SourceCode>,
  wrappers: readonly WrapperSpecifier[] = NO_WRAPPERS,
): LocalWaitFacts | null {
  return localWaitFacts(fn, sourceCode, wrappers);
}

/** Each view is asked of most calls by one rule only: none is worked out before it is read. */
class LazyAsk implements Ask {
  #wait: PersonWaitCall | null | undefined;
  #tabled: HumanWaitCall | null | undefined;
  #handler: ElicitationHandler | null | undefined;
  constructor(
    readonly node: TSESTree.CallExpression | TSESTree.NewExpression,
    private readonly sourceCode: Readonly<TSESLint.SourceCode>,
    private readonly wrappers: readonly WrapperSpecifier[],
  ) {}
  get wait(): PersonWaitCall | null {
    if (this.#wait === undefined) {
      this.#wait =
        this.node.type === AST_NODE_TYPES.CallExpression
          ? matchWaitOnPerson(this.node, this.sourceCode, this.wrappers)
          : null;
    }
    return this.#wait;
  }
  get tabled(): HumanWaitCall | null {
    if (this.#tabled === undefined) {
      this.#tabled =
        this.node.type === AST_NODE_TYPES.CallExpression
          ? matchHumanWaitCall(this.node, this.sourceCode, this.wrappers)
          : null;
    }
    return this.#tabled;
  }
  get handler(): ElicitationHandler | null {
    if (this.#handler === undefined) {
      const { node, sourceCode } = this;
      // Several rules ask it of every call and `new` of a file, each through an `Ask` of its own; most are named
      // like no registration, and are answered without the file's cache.
      this.#handler = !mayRegisterQuestionHandler(node)
        ? null
        : fileFacts(sourceCode).remember(HANDLER_ANSWERS, node, () =>
            matchElicitationHandler(node, sourceCode, (argument) => localFunctionOf(argument, sourceCode)),
          );
    }
    return this.#handler;
  }
}
