/**
 * A release service on mcp-use 2.x, which asks through multi-round-trip requests (MRTR): `inputRequired(…)`,
 * `acceptedContent(…)`, `inputResponse(…)` and `createRequestStateCodec(…)` re-exported from `"mcp-use"`, the answers
 * at `ctx.inputResponses` and the state at `ctx.requestState()` (mcp-use@2.5.2 `dist/index.d.ts`:37,
 * `dist/context.d.ts`:155–176). Type-checked against the real package (a dev dependency).
 *
 * `publish` re-asks a person who declined (exhaustive-action reports it); `rollback` reads the answer as a view and
 * gives decline and cancel their own results; `resume` mints its state with the codec the server verifies.
 */
import { MCPServer, acceptedContent, createRequestStateCodec, inputRequired, inputResponse } from "mcp-use";

interface JobState {
  job: string;
}

const confirmSchema = {
  type: "object" as const,
  properties: { confirm: { type: "boolean" as const, title: "Go ahead?" } },
  required: ["confirm"],
};

export function createMcpUseServer(key: string): MCPServer {
  const codec = createRequestStateCodec<JobState>({ key, ttlSeconds: 600 });
  const server = new MCPServer({
    name: "release-service-mcp-use",
    version: "1.0.0",
    requestState: { verify: codec.verify },
  });

  server.tool({ name: "publish", description: "Publish the release" }, async (_params, ctx) => {
    const confirmed = acceptedContent(ctx.inputResponses, "publish");
    if (confirmed === undefined) {
      return inputRequired({
        inputRequests: { publish: inputRequired.elicit({ message: "Publish?", requestedSchema: confirmSchema }) },
      });
    }
    return { content: [{ type: "text", text: "published" }] };
  });

  server.tool({ name: "rollback", description: "Roll the release back" }, async (_params, ctx) => {
    const answer = inputResponse(ctx.inputResponses, "rollback");
    switch (answer.kind) {
      case "missing":
        return inputRequired({
          inputRequests: { rollback: inputRequired.elicit({ message: "Roll back?", requestedSchema: confirmSchema }) },
        });
      case "elicit":
        switch (answer.action) {
          case "accept":
            return { content: [{ type: "text", text: "rolled back" }] };
          case "decline":
            return { content: [{ type: "text", text: "Not rolled back: the user declined." }] };
          case "cancel":
            return { content: [{ type: "text", text: "Not rolled back: the question was dismissed." }] };
        }
        break;
      default:
        break;
    }
    return { content: [{ type: "text", text: "Not rolled back: no answer to the question." }], isError: true };
  });

  server.tool({ name: "resume", description: "Resume a job" }, async (_params, ctx) => {
    const state = ctx.requestState<JobState>();
    if (state !== undefined && acceptedContent(ctx.inputResponses, "go") !== undefined) {
      return { content: [{ type: "text", text: `resumed ${state.job}` }] };
    }
    return inputRequired({
      inputRequests: {
        go: inputRequired.elicitUrl({ message: "Sign in to resume", url: "https://example.com/sign-in" }),
      },
      requestState: await codec.mint({ job: "j1" }),
    });
  });

  return server;
}
