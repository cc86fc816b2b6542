/**
 * The `humanWaitFunctions` a project gives the rules in its own ESLint config, for `migrate`: the deadline transform
 * then writes the entries' own options (`ttl`, `timeout_ms`) where their calls ask a person.
 */
import { ESLint } from "eslint";
import type { WrapperOption } from "../analysis/wrappers.ts";

/** The rules whose options carry the entries, by their name in the plugin (users may register it under any prefix). */
const RULES_WITH_ENTRIES = ["require-deadline", "forward-abort-signal"];

/**
 * Reads, for each file of one run in `cwd`, the entries the project's config sets (the first of the two rules that
 * has any), or undefined when it sets none or has no config ESLint can load. One ESLint instance per run.
 */
export function configuredWaitFunctions(cwd: string): (file: string) => Promise<WrapperOption[] | undefined> {
  const eslint = new ESLint({ cwd });
  return (file) => entriesFor(eslint, file);
}

async function entriesFor(eslint: ESLint, file: string): Promise<WrapperOption[] | undefined> {
  let config: { rules?: Record<string, unknown> } | undefined;
  try {
    config = (await eslint.calculateConfigForFile(file)) as typeof config;
  } catch {
    return undefined;
  }
  for (const [name, entry] of Object.entries(config?.rules ?? {})) {
    if (!RULES_WITH_ENTRIES.some((rule) => name.endsWith(`/${rule}`)) || !Array.isArray(entry)) continue;
    const listed = (entry[1] as { humanWaitFunctions?: unknown } | undefined)?.humanWaitFunctions;
    if (Array.isArray(listed) && listed.length > 0) return listed as WrapperOption[];
  }
  return undefined;
}
