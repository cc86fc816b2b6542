// An ACP client whose dialog fails: it answers with the custom reject option, a refusal nobody made.
import type { RequestPermissionRequest, RequestPermissionResponse } from "@agentclientprotocol/sdk";
import { SKIP } from "./permission-options.js";

declare const dialog: { choose(request: RequestPermissionRequest): Promise<string> };

export const client = {
  async requestPermission(request: RequestPermissionRequest): Promise<RequestPermissionResponse> {
    try {
      const optionId = await dialog.choose(request);
      // Contrast: the person chose this option, the skip included.
      return { outcome: { outcome: "selected", optionId } };
    } catch {
      return { outcome: { outcome: "selected", optionId: SKIP } };
    }
  },
};

// Contrast: a client that answers "no decision" when its dialog fails.
export const carefulClient = {
  async requestPermission(request: RequestPermissionRequest): Promise<RequestPermissionResponse> {
    try {
      return { outcome: { outcome: "selected", optionId: await dialog.choose(request) } };
    } catch {
      return { outcome: { outcome: "cancelled" } };
    }
  },
};
