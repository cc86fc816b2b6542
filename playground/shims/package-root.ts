// package-root.ts reads package.json from disk when it loads; in the browser the two fields it exports come from the
// build (named imports, so the bundle holds these two and not the whole manifest).
import { name, version } from "../../package.json";

export const PACKAGE_MANIFEST: { readonly name: string; readonly version: string } = { name, version };
