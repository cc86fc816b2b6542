// Callers that reach the wrappers through the tsconfig alias and the workspace package's name.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { askApproval, logApproval } from "@acme/approvals";
import { confirm, notify } from "@app/ui";

export async function deploy(server: Server) {
  const answer = await confirm(server, "Deploy now?");
  if (answer.action === "accept") return "deployed";
  else return "not deployed";
}

export async function approve(server: Server) {
  const answer = await askApproval(server, "the release");
  if (answer.action === "accept") return "approved";
  else return "not approved";
}

// Contrast: the same shapes around wrappers that ask nobody.
export async function announce() {
  const answer = await notify("Deploying");
  if (answer.action === "accept") return "shown";
  else return "hidden";
}

export async function record() {
  const answer = await logApproval("the release");
  if (answer.action === "accept") return "recorded";
  else return "skipped";
}
