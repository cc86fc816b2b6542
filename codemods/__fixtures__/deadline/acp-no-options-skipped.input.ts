// ACP 1.x requestPermission(params) takes no options at all: nothing to write a deadline into.
declare const connection: {
  requestPermission(params: { sessionId: string }): Promise<{ outcome: { outcome: string } }>;
};

export async function askPermission(sessionId: string): Promise<string> {
  const response = await connection.requestPermission({ sessionId });
  return response.outcome.outcome;
}
