// The project's own permission manager shares ACP's method name, and this file imports no ACP package: nothing proves
// the call is ACP's, so no ACP answer ("cancelled") is written for it. Both rules still report it.
declare const toolPermissionManager: {
  requestPermission(request: { tool: string }): Promise<{ granted: boolean }>;
};

export async function mayRun(tool: string, signal: AbortSignal): Promise<boolean> {
  signal.throwIfAborted();
  const decision = await toolPermissionManager.requestPermission({ tool });
  return decision.granted;
}
