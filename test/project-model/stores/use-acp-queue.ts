/// <reference path="./react.d.ts" />
// Contrasts: the same hook keeping every open permission request, in a queue or by the request's own id.
import { useState } from "react";
import { AcpClient, type PendingRequest } from "./acp-client.js";

export function useQueuedPermissions(agent: unknown) {
  const [pendingPermissions, setPendingPermissions] = useState<PendingRequest[]>([]);
  const client = new AcpClient(agent, {
    onRequestPermission: (params) => setPendingPermissions((queue) => [...queue, params]),
    onSessionNotification: () => {},
  });
  return { client, pendingPermissions };
}

export function usePermissionsById(agent: unknown) {
  const [pendingPermission, setPendingPermission] = useState(new Map<string, PendingRequest>());
  const client = new AcpClient(agent, {
    onRequestPermission: (params) => setPendingPermission((open) => new Map(open).set(params.deferredId, params)),
    onSessionNotification: () => {},
  });
  return { client, pendingPermission };
}
