/**
 * Reads a rule page (docs/rules/<name>.md) into its title, description, sections and labelled ❌/✅ examples. An ES
 * module that needs only Node's fs and path: the playground's build (playground/vite.config.mts) reads the examples
 * with it too, and Vite loads a config's imports best as ES modules.
 */
import fs from "node:fs";
import path from "node:path";

const REPO_ROOT = path.join(import.meta.dirname, "..", "..");

interface CodeExample {
  label: "❌" | "✅" | null;
  /** The last non-empty line above the fence, which carries the label (and, in docs/mrtr.md, the rules it names). */
  caption: string;
  code: string;
  /** 1-based line of the opening fence in the page. */
  line: number;
  /** The fence's language: a `tsx` example is linted as a .tsx file. */
  lang: "ts" | "tsx";
}

export interface RuleDoc {
  path: string;
  lines: string[];
  /** The first non-empty line after the title and eslint-doc-generator's header. */
  description: string | undefined;
  sections: Map<string, string>;
  examples: CodeExample[];
}

const HEADER_END = "<!-- end auto-generated rule header -->";

export function ruleDocPath(name: string): string {
  return path.join(REPO_ROOT, "docs", "rules", `${name}.md`);
}

export function readRuleDoc(name: string): RuleDoc {
  const file = ruleDocPath(name);
  return parseRuleDoc(fs.readFileSync(file, "utf8"), file);
}

/** Reads a rule page's text (`file` is only recorded), so a test can hand it a page that is not on disk. */
export function parseRuleDoc(text: string, file: string): RuleDoc {
  const lines = text.split("\n");
  const bodyStart = lines.includes(HEADER_END) ? lines.indexOf(HEADER_END) + 1 : 1;
  const description = lines.slice(bodyStart).find((line) => line.trim() !== "");

  const sections = new Map<string, string>();
  let current: string | null = null;
  for (const line of lines) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      current = heading[1]!.trim();
      sections.set(current, "");
    } else if (current) {
      sections.set(current, `${sections.get(current)}${line}\n`);
    }
  }

  const examples: CodeExample[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (!/^```tsx?$/.test(lines[index]!)) continue;
    const end = lines.indexOf("```", index + 1);
    const before =
      lines
        .slice(0, index)
        .reverse()
        .find((line) => line.trim() !== "") ?? "";
    const label = /^(❌|✅)/.exec(before.trim())?.[1] as CodeExample["label"] | undefined;
    examples.push({
      label: label ?? null,
      caption: before,
      code: lines.slice(index + 1, end).join("\n") + "\n",
      line: index + 1,
      lang: lines[index]!.slice(3) as CodeExample["lang"],
    });
    index = end;
  }
  return { path: file, lines, description, sections, examples };
}
