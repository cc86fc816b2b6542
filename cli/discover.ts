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
import { findAnswerFunctions, type AnswerFunction, type TypedAnswerShape } from "../analysis/types.ts";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CommandIo } from "./io.ts";

const USAGE = `Usage: eslint-plugin-elicitation check --discover [options] [project]

Lists your project's own functions that wait on a person (their result is an MCP ElicitResult, an ACP permission or
elicitation response, or an object whose action is accept | decline | cancel), across files, and prints the
humanWaitFunctions configuration that teaches them to the rules when they run without type information.

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

interface WrapperConfigEntry {
  from: "file";
  name: string[];
  path: string;
  behavesLike: string;
  optionsArgIndex: number | null;
}

/** One option entry per file, behaviour and options position: the shape rule options take. */
function wrapperConfig(found: readonly DiscoveredWrapper[]): WrapperConfigEntry[] {
  const entries = new Map<string, WrapperConfigEntry>();
  for (const wrapper of found) {
    const behavesLike = ROW_FOR_SHAPE[wrapper.shape];
    const key = `${wrapper.file}\0${behavesLike}\0${wrapper.optionsArgIndex}`;
    const entry = entries.get(key);
    if (entry) {
      if (!entry.name.includes(wrapper.name)) entry.name.push(wrapper.name);
    } else {
      entries.set(key, {
        from: "file",
        name: [wrapper.name],
        path: wrapper.file,
        behavesLike,
        optionsArgIndex: wrapper.optionsArgIndex,
      });
    }
  }
  return [...entries.values()];
}

/** The text to paste into eslint.config.js. */
function renderConfig(entries: readonly WrapperConfigEntry[]): string {
  const list = entries.map((entry) => `  ${JSON.stringify(entry)},`).join("\n");
  const rules = RULES_FOR_WRAPPERS.map(
    (rule) => `      "elicitation/${rule}": ["error", { humanWaitFunctions }],`,
  ).join("\n");
  return [
    "// Your functions that wait on a person (found by `eslint-plugin-elicitation check --discover`).",
    "// require-deadline judges the call inside each of them, where the deadline is set, so it needs no entry.",
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
  if (format === "json") {
    io.stdout(`${JSON.stringify({ functions: found, humanWaitFunctions: entries }, null, 2)}\n`);
    return EXIT_OK;
  }
  if (found.length === 0) {
    io.stdout("No function of this project returns a person's answer: the rules need no humanWaitFunctions.\n");
    return EXIT_OK;
  }
  const width = Math.max(...found.map((wrapper) => `${wrapper.file}:${wrapper.line}`.length));
  const lines = found.map(
    (wrapper) =>
      `  ${`${wrapper.file}:${wrapper.line}`.padEnd(width)}  ${wrapper.name}  (answers with ${SHAPE_LABEL[wrapper.shape]})`,
  );
  const noun = found.length === 1 ? "function waits" : "functions wait";
  io.stdout(
    `${found.length} ${noun} on a person:\n${lines.join("\n")}\n\nPaste into eslint.config.js:\n\n${renderConfig(entries)}\n`,
  );
  return EXIT_OK;
}
