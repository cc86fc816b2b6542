/** The seven terminal paths, in the order the kit runs them. Dependency-free, so the CLI can read it without loading an SDK. */
export const TERMINAL_PATHS = [
  "accept",
  "decline",
  "cancel",
  "timeout",
  "disconnect",
  "invalid-content",
  "outer-cancel",
] as const;

export type TerminalPath = (typeof TERMINAL_PATHS)[number];
