// Nothing here asks a person through MCP or ACP: the file must come back byte for byte.
export function onConsent(event: { action: string }, log: (line: string) => void): void {
  if (event.action === "accept") {
    log("cookies accepted");
  } else {
    log("cookies refused");
  }
}
