// ACP 1.x requestPermission(params) takes no options: the caller's signal is raced, and no deadline can be written.
declare const connection: {
  requestPermission(params: { sessionId: string }): Promise<{ outcome: { outcome: string } }>;
};

export async function askPermission(sessionId: string, signal: AbortSignal): Promise<string> {
  signal.throwIfAborted();
  const response = await Promise.race([connection.requestPermission({ sessionId }), new Promise<never>((_, reject) => { if (signal.aborted) reject(signal.reason); else signal.addEventListener("abort", () => reject(signal.reason), { once: true }); })]);
  return response.outcome.outcome;
}
