/// <reference path="./react.d.ts" />
// An ACP client hook: one pending-permission state per connection. A second concurrent request replaces the first,
// whose dialog is gone for ever and whose tool call never gets an answer.
import { useState } from "react";
import type { RequestPermissionRequest, RequestPermissionResponse } from "@agentclientprotocol/sdk";

interface PendingPermission {
  request: RequestPermissionRequest;
  resolve: (response: RequestPermissionResponse) => void;
}

export function usePermissionPrompts(connection: {
  onPermission?: (r: RequestPermissionRequest) => Promise<RequestPermissionResponse>;
}) {
  const [pendingPermission, setPendingPermission] = useState<PendingPermission | null>(null);
  connection.onPermission = (request) =>
    new Promise<RequestPermissionResponse>((resolve) => {
      setPendingPermission({ request, resolve });
    });
  const choose = (optionId: string) => {
    pendingPermission?.resolve({ outcome: { outcome: "selected", optionId } });
    setPendingPermission(null);
  };
  return { pendingPermission, choose };
}
