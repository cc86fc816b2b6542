/**
 * The codemods as users run them: the package from `npm pack`, installed in a project, and the real jscodeshift
 * CLI pointed at the compiled transform inside node_modules —
 *   npx jscodeshift -t node_modules/eslint-plugin-elicitation/codemods/<name>.js --parser=tsx src
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { makeProject } from "./support/cli.ts";
import { installedProject, packOnce } from "./support/packed.ts";

const execFileAsync = promisify(execFile);

const ASK = `import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;

export async function confirm(): Promise<string> {
  const answer = await server.elicitInput({ message: "Go?", requestedSchema: { type: "object", properties: {} } });
  if (answer.action === "accept") {
    return "go";
  } else {
    return "stop";
  }
}
`;

/** Written by hand from the exhaustive-action suggestion: the else body in decline and cancel, default falling through to cancel. */
const ASK_MIGRATED = `import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;

export async function confirm(): Promise<string> {
  const answer = await server.elicitInput({ message: "Go?", requestedSchema: { type: "object", properties: {} } });
  switch (answer.action) {
    case "accept": {
      return "go";
    }
    case "decline": {
      // decline: the user saw the question and said no
      return "stop";
    }
    default:
      // any other action is no decision either: falls through to cancel
    case "cancel": {
      // cancel: the dialog was dismissed without a decision
      return "stop";
    }
  }
}
`;

const UNRELATED = `export const greeting = "hello";\n`;

const TERNARY = `import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;

export async function pick(): Promise<string> {
  const answer = await server.elicitInput({ message: "Suite?", requestedSchema: { type: "object", properties: {} } });
  const suite = answer.action === "accept" ? "integration" : "unit";
  return suite;
}
`;

let installed: string;

beforeAll(async () => {
  installed = await installedProject(10);
});

/** A user project: its own src/, the installed package and jscodeshift (an optional peer the user installs) in node_modules. */
function userProject(files: Record<string, string>): string {
  const dir = makeProject("jscodeshift", files);
  fs.symlinkSync(path.join(installed, "node_modules"), path.join(dir, "node_modules"));
  fs.copyFileSync(path.join(installed, "package.json"), path.join(dir, "package.json"));
  return dir;
}

async function jscodeshift(cwd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync("npx", ["--no-install", "jscodeshift", ...args], {
      cwd,
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === "number" ? failed.code : 1,
      stdout: failed.stdout ?? "",
      stderr: failed.stderr ?? "",
    };
  }
}

describe("codemods from the packed tarball, through the jscodeshift CLI", () => {
  it("ships every transform compiled to CommonJS, at the stable codemods/<name>.js path", async () => {
    const { files } = await packOnce();
    for (const name of ["exhaustive-action", "release-in-finally", "deadline"]) {
      expect(files).toContain(`codemods/${name}.js`);
      expect(files).toContain(`dist/codemods/${name}.js`);
      // The stable path is a one-line file that loads the build; the build itself is CommonJS.
      const stable = fs.readFileSync(
        path.join(installed, `node_modules/eslint-plugin-elicitation/codemods/${name}.js`),
        "utf8",
      );
      expect(stable).toContain(`require("../dist/codemods/${name}.js")`);
      const compiled = fs.readFileSync(
        path.join(installed, `node_modules/eslint-plugin-elicitation/dist/codemods/${name}.js`),
        "utf8",
      );
      expect(compiled).toMatch(/exports\.default = /);
      expect(compiled).not.toMatch(/import\.meta|^import /m);
    }
  });

  it("ships no codemod test fixtures", async () => {
    const { files } = await packOnce();
    expect(files.filter((file) => file.includes("__fixtures__"))).toEqual([]);
  });

  it("rewrites a flagged file, leaves the others byte for byte, and reports what it skips", async () => {
    const dir = userProject({ "src/ask.ts": ASK, "src/unrelated.ts": UNRELATED, "src/pick.ts": TERNARY });
    const result = await jscodeshift(dir, [
      "-t",
      "node_modules/eslint-plugin-elicitation/codemods/exhaustive-action.js",
      "--parser=tsx",
      "src",
    ]);
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.code).toBe(0);
    expect(fs.readFileSync(path.join(dir, "src/ask.ts"), "utf8")).toBe(ASK_MIGRATED);
    expect(fs.readFileSync(path.join(dir, "src/unrelated.ts"), "utf8")).toBe(UNRELATED);
    expect(fs.readFileSync(path.join(dir, "src/pick.ts"), "utf8")).toBe(TERNARY);
    expect(result.stdout).toMatch(/1 ok/);
    expect(result.stdout).toMatch(/src\/pick\.ts:7:\d+: skipped \(exhaustive-action\): .*a ternary is an expression/);
  });

  it("passes --deadline-ms through to the deadline transform, and refuses to guess one", async () => {
    const source = `import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;

export async function ask(): Promise<string> {
  const answer = await server.elicitInput({ message: "Go?", requestedSchema: { type: "object", properties: {} } });
  return answer.action;
}
`;
    const dir = userProject({ "src/ask.ts": source });
    const transform = "node_modules/eslint-plugin-elicitation/codemods/deadline.js";
    const withoutDeadline = await jscodeshift(dir, ["-t", transform, "--parser=tsx", "src"]);
    expect(`${withoutDeadline.stdout}${withoutDeadline.stderr}`).toContain("--deadline-ms is required");
    expect(fs.readFileSync(path.join(dir, "src/ask.ts"), "utf8")).toBe(source);

    const withDeadline = await jscodeshift(dir, ["-t", transform, "--parser=tsx", "--deadline-ms=300000", "src"]);
    expect(withDeadline.code).toBe(0);
    expect(fs.readFileSync(path.join(dir, "src/ask.ts"), "utf8")).toBe(
      // The call is already near the file's width (its longest line), so the new options wrap as Prettier would.
      source.replace("properties: {} } });", "properties: {} } }, {\n    timeout: 300_000,\n  });"),
    );
  });
});
