/**
 * The README's code blocks, so that tests run the recipes exactly as the README prints them.
 */
import fs from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "./paths.ts";

export interface CodeBlock {
  lang: string;
  code: string;
}

export function readmeText(): string {
  return fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
}

export function readmeCodeBlocks(): CodeBlock[] {
  return [...readmeText().matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1]!, code: m[2]! }));
}

/** The one README block of language `lang` that contains `marker`; throws if there is not exactly one. */
export function readmeBlock(lang: string, marker: string): string {
  const found = readmeCodeBlocks().filter((block) => block.lang === lang && block.code.includes(marker));
  if (found.length !== 1)
    throw new Error(
      `README.md should have exactly one \`\`\`${lang} block containing ${JSON.stringify(marker)} (found ${found.length})`,
    );
  return found[0]!.code;
}
