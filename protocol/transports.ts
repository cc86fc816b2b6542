/**
 * Which MCP stdio server transports notice the end of their input. The MCP lifecycle (specification 2025-06-18,
 * "Lifecycle", "Shutdown", stdio) has the client end a stdio server by closing its input stream, and expects the
 * server to exit then.
 *
 * - @modelcontextprotocol/sdk@1.32.2 `dist/esm/server/stdio.js`: `StdioServerTransport.start()` listens for `data` and
 *   `error` on stdin only (`this._stdin.on('data', …)`, `this._stdin.on('error', …)`), never for `end` or `close`:
 *   when the client goes away, `onclose` never fires, every pending request waits out its timeout, and the process
 *   stays up while one is pending (checked in test/stdio-close-runtime.test.ts).
 * - @modelcontextprotocol/server@2.4.0: its stdio transport listens for both `end` and `close`, and checks at start
 *   whether stdin has already ended (/work/notes/api-facts.md, "Surprises" 13). A v2 server needs no listener.
 */
export interface StdioTransportFact {
  /** The package the transport is imported from. */
  readonly package: string;
  /** The class name. */
  readonly className: string;
  /** Whether the transport closes by itself when stdin ends. */
  readonly noticesEndOfInput: boolean;
}

export const STDIO_SERVER_TRANSPORTS: readonly StdioTransportFact[] = [
  { package: "@modelcontextprotocol/sdk", className: "StdioServerTransport", noticesEndOfInput: false },
  { package: "@modelcontextprotocol/server", className: "StdioServerTransport", noticesEndOfInput: true },
];

/** What closes a server on the end of its input: `process.stdin.on("close", () => server.close())`. */
export const STDIO_CLOSE_LISTENER = {
  stream: ["process", "stdin"],
  registration: ["on", "once", "addListener", "prependListener", "prependOnceListener"],
  event: "close",
  /** Events that mean the same for a listener the code already has. */
  events: ["close", "end"],
  close: "close",
} as const;
