/** The seven terminal paths, in the order the kit runs them. Dependency-free, so the CLI can read it without loading an SDK. */
import { ELICIT_ACTION } from "../protocol/answers.ts";
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
