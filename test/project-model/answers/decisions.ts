// The project's own words for a person's answer, in a module of their own.
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";

export type Decision = "yes" | "no" | "dismissed";

export function toDecision(result: ElicitResult): Decision {
  switch (result.action) {
    case "accept":
      return "yes";
    case "decline":
      return "no";
    case "cancel":
      return "dismissed";
  }
}

// Contrast: the same words for an HTTP response's status, which nobody answered.
export function toVerdict(response: { status: number }): Decision {
  if (response.status === 200) return "yes";
  if (response.status === 403) return "no";
  return "dismissed";
}
