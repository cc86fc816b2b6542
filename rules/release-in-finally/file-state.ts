/**
 * What release-in-finally gathers from one file while ESLint walks it (./visitors.ts), and reports through: the
 * state every check of an acquisition (./analyse.ts, ./releases.ts) reads.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { Acquisition } from "./acquisitions.ts";
import type { MessageIds, Options } from "./options.ts";

/** What the rule gathered from one file, and what it reports through. */
export interface ReleaseCheck {
  readonly context: Readonly<TSESLint.RuleContext<MessageIds, Options>>;
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly options: Options[0];
  readonly anyAwait: boolean;
  readonly textOf: (node: TSESTree.Node) => string;
  /** The file's calls, field writes and awaits (and `for await`), in source order. */
  readonly calls: readonly TSESTree.CallExpression[];
  readonly fieldWrites: readonly TSESTree.AssignmentExpression[];
  readonly awaits: readonly TSESTree.Node[];
  /** The nodes that take the same thing as this acquisition (its pair, path and key), in source order. */
  readonly sameTakes: (acquisition: Acquisition) => readonly TSESTree.Node[];
}
