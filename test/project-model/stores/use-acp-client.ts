/// <reference path="./react.d.ts" />
// The hook keeps the open permission request in one state: a second request replaces the first on screen, and the
// first one's resolver (acp-client.ts) is never answered.
import { useState } from "react";
import type { RequestPermissionResponse } from "@agentclientprotocol/sdk";
import { AcpClient, type PendingRequest } from "./acp-client.js";

export function useAcpClient(agent: unknown) {
  const [pendingPermission, setPendingPermission] = useState<PendingRequest | null>(null);
  const [activePermissionTab, setActivePermissionTab] = useState<string | null>(null);
  const handleRequestPermission = (params: PendingRequest) => {
    setPendingPermission(params);
  };
  const client = new AcpClient(agent, {
    onRequestPermission: (params) => handleRequestPermission(params),
    onSessionNotification: () => {},
  });
  const resolvePermission = (response: RequestPermissionResponse) => {
    if (pendingPermission) client.resolvePermission(pendingPermission.deferredId, response);
    setPendingPermission(null);
  };
  // Contrast: a tab of the settings page, named like the prompt's state.
  const showTab = (tab: string) => setActivePermissionTab(tab);
  return { pendingPermission, activePermissionTab, resolvePermission, showTab };
}
