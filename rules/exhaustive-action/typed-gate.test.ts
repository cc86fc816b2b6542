/**
 * `mayReportWithTypes`: what `check` asks of the program before it parses, with types, a file only the typed text
 * gate admits. Each case is a small program in memory; the gate must admit what the rule's typed analysis could read
 * as a person's answer, and turn away the comparisons an agent framework writes everywhere else.
 */
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { mayReportWithTypes } from "./typed-gate.ts";

const ROOT = path.resolve("/virtual-project");

const ANSWERS = `export interface Answer { action: "accept" | "decline" | "cancel"; content?: Record<string, unknown> }
export type Outcome = { outcome: "cancelled" } | { outcome: "selected"; optionId: string };
export type Status = "idle" | "running" | "cancelled" | "completed";
export function elicitDeploy(): Answer {
  return { action: "accept" };
}
`;

/** Each case's text, by name: one program holds them all (loading TypeScript's lib once). */
const CASES: Record<string, string> = {
  annotated: `import type { Answer } from "./answers";\nexport function f(r: Answer) {\n  if (r.action === "accept") return 1;\n  return 0;\n}\n`,
  acpSwitch: `import type { Outcome } from "./answers";
export function f(o: Outcome) {
  switch (o.outcome) {
    case "selected":
      return o.optionId;
    default:
      return null;
  }
}
`,
  destructured: `import type { Answer } from "./answers";\nexport function f(r: Answer) {\n  const { action } = r;\n  return (action as string) !== "decline";\n}\n`,
  ownFunction: `import { elicitDeploy as deploy } from "./answers";
export function f() {
  const verdict: string = deploy().action;
  return verdict === "cancel";
}
`,
  status: `import type { Status } from "./answers";
export class Run {
  status: Status = "idle";
  current(): Status {
    return this.status;
  }
  stopped(): boolean {
    return this.status === "cancelled" || this.current() === "cancelled";
  }
}
`,
  words: `export const actions = ["accept", "decline", "cancel"] as const;\nexport const label = "cancel";\n`,
  broken: `export const label = "cancel";\nexport function (\n`,
};

let program: ts.Program | undefined;

/** The gate's verdict on one case's file, in the program that holds every case and `answers.ts`. */
function admits(name: keyof typeof CASES): boolean {
  program ??= createProgram();
  return mayReportWithTypes(program.getSourceFile(path.join(ROOT, `${name}.ts`))!, program);
}

function createProgram(): ts.Program {
  const files = new Map([
    [path.join(ROOT, "answers.ts"), ANSWERS],
    ...Object.entries(CASES).map(([name, text]) => [path.join(ROOT, `${name}.ts`), text] as const),
  ]);
  const options: ts.CompilerOptions = { strict: true, target: ts.ScriptTarget.ES2022, noEmit: true, types: [] };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (file) => files.has(file) || ts.sys.fileExists(file);
  host.directoryExists = (directory) => directory === ROOT || ts.sys.directoryExists(directory);
  host.readFile = (file) => files.get(file) ?? readFile(file);
  host.getSourceFile = (file, language) => {
    const text = files.get(file);
    return text === undefined ? getSourceFile(file, language) : ts.createSourceFile(file, text, language, true);
  };
  return ts.createProgram([...files.keys()], options, host);
}

describe("exhaustive-action's typed gate", () => {
  it.each([
    ["admits a comparison of a name whose declared type is the answer union", "annotated", true],
    ["admits a switch on ACP's outcome whose cases name an outcome", "acpSwitch", true],
    ["admits a destructured field and a parenthesised, asserted operand", "destructured", true],
    ["admits a file that calls one of the program's answering functions, whatever it compares", "ownFunction", true],
    ["turns away a status union that holds `cancelled`, and a call's result compared", "status", false],
    ["turns away answer words that no comparison reads: a schema, a string", "words", false],
    ["admits a file that does not parse, so its parse error is reported", "broken", true],
  ] as const)("%s", (_, name, expected) => {
    expect(admits(name)).toBe(expected);
  });
});
