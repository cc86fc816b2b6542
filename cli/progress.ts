/**
 * One progress line on stderr, redrawn in place (`check: 120/3432 files`), for runs long enough to leave a person
 * wondering. Only on a terminal (`io.isTTY`: stdout and stderr both are one): redirected output gets no escape codes
 * and no progress at all. The line is erased when the run ends, so what stays on screen is the report.
 */
import type { CommandIo } from "./io.ts";

export interface ProgressLine {
  /** `done` of the total so far. */
  update(done: number): void;
  /** Erases the line. */
  end(): void;
}

const SILENT: ProgressLine = { update() {}, end() {} };

/** Redraws at most this often: a terminal that repaints on every one of 3,000 files slows the run it reports. */
const REDRAW_MS = 100;

/**
 * `label` names the run and `unit` what is counted (`check`, `files`); nothing is shown below `minimum` items.
 */
export function progressLine(io: CommandIo, label: string, unit: string, total: number, minimum: number): ProgressLine {
  if (!io.isTTY || total < minimum) return SILENT;
  let shown = false;
  let lastDraw = 0;
  const draw = (done: number): void => {
    io.stderr(`\r\u001b[K${label}: ${done}/${total} ${unit}`);
    shown = true;
    lastDraw = Date.now();
  };
  draw(0);
  return {
    update(done) {
      if (done === total || Date.now() - lastDraw >= REDRAW_MS) draw(done);
    },
    end() {
      if (shown) io.stderr("\r\u001b[K");
      shown = false;
    },
  };
}
