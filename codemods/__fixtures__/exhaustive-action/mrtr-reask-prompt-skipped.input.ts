import { acceptedContent, inputRequired, McpServer } from "@modelcontextprotocol/server";

const server = new McpServer({ name: "prompts", version: "1.0.0" });
const topicSchema = { type: "object" as const, properties: { topic: { type: "string" as const } }, required: ["topic"] };

// A prompt's result is not a tool's: what a declined prompt should return is the author's call.
server.registerPrompt("summary", {}, async (ctx) => {
  const topic = acceptedContent<{ topic: string }>(ctx.mcpReq.inputResponses, "topic");
  if (!topic) {
    return inputRequired({ inputRequests: { topic: inputRequired.elicit({ message: "Topic?", requestedSchema: topicSchema }) } });
  }
  return { messages: [{ role: "user", content: { type: "text", text: `Summarise ${topic.topic}` } }] };
});

export { server };
