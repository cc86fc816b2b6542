/** What a command may touch of the outside world; tests pass their own. */
export interface CommandIo {
  stdout(text: string): void;
  stderr(text: string): void;
  cwd: string;
  /** Whether progress may redraw a line (a terminal) or must print plain lines. */
  isTTY: boolean;
}

export const EXIT_OK = 0;
/** `check`: findings; `migrate`: a file failed. */
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
