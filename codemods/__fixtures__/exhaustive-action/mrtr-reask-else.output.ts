import { acceptedContent, inputResponse, inputRequired, McpServer } from '@modelcontextprotocol/server'

const server = new McpServer({ name: 'tickets', version: '1.0.0' })
const prioritySchema = {
  type: 'object' as const,
  properties: { priority: { type: 'string' as const, enum: ['P1', 'P2', 'P3'] } },
  required: ['priority'],
}

server.registerTool('file_ticket', {}, async (ctx) => {
  const answer = acceptedContent<{ priority: string }>(ctx.mcpReq.inputResponses, 'priority')
  const priorityAnswer = inputResponse(ctx.mcpReq.inputResponses, 'priority')
  switch (priorityAnswer.kind) {
    case 'missing': {
      // not asked yet: ask
      return inputRequired({ inputRequests: { priority: inputRequired.elicit({ message: 'Priority?', requestedSchema: prioritySchema }) } })
    }
    case 'elicit':
      switch (priorityAnswer.action) {
        case 'accept':
          // accept: the user answered and the content is theirs; the code below reads and validates it
          break
        case 'decline':
          // decline: the user saw the question and said no; asking again would overrule them
          return { content: [{ type: 'text', text: 'Not done: the user declined.' }] }
        case 'cancel':
          // cancel: the dialog was dismissed without a decision
          return { content: [{ type: 'text', text: 'Not done: the question was dismissed without an answer.' }] }
      }
      break
  }
  if (answer) {
    return { content: [{ type: 'text', text: `filed as ${answer.priority}` }] }
  } else {
    return inputRequired({ inputRequests: { priority: inputRequired.elicit({ message: 'Priority?', requestedSchema: prioritySchema }) } })
  }
})

export { server }
