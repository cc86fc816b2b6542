// Plain JavaScript with single quotes and no semicolons: the helper is written without types, in the file's style.
import { RequestError } from '@agentclientprotocol/sdk'
import { connection } from './connection.mjs'

export async function askPermission(sessionId, signal) {
  const response = await connection.requestPermission({ sessionId, toolCall: { toolCallId: 'build', title: 'Build' } })
  return response.outcome.outcome === 'selected' ? 'ran' : 'did not run'
}
