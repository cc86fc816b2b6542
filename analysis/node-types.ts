/**
 * The parser's node types as a plain value of our own. Compiled to CommonJS, `AST_NODE_TYPES` imported from
 * @typescript-eslint/utils is read through two re-export getters (utils', then its ts-estree module's) at every use,
 * and the rules compare a node's type at nearly every node they visit: a CPU profile of the bench's dense corpus put
 * those getters at about a twentieth of the rules' own time. A `const` export is a plain property. Nothing here knows
 * MCP or ACP.
 */
import { AST_NODE_TYPES as PARSER_NODE_TYPES } from "@typescript-eslint/utils";

export const AST_NODE_TYPES = PARSER_NODE_TYPES;
