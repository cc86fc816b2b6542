// PLACEHOLDER: replaced by the `demo` command's implementation.
import { EXIT_USAGE, type CommandIo } from "./io.ts";

export async function runDemo(_argv: readonly string[], io: CommandIo): Promise<number> {
  io.stderr("demo: not implemented yet\n");
  return EXIT_USAGE;
}
