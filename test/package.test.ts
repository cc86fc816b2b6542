/**
 * The published package as a user gets it: `npm pack`, installed from the tarball next to ESLint 10 and ESLint 9,
 * linted through the real ESLint CLI from a plain `eslint.config.js` and from a type-checked `eslint.config.ts`.
 */
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import plugin from "../index.ts";
import { REPO_ROOT, makeProject } from "./support/cli.ts";
import { installedProject, packOnce, type PackResult } from "./support/packed.ts";
import { readmeBlock } from "./support/readme.ts";
import { BUGGY_SERVER, CLEAN, TEST_DOUBLE, expectedFindings, sortFindings } from "./support/samples.ts";

const execFileAsync = promisify(execFile);

// The README's two configs, as printed there.
const PLAIN_CONFIG = readmeBlock("js", "export default [elicitation.configs.recommended]");
const TYPED_CONFIG = readmeBlock("ts", "// eslint.config.ts");

const TSCONFIG = JSON.stringify({
  compilerOptions: { target: "es2022", module: "nodenext", strict: false, noEmit: true, skipLibCheck: true },
  include: ["*.ts"],
});

let packed: PackResult;
const projects: Partial<Record<9 | 10, string>> = {};

beforeAll(async () => {
  packed = await packOnce();
  [projects[10], projects[9]] = await Promise.all([installedProject(10), installedProject(9)]);
});

interface JsonResult {
  filePath: string;
  messages: { ruleId: string | null; line: number; message: string }[];
}

/** Runs the project's own `eslint` binary in a copy of the project holding `files`. */
async function eslintIn(major: 9 | 10, files: Record<string, string>, args: string[]) {
  const dir = makeProject(`eslint${major}`, files);
  fs.symlinkSync(path.join(projects[major]!, "node_modules"), path.join(dir, "node_modules"));
  fs.copyFileSync(path.join(projects[major]!, "package.json"), path.join(dir, "package.json"));
  const eslint = path.join(dir, "node_modules", ".bin", "eslint");
  try {
    const { stdout } = await execFileAsync(eslint, ["--format", "json", ...args], {
      cwd: dir,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, results: JSON.parse(stdout) as JsonResult[] };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (failed.code !== 1) throw new Error(`eslint exited ${failed.code}: ${failed.stderr}`);
    return { code: 1, results: JSON.parse(failed.stdout!) as JsonResult[] };
  }
}

function findingsIn(results: JsonResult[], file: string) {
  const result = results.find((r) => path.basename(r.filePath) === file);
  expect(result, `ESLint linted ${file}`).toBeDefined();
  return sortFindings(result!.messages.map((m) => ({ line: m.line, ruleId: m.ruleId ?? `fatal: ${m.message}` })));
}

describe.each([10, 9] as const)("installed from the tarball with ESLint %i", (major) => {
  it("runs ESLint's own version of that major", () => {
    const installed = JSON.parse(
      fs.readFileSync(path.join(projects[major]!, "node_modules", "eslint", "package.json"), "utf8"),
    );
    expect(Number(installed.version.split(".")[0])).toBe(major);
  });

  it("reports the bugs from a plain eslint.config.js with configs.recommended, and nothing in clean code", async () => {
    const { code, results } = await eslintIn(
      major,
      { "eslint.config.js": PLAIN_CONFIG, "server.js": BUGGY_SERVER, "clean.js": CLEAN },
      ["."],
    );
    expect(code).toBe(1);
    expect(findingsIn(results, "server.js")).toEqual(expectedFindings(BUGGY_SERVER));
    expect(findingsIn(results, "clean.js")).toEqual([]);
  });

  it("reports the same bugs from a type-checked eslint.config.ts, and a TypeScript test file is no parse error", async () => {
    const files = {
      "eslint.config.ts": TYPED_CONFIG,
      "tsconfig.json": TSCONFIG,
      "server.ts": BUGGY_SERVER,
      "clean.ts": CLEAN,
      // TypeScript only a TypeScript parser reads (ESLint's default parser stops at `interface`), and a wait that
      // `recommended` leaves to the test.
      "foo.test.ts": `interface Answer {\n  action: "accept" | "decline" | "cancel";\n}\n${TEST_DOUBLE}`,
    };
    const { code, results } = await eslintIn(major, files, ["."]);
    expect(code).toBe(1);
    expect(findingsIn(results, "server.ts")).toEqual(expectedFindings(BUGGY_SERVER));
    expect(findingsIn(results, "clean.ts")).toEqual([]);
    expect(results.flatMap((r) => r.messages.filter((m) => m.ruleId === null).map((m) => m.message))).toEqual([]);
    // The README's pre-commit command, given the staged test file: nothing to report, the commit goes through.
    const staged = await eslintIn(major, files, ["--max-warnings", "0", "--no-warn-ignored", "foo.test.ts"]);
    expect(staged.code).toBe(0);
    expect(staged.results.flatMap((r) => r.messages)).toEqual([]);
  });
});

describe("the README's Install and Usage lines in a fresh project: a planted bug makes `eslint .` exit 1", () => {
  const SRC_TSCONFIG = JSON.stringify({
    compilerOptions: { target: "es2022", module: "nodenext", strict: false, noEmit: true, skipLibCheck: true },
    include: ["src"],
  });
  const ALL_TSCONFIG = JSON.stringify({
    compilerOptions: { target: "es2022", module: "nodenext", strict: false, noEmit: true, skipLibCheck: true },
  });

  it("plain eslint.config.mjs, TypeScript sources (.ts, .mts, .tsx)", async () => {
    const { code, results } = await eslintIn(
      10,
      {
        "eslint.config.mjs": PLAIN_CONFIG,
        "src/server.ts": BUGGY_SERVER,
        "src/server.mts": BUGGY_SERVER,
        "src/view.tsx": BUGGY_SERVER,
        "src/clean.ts": CLEAN,
      },
      ["."],
    );
    expect(code).toBe(1);
    for (const file of ["server.ts", "server.mts", "view.tsx"])
      expect(findingsIn(results, file)).toEqual(expectedFindings(BUGGY_SERVER));
    expect(findingsIn(results, "clean.ts")).toEqual([]);
  });

  it("plain eslint.config.mjs, JavaScript sources (.js, .cjs) with ESLint 9", async () => {
    const { code, results } = await eslintIn(
      9,
      { "eslint.config.mjs": PLAIN_CONFIG, "src/server.js": BUGGY_SERVER, "src/clean.cjs": CLEAN },
      ["."],
    );
    expect(code).toBe(1);
    expect(findingsIn(results, "server.js")).toEqual(expectedFindings(BUGGY_SERVER));
    expect(findingsIn(results, "clean.cjs")).toEqual([]);
  });

  it("contrast: the same project without the bug exits 0", async () => {
    const { code } = await eslintIn(10, { "eslint.config.mjs": PLAIN_CONFIG, "src/clean.ts": CLEAN }, ["."]);
    expect(code).toBe(0);
  });

  it.each([
    ["a tsconfig.json that includes only src", SRC_TSCONFIG],
    ["a tsconfig.json that includes everything", ALL_TSCONFIG],
  ])("typed eslint.config.ts with %s: the config file itself lints, the bug is reported", async (_name, tsconfig) => {
    const { code, results } = await eslintIn(
      10,
      {
        "eslint.config.ts": TYPED_CONFIG,
        "tsconfig.json": tsconfig,
        "src/server.ts": BUGGY_SERVER,
        "src/clean.ts": CLEAN,
      },
      ["."],
    );
    expect(code).toBe(1);
    expect(findingsIn(results, "eslint.config.ts")).toEqual([]);
    expect(findingsIn(results, "server.ts")).toEqual(expectedFindings(BUGGY_SERVER));
    expect(findingsIn(results, "clean.ts")).toEqual([]);
  });
});

describe("the README's eslint.config.ts in a user's TypeScript project", () => {
  it("type-checks against the published types with ESLint 10's defineConfig", async () => {
    const tsconfig = JSON.stringify({
      compilerOptions: {
        target: "es2022",
        module: "nodenext",
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ["node"],
      },
      include: ["eslint.config.ts"],
    });
    const dir = makeProject("typecheck-config", { "eslint.config.ts": TYPED_CONFIG, "tsconfig.json": tsconfig });
    fs.symlinkSync(path.join(projects[10]!, "node_modules"), path.join(dir, "node_modules"));
    fs.copyFileSync(path.join(projects[10]!, "package.json"), path.join(dir, "package.json"));
    const tsc = path.join(dir, "node_modules", ".bin", "tsc");
    const outcome = await execFileAsync(tsc, ["-p", "tsconfig.json"], { cwd: dir }).then(
      () => ({ code: 0, stdout: "" }),
      (error: { code: number; stdout: string }) => error,
    );
    expect(outcome.stdout).toBe("");
    expect(outcome.code).toBe(0);
  });
});

describe("the installed package", () => {
  it("gives the same plugin object to require() and import", async () => {
    const script = [
      `const required = require("eslint-plugin-elicitation");`,
      `import("eslint-plugin-elicitation").then((imported) => {`,
      `  const plugin = imported.default;`,
      `  console.log(JSON.stringify({ same: plugin === required, rules: Object.keys(plugin.rules).sort(), configs: Object.keys(plugin.configs).sort(), name: plugin.meta.name }));`,
      `});`,
    ].join("\n");
    const { stdout } = await execFileAsync(process.execPath, ["--input-type=commonjs", "-e", script], {
      cwd: projects[10],
    });
    expect(JSON.parse(stdout)).toEqual({
      same: true,
      rules: Object.keys(plugin.rules).sort(),
      configs: ["all", "recommended", "strict"],
      name: "eslint-plugin-elicitation",
    });
  });

  it.each([[[]], [["--concurrency", "2"]]])(
    "installs the eslint-plugin-elicitation command, whose check %j reports the bugs",
    async (extra) => {
      const dir = makeProject("installed-bin", { "src/deploy.ts": BUGGY_SERVER, "src/consent.ts": CLEAN });
      const bin = path.join(projects[10]!, "node_modules", ".bin", "eslint-plugin-elicitation");
      const failed = await execFileAsync(bin, ["check", "--format", "json", ...extra, "src"], { cwd: dir }).then(
        () => ({ code: 0, stdout: "" }),
        (error: { code: number; stdout: string }) => error,
      );
      expect(failed.code).toBe(1);
      expect(findingsIn(JSON.parse(failed.stdout) as JsonResult[], "deploy.ts")).toEqual(
        expectedFindings(BUGGY_SERVER),
      );
      expect(findingsIn(JSON.parse(failed.stdout) as JsonResult[], "consent.ts")).toEqual([]);
    },
  );

  it.each([10, 9] as const)("prints its version and ESLint %i's from the installed command", async (major) => {
    const readVersion = (manifest: string) =>
      (JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string }).version;
    const ours = readVersion(path.join(REPO_ROOT, "package.json"));
    const eslintVersion = readVersion(path.join(projects[major]!, "node_modules", "eslint", "package.json"));
    const bin = path.join(projects[major]!, "node_modules", ".bin", "eslint-plugin-elicitation");
    // Every spelling on one ESLint; the other needs only its own version in the line.
    for (const argv of major === 10 ? [["--version"], ["-v"], ["check", "--version"]] : [["--version"]]) {
      const outcome = await execFileAsync(bin, argv, { cwd: projects[major] }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(outcome, argv.join(" ")).toMatchObject({
        code: 0,
        stdout: `eslint-plugin-elicitation ${ours} (ESLint ${eslintVersion})\n`,
        stderr: "",
      });
    }
  });

  it("check reports each path it cannot read with its reason, lints the others, and prints no control byte", async () => {
    const denied = unprivilegedRunner();
    if (!denied) console.warn("\n\n*** package.test.ts: running as root without setpriv: EACCES is not tested ***\n\n");
    // A `.ts` that is no TypeScript (a video segment, say): a NUL, ESC and a word the text gate admits.
    const segment = Buffer.concat([Buffer.from([0x47, 0x00, 0x1b, 0x5b, 0x32, 0x4a]), Buffer.from(" elicitInput")]);
    const dir = makeProject("unreadable", {
      "src/deploy.ts": BUGGY_SERVER,
      ...(denied ? { "src/locked.ts": BUGGY_SERVER } : {}),
    });
    fs.writeFileSync(path.join(dir, "src", "segment.ts"), segment);
    fs.symlinkSync("loop-b.ts", path.join(dir, "src", "loop-a.ts"));
    fs.symlinkSync("loop-a.ts", path.join(dir, "src", "loop-b.ts"));
    if (denied) {
      fs.chmodSync(dir, 0o755); // mkdtemp's 0700 would keep the other user out of the whole project
      fs.chmodSync(path.join(dir, "src", "locked.ts"), 0o000);
    }
    const bin = path.join(projects[10]!, "node_modules", ".bin", "eslint-plugin-elicitation");
    const check = (args: string[]) => {
      const [command, argv] = denied ? denied(bin, ["check", ...args]) : [bin, ["check", ...args]];
      return execFileAsync(command, argv, { cwd: dir, env: { ...process.env, HOME: dir } }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    };
    const locked = denied ? ["src/locked.ts"] : [];
    const named = await check(["src/deploy.ts", ...locked, "src/segment.ts", "src/loop-a.ts"]);
    expect(named.stderr).toBe("check: note: src/segment.ts is not text (it holds NUL bytes), so it was not linted.\n");
    expect(named.code).toBe(1);
    const deployFindings = [...named.stdout.matchAll(/^src\/deploy\.ts:(\d+):\d+ {2}.+ {2}(elicitation\/\S+)$/gm)];
    expect(sortFindings(deployFindings.map((m) => ({ line: Number(m[1]), ruleId: m[2]! })))).toEqual(
      expectedFindings(BUGGY_SERVER),
    );
    if (denied)
      expect(named.stdout).toContain(
        "\nsrc/locked.ts  Reading error: permission denied (EACCES)  could not read this file\n",
      );
    expect(named.stdout).toContain(
      "\nsrc/loop-a.ts  Reading error: a loop of symbolic links: it leads back to itself (ELOOP)  could not read this file\n",
    );
    expect(named.stdout).toMatch(
      new RegExp(`\\(${2 + locked.length} files checked, ${1 + locked.length} could not be read\\)\\.\\n$`),
    );
    expect(named.stdout + named.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);

    // Found in a folder: the same, in ESLint's JSON (a symbolic link found in a folder is not followed).
    const found = await check(["--format", "json", "src"]);
    expect(found.code).toBe(1);
    const results = JSON.parse(found.stdout) as JsonResult[];
    expect(results.map((r) => path.relative(dir, r.filePath)).sort()).toEqual(["src/deploy.ts", ...locked]);
    if (denied)
      expect(findingsIn(results, "locked.ts")).toEqual([
        { line: 0, ruleId: "fatal: Reading error: permission denied (EACCES)" },
      ]);
  });

  it("runs `npx eslint-plugin-elicitation demo` in a project without the example's SDKs, and says what it left out", async () => {
    // In the installed project itself (a symlinked node_modules would show the package under its real path).
    const outcome = await execFileAsync("npx", ["--no-install", "eslint-plugin-elicitation", "demo"], {
      cwd: projects[10],
      maxBuffer: 16 * 1024 * 1024,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(outcome.stderr).toMatch(
      /^demo: @modelcontextprotocol\/sdk, @modelcontextprotocol\/server, @agentclientprotocol\/sdk.* not installed here, so the preview is not type-checked/m,
    );
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toContain(
      "== 1/2  eslint-plugin-elicitation check node_modules/eslint-plugin-elicitation/fixtures",
    );
    for (const ruleId of Object.keys(plugin.configs.recommended.rules ?? {}))
      expect(outcome.stdout).toContain(`  ${ruleId}\n`);
    expect(outcome.stdout).toContain("--- a/node_modules/eslint-plugin-elicitation/fixtures/mcp-server/server.ts");
    expect(outcome.stdout).not.toMatch(/^failed/m);
  });

  it("pulls only what linting and migrate need: no jscodeshift, no Babel", () => {
    const listed = spawnSync("npm", ["ls", "--omit=dev", "--all", "--parseable"], {
      cwd: projects[9],
      encoding: "utf8",
    });
    const packages = listed.stdout.split("\n").filter(Boolean);
    expect(packages.some((p) => p.endsWith(`${path.sep}ts-morph`))).toBe(true);
    expect(packages.filter((p) => /[\\/](jscodeshift|@babel)([\\/]|$)/.test(p))).toEqual([]);
  });

  it("has every file and subpath the README and docs tell users to load", () => {
    const docs = [
      path.join(REPO_ROOT, "README.md"),
      ...fs
        .readdirSync(path.join(REPO_ROOT, "docs"), { recursive: true })
        .map(String)
        .filter((f) => f.endsWith(".md"))
        .map((f) => path.join(REPO_ROOT, "docs", f)),
    ];
    const installedRoot = path.join(projects[10]!, "node_modules", "eslint-plugin-elicitation");
    const missing: string[] = [];
    let checked = 0;
    for (const doc of docs) {
      const text = fs.readFileSync(doc, "utf8");
      for (const [, file] of text.matchAll(/node_modules\/eslint-plugin-elicitation\/([\w./-]+\.js)/g)) {
        checked += 1;
        if (!fs.existsSync(path.join(installedRoot, file!))) missing.push(`${path.relative(REPO_ROOT, doc)}: ${file}`);
      }
      for (const [, subpath] of text.matchAll(/from "eslint-plugin-elicitation(\/[\w./-]+)?"/g)) {
        checked += 1;
        const specifier = `eslint-plugin-elicitation${subpath ?? ""}`;
        const resolved = spawnSync(process.execPath, ["-e", `require.resolve(${JSON.stringify(specifier)})`], {
          cwd: projects[10],
        });
        if (resolved.status !== 0) missing.push(`${path.relative(REPO_ROOT, doc)}: ${specifier}`);
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect([...new Set(missing)]).toEqual([]);
  });
});

describe("the tarball", () => {
  it("ships the compiled plugin, its types, every rule, the CLI and the docs", () => {
    const files = new Set(packed.files);
    for (const needed of [
      "package.json",
      "README.md",
      "dist/index.js",
      "dist/index.d.ts",
      "dist/testing/index.d.ts",
      "dist/cli/cli.js",
      "dist/cli/check.js",
      "dist/cli/demo.js",
      "dist/cli/migrate.js",
      "codemods/exhaustive-action.js",
      "codemods/release-in-finally.js",
      "codemods/deadline.js",
    ]) {
      expect(files, needed).toContain(needed);
    }
    for (const rule of Object.keys(plugin.rules)) {
      expect(files).toContain(`dist/rules/${rule}/index.js`);
      expect(files).toContain(`dist/rules/${rule}/index.d.ts`);
      expect(files).toContain(`docs/rules/${rule}.md`);
    }
  });

  it("ships the LICENSE and the demo's example server and agent", () => {
    expect(packed.files).toContain("LICENSE");
    for (const needed of [
      "fixtures/mcp-server/server.ts",
      "fixtures/mcp-server/main.ts",
      "fixtures/acp-agent/agent.ts",
      "fixtures/tsconfig.json",
      "fixtures/package.json",
    ]) {
      expect(packed.files).toContain(needed);
    }
    const license = fs.readFileSync(
      path.join(projects[10]!, "node_modules", "eslint-plugin-elicitation", "LICENSE"),
      "utf8",
    );
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} the eslint-plugin-elicitation authors\n/);
  });

  it("ships no tests, fixtures other than the demo's, TypeScript sources or build leftovers", () => {
    // The demo's example programs are TypeScript on purpose: `demo` lints them as they are.
    const demoFiles =
      /^fixtures\/(README\.md|package\.json|tsconfig\.json|mcp-server(-v2)?\/[\w-]+\.ts|acp-agent\/[\w-]+\.ts)$/;
    const unwanted = packed.files.filter(
      (file) =>
        !demoFiles.test(file) &&
        (/\.test\.|(^|\/)(test|fixtures|bench|\.tmp|\.ci)\//.test(file) ||
          (/\.[cm]?tsx?$/.test(file) && !/\.d\.[cm]?ts$/.test(file)) ||
          /\.(tgz|map|tsbuildinfo)$|^\.eslintcache$|^tsconfig|^vitest\.config|^eslint\.config/.test(file)),
    );
    expect(unwanted).toEqual([]);
  });

  it("every shipped JavaScript file requires only what the package declares", () => {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(projects[10]!, "node_modules", "eslint-plugin-elicitation", "package.json"), "utf8"),
    );
    const declared = new Set([
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ]);
    const builtins = new Set(builtinModules);
    const undeclared = new Set<string>();
    for (const file of packed.files.filter((f) => f.endsWith(".js"))) {
      const text = fs.readFileSync(path.join(projects[10]!, "node_modules", "eslint-plugin-elicitation", file), "utf8");
      for (const match of text.matchAll(/require\("([^".][^"]*)"\)/g)) {
        const specifier = match[1]!.replace(/^node:/, "");
        const name = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!;
        if (!builtins.has(name) && !declared.has(name)) undeclared.add(`${name} (${file})`);
      }
    }
    expect([...undeclared]).toEqual([]);
  });
});

/**
 * How to run a command so that a file without read permission cannot be read by it. Root reads such a file anyway
 * (CAP_DAC_OVERRIDE), so as root the command runs as `nobody` (uid 65534) through util-linux's `setpriv`; another user
 * runs it as is. Null when root has no `setpriv`.
 */
function unprivilegedRunner(): ((command: string, args: string[]) => [string, string[]]) | null {
  if (process.getuid?.() !== 0) return (command, args) => [command, args];
  if (spawnSync("setpriv", ["--version"]).status !== 0) return null;
  return (command, args) => ["setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", command, ...args]];
}
