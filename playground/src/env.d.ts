/// <reference types="vite/client" />

declare module "virtual:rule-examples" {
  /** Each rule page's ❌/✅ examples, in page order (playground/vite.config.mts reads them at build time). */
  const examples: { rule: string; label: "❌" | "✅"; code: string }[];
  export default examples;
}

/** The versions bundled, from the installed packages' manifests at build time. */
declare const __PLAYGROUND_VERSIONS__: { plugin: string; eslint: string; parser: string; typescript: string };
