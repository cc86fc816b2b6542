// Node's createRequire for the browser: a require that resolves nothing, so analysis/versions.ts falls back to
// walking node_modules folders (which shims/fs.ts does not have either).
export function createRequire(): { resolve(request: string): never } {
  return {
    resolve(request) {
      throw Object.assign(new Error(`Cannot find module '${request}' in the browser`), { code: "MODULE_NOT_FOUND" });
    },
  };
}

export default { createRequire };
