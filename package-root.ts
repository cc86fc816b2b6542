/**
 * The package's own folder, the same from the sources (tsx, vitest) and from the build in `dist/`: the nearest folder
 * above this module whose package.json names this package. Shipped files outside `dist/` (the demo's fixtures, the
 * manifest) are found from here.
 */
import fs from "node:fs";
import path from "node:path";

const PACKAGE_NAME = "eslint-plugin-elicitation";

function findPackageRoot(start: string): string {
  for (let directory = start; ; directory = path.dirname(directory)) {
    const manifest = path.join(directory, "package.json");
    if (
      fs.existsSync(manifest) &&
      (JSON.parse(fs.readFileSync(manifest, "utf8")) as { name?: unknown }).name === PACKAGE_NAME
    )
      return directory;
    if (path.dirname(directory) === directory)
      throw new Error(`${PACKAGE_NAME}: cannot find its own package.json above ${start}`);
  }
}

export const PACKAGE_ROOT = findPackageRoot(__dirname);

export const PACKAGE_MANIFEST = JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, "package.json"), "utf8")) as {
  readonly name: string;
  readonly version: string;
};
