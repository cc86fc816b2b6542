/**
 * What `migrate` takes from the project's own ESLint config for a file: the `humanWaitFunctions` it gives the rules
 * (the deadline transform then writes the entries' own options, `ttl`, `timeout_ms`, where their calls ask a person),
 * and the `ecmaVersion` it lints the file at (whether a JavaScript deadline is written `300_000`).
 */
import { ESLint } from "eslint";
import type { WrapperOption } from "../analysis/wrappers.ts";
import type { CodemodOptions } from "../codemods/jscodeshift-adapter.ts";
import type { EcmaVersion } from "../edits/number-literal.ts";

/** The rules whose options carry the entries, by their name in the plugin (users may register it under any prefix). */
const RULES_WITH_ENTRIES = ["require-deadline", "forward-abort-signal"];

type ConfiguredOptions = Pick<CodemodOptions, "humanWaitFunctions" | "ecmaVersion">;

/**
 * Reads, for each file of one run in `cwd`, the entries the project's config sets (the first of the two rules that
 * has any) and its `ecmaVersion`, each left out when the config sets none, or when the project has no config ESLint
 * can load. One ESLint instance per run.
 */
export function configuredOptions(cwd: string): (file: string) => Promise<ConfiguredOptions> {
  const eslint = new ESLint({ cwd });
  return (file) => optionsFor(eslint, file);
}

async function optionsFor(eslint: ESLint, file: string): Promise<ConfiguredOptions> {
  let config: { rules?: Record<string, unknown>; languageOptions?: { ecmaVersion?: EcmaVersion } } | undefined;
  try {
    config = (await eslint.calculateConfigForFile(file)) as typeof config;
  } catch {
    return {};
  }
  const ecmaVersion = config?.languageOptions?.ecmaVersion;
  const configured: ConfiguredOptions = ecmaVersion === undefined ? {} : { ecmaVersion };
  for (const [name, entry] of Object.entries(config?.rules ?? {})) {
    if (!RULES_WITH_ENTRIES.some((rule) => name.endsWith(`/${rule}`)) || !Array.isArray(entry)) continue;
    const listed = (entry[1] as { humanWaitFunctions?: unknown } | undefined)?.humanWaitFunctions;
    if (Array.isArray(listed) && listed.length > 0)
      return { ...configured, humanWaitFunctions: listed as WrapperOption[] };
  }
  return configured;
}
