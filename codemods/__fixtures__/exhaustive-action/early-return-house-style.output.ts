import type { Server } from '@modelcontextprotocol/sdk/server/index.js'

declare const server: Server

// Single quotes, no semicolons, four spaces: the rewrite writes the same way.
export async function askBranch(): Promise<string> {
    const answer = await server.elicitInput({
        message: 'Which branch?',
        requestedSchema: { type: 'object', properties: { branch: { type: 'string' } } },
    })
    switch (answer.action) {
        case 'accept':
            break
        case 'decline': {
            // decline: the user saw the question and said no
            return 'main' // fall back to the default branch
        }
        default:
            // any other action is no decision either: falls through to cancel
        case 'cancel': {
            // cancel: the dialog was dismissed without a decision
            return 'main' // fall back to the default branch
        }
    }
    return String(answer.content?.branch)
}
