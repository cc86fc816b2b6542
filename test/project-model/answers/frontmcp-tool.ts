/// <reference path="./frontmcp.d.ts" />
// FrontMCP answers `{ status }`, not `{ action }`: a tool that folds decline into cancel.
import { ToolContext } from "@frontmcp/sdk";
import { z } from "zod";

export default class DeleteRepoTool extends ToolContext {
  async execute() {
    const answer = await this.elicit("Delete the repository?", z.object({ confirm: z.boolean() }), { ttl: 120_000 });
    if (answer.status !== "accept") return { deleted: false };
    const response = await fetch("https://example.com/repo", { method: "DELETE" });
    // Contrast: an HTTP status in the same tool.
    if (response.status === 204) return { deleted: true };
    else return { deleted: false, status: response.status };
  }
}
