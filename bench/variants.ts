/**
 * The things `npm run bench` times, each a function that processes a whole corpus once, the way a user's run would:
 * lint variants go through ESLint's `ESLint` class (config resolution, file reading, the TypeScript parser), transform
 * variants call jscodeshift transforms in-process the way jscodeshift's worker and `migrate` call them.
 */
import fs from "node:fs";
import path from "node:path";
import { clearCaches } from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";
import { REPO_ROOT } from "./corpora.ts";
import {
  PLUGIN_PREFIX,
  identityTransform,
  lintConfig,
  loadMigrateRunner,
  recommendedRules,
  ruleNames,
} from "./subjects.ts";

export interface RunTotals {
  /** Problems reported by rules (lint) or files changed (transforms). */
  findings: number;
  /** Files the parser could not read: identical across variants of one suite, or the comparison is void. */
  fileErrors: number;
}

/** One pass over a corpus: totals, and the CPU and wall time each file took (milliseconds, corpus order). */
export interface PassResult extends RunTotals {
  cpuMs: Float64Array;
  wallMs: Float64Array;
}

export interface Variant {
  id: string;
  label: string;
  /** Processes every file once; `texts[i]` is the content of `files[i]`, read before timing starts. */
  run(files: readonly string[], texts: readonly string[]): Promise<PassResult>;
}

export interface VariantContext {
  /** tsconfig listing the corpus files, for typed variants. */
  tsconfig?: string;
}

const SWITCH_RULE = "@typescript-eslint/switch-exhaustiveness-check";

/** Times `each` on every file: CPU time of this process (parser, rules, GC threads) and elapsed time. */
async function timeEachFile(
  files: readonly string[],
  texts: readonly string[],
  each: (file: string, text: string) => Promise<RunTotals> | RunTotals,
): Promise<PassResult> {
  const cpuMs = new Float64Array(files.length);
  const wallMs = new Float64Array(files.length);
  let findings = 0;
  let fileErrors = 0;
  for (let index = 0; index < files.length; index += 1) {
    const cpuStart = process.cpuUsage();
    const wallStart = process.hrtime.bigint();
    const totals = await each(files[index], texts[index]);
    wallMs[index] = Number(process.hrtime.bigint() - wallStart) / 1e6;
    const cpu = process.cpuUsage(cpuStart);
    cpuMs[index] = (cpu.user + cpu.system) / 1000;
    findings += totals.findings;
    fileErrors += totals.fileErrors;
  }
  return { cpuMs, wallMs, findings, fileErrors };
}

function lintVariant(id: string, label: string, rules: Linter.RulesRecord, typed: { tsconfig: string } | undefined): Variant {
  return {
    id,
    label,
    async run(files, texts) {
      // A typed run builds its program from scratch, as a fresh `eslint` process does; that cost lands on the
      // first file of the pass.
      if (typed) clearCaches();
      const config = lintConfig(rules, typed);
      if (rules[SWITCH_RULE]) config[1].plugins = { ...config[1].plugins, "@typescript-eslint": tseslint.plugin as never };
      const eslint = new ESLint({
        cwd: REPO_ROOT,
        overrideConfigFile: true,
        overrideConfig: config,
        ignorePatterns: ["!**/node_modules/"],
        cache: false,
      });
      return timeEachFile(files, texts, async (file, text) => {
        const [result] = await eslint.lintText(text, { filePath: file, warnIgnored: true });
        let findings = 0;
        let fileErrors = 0;
        for (const message of result.messages) {
          if (message.fatal) fileErrors += 1;
          else if (message.ruleId) findings += 1;
          // "File ignored …": a variant that skipped files would be timed on less work than the others.
          else if (/^File ignored/.test(message.message)) throw new Error(`${file}: ${message.message}`);
        }
        return { findings, fileErrors };
      });
    },
  };
}

function transformVariant(id: string, label: string, each: (file: string, source: string) => boolean): Variant {
  return {
    id,
    label,
    run(files, texts) {
      return timeEachFile(files, texts, (file, text) => {
        try {
          return { findings: each(file, text) ? 1 : 0, fileErrors: 0 };
        } catch {
          // The same unparsable files fail in every variant; counted, so the table can show it.
          return { findings: 0, fileErrors: 1 };
        }
      });
    },
  };
}

export async function buildVariant(id: string, context: VariantContext = {}): Promise<Variant> {
  const typed = () => {
    if (!context.tsconfig) throw new Error(`variant ${id} needs a tsconfig`);
    return { tsconfig: context.tsconfig };
  };
  if (id === "lint:parser") return lintVariant(id, "ESLint, parser alone", {}, undefined);
  if (id === "lint:recommended") return lintVariant(id, "ESLint + configs.recommended", recommendedRules(), undefined);
  if (id === "lint:parser-typed") return lintVariant(id, "ESLint, parser alone, typed", {}, typed());
  if (id === "lint:recommended-typed") return lintVariant(id, "ESLint + configs.recommended, typed", recommendedRules(), typed());
  if (id === "lint:switch-typed") {
    return lintVariant(id, `ESLint + ${SWITCH_RULE}, typed`, { [SWITCH_RULE]: "error" }, typed());
  }
  const rule = /^lint:rule:(.+)$/.exec(id);
  if (rule) {
    if (!ruleNames().includes(rule[1])) throw new Error(`no rule named ${rule[1]}`);
    return lintVariant(id, `ESLint + ${PLUGIN_PREFIX}/${rule[1]} alone`, { [`${PLUGIN_PREFIX}/${rule[1]}`]: "error" }, undefined);
  }
  if (id === "transform:identity") {
    return transformVariant(id, "jscodeshift identity transform", (file, source) => identityTransform(file, source) !== source);
  }
  if (id === "transform:migrate") {
    const migrate = await loadMigrateRunner();
    return transformVariant(id, `migrate's transforms in-process (${migrate.names.join(", ") || "none yet"})`, migrate.run);
  }
  throw new Error(`unknown variant ${id}`);
}

/** A tsconfig that puts every file of a corpus in one program (JavaScript included, not type-checked). */
export function writeCorpusTsconfig(files: readonly string[], dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const tsconfig = path.join(dir, "tsconfig.json");
  const config = {
    compilerOptions: {
      target: "es2022",
      lib: ["es2022", "dom", "esnext.disposable"],
      module: "nodenext",
      moduleResolution: "nodenext",
      types: ["node"],
      strict: true,
      noEmit: true,
      allowJs: true,
      checkJs: false,
      allowImportingTsExtensions: true,
      skipLibCheck: true,
    },
    files: [...files],
  };
  fs.writeFileSync(tsconfig, `${JSON.stringify(config, null, 2)}\n`);
  return tsconfig;
}
