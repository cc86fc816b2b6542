/**
 * Failures of the kit itself, kept apart from what the tool under test did: a tool's outcome is data in the
 * results, a kit failure is thrown. Neither is ever reported as the other.
 */

/** The kit could not run a path as asked (bad options, an answer it could not build, a tool that never asked). */
export class KitError extends Error {
  override name = "KitError";
}

/**
 * The program answered the kit's first request with an error: it does not speak the protocol the kit spoke (an ACP
 * agent sent MCP's `initialize`, or an MCP server sent ACP's). `spoken` is the protocol the kit tried.
 */
export class HandshakeError extends KitError {
  override name = "HandshakeError";
  constructor(
    message: string,
    readonly spoken: "mcp" | "acp",
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Why a path could not apply to this question (e.g. invalid content for a URL-mode question, which has no content). */
export interface NotApplicable {
  readonly kind: "not-applicable";
  readonly reason: string;
}

/** How the scripted person stopped short of answering: the kit failed, or the path cannot apply. */
export type ScriptStop = { readonly kind: "kit-error"; readonly error: KitError } | NotApplicable;

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
