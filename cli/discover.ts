/**
 * `check --discover [project]`: with the project's own TypeScript program (ts-morph over its tsconfig), lists the
 * functions, methods and arrows whose result is a person's answer — the project's wrappers of a wait on a person,
 * across files — with file:line, and prints the `humanWaitFunctions` configuration that teaches them to the rules
 * when they run without types (in the editor, in pre-commit).
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type * as ts from "typescript";
import { DISCRIMINANT_FIELD, ELICIT_ACTION, type ElicitAction } from "../protocol/answers.ts";
import { HUMAN_WAIT_APIS } from "../protocol/apis.ts";
import { findAnswerFunctions, type AnswerFunction, type TypedAnswerShape } from "../analysis/types.ts";
import { discoverModel, type ProjectModel } from "./discover-model.ts";
import { discoverSourceFiles } from "./files.ts";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CommandIo } from "./io.ts";

const USAGE = `Usage: eslint-plugin-elicitation check --discover [options] [project]

Lists your project's own functions that wait on a person (their result is an MCP ElicitResult, an ACP permission or
elicitation response, or an object whose action is accept | decline | cancel), across files, and prints the
humanWaitFunctions configuration that teaches them to the rules when they run without type information. Then what
the rules infer without types: the functions they follow across files, the handlers registered away from where they
are declared, and the signals your code keeps (ctx.signal, this.signal, a store's) and hands to its waits.

  project              a tsconfig.json, or a directory holding one (default: the current directory)
  --format <name>      text (default) or json
  -v, --version        print the plugin's version
  -h, --help           show this help

Needs ts-morph and typescript installed.`;

/** The rules that take `humanWaitFunctions`, and whether a discovered wrapper belongs in their options. */
const RULES_FOR_WRAPPERS = ["exhaustive-action", "forward-abort-signal", "release-in-finally"] as const;

/** The table row each answer shape behaves like (rule option `behavesLike`). */
const ROW_FOR_SHAPE: Readonly<Record<TypedAnswerShape, string>> = {
  "mcp-elicit-result": "mcp-elicit-input",
  "acp-permission-outcome": "acp-request-permission",
  "acp-elicit-result": "acp-create-elicitation",
  "mcp-apps-result": "mcp-apps-open-link",
  "workflow-approval": "cloudflare-workflow-wait-for-approval",
};

const SHAPE_LABEL: Readonly<Record<TypedAnswerShape, string>> = {
  "mcp-elicit-result": "MCP ElicitResult",
  "acp-permission-outcome": "ACP RequestPermissionResponse",
  "acp-elicit-result": "ACP elicitation response",
  "mcp-apps-result": "MCP Apps result",
  "workflow-approval": "Cloudflare workflow approval",
};

interface DiscoveredWrapper {
  readonly name: string;
  /** Relative to the project's directory, with forward slashes. */
  readonly file: string;
  readonly line: number;
  readonly shape: TypedAnswerShape;
  readonly optionsArgIndex: number | null;
}

/**
 * The columns of an entry that discovery reads from the program: the function's names, the row its answer's shape
 * behaves like, where it takes its options, and the answer's field and words. No `path`: an entry's `path` limits the files it
 * applies in, and a wrapper is called from files other than its own (the declaring files are printed as comments).
 */
interface WrapperConfigEntry {
  from: "file";
  name: string[];
  behavesLike: string;
  optionsArgIndex: number | null;
  answerField?: string;
  answerValues?: Partial<Record<ElicitAction, string>>;
}

/** The columns discovery cannot read from a wrapper's result type: printed commented out, with the row's value. */
const UNKNOWN_COLUMNS = ["deadlineOptions", "defaultDeadlineMs", "signalOption", "callerSignal"] as const;

interface DiscoveredEntry {
  readonly entry: WrapperConfigEntry;
  /** `file:line` of each function the entry names. */
  readonly declaredAt: string[];
}

/** One option entry per behaviour and options position: the shape rule options take. */
function wrapperConfig(found: readonly DiscoveredWrapper[]): DiscoveredEntry[] {
  const entries = new Map<string, DiscoveredEntry>();
  for (const wrapper of found) {
    const behavesLike = ROW_FOR_SHAPE[wrapper.shape];
    const key = `${behavesLike}\0${wrapper.optionsArgIndex}`;
    let discovered = entries.get(key);
    if (!discovered) {
      // An ElicitResult's `action` holds the protocol's own words: the entry states them, for the user to rename.
      const elicitResult = wrapper.shape === "mcp-elicit-result";
      const entry: WrapperConfigEntry = {
        from: "file",
        name: [],
        behavesLike,
        optionsArgIndex: wrapper.optionsArgIndex,
        ...(elicitResult ? { answerField: DISCRIMINANT_FIELD[wrapper.shape], answerValues: { ...ELICIT_ACTION } } : {}),
      };
      discovered = { entry, declaredAt: [] };
      entries.set(key, discovered);
    }
    if (!discovered.entry.name.includes(wrapper.name)) discovered.entry.name.push(wrapper.name);
    discovered.declaredAt.push(`${wrapper.file}:${wrapper.line} ${wrapper.name}`);
  }
  return [...entries.values()];
}

/** What the row says for a column discovery cannot read: the value the entry has until the user sets it. */
function rowValue(behavesLike: string, column: (typeof UNKNOWN_COLUMNS)[number]): unknown {
  const row = HUMAN_WAIT_APIS.find((api) => api.id === behavesLike)!;
  switch (column) {
    case "deadlineOptions":
      return row.deadlineFields;
    case "defaultDeadlineMs":
      return "ms" in row.defaultDeadline ? row.defaultDeadline.ms : null;
    case "signalOption":
      return row.signalField;
    case "callerSignal": {
      const place = row.callerSignal[0];
      return place ? ["ctx", ...place.path].join(".") : "none";
    }
  }
}

/** One entry as it is pasted: the columns read from the program, then the unknown ones commented out. */
function renderEntry({ entry, declaredAt }: DiscoveredEntry): string {
  const known = Object.entries(entry).map(([column, value]) => `    ${column}: ${JSON.stringify(value)},`);
  const unknown = UNKNOWN_COLUMNS.map(
    (column) =>
      `    // ${column}: ${JSON.stringify(rowValue(entry.behavesLike, column))}, (unknown: the row's until set)`,
  );
  return ["  {", ...declaredAt.map((at) => `    // ${at}`), ...known, ...unknown, "  },"].join("\n");
}

/** The text to paste into eslint.config.js. */
function renderConfig(entries: readonly DiscoveredEntry[]): string {
  const list = entries.map(renderEntry).join("\n");
  const rules = RULES_FOR_WRAPPERS.map(
    (rule) => `      "elicitation/${rule}": ["error", { humanWaitFunctions }],`,
  ).join("\n");
  return [
    "// Your functions that wait on a person (found by `eslint-plugin-elicitation check --discover`).",
    "// require-deadline judges the call inside each of them, where the deadline is set, so it needs no entry.",
    "// The commented columns could not be read from the types: uncomment and set those your functions differ on.",
    `const humanWaitFunctions = [\n${list}\n];`,
    "",
    "export default [",
    "  elicitation.configs.recommended,",
    "  {",
    "    rules: {",
    rules,
    "    },",
    "  },",
    "];",
  ].join("\n");
}

/** Finds the wrappers of a project given its tsconfig. Throws with a clear message when ts-morph is missing. */
async function discoverWrappers(tsconfigPath: string): Promise<DiscoveredWrapper[]> {
  let tsMorph: typeof import("ts-morph");
  try {
    tsMorph = await import("ts-morph");
  } catch {
    throw new Error("check --discover needs ts-morph (npm install --save-dev ts-morph typescript)");
  }
  const project = new tsMorph.Project({ tsConfigFilePath: tsconfigPath });
  const program = project.getProgram().compilerObject as unknown as ts.Program;
  const root = path.dirname(tsconfigPath);
  return findAnswerFunctions(program)
    .map((entry: AnswerFunction) => ({
      name: entry.name,
      file: path.relative(root, entry.fileName).split(path.sep).join("/"),
      line: entry.line,
      shape: entry.shape,
      optionsArgIndex: entry.optionsArgIndex,
    }))
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

export async function runDiscover(argv: readonly string[], io: CommandIo): Promise<number> {
  let values: { format?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { format: { type: "string" }, help: { type: "boolean", short: "h" } },
    }));
  } catch (error) {
    io.stderr(`check --discover: ${(error as Error).message}\n\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return EXIT_OK;
  }
  const format = values.format ?? "text";
  if (format !== "text" && format !== "json") {
    io.stderr(`check --discover: --format must be text or json, not "${format}".\n`);
    return EXIT_USAGE;
  }
  if (positionals.length > 1) {
    io.stderr(`check --discover: give one project (a tsconfig.json or its directory).\n\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  const given = path.resolve(io.cwd, positionals[0] ?? ".");
  const tsconfig = fs.existsSync(given) && fs.statSync(given).isDirectory() ? path.join(given, "tsconfig.json") : given;
  if (!fs.existsSync(tsconfig)) {
    io.stderr(
      `check --discover: no tsconfig.json at ${path.relative(io.cwd, tsconfig) || tsconfig}. Give the project's tsconfig.\n`,
    );
    return EXIT_USAGE;
  }
  let found: DiscoveredWrapper[];
  try {
    found = await discoverWrappers(tsconfig);
  } catch (error) {
    io.stderr(`check --discover: ${(error as Error).message}\n`);
    return EXIT_FAILURE;
  }
  const entries = wrapperConfig(found);
  const root = path.dirname(tsconfig);
  const model = discoverModel(root, await discoverSourceFiles([root], { cwd: io.cwd }));
  if (format === "json") {
    const humanWaitFunctions = entries.map((discovered) => discovered.entry);
    io.stdout(
      `${JSON.stringify({ functions: found, humanWaitFunctions, unknownColumns: UNKNOWN_COLUMNS, model }, null, 2)}\n`,
    );
    return EXIT_OK;
  }
  if (found.length === 0) {
    io.stdout(
      `No function of this project returns a person's answer: the rules need no humanWaitFunctions.\n${renderModel(model)}`,
    );
    return EXIT_OK;
  }
  const width = Math.max(...found.map((wrapper) => `${wrapper.file}:${wrapper.line}`.length));
  const lines = found.map(
    (wrapper) =>
      `  ${`${wrapper.file}:${wrapper.line}`.padEnd(width)}  ${wrapper.name}  (answers with ${SHAPE_LABEL[wrapper.shape]})`,
  );
  const noun = found.length === 1 ? "function waits" : "functions wait";
  io.stdout(
    // The configuration comes last, so what follows "Paste into" is pasted whole.
    `${found.length} ${noun} on a person:\n${lines.join("\n")}\n${renderModel(model)}\nPaste into eslint.config.js:\n\n${renderConfig(entries)}\n`,
  );
  return EXIT_OK;
}

/** What the rules see without types: the model's wrappers, handlers registered elsewhere, kept signals. */
function renderModel(model: ProjectModel): string {
  const section = (title: string, lines: string[]) =>
    lines.length === 0 ? [] : [`  ${title}:`, ...lines.map((line) => `    ${line}`)];
  const lines = [
    ...section(
      "functions that wait on a person (the rules follow calls of them across files without an entry)",
      model.wrappers.map(
        (wrapper) =>
          `${wrapper.file}:${wrapper.line}  ${wrapper.name}  (behavesLike: "${wrapper.behavesLike}", optionsArgIndex: ${wrapper.optionsArgIndex})`,
      ),
    ),
    ...section(
      "handlers registered away from where they are declared",
      model.handlers.map(
        (handler) =>
          `${handler.file}:${handler.line}  ${handler.handler} → ${handler.declaredAt}  (${handler.asksPerson ? "asks a person" : "asks nobody"}; ${handler.takesExtra ? "takes" : "never takes"} the request's extra)`,
      ),
    ),
    ...section(
      "signals the code keeps and hands to its waits (the caller's signal for a question in reach)",
      model.signals.map(
        (signal) =>
          `${signal.file}:${signal.line}  ${signal.signal}${signal.callerSignal ? `  (callerSignal: "${signal.callerSignal}")` : ""}`,
      ),
    ),
  ];
  return lines.length === 0
    ? "\nWithout types, the rules' project model finds no wrapper, no handler registered elsewhere and no kept signal.\n"
    : `\nWithout types, the rules' project model finds:\n${lines.join("\n")}\n`;
}
