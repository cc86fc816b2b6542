import { acceptedContent, inputRequired, McpServer } from '@modelcontextprotocol/server'

const server = new McpServer({ name: 'tickets', version: '1.0.0' })
const prioritySchema = {
  type: 'object' as const,
  properties: { priority: { type: 'string' as const, enum: ['P1', 'P2', 'P3'] } },
  required: ['priority'],
}

server.registerTool('file_ticket', {}, async (ctx) => {
  const answer = acceptedContent<{ priority: string }>(ctx.mcpReq.inputResponses, 'priority')
  if (answer) {
    return { content: [{ type: 'text', text: `filed as ${answer.priority}` }] }
  } else {
    return inputRequired({ inputRequests: { priority: inputRequired.elicit({ message: 'Priority?', requestedSchema: prioritySchema }) } })
  }
})

export { server }
