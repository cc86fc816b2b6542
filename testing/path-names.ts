/** The seven terminal paths, in the order the kit runs them. Dependency-free, so the CLI can read it without loading an SDK. */
import { ACP_OUTCOME, ELICIT_ACTION } from "../protocol/answers.ts";
import type { AcpPath } from "./acp.ts";
export const TERMINAL_PATHS = [
  ELICIT_ACTION.accept,
  ELICIT_ACTION.decline,
  ELICIT_ACTION.cancel,
  "timeout",
  "disconnect",
  "invalid-content",
  "outer-cancel",
] as const;

export type TerminalPath = (typeof TERMINAL_PATHS)[number];

/**
 * ACP's paths besides `select:<option kind>` (one per kind a permission request offers; kinds are open-ended), as
 * `runAcpPaths` names them. Here, free of the SDK, so the CLI can check `--path` before loading it.
 */
export const ACP_FIXED_PATHS = [
  ELICIT_ACTION.accept,
  ELICIT_ACTION.decline,
  ACP_OUTCOME.cancelled,
  "invalid-content",
  "never-answered",
  "connection-closed",
  "session-cancel",
] as const satisfies readonly AcpPath[];
