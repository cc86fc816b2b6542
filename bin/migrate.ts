// PLACEHOLDER: replaced by the `migrate` command's implementation.
import { EXIT_USAGE, type CommandIo } from "./io.ts";

export async function runMigrate(_argv: readonly string[], io: CommandIo): Promise<number> {
  io.stderr("migrate: not implemented yet\n");
  return EXIT_USAGE;
}
