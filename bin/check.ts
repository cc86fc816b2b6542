// PLACEHOLDER: replaced by the `check` command's implementation.
import { EXIT_USAGE, type CommandIo } from "./io.ts";

export async function runCheck(_argv: readonly string[], io: CommandIo): Promise<number> {
  io.stderr("check: not implemented yet\n");
  return EXIT_USAGE;
}
