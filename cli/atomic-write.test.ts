/**
 * migrate's whole-file write and the leftovers of a run killed in the middle of one: only the exact name it writes,
 * beside a source file, counts, and only a leftover whose process is gone is stale. (The kill itself, through the
 * CLI: test/migrate-killed.test.ts.)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findLeftovers, writeAtomically } from "./atomic-write.ts";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "elicitation-atomic-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** Above Linux's largest pid_max (2^22) and macOS's (99998): no process has it. */
const GONE = 99_999_999;

describe("writeAtomically", () => {
  it("replaces the text, keeps the mode, and leaves nothing beside the file", () => {
    const file = path.join(folder, "write", "deploy.ts");
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, "old\n", { mode: 0o750 });
    writeAtomically(file, "new\n");
    expect(fs.readFileSync(file, "utf8")).toBe("new\n");
    expect(fs.statSync(file).mode & 0o777).toBe(0o750);
    expect(fs.readdirSync(path.dirname(file))).toEqual(["deploy.ts"]);
  });
});

describe("findLeftovers", () => {
  const directory = path.join(folder, "leftovers");
  fs.mkdirSync(directory);
  const names = {
    stale: `.deploy.ts.${GONE}.0a1b2c3d.tmp`,
    ownPid: `.deploy.ts.${process.pid}.99aa88bb.tmp`,
    running: `.deploy.ts.${process.ppid}.ffee0011.tmp`,
    notSource: `.notes.md.${GONE}.0a1b2c3d.tmp`,
    shortHex: `.deploy.ts.${GONE}.0a1b2c.tmp`,
    upperHex: `.deploy.ts.${GONE}.0A1B2C3D.tmp`,
    noDot: `deploy.ts.${GONE}.0a1b2c3d.tmp`,
    userTmp: ".deploy.ts.tmp",
  };
  for (const name of ["deploy.ts", ...Object.values(names)]) fs.writeFileSync(path.join(directory, name), "");

  it("finds the names migrate writes beside a source file, and no others", () => {
    const found = findLeftovers([path.join(directory, "deploy.ts")]).map((leftover) => path.basename(leftover.path));
    expect(found.sort()).toEqual([names.stale, names.ownPid, names.running].sort());
  });

  it("tells a leftover whose process is gone (or whose pid is this process's own) from one still being written", () => {
    const byName = new Map(
      findLeftovers([path.join(directory, "deploy.ts")]).map((leftover) => [path.basename(leftover.path), leftover]),
    );
    expect(byName.get(names.stale)).toEqual({
      path: path.join(directory, names.stale),
      target: path.join(directory, "deploy.ts"),
      pid: GONE,
      writerRunning: false,
    });
    expect(byName.get(names.ownPid)?.writerRunning).toBe(false);
    expect(byName.get(names.running)?.writerRunning).toBe(true);
  });
});
