import { ESLintUtils } from "@typescript-eslint/utils";

/** Extra `meta.docs` fields our rules declare; the docs test and eslint-doc-generator read them. */
export interface ElicitationRuleDocs {
  description: string;
  /** In `configs.recommended`. Every rule is also in `strict` and `all`. */
  recommended?: boolean;
  /** Works without types; with `parserServices.program` it sees more. */
  requiresTypeChecking?: false;
}

const DOCS_BASE_URL = "https://github.com/eslint-plugin-elicitation/eslint-plugin-elicitation/blob/main/docs/rules/";

export const createRule = ESLintUtils.RuleCreator<ElicitationRuleDocs>((name) => `${DOCS_BASE_URL}${name}.md`);
