/**
 * Collects the code every rule test hands typescript-eslint's RuleTester, without running those tests: each rule test
 * file is loaded with `vitest` replaced by a stand-in whose `describe` runs its body at once and whose `it` does
 * nothing, and with `RuleTester#run` recording its cases. Prints them as JSON on stdout. Started as a child process
 * by test/oxlint/parity.test.ts (a vitest worker cannot load a test file with another `vitest`); run it with TMPDIR
 * pointing at a folder to delete, since some rule tests make projects under the OS temp folder while they load.
 *
 *   node --import tsx test/oxlint/capture-rule-cases.ts rules/foo/foo.test.ts …
 */
import Module from "node:module";
import path from "node:path";
import { RuleTester } from "@typescript-eslint/rule-tester";
import { RULE_MODULES } from "../../rules/index.ts";

export interface CapturedCase {
  /** The rule test file and the name RuleTester gave the run. */
  source: string;
  rule: string;
  /** The case's own name, or its index among the run's valid / invalid cases. */
  name: string;
  code: string;
  options: unknown[];
  /** The file name the case was linted as, when it set one. */
  filename?: string;
  /** Whether the case ran on the typed tester (here it is linted untyped all the same). */
  typed: boolean;
}

/** A vitest that declares nothing: suites run their bodies (that is where RuleTester#run is called), tests never run. */
function vitestStandIn(): Record<string, unknown> {
  const inert: unknown = new Proxy(() => inert, { get: () => inert, apply: () => inert });
  const each =
    (run: (name: string, body: (...args: unknown[]) => unknown) => void) =>
    (table: readonly unknown[]) =>
    (name: string, body: (...args: unknown[]) => unknown) => {
      for (const row of table) run(name, () => (Array.isArray(row) ? body(...row) : body(row)));
    };
  const describe = Object.assign((_name: string, body: () => unknown) => void body(), {
    skip: () => {},
    only: (_name: string, body: () => unknown) => void body(),
    each: each((_name, body) => void body()),
  });
  const it = Object.assign(() => {}, { skip: () => {}, only: () => {}, todo: () => {}, each: () => () => {} });
  return {
    describe,
    it,
    test: it,
    expect: inert,
    vi: inert,
    beforeAll() {},
    afterAll() {},
    beforeEach() {},
    afterEach() {},
  };
}

function replaceVitest(): void {
  const standIn = new Module("vitest");
  standIn.exports = vitestStandIn();
  standIn.loaded = true;
  const cacheKey = "\0vitest-stand-in";
  (Module as unknown as { _cache: Record<string, Module> })._cache[cacheKey] = standIn;
  const internals = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const resolve = internals._resolveFilename;
  internals._resolveFilename = (request, ...rest) => (request === "vitest" ? cacheKey : resolve(request, ...rest));
}

interface TesterCase {
  name?: string;
  code: string;
  options?: unknown[];
  filename?: string;
  skip?: boolean;
}

function capture(files: readonly string[]): CapturedCase[] {
  const ruleNames = new Map<unknown, string>(
    Object.entries(RULE_MODULES).map(([name, module]) => [module.default, name]),
  );
  const cases: CapturedCase[] = [];
  let current = "";
  let typedTester: unknown = null;
  for (const hook of ["afterAll", "describe", "describeSkip", "it", "itOnly", "itSkip"] as const)
    (RuleTester as unknown as Record<string, unknown>)[hook] = () => {};
  RuleTester.prototype.run = function (this: RuleTester, runName: string, rule: unknown, tests) {
    const ruleName = ruleNames.get(rule);
    if (!ruleName) throw new Error(`${current}: RuleTester#run("${runName}") with a rule the plugin does not export`);
    const add = (kind: string, list: readonly (TesterCase | string)[]) =>
      list.forEach((entry, index) => {
        const item: TesterCase = typeof entry === "string" ? { code: entry } : entry;
        if (item.skip) return;
        cases.push({
          source: `${current} › ${runName}`,
          rule: ruleName,
          name: item.name ?? `${kind} #${index + 1}`,
          code: item.code,
          options: item.options ?? [],
          ...(item.filename ? { filename: item.filename } : {}),
          typed: this === typedTester,
        });
      });
    add("valid", tests.valid as readonly (TesterCase | string)[]);
    add("invalid", tests.invalid as readonly TesterCase[]);
  };
  replaceVitest();
  const load = Module.createRequire(__filename);
  typedTester = (load("../rule-tester.ts") as { typedRuleTester: unknown }).typedRuleTester;
  for (const file of files) {
    current = file;
    load(path.resolve(file));
  }
  return cases;
}

process.stdout.write(`${JSON.stringify(capture(process.argv.slice(2)))}\n`);
