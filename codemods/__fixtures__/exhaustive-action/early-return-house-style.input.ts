import type { Server } from '@modelcontextprotocol/sdk/server/index.js'

declare const server: Server

// Single quotes, no semicolons, four spaces: the rewrite writes the same way.
export async function askBranch(): Promise<string> {
    const answer = await server.elicitInput({
        message: 'Which branch?',
        requestedSchema: { type: 'object', properties: { branch: { type: 'string' } } },
    })
    if (answer.action !== 'accept') {
        return 'main' // fall back to the default branch
    }
    return String(answer.content?.branch)
}
