import { ESLintUtils, type TSESLint } from "@typescript-eslint/utils";
import { noteFilePath } from "./project-files.ts";

/** Extra `meta.docs` fields our rules declare; the docs test and eslint-doc-generator read them. */
export interface ElicitationRuleDocs {
  description: string;
  /** In `configs.recommended`. Every rule is also in `strict` and `all`. */
  recommended?: boolean;
  /** Works without types; with `parserServices.program` it sees more. */
  requiresTypeChecking?: false;
}

const DOCS_BASE_URL = "https://github.com/eslint-plugin-elicitation/eslint-plugin-elicitation/blob/main/docs/rules/";

const namedRule = ESLintUtils.RuleCreator<ElicitationRuleDocs>((name) => `${DOCS_BASE_URL}${name}.md`);

/**
 * typescript-eslint's `RuleCreator`, with the defaulted options worked out once per distinct options instead of once
 * per file: `applyDefault` deep-merges them on every `create()`, and on a repository where few files ask a person that
 * merge was the largest part of what the rules cost (a third of their time on the bench's broad corpus). ESLint hands
 * each file a fresh copy of the same options, so they are told apart by their JSON text.
 */
export function createRule<Options extends readonly unknown[], MessageIds extends string>(
  spec: Readonly<ESLintUtils.RuleWithMetaAndName<Options, MessageIds, ElicitationRuleDocs>>,
) {
  const rule = namedRule(spec);
  const defaults = (spec.meta.defaultOptions ?? spec.defaultOptions ?? []) as Readonly<Options>;
  const merged = new Map<string, Readonly<Options>>();
  // ESLint 9.15+ merges `meta.defaultOptions` itself and, when the user set none, hands every file the very default
  // object: known by identity, its JSON is not written again for each file.
  const byFirstOption = new WeakMap<object, Readonly<Options>>();
  return {
    ...rule,
    create(context: Readonly<TSESLint.RuleContext<MessageIds, Options>>) {
      const first = context.options.length === 1 ? context.options[0] : undefined;
      const optionsObject = typeof first === "object" && first !== null ? first : null;
      let options = optionsObject ? byFirstOption.get(optionsObject) : undefined;
      if (!options) {
        const key = context.options.length === 0 ? "" : JSON.stringify(context.options);
        options = merged.get(key);
        if (!options) {
          options = ESLintUtils.applyDefault<Options, Options>(defaults, context.options);
          merged.set(key, options);
        }
        if (optionsObject) byFirstOption.set(optionsObject, options);
      }
      // The project model resolves the file's imports from where it is (a SourceCode does not say).
      noteFilePath(context.sourceCode, context.filename);
      return spec.create(context, options);
    },
  };
}
