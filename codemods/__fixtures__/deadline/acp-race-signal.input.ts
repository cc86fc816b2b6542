// ACP 1.x requestPermission(params) takes no options: the caller's signal is raced, and no deadline can be written.
declare const connection: {
  requestPermission(params: { sessionId: string }): Promise<{ outcome: { outcome: string } }>;
};

export async function askPermission(sessionId: string, signal: AbortSignal): Promise<string> {
  signal.throwIfAborted();
  const response = await connection.requestPermission({ sessionId });
  return response.outcome.outcome;
}
