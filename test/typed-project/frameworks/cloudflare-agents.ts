/**
 * Cloudflare agents 0.32.0, type-checked against the real package (a dev dependency): a workflow that waits for a
 * person's approval, and an MCP client manager whose elicitation handler answers for a person.
 *
 * `Deploy.run` waits for approval with a deadline (`{ timeout }`, agents@0.32.0 `dist/workflows.d.ts`:170–173; the
 * package sets no default, the Workflows runtime does). `answerForms` registers a form handler that hands its third
 * parameter, the operation's signal, on to the prompt (`dist/agent-routing-vVMA7m8Y.d.ts`:2214–2222, :2517), so the
 * question is withdrawn when the server's operation is cancelled. Every rule must stay silent here.
 */
import { AgentWorkflow, type AgentWorkflowEvent, type AgentWorkflowStep } from "agents/workflows";
import type { MCPClientManager } from "agents/mcp/client";

interface ApprovalPayload {
  approvedBy: string;
}

export class Deploy extends AgentWorkflow {
  async run(_event: AgentWorkflowEvent<unknown>, step: AgentWorkflowStep): Promise<string> {
    const approval = await this.waitForApproval<ApprovalPayload>(step, { timeout: "1 day" });
    return `deploying, approved by ${approval.approvedBy}`;
  }
}

type Prompt = (message: string, signal?: AbortSignal) => Promise<Record<string, string> | undefined>;

export function answerForms(manager: MCPClientManager, prompt: Prompt): void {
  manager.configureElicitationHandlers({
    form: async (request, _serverId, signal) => {
      const content = await prompt(request.params.message, signal);
      return content === undefined ? { action: "cancel" } : { action: "accept", content };
    },
  });
}
