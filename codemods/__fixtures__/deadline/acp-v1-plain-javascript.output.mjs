// Plain JavaScript with single quotes and no semicolons: the helper is written without types, in the file's style.
import { RequestError } from '@agentclientprotocol/sdk'
import { connection } from './connection.mjs'

/**
 * Waits for a person's answer until `signal` aborts or (when given) `ms`
 * pass, then stops waiting and resolves with `noAnswer()`: the API's own
 * "no decision". Whichever side wins, the timer is cleared and the listener
 * removed.
 *
 * @template T
 * @param {Promise<T>} ask
 * @param {{ signal?: AbortSignal, ms?: number, noAnswer: () => T }} options
 * @returns {Promise<T>}
 */
function askWithin(ask, { signal, ms, noAnswer }) {
  return new Promise((resolve, reject) => {
    const stopWaiting = () => {
      settle()
      resolve(noAnswer())
    }
    const timer = ms === undefined ? undefined : setTimeout(stopWaiting, ms)
    const settle = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', stopWaiting)
    }
    if (signal?.aborted) return stopWaiting()
    signal?.addEventListener('abort', stopWaiting, { once: true })
    ask.then(
      (answer) => {
        settle()
        resolve(answer)
      },
      (error) => {
        settle()
        reject(error)
      },
    )
  })
}

export async function askPermission(sessionId, signal) {
  const response = await askWithin(connection.requestPermission({ sessionId, toolCall: { toolCallId: 'build', title: 'Build' } }), {
    signal,
    ms: 300_000,
    noAnswer: () => ({ outcome: { outcome: 'cancelled' } }),
  })
  return response.outcome.outcome === 'selected' ? 'ran' : 'did not run'
}
