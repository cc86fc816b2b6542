import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

declare const server: Server;

export async function askQuoted(): Promise<string> {
  const answer = await server.elicitInput(
    { message: 'Ready?', requestedSchema: { type: 'object', properties: {} } },
    { 'resetTimeoutOnProgress': false, 'timeout': 300_000 },
  );
  return answer.action;
}
