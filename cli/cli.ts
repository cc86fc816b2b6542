#!/usr/bin/env node
/**
 * `eslint-plugin-elicitation <command>`: `check` lints, `migrate` rewrites, `demo` shows both on the bundled fixtures.
 * Exit codes: 0 ok, 1 findings (check) or a failed file (migrate), 2 usage error.
 */
import { runCheck } from "./check.ts";
import { runDemo } from "./demo.ts";
import { runMigrate } from "./migrate.ts";
import { runPaths } from "./paths.ts";
import { ESLint } from "eslint";
import { PACKAGE_MANIFEST } from "../package-root.ts";
import { EXIT_USAGE, type CommandIo } from "./io.ts";

const USAGE = `Usage: eslint-plugin-elicitation <command> [options]

Commands:
  check <paths...>     lint with the plugin's recommended config (no ESLint config of yours needed)
  migrate <paths...>   rewrite flagged code: exhaustive switches, release in finally, deadlines, forwarded signals
  demo                 run check and migrate --dry on the bundled example server and agent
  paths -- <command>   drive what a server or agent asks through every way it can end (MCP: stdio or --url; ACP: --acp)

Options:
  -v, --version        print the plugin's version (and the ESLint it runs with), also after a command
  -h, --help           show this help

Run \`eslint-plugin-elicitation <command> --help\` for a command's options.`;

/**
 * `--version` / `-v` anywhere among the CLI's own arguments, before `--` (what follows it is a server's command line,
 * given to `paths`, and may have a --version of its own).
 */
function asksForVersion(argv: readonly string[]): boolean {
  const own = argv.includes("--") ? argv.slice(0, argv.indexOf("--")) : argv;
  return own.some((arg) => arg === "--version" || arg === "-v");
}

export async function main(argv: readonly string[], io: CommandIo): Promise<number> {
  if (asksForVersion(argv)) {
    io.stdout(`eslint-plugin-elicitation ${PACKAGE_MANIFEST.version} (ESLint ${ESLint.version})\n`);
    return 0;
  }
  const [command, ...rest] = argv;
  switch (command) {
    case "check":
      return runCheck(rest, io);
    case "migrate":
      return runMigrate(rest, io);
    case "demo":
      return runDemo(rest, io);
    case "paths":
      return runPaths(rest, io);
    case "--help":
    case "-h":
    case "help":
      io.stdout(`${USAGE}\n`);
      return 0;
    case undefined:
      io.stderr(`${USAGE}\n`);
      return EXIT_USAGE;
    default:
      io.stderr(`Unknown command "${command}".\n\n${USAGE}\n`);
      return EXIT_USAGE;
  }
}

if (require.main === module) {
  main(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: process.cwd(),
    // Colour goes to stdout and progress to stderr: both must be a terminal, or a redirected file gets escape codes.
    isTTY: Boolean(process.stdout.isTTY && process.stderr.isTTY),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(
        `eslint-plugin-elicitation: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exitCode = 2;
    },
  );
}
