// Node's fs for the browser: nothing is on disk. analysis/versions.ts reads installed SDK manifests with it and,
// on this error, treats the version as unknown.
function missing(file: unknown): never {
  throw Object.assign(new Error(`ENOENT: no file system in the browser, cannot read '${String(file)}'`), {
    code: "ENOENT",
  });
}

export const readFileSync = missing;
export const statSync = missing;
export const existsSync = (): boolean => false;

export default { readFileSync, statSync, existsSync };
