// `eslint` (and `eslint/use-at-your-own-risk`) for the browser. typescript-eslint's utils re-export ESLint's classes
// (`class RuleTester extends eslint.RuleTester {}`, and `FlatESLint` from the default export of the unsupported API)
// when loaded; the rules use none of them but the Linter, which ESLint builds for browsers as eslint/universal.
export { Linter } from "eslint/universal";
export class ESLint {}
export class RuleTester {}
export class SourceCode {}
export default {};
