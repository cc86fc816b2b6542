/**
 * eslint-plugin-elicitation/testing: prove at runtime, with the real MCP SDK, that a tool which asks a person a
 * question ends on every terminal path and releases what it held. See docs/testing.md.
 */
export {
  formatTerminalPaths,
  runTerminalPaths,
  TERMINAL_PATHS,
  type TerminalPath,
  type TerminalPathResult,
  type TerminalPathsOptions,
} from "./terminal-paths.ts";
export {
  abortCall,
  accept,
  acceptInvalid,
  after,
  cancel,
  closeTransport,
  connectScriptedClient,
  decline,
  leaveOpen,
  type ClientReply,
  type ContentSource,
  type ElicitationStep,
  type ElicitParams,
  type HandlerEnd,
  type Script,
  type ScriptedClientOptions,
  type ScriptedConnection,
  type SeenElicitation,
  type ServerUnderTest,
  type ToolCallHandle,
} from "./scripted-client.ts";
export {
  acpPathsFor,
  formatAcpPaths,
  runAcpPaths,
  type AcpPath,
  type AcpPathResult,
  type AcpPathsOptions,
  type AcpPathsReport,
  type AcpQuestion,
  type AgentUnderTest,
} from "./acp.ts";
export {
  formatMrtrPaths,
  MRTR_PATHS,
  runMrtrPaths,
  type MrtrPath,
  type MrtrPathResult,
  type MrtrPathsOptions,
  type MrtrQuestion,
} from "./mrtr.ts";
export {
  findAskingTools,
  runWirePaths,
  type ServerTarget,
  type WirePathResult,
  type WirePathsOptions,
  type WireToolReport,
} from "./wire.ts";
export { KitError, type NotApplicable, type ScriptStop } from "./errors.ts";
export { invalidAnswerFor, satisfiesField, UnsatisfiableSchemaError, type InvalidAnswer } from "./content.ts";
export { invalidContentFor, validContentFor, type ElicitContent, type RequestedSchema } from "./content.ts";
