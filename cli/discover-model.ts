/**
 * What the rules' project model infers without types (docs/architecture.md, "The project model"), for
 * `check --discover`: the project's functions that wait on a person (its wrappers, as `humanWaitFunctions` entries
 * would name them), the handlers it registers away from where they are declared, and the signals it keeps in its own
 * context and hands to its waits. So a user can read why a finding was made, and what the rules see without types.
 */
import fs from "node:fs";
import path from "node:path";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "../analysis/node-types.ts";
import { askOfFunction } from "../analysis/asks.ts";
import { containsNode, isFunctionNode, unwrapExpression } from "../analysis/ast.ts";
import { keptSignalsOf } from "../analysis/kept-signals.ts";
import { passedThroughOptionsIndex } from "../analysis/local-waits.ts";
import { projectModuleAt, textMayRegisterHandler } from "../analysis/modules.ts";
import { projectFileOf } from "../analysis/project-files.ts";
import { nodesOfType } from "../analysis/node-index.ts";
import { handlersRegisteredBy } from "../analysis/registered-handlers.ts";
import { textFacts } from "../analysis/text-gate.ts";
import { HUMAN_WAIT_APIS } from "../protocol/apis.ts";

/** A function of the project that waits on a person, in the columns of a `humanWaitFunctions` entry. */
interface ModelWrapper {
  readonly name: string;
  /** Relative to the project's directory, with forward slashes. */
  readonly file: string;
  readonly line: number;
  readonly behavesLike: string;
  readonly optionsArgIndex: number | null;
}

/** A handler a registration hands a client's request to, declared elsewhere. */
interface ModelHandler {
  readonly file: string;
  readonly line: number;
  /** How the registration names it (`t.handler`). */
  readonly handler: string;
  /** `file:line` of the function, relative to the project's directory. */
  readonly declaredAt: string;
  readonly asksPerson: boolean;
  /** Whether it takes the request's extra (and so can pass its signal on). */
  readonly takesExtra: boolean;
}

/** A signal the code keeps in its own context and hands to its waits. */
interface ModelSignal {
  readonly file: string;
  readonly line: number;
  readonly signal: string;
  /** Where it is below a handler's parameter (`context.abortSignal`): an entry's `callerSignal` column. */
  readonly callerSignal?: string;
}

export interface ProjectModel {
  readonly wrappers: ModelWrapper[];
  readonly handlers: ModelHandler[];
  readonly signals: ModelSignal[];
}

/** A `callerSignal` value: a parameter and the fields below it. */
const CALLER_SIGNAL = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/;

/** The model's findings over `files` (absolute), read and parsed only where their text may hold one. */
export function discoverModel(root: string, files: readonly string[]): ProjectModel {
  const model: ProjectModel = { wrappers: [], handlers: [], signals: [] };
  for (const file of files) {
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      continue;
    }
    const asks = textFacts(text).mayAskPerson;
    const registers = textMayRegisterHandler(text);
    const keeps = /signal/i.test(text);
    if (!asks && !registers && !keeps) continue;
    const module = projectModuleAt(file);
    if (!module) continue;
    const relative = (to: string) => path.relative(root, to).split(path.sep).join("/");
    const at = relative(file);
    const sourceCode = module.sourceCode;
    if (asks) model.wrappers.push(...wrappersOf(sourceCode, at));
    if (registers) {
      for (const call of nodesOfType(sourceCode, AST_NODE_TYPES.CallExpression)) {
        for (const handler of handlersRegisteredBy(call, sourceCode)) {
          // One written at the registration is judged where it is; the model's reach is the others.
          if (handler.sourceCode === sourceCode && containsNode(call, handler.fn)) continue;
          const declared = projectFileOf(handler.sourceCode) ?? file;
          model.handlers.push({
            file: at,
            line: handler.at.loc.start.line,
            handler: sourceCode.getText(
              handler.at.type === AST_NODE_TYPES.CallExpression ? handler.at.callee : handler.at,
            ),
            declaredAt: `${relative(declared)}:${handler.fn.loc.start.line}`,
            asksPerson: askOfFunction(handler.fn, handler.sourceCode) !== null,
            takesExtra:
              handler.extraIndex !== null &&
              (handler.fn.params.length > handler.extraIndex ||
                handler.fn.params.some((parameter) => parameter.type === AST_NODE_TYPES.RestElement)),
          });
        }
      }
    }
    if (keeps) {
      for (const signal of keptSignalsOf(sourceCode)) {
        const belowParameter =
          signal.root !== "module" && !("type" in signal.root) && signal.root.defs[0]?.type === "Parameter";
        const callerSignal = belowParameter && CALLER_SIGNAL.test(signal.key) ? signal.key : undefined;
        model.signals.push({
          file: at,
          line: signal.uses[0]!.loc.start.line,
          signal: signal.text,
          ...(callerSignal ? { callerSignal } : {}),
        });
      }
    }
  }
  return model;
}

/** The functions a module exports (declared at its top) that wait on a person, as entries would name them. */
function wrappersOf(sourceCode: Readonly<TSESLint.SourceCode>, file: string): ModelWrapper[] {
  const found: ModelWrapper[] = [];
  for (const statement of sourceCode.ast.body) {
    if (statement.type !== AST_NODE_TYPES.ExportNamedDeclaration || !statement.declaration) continue;
    for (const [name, fn] of declaredFunctions(statement.declaration)) {
      const facts = askOfFunction(fn, sourceCode);
      if (!facts) continue;
      const row = facts.inner?.api ?? HUMAN_WAIT_APIS.find((api) => api.result === facts.shape)!;
      found.push({
        name,
        file,
        line: fn.loc.start.line,
        behavesLike: row.id,
        optionsArgIndex: facts.inner ? passedThroughOptionsIndex(fn, facts.inner) : null,
      });
    }
  }
  return found;
}

function declaredFunctions(declaration: TSESTree.Node): [string, TSESTree.FunctionLike][] {
  if (declaration.type === AST_NODE_TYPES.FunctionDeclaration && declaration.id)
    return [[declaration.id.name, declaration]];
  if (declaration.type !== AST_NODE_TYPES.VariableDeclaration) return [];
  return declaration.declarations.flatMap((declarator): [string, TSESTree.FunctionLike][] => {
    const init = declarator.init && unwrapExpression(declarator.init);
    return declarator.id.type === AST_NODE_TYPES.Identifier && isFunctionNode(init) ? [[declarator.id.name, init]] : [];
  });
}
