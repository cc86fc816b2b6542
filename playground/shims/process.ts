// Node's `process`, as much of it as the bundled libraries read while they load (tinyglobby: `process.platform`) and
// while they lint (path-browserify's `resolve`: `process.cwd()`). Imported before anything else by src/main.ts.
const globals = globalThis as { process?: unknown };
globals.process ??= { env: {}, platform: "browser", cwd: () => "/", versions: {}, argv: [] };
