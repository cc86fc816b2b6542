/**
 * `demo`: `check` on the bundled MCP server and ACP agent (fixtures/), then `migrate --dry` on them.
 * Exits 0 when both ran: the fixtures hold the four bugs on purpose, so findings are the expected outcome.
 */
import fs from "node:fs";
import path from "node:path";
import { PACKAGE_ROOT } from "../package-root.ts";
import { runCheck } from "./check.ts";
import { runMigrate } from "./migrate.ts";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CommandIo } from "./io.ts";

/** The bundled example server and agent, shipped in the package for this command. */
export const FIXTURES_DIR = path.join(PACKAGE_ROOT, "fixtures");

/** What the examples import: without these the migration preview cannot be type-checked. */
const EXAMPLE_PACKAGES = [
  "@modelcontextprotocol/sdk/server/mcp.js",
  "@modelcontextprotocol/server",
  "@agentclientprotocol/sdk",
  "zod",
];

/** The deadline the migration preview writes into waits that have none: two minutes for a person to answer. */
const DEMO_DEADLINE_MS = "120000";

export async function runDemo(argv: readonly string[], io: CommandIo): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.stdout(
      "Usage: eslint-plugin-elicitation demo\n\nRuns check, then migrate --dry, on the example MCP servers (SDK 1.x and 2.x) and ACP agent in fixtures/.\n\nOptions:\n  -v, --version  print the plugin's version\n  -h, --help     show this help\n",
    );
    return EXIT_OK;
  }
  if (argv.length > 0) {
    io.stderr(`demo: takes no arguments (got ${argv.join(" ")}).\n`);
    return EXIT_USAGE;
  }
  if (!fs.existsSync(path.join(FIXTURES_DIR, "mcp-server"))) {
    io.stderr(
      `demo: the example server and agent are missing from ${FIXTURES_DIR}; reinstall eslint-plugin-elicitation.\n`,
    );
    return EXIT_USAGE;
  }
  const fixtures = path.relative(io.cwd, FIXTURES_DIR) || ".";
  const missing = EXAMPLE_PACKAGES.filter((specifier) => !resolvesFrom(FIXTURES_DIR, specifier));

  // fixtures/ has a tsconfig.json, so check is typed there; without the SDKs the types say nothing: lint untyped.
  const checkArgs = missing.length > 0 ? [fixtures, "--no-typed"] : [fixtures];
  io.stdout(`== 1/2  eslint-plugin-elicitation check ${checkArgs.join(" ")}\n\n`);
  const checkCode = await runCheck(checkArgs, io);
  if (checkCode !== EXIT_OK && checkCode !== EXIT_FAILURE) {
    io.stderr("demo: check could not run on the fixtures (see above).\n");
    return checkCode;
  }

  io.stdout(`\n== 2/2  eslint-plugin-elicitation migrate --dry --deadline-ms ${DEMO_DEADLINE_MS} ${fixtures}\n\n`);
  if (missing.length > 0) {
    io.stderr(
      `demo: ${missing.map((specifier) => specifier.replace(/^((?:@[^/]+\/)?[^/]+).*$/, "$1")).join(", ")} not installed here, so the preview is not type-checked (install them to see it checked)\n`,
    );
  }
  const migrateCode = await runMigrate(
    ["--dry", "--deadline-ms", DEMO_DEADLINE_MS, ...(missing.length > 0 ? ["--no-typecheck"] : []), FIXTURES_DIR],
    io,
  );
  if (migrateCode !== EXIT_OK) {
    io.stderr("demo: migrate failed on the fixtures (see above).\n");
    return migrateCode;
  }

  io.stdout(
    `\nThe demo exits 0: the bundled server and agent contain the four bugs on purpose, so these findings are what it is for.\n`,
  );
  return EXIT_OK;
}

function resolvesFrom(directory: string, specifier: string): boolean {
  try {
    require.resolve(specifier, { paths: [directory] });
    return true;
  } catch {
    return false;
  }
}
