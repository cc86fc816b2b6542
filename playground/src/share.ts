/**
 * The playground's state in the URL's fragment, so that a finding can be shared in an issue:
 * `#code=<the code as base64url of its UTF-8>&config=strict&file=snippet.tsx&rule=exhaustive-action`, each part left
 * out when it is the default. `#example=<rule>/<n>` opens the n-th labelled example of a rule's page.
 */
import { CONFIG_NAMES, type ConfigName } from "./lint.ts";

export interface State {
  code: string;
  config: ConfigName;
  filename: string;
  rule: string | null;
}

export const DEFAULT_FILENAME = "snippet.ts";

function encodeCode(code: string): string {
  const bytes = new TextEncoder().encode(code);
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeCode(text: string): string {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

export function stateToHash(state: State): string {
  const parts = [`code=${encodeCode(state.code)}`];
  if (state.config !== "recommended") parts.push(`config=${state.config}`);
  if (state.filename !== DEFAULT_FILENAME) parts.push(`file=${encodeURIComponent(state.filename)}`);
  if (state.rule) parts.push(`rule=${state.rule}`);
  return `#${parts.join("&")}`;
}

/** What the fragment says; `example` when it names a rule page's example instead of code. */
export function parseHash(hash: string): { state: Partial<State>; example: string | null } {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const state: Partial<State> = {};
  const code = params.get("code");
  if (code !== null) {
    try {
      state.code = decodeCode(code);
    } catch {
      state.code = `// This link's code could not be read: it is not base64url.\n`;
    }
  }
  const config = params.get("config");
  if (config && (CONFIG_NAMES as readonly string[]).includes(config)) state.config = config as ConfigName;
  const file = params.get("file");
  if (file) state.filename = file;
  const rule = params.get("rule");
  if (rule) state.rule = rule;
  return { state, example: params.get("example") };
}
