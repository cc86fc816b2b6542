// An ACP client class that parks each permission request's resolver by its own id, and hands the request (with that
// id) to the application's UI callback (use-acp-client.ts keeps it in React state).
import type {
  RequestPermissionRequest,
  RequestPermissionResponse,
  SessionNotification,
} from "@agentclientprotocol/sdk";

export type PendingRequest = RequestPermissionRequest & { deferredId: string };

export interface AcpClientOptions {
  onRequestPermission: (request: PendingRequest) => void;
  onSessionNotification: (notification: SessionNotification) => void;
}

class Deferred<T> {
  resolve!: (value: T) => void;
  readonly promise = new Promise<T>((resolve) => {
    this.resolve = resolve;
  });
}

export class AcpClient {
  readonly pendingPermissions = new Map<string, Deferred<RequestPermissionResponse>>();

  constructor(
    readonly agent: unknown,
    private readonly options: AcpClientOptions,
  ) {}

  async sessionUpdate(notification: SessionNotification) {
    this.options.onSessionNotification(notification);
  }

  async requestPermission(params: RequestPermissionRequest) {
    const deferredId = crypto.randomUUID();
    const deferred = new Deferred<RequestPermissionResponse>();
    this.pendingPermissions.set(deferredId, deferred);
    this.options.onRequestPermission({ ...params, deferredId });
    return deferred.promise;
  }

  resolvePermission(deferredId: string, response: RequestPermissionResponse) {
    this.pendingPermissions.get(deferredId)?.resolve(response);
    this.pendingPermissions.delete(deferredId);
  }
}
