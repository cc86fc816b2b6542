/**
 * Installed versions of the SDKs a linted file uses, read from the nearest `node_modules/<pkg>/package.json` above
 * the file (Node's own resolution), cached per directory and package. Advice that names an option the installed
 * version lacks (`stopWaitingOnCancel` on @agentclientprotocol/sdk 1.x) would send users to code that does not compile.
 */
import { createRequire } from "node:module";
import path from "node:path";
import fs from "node:fs";
import { Fact, diskFacts } from "./cached-facts.ts";

/**
 * A package's installed major as a folder sees it: what is installed does not change while a lint or an editor
 * session runs, and every file of a folder asks the same question.
 */
const INSTALLED_MAJOR = new Fact<string, number | null>("a package's installed major, per folder and package");

/** The installed major version of `pkg` as seen from `filename`, or null when it cannot be read. */
function installedMajor(pkg: string, filename: string): number | null {
  const directory = path.dirname(path.resolve(filename));
  return diskFacts(directory).remember(INSTALLED_MAJOR, pkg, () => readInstalledMajor(pkg, directory));
}

function readInstalledMajor(pkg: string, directory: string): number | null {
  let major: number | null = null;
  try {
    const require = createRequire(path.join(directory, "noop.js"));
    const manifest = require.resolve(`${pkg}/package.json`);
    const version = (JSON.parse(fs.readFileSync(manifest, "utf8")) as { version?: unknown }).version;
    const match = typeof version === "string" ? /^(\d+)\./.exec(version) : null;
    major = match ? Number(match[1]) : null;
  } catch {
    major = findManifestUpwards(pkg, directory);
  }
  return major;
}

/** Packages whose `exports` hide `package.json`: walk up `node_modules` folders by hand. */
function findManifestUpwards(pkg: string, from: string): number | null {
  for (let directory = from; ; directory = path.dirname(directory)) {
    const candidate = path.join(directory, "node_modules", ...pkg.split("/"), "package.json");
    try {
      const version = (JSON.parse(fs.readFileSync(candidate, "utf8")) as { version?: unknown }).version;
      const match = typeof version === "string" ? /^(\d+)\./.exec(version) : null;
      return match ? Number(match[1]) : null;
    } catch {
      // not here
    }
    if (path.dirname(directory) === directory) return null;
  }
}

import { apiForInstalledVersions } from "./human-wait.ts";
import { type HumanWaitApi } from "../protocol/apis.ts";

/**
 * The table row as the SDK installed for `filename` has it, or null where the installed version has no such wait
 * (see `apiForInstalledVersions`).
 */
function adaptToInstalled(api: HumanWaitApi, filename: string): HumanWaitApi | null {
  return apiForInstalledVersions(api, filename, installedMajor);
}

/** A matched wait with its row as the SDK installed for `filename` has it; null where that version has no such wait. */
export function callAsInstalled<Call extends { readonly api: HumanWaitApi }>(
  call: Call,
  filename: string,
): Call | null {
  const api = adaptToInstalled(call.api, filename);
  if (api === null) return null;
  return api === call.api ? call : { ...call, api };
}
