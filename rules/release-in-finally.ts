/**
 * `release-in-finally`: a lock, transaction, reservation or "awaiting user" state held while a person is asked
 * is given back on every path that ends the wait — accept, decline, cancel, timeout, disconnect, invalid
 * answer, outer cancellation. Only a scope that unwinds guarantees that: `try { … } finally { release }`
 * right after the acquisition, `using` / `await using`, or a callback scope (`runExclusive(fn)`).
 *
 * Error Prone's LockNotBeforeTry taxonomy, one message each: release outside `finally`; statements between
 * the acquisition and the `try`; acquisition inside the `try`; the release handle escapes (strict only).
 */
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { getCalleeName, getEnclosingFunction, getStaticPropertyName, isFunctionNode, unwrapExpression } from "../core/ast.ts";
import { matchHumanWaitCall } from "../core/calls.ts";
import { childNodes } from "../core/branches.ts";
import { findVariable } from "../core/flow.ts";
import { textMayContainHumanWait } from "../core/human-wait.ts";
import {
  compileLockPairs,
  DEFAULT_CALLBACK_SCOPES,
  describeAcquisition,
  isReleaseOf,
  lockPairOptionSchema,
  matchAcquisition,
  type Acquisition,
  type LockPairOption,
} from "../core/lock-pairs.ts";
import { compileWrappers, mentionsWrapper, wrapperOptionSchema, type WrapperOption } from "../core/wrappers.ts";
import { createRule } from "../core/create-rule.ts";

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
  | "wrapInTryFinally"
  | "moveIntoTry"
  | "acquireBeforeTry"
  | "rollBackInCatch"
  | "holdWithUsing";

export default createRule<Options, MessageIds>({
  name: "release-in-finally",
  meta: {
    type: "problem",
    docs: {
      description:
        "Require a lock, transaction or waiting state held while a person is asked to be released in a `finally`",
      recommended: true,
    },
    hasSuggestions: true,
    schema: [
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
    ],
    defaultOptions: [
      { pairs: [], callbackScopes: [], reportEscapingHandles: false, anyAwait: false, humanWaitFunctions: [] },
    ],
    messages: {
      releaseNotInFinally:
        "This holds {{what}} while a person is asked but gives it back outside a `finally`: on a timeout, " +
        "disconnect, invalid answer or outer cancellation it is never given back.",
      statementsBeforeTry:
        "This takes {{what}}, and statements run before the `try` whose `finally` gives it back: if one of them " +
        "throws, it is never given back.",
      acquireInsideTry:
        "This takes {{what}} inside the `try` whose `finally` gives it back: if taking it fails, the `finally` " +
        "releases something this call never held.",
      handleEscapes:
        "The release handle `{{name}}` is passed on here while a person is asked, so nothing in this function " +
        "shows it is released on every path that ends the wait; release it in a `finally` or use a callback scope.",
      wrapInTryFinally: "Give back {{what}} in a `finally`, so every path that ends the wait releases it.",
      rollBackInCatch: "Commit at the end of a `try` and `{{rollback}}` in its `catch`, so no path leaves it open.",
      moveIntoTry: "Move the statements before the `try` into it.",
      acquireBeforeTry: "Take {{what}} just before the `try`.",
      holdWithUsing: "Hold it with `{{keyword}}`, so it is disposed on every path.",
    },
  },
  create(context, [options]) {
    const sourceCode = context.sourceCode;
    const text = sourceCode.text;
    // Nothing can be held across a wait on a person in a file that never awaits, asks nobody or takes nothing.
    // The `await` test comes first: it needs no compiled options.
    if (!text.includes("await")) return {};
    const pairs = compileLockPairs(options.pairs);
    if (!pairs.textHint.test(text)) return {};
    const wrappers = compileWrappers(options.humanWaitFunctions);
    const anyAwait = options.anyAwait === true;
    if (!anyAwait && !textMayContainHumanWait(text) && !mentionsWrapper(text, wrappers)) return {};
    const callbackScopes = new Set([...DEFAULT_CALLBACK_SCOPES, ...(options.callbackScopes ?? [])]);
    const textOf = (node: TSESTree.Node) => sourceCode.getText(node);

    const calls: TSESTree.CallExpression[] = [];
    const fieldWrites: TSESTree.AssignmentExpression[] = [];
    const awaits: TSESTree.Node[] = [];
    const acquisitions: Acquisition[] = [];
    const humanWaits: TSESTree.CallExpression[] = [];

    function isCallbackScope(call: TSESTree.CallExpression): boolean {
      const name = getCalleeName(call);
      if (name === null || !callbackScopes.has(name)) return false;
      return call.arguments.some((argument) => isFunctionNode(argument) || namesFunction(argument));
    }

    function namesFunction(node: TSESTree.Node): boolean {
      if (node.type !== AST_NODE_TYPES.Identifier) return false;
      const variable = findVariable(sourceCode.getScope(node), node.name);
      return !!variable?.defs.some(
        (def) =>
          def.type === "FunctionName" ||
          (def.type === "Variable" && !!def.node.init && isFunctionNode(unwrapExpression(def.node.init))),
      );
    }

    return {
      CallExpression(node) {
        calls.push(node);
        if (matchHumanWaitCall(node, wrappers)) humanWaits.push(node);
        const acquisition = matchAcquisition(node, pairs, textOf);
        if (acquisition && !isCallbackScope(node)) acquisitions.push(acquisition);
      },
      AssignmentExpression(node) {
        const acquisition = matchAcquisition(node, pairs, textOf);
        if (acquisition) {
          fieldWrites.push(node);
          acquisitions.push(acquisition);
        }
      },
      AwaitExpression(node) {
        awaits.push(node);
      },
      "ForOfStatement[await=true]"(node: TSESTree.ForOfStatement) {
        awaits.push(node);
      },
      "Program:exit"() {
        const waits = anyAwait ? [] : collectWaitsOnPeople(humanWaits, calls);
        for (const acquisition of acquisitions) check(acquisition, waits);
      },
    };

    function check(acquisition: Acquisition, waits: readonly TSESTree.Node[]): void {
      const site = findAcquisitionSite(acquisition);
      if (!site) return;
      const owner = getEnclosingFunction(acquisition.node);
      const releases = findReleases(acquisition, site, owner);
      if (!releases) return;
      const lastRelease = releases[releases.length - 1]!;
      const span: [number, number] = [acquisition.node.range[1], lastRelease.range[0]];
      if (!spanWaits(span, owner, waits)) return;

      const verdict = judge(acquisition, site, releases);
      if (verdict === null) return;
      const escape = findEscape(site.handles);
      if (escape) {
        if (options.reportEscapingHandles) {
          context.report({ node: escape, messageId: "handleEscapes", data: { name: escape.name } });
        }
        return;
      }
      const what = describeAcquisition(acquisition);
      context.report({
        node: acquisition.node,
        messageId: verdict.messageId,
        data: { what },
        suggest: verdict.suggest.map((suggestion) => ({ ...suggestion, data: { what, ...suggestion.data } })),
      });
    }

    function findEscape(handles: readonly TSESTree.Identifier[]): TSESTree.Identifier | null {
      for (const handle of handles) {
        const variable = findVariable(sourceCode.getScope(handle), handle.name);
        const escape = variable ? findEscapeIn(variable, handle) : null;
        if (escape) return escape;
      }
      return null;
    }

    /** Human-wait calls, plus calls of same-file functions that (transitively) make one. */
    function collectWaitsOnPeople(
      direct: readonly TSESTree.CallExpression[],
      allCalls: readonly TSESTree.CallExpression[],
    ): TSESTree.Node[] {
      const waits: TSESTree.Node[] = [...direct];
      const askingFunctions = new Set<TSESTree.Node>();
      const askingNames = new Set<string>();
      const markEnclosing = (node: TSESTree.Node) => {
        const fn = getEnclosingFunction(node);
        if (!fn || askingFunctions.has(fn)) return false;
        askingFunctions.add(fn);
        const name = functionName(fn);
        if (name === null || askingNames.has(name)) return false;
        askingNames.add(name);
        return true;
      };
      let grew = direct.map(markEnclosing).some(Boolean);
      const counted = new Set<TSESTree.Node>(direct);
      while (grew) {
        grew = false;
        for (const call of allCalls) {
          const name = getCalleeName(call);
          if (name === null || counted.has(call) || !askingNames.has(name)) continue;
          counted.add(call);
          waits.push(call);
          if (markEnclosing(call)) grew = true;
        }
      }
      return waits;
    }

    function spanWaits(span: [number, number], owner: TSESTree.Node | null, waits: readonly TSESTree.Node[]): boolean {
      const inside = (node: TSESTree.Node) => node.range[0] > span[0] && node.range[0] < span[1];
      const awaitsInside = awaits.some((node) => inside(node) && getEnclosingFunction(node) === owner);
      if (!awaitsInside) return false;
      return anyAwait || waits.some(inside);
    }

    /** Releases after the acquisition in the same function, up to the next acquisition of the same thing. */
    function findReleases(
      acquisition: Acquisition,
      site: AcquisitionSite,
      owner: TSESTree.Node | null,
    ): TSESTree.Node[] | null {
      const handles = new Set(site.handleNames);
      const candidates: TSESTree.Node[] = acquisition.pair.kind === "field" ? fieldWrites : calls;
      const nextTake = acquisitions.find(
        (other) =>
          other !== acquisition &&
          other.node.range[0] > acquisition.node.range[1] &&
          other.pair === acquisition.pair &&
          other.path === acquisition.path &&
          other.key === acquisition.key &&
          other.pair.kind !== "field",
      );
      const limit = nextTake ? nextTake.node.range[0] : Infinity;
      const bodyEnd = owner ? owner.range[1] : Infinity;
      const releases: TSESTree.Node[] = [];
      for (const candidate of candidates) {
        if (candidate.range[0] <= acquisition.node.range[1] || candidate.range[0] >= limit) continue;
        if (candidate.range[0] >= bodyEnd) continue;
        if (owner && candidate.range[0] < owner.range[0]) continue;
        if (!isReleaseOf(acquisition, candidate, handles, textOf)) continue;
        // Given back inside a callback: a hand-off this function does not control.
        if (getEnclosingFunction(candidate) !== owner) return null;
        releases.push(candidate);
        // A field is reset once on the straight path; later writes are a new state, not this release.
        if (acquisition.pair.kind === "field" && statementOf(candidate)?.parent === site.statement.parent) break;
      }
      return releases.length > 0 ? releases.sort((a, b) => a.range[0] - b.range[0]) : null;
    }

    interface Verdict {
      messageId: "releaseNotInFinally" | "statementsBeforeTry" | "acquireInsideTry";
      suggest: { messageId: MessageIds; data?: Record<string, string>; fix: TSESLint.ReportFixFunction }[];
    }

    function judge(acquisition: Acquisition, site: AcquisitionSite, releases: readonly TSESTree.Node[]): Verdict | null {
      const { statement, list } = site;
      const index = list.indexOf(statement);
      const within = (node: TSESTree.Node | null | undefined) => (release: TSESTree.Node) =>
        !!node && release.range[0] >= node.range[0] && release.range[1] <= node.range[1];

      // Taken inside the try whose finally gives it back.
      const enclosingTry = findEnclosingTryBlock(statement);
      if (enclosingTry && releases.some(within(enclosingTry.finalizer))) {
        const strictOrder = acquisition.pair.kind === "method" && acquisition.pair.strictOrder;
        const guarded = site.handles.length > 0 && releases.filter(within(enclosingTry.finalizer)).every(isGuarded);
        if (!strictOrder || guarded) return null;
        return { messageId: "acquireInsideTry", suggest: suggestAcquireBeforeTry(statement, enclosingTry) };
      }

      // `let x;` cannot throw: a declaration hoisted in front of the `try` does not separate it from the acquisition.
      let nextIndex = index + 1;
      while (list[nextIndex] && isInertDeclaration(list[nextIndex]!)) nextIndex++;
      const next = list[nextIndex];
      if (next?.type === AST_NODE_TYPES.TryStatement && releases.some(within(next.finalizer))) return null;
      if (next?.type === AST_NODE_TYPES.TryStatement && releasedInCatchAndAfter(next, list[nextIndex + 1], releases)) {
        return null;
      }

      const laterTry = list
        .slice(nextIndex + 1)
        .find((node): node is TSESTree.TryStatement => node.type === AST_NODE_TYPES.TryStatement);
      if (laterTry && releases.some(within(laterTry.finalizer))) {
        return { messageId: "statementsBeforeTry", suggest: suggestMoveIntoTry(list, index, laterTry) };
      }
      return { messageId: "releaseNotInFinally", suggest: suggestWrap(site, releases) };
    }

    /**
     * `try { …; release(); } catch { release(); … }` or `try { … } catch { release(); … } release();`: the `catch`
     * gives it back unconditionally, and the release on the normal path cannot be jumped over.
     */
    function releasedInCatchAndAfter(
      tryStatement: TSESTree.TryStatement,
      after: TSESTree.Node | undefined,
      releases: readonly TSESTree.Node[],
    ): boolean {
      const handler = tryStatement.handler;
      if (!handler || (tryStatement.finalizer && containsJump(tryStatement.finalizer))) return false;
      const catchBody = handler.body.body;
      const catchRelease = catchBody.findIndex((node) => isReleaseStatement(node, releases));
      if (catchRelease < 0 || catchBody.slice(0, catchRelease).some(mayThrowOrJump)) return false;
      const block = tryStatement.block.body;
      const tryRelease = block.findIndex((node) => isReleaseStatement(node, releases));
      if (tryRelease >= 0) return !block.slice(0, tryRelease).some(containsJump);
      return !!after && isReleaseStatement(after, releases) && !containsJump(tryStatement.block);
    }

    function isReleaseStatement(node: TSESTree.Node, releases: readonly TSESTree.Node[]): boolean {
      return node.type === AST_NODE_TYPES.ExpressionStatement && releases.includes(unwrapExpression(node.expression));
    }

    // ---- suggestions ----

    function suggestWrap(site: AcquisitionSite, releases: readonly TSESTree.Node[]): Verdict["suggest"] {
      const { statement, list } = site;
      if (releases.length !== 1) return [];
      const index = list.indexOf(statement);
      const releaseIndex = list.findIndex((node) => isReleaseStatement(node, releases));
      if (releaseIndex <= index + 1) return [];
      const moved = list.slice(index + 1, releaseIndex);
      const release = list[releaseIndex]!;
      const layout = layoutOf(statement);
      const body = buildMovedBody(moved, moved[moved.length - 1]!.range[1], release.range[0], layout);
      const suggestions: Verdict["suggest"] = [];
      const rollback = rollbackCall(site, releases[0]!);
      if (body && rollback) {
        // Committing in a `finally` would keep half-done work on a timeout: commit at the end, roll back in `catch`.
        if (moved.some(containsJump)) return [];
        const { indent, unit, eol } = layout;
        const replacement =
          body.hoisted.map((line) => `${line}${eol}${indent}`).join("") +
          `try {${eol}${indent}${unit}${body.text}${eol}${indent}${unit}${reindent(release.range[0], release.range[1], unit)}` +
          `${eol}${indent}} catch (error) {${eol}${indent}${unit}${rollback};${eol}${indent}${unit}throw error;${eol}${indent}}`;
        suggestions.push({
          messageId: "rollBackInCatch",
          data: { rollback },
          fix: (fixer) => fixer.replaceTextRange([moved[0]!.range[0], release.range[1]], replacement),
        });
      } else if (body && !readsBindingOf(release, moved)) {
        const { indent, unit, eol } = layout;
        const replacement =
          body.hoisted.map((line) => `${line}${eol}${indent}`).join("") +
          `try {${eol}${indent}${unit}${body.text}${eol}${indent}} finally {${eol}` +
          `${indent}${unit}${reindent(release.range[0], release.range[1], unit)}${eol}${indent}}`;
        suggestions.push({
          messageId: "wrapInTryFinally",
          fix: (fixer) => fixer.replaceTextRange([moved[0]!.range[0], release.range[1]], replacement),
        });
      }
      const usingKeyword = releaseIndex === list.length - 1 ? disposableKeyword(site) : null;
      if (usingKeyword && site.declaration) {
        const declaration = site.declaration;
        const kindToken = sourceCode.getFirstToken(declaration)!;
        const before = sourceCode.getTokenBefore(release, { includeComments: true })!;
        suggestions.push({
          messageId: "holdWithUsing",
          data: { keyword: usingKeyword },
          fix: (fixer) => [
            fixer.replaceText(kindToken, usingKeyword),
            fixer.removeRange([before.range[1], release.range[1]]),
          ],
        });
      }
      return suggestions;
    }

    /**
     * Whether `node` reads a binding declared by one of `statements`. A release that does (`status = answer.action …`)
     * cannot move into a `finally`: on a throwing path that binding was never set, and the `finally` would throw over
     * the original error.
     */
    function readsBindingOf(node: TSESTree.Node, statements: readonly TSESTree.Node[]): boolean {
      const declared = (name: TSESTree.Node) => statements.some((s) => s.range[0] <= name.range[0] && name.range[1] <= s.range[1]);
      const inNode = (identifier: TSESTree.Node) => node.range[0] <= identifier.range[0] && identifier.range[1] <= node.range[1];
      return sourceCode.getScope(node).references.some(
        (reference) => inNode(reference.identifier) && !!reference.resolved?.defs.some((def) => declared(def.name)),
      );
    }

    function suggestMoveIntoTry(
      list: readonly TSESTree.Node[],
      index: number,
      tryStatement: TSESTree.TryStatement,
    ): Verdict["suggest"] {
      const moved = list.slice(index + 1, list.indexOf(tryStatement));
      const layout = layoutOf(list[index]!);
      const body = buildMovedBody(moved, tryStatement.block.range[1], tryStatement.range[0], layout);
      if (!body) return [];
      const { indent, unit, eol } = layout;
      const openBrace = sourceCode.getFirstToken(tryStatement.block)!;
      const emptyBlock = tryStatement.block.body.length === 0 && !sourceCode.commentsExistBetween(openBrace, sourceCode.getLastToken(tryStatement.block)!);
      const replacement =
        body.hoisted.map((line) => `${line}${eol}${indent}`).join("") +
        `try {${eol}${indent}${unit}${body.text}${emptyBlock ? `${eol}${indent}` : ""}`;
      return [
        {
          messageId: "moveIntoTry",
          fix: (fixer) => fixer.replaceTextRange([moved[0]!.range[0], openBrace.range[1]], replacement),
        },
      ];
    }

    function suggestAcquireBeforeTry(statement: TSESTree.Node, tryStatement: TSESTree.TryStatement): Verdict["suggest"] {
      const block = tryStatement.block.body;
      const following = block[1];
      if (block[0] !== statement || !following || !isStatementListOwner(tryStatement.parent)) return [];
      const openBrace = sourceCode.getFirstToken(tryStatement.block)!;
      if (sourceCode.commentsExistBetween(openBrace, statement) || sourceCode.commentsExistBetween(statement, following)) {
        return [];
      }
      const { indent, unit, eol } = layoutOf(tryStatement);
      const taken = dedent(statement.range[0], statement.range[1], unit);
      return [
        {
          messageId: "acquireBeforeTry",
          fix: (fixer) =>
            fixer.replaceTextRange(
              [tryStatement.range[0], following.range[0]],
              `${taken}${eol}${indent}try {${eol}${indent}${unit}`,
            ),
        },
      ];
    }

    /**
     * The text of `moved` statements placed one level deeper, and the `let` declarations to hoist in front
     * of the new block for variables still read after it (`const x = …` becomes `let x;` … `x = …;`).
     * Null when a declaration cannot be split that way (patterns, functions, classes, `using`).
     */
    function buildMovedBody(
      moved: readonly TSESTree.Node[],
      blockEnd: number,
      trailingEnd: number,
      layout: Layout,
    ): { hoisted: string[]; text: string } | null {
      const regionStart = moved[0]!.range[0];
      const hoisted: string[] = [];
      let text = "";
      let cursor = regionStart;
      for (const node of moved) {
        const gap = reindent(cursor, node.range[0], layout.unit);
        // `var` stays function-scoped inside the new block; only block-scoped declarations need hoisting.
        const blockScoped = !(node.type === AST_NODE_TYPES.VariableDeclaration && node.kind === "var");
        const escaping =
          blockScoped &&
          sourceCode
            .getDeclaredVariables(node)
            .some((variable) =>
              variable.references.some(
                (reference) => reference.identifier.range[0] < regionStart || reference.identifier.range[0] > blockEnd,
              ),
            );
        cursor = node.range[1];
        if (!escaping) {
          text += gap + reindent(node.range[0], node.range[1], layout.unit);
          continue;
        }
        const split = splitDeclaration(node, layout);
        if (!split) return null;
        hoisted.push(split.declaration);
        if (split.assignments) text += gap + split.assignments;
        else if (/\S/.test(gap)) text += gap.trimEnd();
      }
      text += reindent(cursor, trailingEnd, layout.unit).trimEnd();
      return { hoisted, text: text.replace(/^\s+/, "") };
    }

    function splitDeclaration(node: TSESTree.Node, layout: Layout): { declaration: string; assignments: string } | null {
      if (node.type !== AST_NODE_TYPES.VariableDeclaration || (node.kind !== "const" && node.kind !== "let")) return null;
      if (node.declarations.some((declarator) => declarator.id.type !== AST_NODE_TYPES.Identifier)) return null;
      const names = node.declarations.map((declarator) => {
        const id = declarator.id as TSESTree.Identifier;
        return id.typeAnnotation ? sourceCode.getText(id) : id.name;
      });
      const assignments = node.declarations
        .filter((declarator) => declarator.init)
        .map((declarator) => {
          const init = declarator.init!;
          return `${(declarator.id as TSESTree.Identifier).name} = ${reindent(init.range[0], init.range[1], layout.unit)};`;
        })
        .join(`${layout.eol}${layout.indent}${layout.unit}`);
      return { declaration: `let ${names.join(", ")};`, assignments };
    }

    /** `await tx.rollback()` for a transaction kept by `commit`; null when the pair has no separate rollback. */
    function rollbackCall(site: AcquisitionSite, release: TSESTree.Node): string | null {
      const pair = site.acquisition.pair;
      if (pair.kind !== "method" || pair.rollback === null || release.type !== AST_NODE_TYPES.CallExpression) return null;
      const callee = unwrapExpression(release.callee);
      if (callee.type !== AST_NODE_TYPES.MemberExpression || getStaticPropertyName(callee) === pair.rollback) return null;
      const awaited = release.parent.type === AST_NODE_TYPES.AwaitExpression ? "await " : "";
      return `${awaited}${sourceCode.getText(callee.object)}.${pair.rollback}()`;
    }

    /** With type information: `await using` / `using` when the handle is AsyncDisposable / Disposable. */
    function disposableKeyword(site: AcquisitionSite): string | null {
      const declaration = site.declaration;
      const services = sourceCode.parserServices;
      if (!declaration || !services?.program || !services.esTreeNodeToTSNodeMap) return null;
      if (declaration.declarations.length !== 1 || declaration.declarations[0]!.id.type !== AST_NODE_TYPES.Identifier) {
        return null;
      }
      if (declaration.kind !== "const" && declaration.kind !== "let") return null;
      if (declaration.parent.type !== AST_NODE_TYPES.BlockStatement && declaration.parent.type !== AST_NODE_TYPES.Program) {
        return null;
      }
      const checker = services.program.getTypeChecker();
      const type = checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(declaration.declarations[0]!.id));
      const names = checker
        .getApparentType(type)
        .getProperties()
        .map((property) => String(property.escapedName));
      if (names.some((name) => name.startsWith("__@asyncDispose@"))) return "await using";
      if (names.some((name) => name.startsWith("__@dispose@"))) return "using";
      return null;
    }

    // ---- layout: the file's own indentation ----

    interface Layout {
      indent: string;
      unit: string;
      eol: string;
    }

    function layoutOf(statement: TSESTree.Node): Layout {
      const indent = lineIndent(statement.range[0]);
      const eol = text.includes("\r\n") ? "\r\n" : "\n";
      const owner = statement.parent;
      const ownerIndent = owner && owner.type !== AST_NODE_TYPES.Program ? lineIndent(owner.range[0]) : null;
      if (ownerIndent !== null && indent.length > ownerIndent.length && indent.startsWith(ownerIndent)) {
        return { indent, unit: indent.slice(ownerIndent.length), eol };
      }
      return { indent, unit: fileIndentUnit(), eol };
    }

    function lineIndent(offset: number): string {
      const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
      return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
    }

    function fileIndentUnit(): string {
      const match = /^([ \t]+)[^\s*]/m.exec(text);
      if (!match) return "  ";
      return match[1]!.startsWith("\t") ? "\t" : match[1]!;
    }

    /** Source text of [start, end) with `unit` added after every line break, except inside template literals. */
    function reindent(start: number, end: number, unit: string): string {
      return shiftLines(start, end, (line, offset) => (isBlankLine(offset) ? line : unit + line));
    }

    function dedent(start: number, end: number, unit: string): string {
      return shiftLines(start, end, (line) => (line.startsWith(unit) ? line.slice(unit.length) : line));
    }

    /** Whether the source line starting at `offset` holds nothing but whitespace. */
    function isBlankLine(offset: number): boolean {
      const lineEnd = text.indexOf("\n", offset);
      return text.slice(offset, lineEnd === -1 ? text.length : lineEnd).trim() === "";
    }

    function shiftLines(start: number, end: number, shift: (line: string, offset: number) => string): string {
      const slice = text.slice(start, end);
      const lines = slice.split("\n");
      let offset = start + lines[0]!.length + 1;
      for (let i = 1; i < lines.length; i++) {
        const line = lines[i]!;
        if (!insideMultilineToken(offset)) lines[i] = shift(line, offset);
        offset += line.length + 1;
      }
      return lines.join("\n");
    }

    function insideMultilineToken(offset: number): boolean {
      const token = sourceCode.getTokenByRangeStart(offset, { includeComments: false }) ?? null;
      if (token) return false;
      const node = sourceCode.getNodeByRangeIndex(offset);
      return (
        !!node &&
        (node.type === AST_NODE_TYPES.TemplateElement ||
          (node.type === AST_NODE_TYPES.Literal && typeof node.value === "string") ||
          node.type === AST_NODE_TYPES.JSXText)
      );
    }
  },
});

// ---- helpers: pure functions of the tree ----

interface AcquisitionSite {
  readonly acquisition: Acquisition;
  /** The statement that takes it: `await m.acquire();`, `const release = await m.acquire();`. */
  readonly statement: TSESTree.Node;
  /** The statement list it sits in. */
  readonly list: readonly TSESTree.Node[];
  /** The declaration, when the acquisition's result is declared. */
  readonly declaration: TSESTree.VariableDeclaration | null;
  /** The names bound to what the acquisition returned (`release`, `tx`, `[, release]`). */
  readonly handleNames: readonly string[];
  /** The bound identifiers, for escape analysis. */
  readonly handles: readonly TSESTree.Identifier[];
}

/**
 * Where the acquisition sits: an expression statement, a declaration or an assignment to a name, directly in
 * a statement list. Null for `using` declarations (they unwind by themselves) and any other position.
 */
function findAcquisitionSite(acquisition: Acquisition): AcquisitionSite | null {
  let current: TSESTree.Node = acquisition.node;
  while (
    current.parent &&
    (current.parent.type === AST_NODE_TYPES.AwaitExpression ||
      current.parent.type === AST_NODE_TYPES.ChainExpression ||
      current.parent.type === AST_NODE_TYPES.TSNonNullExpression ||
      current.parent.type === AST_NODE_TYPES.TSAsExpression)
  ) {
    current = current.parent;
  }
  const parent = current.parent;
  if (!parent) return null;
  let statement: TSESTree.Node;
  let declaration: TSESTree.VariableDeclaration | null = null;
  let bound: TSESTree.Identifier[] = [];
  if (parent.type === AST_NODE_TYPES.ExpressionStatement) {
    statement = parent;
  } else if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.init === current) {
    declaration = parent.parent;
    if (declaration.kind === "using" || declaration.kind === "await using") return null;
    statement = declaration;
    bound = boundIdentifiers(parent.id);
  } else if (
    parent.type === AST_NODE_TYPES.AssignmentExpression &&
    parent.right === current &&
    parent.left.type === AST_NODE_TYPES.Identifier &&
    parent.parent.type === AST_NODE_TYPES.ExpressionStatement
  ) {
    statement = parent.parent;
    bound = [parent.left];
  } else {
    return null;
  }
  const owner = statement.parent;
  if (!isStatementListOwner(owner)) return null;
  const list = owner.type === AST_NODE_TYPES.SwitchCase ? owner.consequent : owner.body;
  return {
    acquisition,
    statement,
    list,
    declaration,
    handleNames: bound.map((identifier) => identifier.name),
    handles: bound,
  };
}

function boundIdentifiers(pattern: TSESTree.Node): TSESTree.Identifier[] {
  switch (pattern.type) {
    case AST_NODE_TYPES.Identifier:
      return [pattern];
    case AST_NODE_TYPES.ArrayPattern:
      return pattern.elements.flatMap((element) => (element ? boundIdentifiers(element) : []));
    case AST_NODE_TYPES.ObjectPattern:
      return pattern.properties.flatMap((property) =>
        property.type === AST_NODE_TYPES.Property ? boundIdentifiers(property.value) : [],
      );
    case AST_NODE_TYPES.AssignmentPattern:
      return boundIdentifiers(pattern.left);
    default:
      return [];
  }
}

function isStatementListOwner(
  node: TSESTree.Node | undefined,
): node is TSESTree.BlockStatement | TSESTree.Program | TSESTree.SwitchCase | TSESTree.StaticBlock {
  return (
    !!node &&
    (node.type === AST_NODE_TYPES.BlockStatement ||
      node.type === AST_NODE_TYPES.Program ||
      node.type === AST_NODE_TYPES.SwitchCase ||
      node.type === AST_NODE_TYPES.StaticBlock)
  );
}

function statementOf(node: TSESTree.Node): TSESTree.Node | null {
  let current: TSESTree.Node = node;
  while (current.parent && !isStatementListOwner(current.parent)) {
    if (isFunctionNode(current.parent)) return null;
    current = current.parent;
  }
  return current.parent ? current : null;
}

/** The nearest `try` (in the same function) whose protected block holds `statement`. */
function findEnclosingTryBlock(statement: TSESTree.Node): TSESTree.TryStatement | null {
  for (let current: TSESTree.Node = statement; current.parent; current = current.parent) {
    if (isFunctionNode(current.parent)) return null;
    if (current.parent.type === AST_NODE_TYPES.TryStatement && current.parent.block === current) return current.parent;
  }
  return null;
}

/** `release?.()`, `if (release) release()`, `release && release()`: never calls a release that was not taken. */
function isGuarded(release: TSESTree.Node): boolean {
  if (release.type === AST_NODE_TYPES.CallExpression && release.optional) return true;
  if (release.type === AST_NODE_TYPES.CallExpression && release.callee.type === AST_NODE_TYPES.MemberExpression) {
    if (release.callee.optional) return true;
  }
  for (let current: TSESTree.Node = release; current.parent; current = current.parent) {
    const parent = current.parent;
    if (parent.type === AST_NODE_TYPES.IfStatement && parent.test !== current) return true;
    if (parent.type === AST_NODE_TYPES.LogicalExpression && parent.right === current) return true;
    if (parent.type === AST_NODE_TYPES.ConditionalExpression && parent.test !== current) return true;
    if (parent.type === AST_NODE_TYPES.BlockStatement && parent.parent.type === AST_NODE_TYPES.TryStatement) return false;
  }
  return false;
}

/** `let x;` / `let x: T;`: declares without running anything. */
function isInertDeclaration(node: TSESTree.Node): boolean {
  return (
    node.type === AST_NODE_TYPES.VariableDeclaration &&
    (node.kind === "let" || node.kind === "var") &&
    node.declarations.every((declarator) => declarator.init === null)
  );
}

/** A `return`, `break` or `continue` in `node` (outside nested functions): a path that can skip what follows. */
function containsJump(node: TSESTree.Node): boolean {
  let found = false;
  const visit = (current: TSESTree.Node) => {
    if (found) return;
    if (
      current.type === AST_NODE_TYPES.ReturnStatement ||
      current.type === AST_NODE_TYPES.BreakStatement ||
      current.type === AST_NODE_TYPES.ContinueStatement
    ) {
      found = true;
      return;
    }
    if (current !== node && isFunctionNode(current)) return;
    for (const child of childNodes(current)) visit(child);
  };
  visit(node);
  return found;
}

/** Whether a statement may throw or leave: calls, `await`, `new`, `throw` and jumps. */
function mayThrowOrJump(node: TSESTree.Node): boolean {
  let found = false;
  const visit = (current: TSESTree.Node) => {
    if (found) return;
    switch (current.type) {
      case AST_NODE_TYPES.CallExpression:
      case AST_NODE_TYPES.NewExpression:
      case AST_NODE_TYPES.AwaitExpression:
      case AST_NODE_TYPES.ThrowStatement:
      case AST_NODE_TYPES.ReturnStatement:
      case AST_NODE_TYPES.BreakStatement:
      case AST_NODE_TYPES.ContinueStatement:
        found = true;
        return;
      default:
        if (current !== node && isFunctionNode(current)) return;
        for (const child of childNodes(current)) visit(child);
    }
  };
  visit(node);
  return found;
}

/**
 * The first reference that hands the release handle on — an argument, a stored value, a returned value —
 * rather than calling it (`release()`, `tx.commit()`) or testing it (`if (release)`).
 */
function findEscapeIn(scopeVariable: TSESLint.Scope.Variable, definition: TSESTree.Identifier): TSESTree.Identifier | null {
  for (const reference of scopeVariable.references) {
    const identifier = reference.identifier as TSESTree.Identifier;
    if (identifier === definition || reference.isWrite()) continue;
    const parent = identifier.parent;
    if (parent.type === AST_NODE_TYPES.CallExpression && parent.callee === identifier) continue;
    if (parent.type === AST_NODE_TYPES.ChainExpression) continue;
    if (parent.type === AST_NODE_TYPES.MemberExpression && parent.object === identifier) continue;
    if (parent.type === AST_NODE_TYPES.IfStatement && parent.test === identifier) continue;
    if (parent.type === AST_NODE_TYPES.LogicalExpression && parent.left === identifier) continue;
    if (parent.type === AST_NODE_TYPES.UnaryExpression) continue;
    if (parent.type === AST_NODE_TYPES.ConditionalExpression && parent.test === identifier) continue;
    return identifier;
  }
  return null;
}

/** The name a function is called by in this file: declaration id, variable, method or property key. */
function functionName(fn: TSESTree.FunctionLike): string | null {
  if ((fn.type === AST_NODE_TYPES.FunctionDeclaration || fn.type === AST_NODE_TYPES.FunctionExpression) && fn.id) {
    return fn.id.name;
  }
  const parent = fn.parent;
  if (!parent) return null;
  if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.id.type === AST_NODE_TYPES.Identifier) {
    return parent.id.name;
  }
  if (
    parent.type === AST_NODE_TYPES.MethodDefinition ||
    parent.type === AST_NODE_TYPES.Property ||
    parent.type === AST_NODE_TYPES.PropertyDefinition
  ) {
    return getStaticPropertyName(parent);
  }
  if (parent.type === AST_NODE_TYPES.AssignmentExpression && parent.left.type === AST_NODE_TYPES.MemberExpression) {
    return getStaticPropertyName(parent.left);
  }
  return null;
}
