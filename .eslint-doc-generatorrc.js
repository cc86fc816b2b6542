// eslint-doc-generator (README rules table and rule page headers). Regenerate with `npm run build && npx eslint-doc-generator`;
// test/doc-generator.test.ts runs it with --check. It loads the compiled plugin (index.js).
/** @type {import("eslint-doc-generator").GenerateOptions} */
module.exports = {
  ruleDocTitleFormat: "prefix-name",
  // Each page states its description on its own line under the header; the header adds configs and suggestions.
  ruleDocNotices: ["configs", "hasSuggestions", "requiresTypeChecking"],
  ruleListColumns: ["name", "description", "configsError", "hasSuggestions", "requiresTypeChecking", "options"],
  configEmoji: [
    ["recommended", "✅"],
    ["strict", "🔒"],
  ],
  ignoreConfig: ["all"],
};
