// The pending permission prompts, one Deferred each, answered when the person clicks in the chat view.
import type { RequestPermissionRequest, RequestPermissionResponse } from "./acp.js";
import { Deferred } from "./deferred.js";

export class PermissionStore {
  private pending = new Map<number, Deferred<RequestPermissionResponse>>();
  private lastId = 0;

  ask(params: RequestPermissionRequest): Promise<RequestPermissionResponse> {
    const prompt = new Deferred<RequestPermissionResponse>();
    const id = ++this.lastId;
    this.pending.set(id, prompt);
    this.show(id, params);
    return prompt.promise;
  }

  choose(id: number, optionId: string) {
    this.pending.get(id)?.resolve({ outcome: { outcome: "selected", optionId } });
    this.pending.delete(id);
  }

  private show(id: number, params: RequestPermissionRequest) {
    console.log(id, params.toolCall.title);
  }

  cancelAll() {
    for (const prompt of this.pending.values()) prompt.resolve({ outcome: { outcome: "cancelled" } });
    this.pending.clear();
  }
}

export const permissions = new PermissionStore();
