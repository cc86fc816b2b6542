// Contrast: a client that answers by policy at once; nothing is ever pending.
import type { RequestPermissionRequest } from "./acp.js";

export class PolicyClient {
  async requestPermission(params: RequestPermissionRequest) {
    const allow = params.options.find((option) => option.kind === "allow_once");
    return allow
      ? { outcome: { outcome: "selected" as const, optionId: allow.optionId } }
      : { outcome: { outcome: "cancelled" as const } };
  }
}
