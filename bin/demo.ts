/**
 * `demo`: `check` on the bundled MCP server and ACP agent (fixtures/), then `migrate --dry` on them.
 * Exits 0 when both ran: the fixtures hold the four bugs on purpose, so findings are the expected outcome.
 */
import path from "node:path";
import { runCheck } from "./check.ts";
import { runMigrate } from "./migrate.ts";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CommandIo } from "./io.ts";

/** The bundled example server and agent; absent from the published package (it ships no fixtures). */
export const FIXTURES_DIR = path.join(__dirname, "..", "fixtures");

/** The deadline the migration preview writes into waits that have none: two minutes for a person to answer. */
const DEMO_DEADLINE_MS = "120000";

export async function runDemo(argv: readonly string[], io: CommandIo): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.stdout("Usage: eslint-plugin-elicitation demo\n\nRuns check, then migrate --dry, on the example MCP server and ACP agent in fixtures/.\n");
    return EXIT_OK;
  }
  if (argv.length > 0) {
    io.stderr(`demo: takes no arguments (got ${argv.join(" ")}).\n`);
    return EXIT_USAGE;
  }
  const fixtures = path.relative(io.cwd, FIXTURES_DIR) || ".";

  io.stdout(`== 1/2  eslint-plugin-elicitation check ${fixtures}\n\n`);
  const checkCode = await runCheck([fixtures], io);
  if (checkCode !== EXIT_OK && checkCode !== EXIT_FAILURE) {
    io.stderr("demo: check could not run on the fixtures (see above).\n");
    return checkCode;
  }

  io.stdout(`\n== 2/2  eslint-plugin-elicitation migrate --dry --deadline-ms ${DEMO_DEADLINE_MS} ${fixtures}\n\n`);
  const migrateCode = await runMigrate(["--dry", "--deadline-ms", DEMO_DEADLINE_MS, FIXTURES_DIR], io);
  if (migrateCode !== EXIT_OK) {
    io.stderr("demo: migrate failed on the fixtures (see above).\n");
    return migrateCode;
  }

  io.stdout(
    `\nThe demo exits 0: the bundled server and agent contain the four bugs on purpose, so these findings are what it is for.\n`,
  );
  return EXIT_OK;
}
